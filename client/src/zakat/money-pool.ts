// The pool of money: cash and trade goods, what the payer is owed as his school
// counts it, and the money that came this year as his school counts it.
import { money } from '../../../generator/router/money.ts';
import type { NisabRule } from '../types.ts';
import { addCents, type PastYearsRule, pastYearRuns, pastYears, pastYearsRule } from './past-years.ts';
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

/**
 * One year's zakat after another on what is left, each year's taken off the next (al-Mughni; al-Hawi), with
 * no Nisab: kept for callers of the client that used it. The calculator applies pastYears (past-years.ts),
 * which charges a year only where it reached its Nisab and takes off as the school holds.
 */
export function arrears(amount: number, years: number, percent: number): number {
  const lines = pastYears(
    Array.from({ length: years }, () => ({ nisab: 0, held: amount })),
    { takesOff: true, restartsAfterBelow: false },
    (counted) => {
      const zakat = money([counted, percent, 0.01]);
      return { due: zakat, takenOff: zakat };
    },
  );
  return lines.reduce((due, line) => money([due + (line.due ?? 0), 1]), 0);
}

function receivableCases(receivable: Receivable, school: School | null, holdings: Holdings): Position['case'][] {
  const kind: Position['case'][] =
    receivable.kind === 'loan' ? ['loan'] : school === 'maliki' ? [holdings.trader === 'muhtakir' ? 'trade-muhtakir' : 'trade-mudir', 'trade'] : ['trade'];
  return receivable.withinReach === false ? ['out-of-reach', ...kind] : kind;
}

/** A receivable whose past years its school charges: its arrears line is written once the pool is known. */
interface PendingArrears {
  receivable: Receivable;
  years: number;
  arrearsYears: number;
  view: Position['view'] | null;
  school: School | null;
  sourceURL: string | null;
  /** Its receivable's line, which the past years' line follows. */
  after: ZakatLine;
}

/** A muhtakir's goods count only once sold: the line says so either way. */
function muhtakirLine(tradeGoods: number, sold: boolean, traderRule: NisabRule): ZakatLine {
  return {
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
  };
}

/** One receivable's line, whether the pool counts it now, and what its past years would need. */
function receivableEntry(
  published: Published,
  holdings: Holdings,
  school: School | null,
  cashRule: NisabRule | null,
  receivable: Receivable,
): { line: ZakatLine; counted: boolean; pending: Omit<PendingArrears, 'after'> } {
  const position = positionFor(published, 'receivables', school, receivableCases(receivable, school, holdings));
  const view = position?.view ?? null;
  const years = Math.max(1, Math.floor(receivable.yearsOut));
  const counted = view === null || view === 'valued-yearly' || view === 'every-year' || receivable.collected;
  // The past years: owed when collected where a school charges every year it was out, and owed now,
  // collected or not, where it charges every year while the debtor can pay (the Shafi'i new view:
  // such a debt is like money deposited with another, Mughni al-Muhtaj; al-Hawi).
  const arrearsYears = view === 'every-year' || (receivable.collected && view === 'every-year-paid-on-collection') ? years - 1 : 0;
  const line: ZakatLine = {
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
  };
  const named = position === null ? null : school;
  return { line, counted, pending: { receivable, years, arrearsYears, view, school: named, sourceURL: position?.sourceURL ?? null } };
}

/** The new money's line, left out of the pool until joinNewMoney says otherwise. */
function newMoneyLine(position: Position | null, school: School | null, cashRule: NisabRule | null, fresh: number): ZakatLine {
  return {
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
}

/**
 * A receivable's past years, each measured with the rest of the pool as entered (`before`) against today's
 * Nisab (a debt owed to him carries no dates: the line says so). Sets its receivable's arrearsYears to the
 * years that owe; returns the line and what they owe.
 */
function arrearsLine(item: PendingArrears, before: number, cashRule: NisabRule | null, percent: number, rule: PastYearsRule): { line: ZakatLine; due: number } {
  const { receivable, years, arrearsYears, view, school: named, sourceURL, after } = item;
  const nisab = cashRule?.nsbValueInNaira ?? null;
  const rest = Math.max(0, before - receivable.amount);
  const past = pastYears(
    Array.from({ length: arrearsYears }, () => ({ nisab, held: rest + receivable.amount })),
    rule,
    (counted) => {
      const zakat = money([Math.max(0, addCents(counted, -rest)), percent, 0.01]);
      return { due: zakat, takenOff: zakat };
    },
  );
  const due = past.reduce((sum, year) => addCents(sum, year.due ?? 0), 0);
  const reaches = past.some((year) => year.due !== null);
  // The words name the past years that owe: none where each was below its Nisab (its receivable's line too).
  const owing = past.filter((year) => year.due !== null).length;
  for (const reason of after.reasons) if (reason.key === 'receivable') reason.arrearsYears = owing;
  const unknown = !reaches && past.some((year) => year.why === 'no-rate');
  const line: ZakatLine = {
    kind: 'receivable-arrears',
    detail: receivable.kind,
    held: { value: receivable.amount, unit: 'money' },
    rule: cashRule,
    nisab: nisab === null ? null : { value: nisab, unit: 'money' },
    reachesNisab: reaches,
    due: reaches ? { kind: 'money', percent, money: due } : unknown ? { kind: 'unknown' } : { kind: 'nothing' },
    dueMoney: unknown ? null : due,
    reasons: [
      { key: 'receivable', view, school: named, receivable: { ...receivable, yearsOut: years }, arrearsYears: owing },
      { key: 'pastYears', runs: pastYearRuns(past), nisabAt: 'today', takesOff: rule.takesOff },
    ],
    sourceURL: rule.unpaid?.sourceURL ?? sourceURL,
  };
  return { line, due };
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
    lines.push(muhtakirLine(tradeGoods, sold, traderRule));
    if (!sold) tradeGoods = 0;
  }

  const cash = holdings.cash ?? 0;
  let amount = cash + tradeGoods;

  const pending: PendingArrears[] = [];
  for (const receivable of holdings.receivables ?? []) {
    if (!(receivable.amount > 0)) continue;
    const entry = receivableEntry(published, holdings, school, cashRule, receivable);
    if (entry.counted) amount += receivable.amount;
    lines.push(entry.line);
    if (entry.pending.arrearsYears > 0 && percent !== null) pending.push({ ...entry.pending, after: entry.line });
  }

  let newMoney: Pool['newMoney'] = null;
  const fresh = Math.min(holdings.newMoney ?? 0, cash);
  if (fresh > 0) {
    const position = positionFor(published, 'new-money', school);
    amount -= fresh;
    const line = newMoneyLine(position, school, cashRule, fresh);
    lines.push(line);
    newMoney = { amount: fresh, position, line };
  }

  // The past years of each receivable his school charges for them; what they owe comes off this year's
  // pool too where the school takes a year's unpaid zakat off the next.
  const rule = pastYearsRule(published, school, 'cash');
  const before = Math.max(0, amount);
  for (const item of pending) {
    const { line, due } = arrearsLine(item, before, cashRule, percent!, rule);
    if (rule.takesOff) amount = addCents(amount, -due);
    // Beside its receivable's line, before the new money's.
    lines.splice(lines.indexOf(item.after) + 1, 0, line);
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
