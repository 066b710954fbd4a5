// The zakat of past years, one year after another, as the school holds
// (nsbPositions past-years, unpaid-zakat, below-nisab; docs/fiqh.md "Past years").
// One pure function for every caller: zakatDue's receivables (each past year at
// today's Nisab, a debt carrying no dates) and zakatForYears (each year at the
// Nisab of its own hawl day). What a year owes (money, animals) is the caller's
// `charge`; this file only walks the years: a year owes only if what was held
// that year, less the zakat still owed for the years before it where the school
// takes it off, reached that year's Nisab.
import { positionFor, slugId } from './rules.ts';
import type { PastYearsRun, PastYearWhy, Position, Published, School } from './types.ts';

/** One year as the caller knows it, oldest first. */
export interface PastYearIn {
  /** That year's Nisab in the unit of `held`; null where it is not known (no rate on or before the day): the year is not guessed. */
  nisab: number | null;
  /** What was held that year, before any unpaid zakat. */
  held: number;
}

/** What a year owes and how much of the held unit it takes off the years after it (a sheep due for 5 camels takes off no camel). */
export interface Charge<D> {
  due: D;
  takenOff: number;
}

export interface PastYearLine<D> {
  /** The year's place in the input, 0 for the oldest. */
  year: number;
  held: number;
  /** The earlier years' zakat taken off before this year was valued (0 where the school takes nothing off). */
  takenOff: number;
  /** What was measured against the Nisab: held less takenOff. */
  counted: number;
  nisab: number | null;
  reachesNisab: boolean;
  /** What the year owes; null where it owes nothing or is not known. */
  due: D | null;
  why: PastYearWhy;
  /** Earlier years whose zakat is not known (no rate), so it is not taken off here: the line says so. */
  unknownBefore: number[];
}

/** The school's rule for past years, from its published positions. */
export interface PastYearsRule {
  /** unpaid-zakat debt-on-wealth or share-of-poor: each year's zakat comes off before the next is valued. */
  takesOff: boolean;
  /** below-nisab hawl-restarts: the year after one below the Nisab owes nothing (the Nisab was not held at its start). */
  restartsAfterBelow: boolean;
  /** The positions applied, for the lines' sources (null where the school publishes none). */
  unpaid: Position | null;
  below: Position | null;
  owed: Position | null;
}

/**
 * The school's past-years positions for a kind of wealth (its subcategory slug:
 * cash, gold, cattle ...). Without a school, or where it publishes none, each
 * year's zakat is taken off the next and a year below the Nisab starts the year
 * again, as three schools hold (the Maliki apart on the latter); callers say so.
 */
export function pastYearsRule(published: Published, school: School | null, slug: string): PastYearsRule {
  const about = slugId(published, slug);
  const find = (topic: Position['topic']) => positionFor(published, topic, school, [null], about);
  const unpaid = find('unpaid-zakat');
  const below = find('below-nisab');
  return {
    takesOff: unpaid === null || unpaid.view !== 'debt-on-person',
    restartsAfterBelow: below === null || below.view === 'hawl-restarts',
    unpaid,
    below,
    owed: find('past-years'),
  };
}

/**
 * a + b (or a − b) kept to the cent where both are whole cents (money, head counts): binary sums of amounts
 * like 493,750 + 0.1 grow digits that are not there (493750.10000000003), which money() then works through
 * digit by digit. Anything finer is added as it is.
 */
export function addCents(a: number, b: number): number {
  const ca = Math.round(a * 100);
  const cb = Math.round(b * 100);
  return Math.abs(ca - a * 100) < 1e-6 && Math.abs(cb - b * 100) < 1e-6 && Number.isSafeInteger(ca + cb) ? (ca + cb) / 100 : a + b;
}

const NONE: number[] = [];

/** Each year in turn, oldest first, with what it owes and why. */
export function pastYears<D>(
  years: readonly PastYearIn[],
  rule: Pick<PastYearsRule, 'takesOff' | 'restartsAfterBelow'>,
  charge: (counted: number, year: number) => Charge<D>,
): PastYearLine<D>[] {
  const lines: PastYearLine<D>[] = [];
  let takenOff = 0;
  const unknown: number[] = [];
  let belowBefore = false;
  // A year that left the walk as it found it (nothing more to take off) repeats itself for as long as what
  // is held and the Nisab stay the same: 1,000 years of a debt end in a few hundred of arithmetic.
  let settled: PastYearLine<D> | null = null;
  // A plain loop and no object but the year's line: 50 debts out 1,000 years walk some 30,000 years, and what each
  // year allocated (the state it compared, a closure) was much of their cost in a phone's browser.
  for (let index = 0; index < years.length; index++) {
    const year = years[index]!;
    const last = index > 0 ? lines[index - 1]! : null;
    if (settled && last && year.held === last.held && year.nisab === last.nisab && unknown.length === settled.unknownBefore.length) {
      lines.push({ ...settled, year: index });
      continue;
    }
    const takenBefore = takenOff;
    const belowBeforeWas = belowBefore;
    const unknownBefore = unknown.length;
    const line = walk(year, index);
    lines.push(line);
    settled = takenBefore === takenOff && belowBeforeWas === belowBefore && unknownBefore === unknown.length ? line : null;
  }
  return lines;

  // One object per year, no copies: a debt's 1,000 years make 50,000 of them for 50 debts.
  function said(year: PastYearIn, index: number, counted: number, reachesNisab: boolean, due: D | null, why: PastYearWhy): PastYearLine<D> {
    return {
      year: index,
      held: year.held,
      takenOff: Math.min(takenOff, year.held),
      counted,
      nisab: year.nisab,
      reachesNisab,
      due,
      why,
      unknownBefore: unknown.length === 0 ? NONE : [...unknown],
    };
  }

  function walk(year: PastYearIn, index: number): PastYearLine<D> {
    const counted = Math.max(0, addCents(year.held, -takenOff));
    if (year.nisab === null) {
      const line = said(year, index, counted, false, null, 'no-rate');
      unknown.push(index);
      // Not known whether it was below: the next year is valued as entered and its line names this one.
      belowBefore = false;
      return line;
    }
    if (!(counted > 0 && counted >= year.nisab)) {
      belowBefore = true;
      return said(year, index, counted, false, null, 'below-nisab');
    }
    if (belowBefore && rule.restartsAfterBelow) {
      belowBefore = false;
      return said(year, index, counted, true, null, 'after-below');
    }
    belowBefore = false;
    const owed = charge(counted, index);
    const line = said(year, index, counted, true, owed.due, 'reaches-nisab');
    if (rule.takesOff) takenOff = addCents(takenOff, owed.takenOff);
    return line;
  }
}

export function pastYearRuns(lines: readonly PastYearLine<number>[], add: (a: number, b: number) => number = addCents): PastYearsRun[] {
  const runs: PastYearsRun[] = [];
  for (const line of lines) {
    const run = runs.at(-1);
    if (run && run.why === line.why && run.nisab === line.nisab && run.last === line.year - 1) {
      run.last = line.year;
      run.countedLast = line.counted;
      run.due = add(run.due, line.due ?? 0);
    } else {
      runs.push({
        first: line.year,
        last: line.year,
        why: line.why,
        nisab: line.nisab,
        countedFirst: line.counted,
        countedLast: line.counted,
        due: line.due ?? 0,
      });
    }
  }
  return runs;
}
