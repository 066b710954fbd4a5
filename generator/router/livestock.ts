// Livestock zakat: what is due for a herd of a given size under a rule's bracket
// table (nsbBrackets of a rule whose nsbRateKind is "bracket"). The tables are
// data (data/nisab.json); this is the one function that reads them, used by the
// tests against the classical tables, the landing page's calculator and the
// typed client. Plain ES2015 functions on plain objects (the njs 0.7.9 subset of
// the router core: no destructuring, spread, for-of, classes, optional
// chaining, nullish coalescing, Map/Set), so nginx and a browser can run it too.

/** One kind of animal and how many: `{ item: 'hiqqah', count: 2 }`. A count may be a fraction (Hanafi cattle 41–59). */
export interface DueItem {
  item: string;
  count: number;
}

/**
 * An alternative of what is due: the items together. A list of alternatives
 * means any one of them discharges the due ([] : nothing is due).
 */
export type Due = DueItem[];

/** One animal of an open-ended formula: one `item` for every `heads` head. */
export interface PerUnit {
  item: string;
  heads: number;
}

/** A bracket of the remainder table of a formula. */
export interface RemainderBracket {
  minCount: number;
  maxCount: number | null;
  dues: Due[];
}

/**
 * The open-ended last row of a table. Its meaning: round the herd down to a
 * multiple of `roundDownTo`; every choice of non-negative counts c_i with
 * Σ c_i × per[i].heads equal to that rounded number is a valid due (so 250
 * camels under hiqqah/50 and bint labun/40 owe 5 hiqqah, or 1 hiqqah and
 * 5 bint labun; never both sets). The part of the herd above the rounded
 * number owes what `remainder` says for it (empty: nothing; the Hanafi
 * schedule for camels restarts in every fifty).
 */
export interface Formula {
  per: PerUnit[];
  roundDownTo: number;
  remainder: RemainderBracket[];
}

/** A row of a rule's table (only the fields the computation needs). */
export interface LivestockBracket {
  lbrMinCount: number;
  lbrMaxCount: number | null;
  /** The alternatives due for any count of the row (ignored when lbrFormula is given). */
  lbrDues: Due[];
  lbrFormula: Formula | null;
}

function inRange(minCount: number, maxCount: number | null, count: number): boolean {
  return count >= minCount && (maxCount === null || count <= maxCount);
}

/** Adds the items of `extra` to a copy of `due`, summing the counts of the same animal. */
function combine(due: Due, extra: Due): Due {
  const out: Due = [];
  for (let i = 0; i < due.length; i++) out.push({ item: due[i]!.item, count: due[i]!.count });
  for (let j = 0; j < extra.length; j++) {
    let found = false;
    for (let k = 0; k < out.length; k++) {
      if (out[k]!.item === extra[j]!.item) {
        out[k]!.count += extra[j]!.count;
        found = true;
      }
    }
    if (!found) out.push({ item: extra[j]!.item, count: extra[j]!.count });
  }
  return out;
}

/**
 * The most head livestockDue answers for. Its answer lists every way to pay, and
 * their number grows with the herd (10,000,000 camels: 50,001 ways), so a larger
 * count (1e308 froze the calculator) gets [] like any count it cannot take; a
 * caller says it is out of range. Far above any one owner's herd.
 */
export const MAX_HEAD_COUNT = 10000000;

/**
 * Every way to make `total` heads from the units from `index` on; the first
 * unit's count descending, zero counts left out. The last unit's count is what
 * is left divided by its heads, when that divides: one step per count of the
 * units before it, so two units cost one step per alternative (counting the
 * last one down too made it quadratic in the herd: 1,000,000 camels took 20 s).
 */
function covers(per: PerUnit[], index: number, total: number, picked: Due, out: Due[], limit: number): void {
  if (out.length >= limit) return;
  const unit = per[index]!;
  if (index === per.length - 1) {
    if (total % unit.heads !== 0) return;
    const last = total / unit.heads;
    out.push(last > 0 ? combine(picked, [{ item: unit.item, count: last }]) : combine(picked, []));
    return;
  }
  for (let count = Math.floor(total / unit.heads); count >= 0 && out.length < limit; count--) {
    covers(per, index + 1, total - count * unit.heads, count > 0 ? combine(picked, [{ item: unit.item, count: count }]) : picked, out, limit);
  }
}

/** Copies of the alternatives (callers may change what they get). */
function copyDues(dues: Due[]): Due[] {
  const out: Due[] = [];
  for (let i = 0; i < dues.length; i++) out.push(combine([], dues[i]!));
  return out;
}

function formulaDue(formula: Formula, count: number, limit: number): Due[] {
  const rounded = Math.floor(count / formula.roundDownTo) * formula.roundDownTo;
  const bases: Due[] = [];
  if (formula.per.length > 0) covers(formula.per, 0, rounded, [], bases, limit);
  else if (rounded === 0) bases.push([]);
  const rest = count - rounded;
  let extras: Due[] = [];
  for (let i = 0; i < formula.remainder.length; i++) {
    const row = formula.remainder[i]!;
    if (inRange(row.minCount, row.maxCount, rest)) extras = row.dues;
  }
  if (extras.length === 0) return bases;
  const out: Due[] = [];
  for (let b = 0; b < bases.length && out.length < limit; b++) {
    for (let e = 0; e < extras.length && out.length < limit; e++) out.push(combine(bases[b]!, extras[e]!));
  }
  return out;
}

/**
 * What is due for `count` head under `brackets` (ascending, as published):
 * a list of alternatives, any one of which discharges the due; [] when
 * nothing is due (below the Nisab, or no row covers the count), and for a
 * count that is not a whole number from 0 to MAX_HEAD_COUNT.
 */
export function livestockDue(brackets: LivestockBracket[], count: number): Due[] {
  return livestockDueAtMost(brackets, count, Infinity).dues;
}

/**
 * The first `limit` alternatives of livestockDue (the first unit's count descending), and whether there are
 * more: 10,000,000 camels have 50,001 ways to make 1 bint labun per 40 and 1 hiqqah per 50, a 7 MB answer
 * that says no more than its formula. A calculator lists a few and names the formula for the rest.
 */
export function livestockDueAtMost(brackets: LivestockBracket[], count: number, limit: number): { dues: Due[]; more: boolean } {
  if (!(count >= 0 && count <= MAX_HEAD_COUNT) || Math.floor(count) !== count) return { dues: [], more: false };
  for (let i = 0; i < brackets.length; i++) {
    const row = brackets[i]!;
    if (!inRange(row.lbrMinCount, row.lbrMaxCount, count)) continue;
    const dues = row.lbrFormula !== null ? formulaDue(row.lbrFormula, count, limit + 1) : copyDues(row.lbrDues);
    return { dues: dues.length > limit ? dues.slice(0, limit) : dues, more: dues.length > limit };
  }
  return { dues: [], more: false };
}

/** `item:count` joined by `;`, alternatives by `|` (the lbrDue notation): `hiqqah:1;bint_labun:5|hiqqah:5`. */
export function dueNotation(dues: Due[]): string {
  const alternatives: string[] = [];
  for (let a = 0; a < dues.length; a++) {
    const items: string[] = [];
    for (let i = 0; i < dues[a]!.length; i++) items.push(dues[a]![i]!.item + ':' + dues[a]![i]!.count);
    alternatives.push(items.join(';'));
  }
  return alternatives.join('|');
}

/** A row's lbrDue summary: its dues, or for a formula `perN:item` joined by `,` ("a combination of"), `+remainder` when the rest owes something. */
export function bracketNotation(bracket: LivestockBracket): string {
  if (bracket.lbrFormula === null) return dueNotation(bracket.lbrDues);
  const units: string[] = [];
  for (let i = 0; i < bracket.lbrFormula.per.length; i++) {
    units.push('per' + bracket.lbrFormula.per[i]!.heads + ':' + bracket.lbrFormula.per[i]!.item);
  }
  return units.join(',') + (bracket.lbrFormula.remainder.length > 0 ? '+remainder' : '');
}
