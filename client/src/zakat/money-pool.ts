// The pool of money: cash and trade goods, what the payer is owed as his school
// counts it, and the money that came this year as his school counts it.
import { money } from '../../../generator/core/money.ts';
import type { NisabRule } from '../types.ts';
import { positionFor, slugId } from './rules.ts';
import type { Holdings, Position, Published, Receivable, School, ZakatLine } from './types.ts';

export interface Pool {
  /** Money counted this year. */
  amount: number;
  /** Before any debt was taken off (a line shows the pool when this is above 0). */
  gross: number;
  /** New money left out for now; joins the pool where the school says so and the rest reaches the Nisab. */
  newMoney: { amount: number; position: Position | null; line: ZakatLine } | null;
  lines: ZakatLine[];
}

/** One year's zakat after another on what is left, each year's taken off the next (al-Mughni; al-Hawi): the zakat of past years. */
export function arrears(amount: number, years: number, percent: number): number {
  let left = amount;
  let due = 0;
  for (let year = 0; year < years; year++) {
    const zakat = money([left, percent, 0.01]);
    due = money([due + zakat, 1]);
    left -= zakat;
  }
  return due;
}

function receivableCases(receivable: Receivable, school: School | null, holdings: Holdings): Position['case'][] {
  const kind: Position['case'][] =
    receivable.kind === 'loan' ? ['loan'] : school === 'maliki' ? [holdings.trader === 'muhtakir' ? 'trade-muhtakir' : 'trade-mudir', 'trade'] : ['trade'];
  return receivable.withinReach === false ? ['out-of-reach', ...kind] : kind;
}

export function gatherPool(published: Published, holdings: Holdings, school: School | null, cashRule: NisabRule | null): Pool {
  const lines: ZakatLine[] = [];
  const percent = cashRule?.nsbRatePercent ?? null;
  const trade = slugId(published, 'trade-goods');
  const traderRule =
    holdings.trader && trade !== null && school !== null
      ? (published.rules.find((r) => r.nsbSubcategoryID === trade && r.nsbTrader === holdings.trader && r.nsbSchools.includes(school)) ?? null)
      : null;
  let tradeGoods = holdings.tradeGoods ?? 0;
  if (traderRule?.nsbTrader === 'muhtakir' && tradeGoods > 0) {
    const sold = holdings.tradeGoodsSold === true;
    lines.push({
      kind: 'muhtakir-goods',
      detail: null,
      held: { value: tradeGoods, unit: 'money' },
      rule: traderRule,
      nisab: null,
      reachesNisab: sold,
      due: sold ? { kind: 'counted', with: 'money' } : { kind: 'nothing' },
      dueMoney: sold ? null : 0,
      reasons: [{ key: 'muhtakir', sold }],
      sourceURL: traderRule.nsbSourceURL,
    });
    if (!sold) tradeGoods = 0;
  }

  const cash = holdings.cash ?? 0;
  let amount = cash + tradeGoods;

  for (const receivable of holdings.receivables ?? []) {
    if (!(receivable.amount > 0)) continue;
    const position = positionFor(published, 'receivables', school, receivableCases(receivable, school, holdings));
    const view = position?.view ?? null;
    const years = Math.max(1, Math.floor(receivable.yearsOut));
    const counted = view === null || view === 'valued-yearly' || view === 'every-year' || receivable.collected;
    // The past years: owed when collected where a school charges every year it was out, and owed now,
    // collected or not, where it charges every year while the debtor can pay (the Shafi'i new view:
    // such a debt is like money deposited with another, Mughni al-Muhtaj; al-Hawi).
    const arrearsYears = view === 'every-year' || (receivable.collected && view === 'every-year-paid-on-collection') ? years - 1 : 0;
    if (counted) amount += receivable.amount;
    lines.push({
      kind: 'receivable',
      detail: receivable.kind,
      held: { value: receivable.amount, unit: 'money' },
      rule: cashRule,
      nisab: null,
      reachesNisab: false,
      due: counted ? { kind: 'counted', with: 'money' } : { kind: 'later', years: view === 'every-year-paid-on-collection' ? years : null },
      dueMoney: counted ? null : 0,
      reasons: [{ key: 'receivable', view, school: position === null ? null : school, receivable: { ...receivable, yearsOut: years }, arrearsYears }],
      sourceURL: position?.sourceURL ?? null,
    });
    if (arrearsYears > 0 && percent !== null) {
      const due = arrears(receivable.amount, arrearsYears, percent);
      lines.push({
        kind: 'receivable-arrears',
        detail: receivable.kind,
        held: { value: receivable.amount, unit: 'money' },
        rule: cashRule,
        nisab: null,
        reachesNisab: true,
        due: { kind: 'money', percent, money: due },
        dueMoney: due,
        reasons: [{ key: 'receivable', view, school, receivable: { ...receivable, yearsOut: years }, arrearsYears }],
        sourceURL: position?.sourceURL ?? null,
      });
    }
  }

  let newMoney: Pool['newMoney'] = null;
  const fresh = Math.min(holdings.newMoney ?? 0, cash);
  if (fresh > 0) {
    const position = positionFor(published, 'new-money', school);
    amount -= fresh;
    const line: ZakatLine = {
      kind: 'new-money',
      detail: null,
      held: { value: fresh, unit: 'money' },
      rule: cashRule,
      nisab: null,
      reachesNisab: false,
      due: { kind: 'nothing' },
      dueMoney: 0,
      reasons: [{ key: 'newMoney', view: position?.view ?? null, school: position === null ? null : school, joined: false }],
      sourceURL: position?.sourceURL ?? null,
    };
    lines.push(line);
    newMoney = { amount: fresh, position, line };
  }
  return { amount: Math.max(0, amount), gross: Math.max(0, amount), newMoney, lines };
}

/** The new money joins the pool (Abu Hanifah: it joins a Nisab the payer already had; its line says so). */
export function joinNewMoney(pool: Pool): void {
  if (!pool.newMoney) return;
  pool.amount += pool.newMoney.amount;
  pool.gross += pool.newMoney.amount;
  const line = pool.newMoney.line;
  line.due = { kind: 'counted', with: 'money' };
  line.dueMoney = null;
  line.reasons = line.reasons.map((r) => (r.key === 'newMoney' ? { ...r, joined: true } : r));
}
