// Gold and silver: what is held, with a woman's worn jewellery where her school
// charges it (nsbWornJewellery) and jewellery kept as savings (nsbPositions).
import { money } from '../../../generator/router/money.ts';
import type { NisabRule, Rate } from '../types.ts';
import { positionFor, ruleFor, slugId, wornJewelleryFor } from './rules.ts';
import type { Holdings, Published, School, ZakatLine } from './types.ts';

export interface Metal {
  slug: 'gold' | 'silver';
  id: number;
  rule: NisabRule;
  rate: Rate | undefined;
  /** Grams counted: plain, worn where due, savings; less what a debt took. */
  grams: number;
}

/** The money value of some grams at a metal's rate (the exact decimal product, rounded once); null without a rate. */
export const gramsValue = (metal: Metal, grams: number, percent = 100) =>
  metal.rate ? money([grams, percent, 0.01, metal.rate.drtInUSD, metal.rate.drtUSDinNaira]) : null;

/** The price of one gram in money, for turning a sum of money into grams (a debt set against a metal). */
export const gramPrice = (metal: Metal) => (metal.rate ? metal.rate.drtInUSD * metal.rate.drtUSDinNaira : null);

export function gatherMetals(published: Published, holdings: Holdings, school: School | null): { metals: Metal[]; lines: ZakatLine[] } {
  const metals: Metal[] = [];
  const lines: ZakatLine[] = [];
  for (const [slug, plain, worn, savings] of [
    ['gold', holdings.goldGrams ?? 0, holdings.wornGoldGrams ?? 0, holdings.savingsGoldGrams ?? 0],
    ['silver', holdings.silverGrams ?? 0, holdings.wornSilverGrams ?? 0, holdings.savingsSilverGrams ?? 0],
  ] as const) {
    const id = slugId(published, slug);
    const rule = id === null ? null : ruleFor(published.rules, id, school);
    if (id === null || !rule || rule.nsbThreshold === null || rule.nsbRatePercent === null) continue;
    let counted = plain;
    if (worn > 0) {
      const position = wornJewelleryFor(rule, school);
      const due = position === null || position.due;
      if (due) counted += worn;
      lines.push({
        kind: slug === 'gold' ? 'worn-gold' : 'worn-silver',
        detail: null,
        held: { value: worn, unit: 'gram' },
        rule,
        nisab: { value: rule.nsbThreshold, unit: 'gram' },
        reachesNisab: false,
        due: due ? { kind: 'counted', with: slug } : { kind: 'exempt' },
        dueMoney: due ? null : 0,
        reasons: [{ key: 'worn', due: position === null ? null : position.due, school: position === null ? null : school }],
        sourceURL: position?.sourceURL ?? rule.nsbSourceURL,
      });
    }
    if (savings > 0) {
      // Kept for hard times, a dowry or sale, jewellery is gold or silver like any other where a position is
      // published; where none is (a school we hold no source for), it is counted too, and the line says so.
      const position = positionFor(published, 'savings-jewellery', school, [null], id);
      counted += savings;
      lines.push({
        kind: slug === 'gold' ? 'savings-gold' : 'savings-silver',
        detail: null,
        held: { value: savings, unit: 'gram' },
        rule,
        nisab: { value: rule.nsbThreshold, unit: 'gram' },
        reachesNisab: false,
        due: { kind: 'counted', with: slug },
        dueMoney: null,
        reasons: [{ key: 'savings', school, published: position !== null }],
        sourceURL: position?.sourceURL ?? null,
      });
    }
    if (counted > 0) metals.push({ slug, id, rule, rate: published.rates.get(id), grams: counted });
  }
  return { metals, lines };
}
