// What the payer owes, taken off his wealth as his school does (nsbPositions
// "debts"): the Maliki first against what he owns that owes no zakat, then his
// money, gold and silver (never his crops or livestock); the Hanafi and Hanbali
// off what it reduces (livestock too, at the value of each herd the payer
// gives: the head that value covers are not counted); the Shafi'i (the
// soundest view) not at all.
import { gramPrice, type Metal } from './metals.ts';
import type { Pool } from './money-pool.ts';
import { positionFor, slugId } from './rules.ts';
import type { HerdDebt, Holdings, Published, School, ZakatLine } from './types.ts';

const LIVESTOCK = ['camels', 'cattle', 'sheep-goats'];

/**
 * The debt's line; it takes what it sets off out of `pool`, `metals` and `herds` (head by slug, left holding the
 * head free of debt), in that order.
 */
export function applyDebts(
  published: Published,
  holdings: Holdings,
  school: School | null,
  pool: Pool,
  metals: Metal[],
  herds: Record<string, number> = {},
): ZakatLine | null {
  const debts = holdings.debts ?? 0;
  if (!(debts > 0)) return null;
  const position = positionFor(published, 'debts', school);
  const view = position?.view ?? null;
  const reduces = (slug: string) => {
    const id = slugId(published, slug);
    return position === null || (id !== null && position.with.includes(id));
  };
  let covered = 0;
  let left = debts;
  if (view === 'not-deducted') left = 0;
  if (view === 'deducted-after-cover') {
    covered = Math.min(left, Math.max(0, holdings.debtCover ?? 0));
    left -= covered;
  }
  let fromMoney = 0;
  if (left > 0 && (reduces('cash') || reduces('trade-goods'))) {
    fromMoney = Math.min(left, pool.amount);
    pool.amount -= fromMoney;
    left -= fromMoney;
  }
  const taken: Record<'gold' | 'silver', number> = { gold: 0, silver: 0 };
  for (const metal of metals) {
    const price = gramPrice(metal);
    if (!(left > 0) || price === null || !reduces(metal.slug)) continue;
    const value = Math.min(left, metal.grams * price);
    metal.grams = Math.max(0, metal.grams - value / price);
    taken[metal.slug] = value;
    left -= value;
  }
  if (view === 'not-deducted') left = 0;
  const fromHerds: HerdDebt[] = [];
  let unvalued = false;
  for (const slug of LIVESTOCK) {
    const head = Math.floor(herds[slug] ?? 0);
    if (!(left > 0) || !(head > 0) || position === null || !reduces(slug)) continue;
    const value = holdings.herdValue?.[slug] ?? 0;
    if (!(value > 0)) {
      unvalued = true;
      continue;
    }
    // The head the debt covers at the herd's value are not the payer's free of debt; a head partly covered is not a whole head.
    const taken = Math.min(left, value);
    const free = Math.floor(((value - taken) / value) * head + 1e-9);
    herds[slug] = free;
    fromHerds.push({ slug, value: taken, head: head - free });
    left -= taken;
  }
  const livestockToo = left > 0 && LIVESTOCK.some((slug) => position !== null && reduces(slug));
  const herdValue = livestockToo ? (unvalued || fromHerds.length === 0 ? ('missing' as const) : ('used' as const)) : undefined;
  return {
    kind: 'debts',
    detail: null,
    held: { value: debts, unit: 'money' },
    rule: null,
    nisab: null,
    reachesNisab: false,
    due: {
      kind: 'deducted',
      covered,
      fromMoney,
      fromGold: taken.gold,
      fromSilver: taken.silver,
      left: Math.max(0, left),
      ...(fromHerds.length > 0 ? { fromHerds } : {}),
    },
    dueMoney: null,
    reasons: [
      { key: 'debt', view, school: position === null ? null : school },
      // The Maliki conditions on what covers a debt, said where something did (the calculator takes the payer's word for them).
      ...(covered > 0 ? [{ key: 'debtCoverTerms' as const }] : []),
      ...(left > 0 ? [{ key: 'debtLeft' as const, livestockToo, ...(herdValue ? { herdValue } : {}) }] : []),
    ],
    sourceURL: position?.sourceURL ?? null,
  };
}
