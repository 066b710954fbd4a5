// The limits a stored value keeps so that every build can derive its answers
// from it. Each is checked twice: by the import that would store the value
// (a FILE:LINE: field message, nothing stored), and by the build over the whole
// database (stored-check.ts), for a database that took the value before the
// limit existed: that build names the row and the command that fixes it.
import { daysBetween } from '../model/dates.ts';
import { HIJRI_FIRST, HIJRI_LAST } from '../model/hijri.ts';
import { DEFAULT_TIME_ZONE, todayIn } from '../clock.ts';

/**
 * Every published rate carries its Hijri date (drtHijriDate), computed from
 * the Umm al-Qura table, which covers these days only; a rate outside them
 * cannot be published.
 */
export const DATE_RANGE = { first: HIJRI_FIRST, last: HIJRI_LAST } as const;

export function dateProblem(date: string): string | null {
  return date >= DATE_RANGE.first && date <= DATE_RANGE.last
    ? null
    : `${date} is outside ${DATE_RANGE.first} to ${DATE_RANGE.last}, the days the Hijri calendar table covers (every rate is published with its Hijri date)`;
}

/**
 * A dated row an import takes (a rate, a rate per US dollar): inside DATE_RANGE
 * and not after today. A day after today is a typo (2062 for 2026) or a figure
 * entered ahead of time; `0226` for `2026` is before the range, and one day of
 * such FX rows made the next build write 287,569 files.
 */
export function importDateProblem(date: string, today: string): string | null {
  return dateProblem(date) ?? (date > today ? `${date} is after today (${today}); a figure is imported once its day has come (a typo in the year?)` : null);
}

/** The last day an import takes: `given`, else today by the clock (NISAB_TODAY stands in for it) in NISAB_TIME_ZONE (default Africa/Lagos). */
export function importToday(given: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return given ?? todayIn(env.NISAB_TIME_ZONE || DEFAULT_TIME_ZONE);
}

/** A carried naira rate is at most this many days older than its record (docs/API.md, the sources). */
export const MAX_CARRY_DAYS = 7;

export function carryProblem(date: string, nairaDate: string): string | null {
  const days = daysBetween(nairaDate, date);
  return days > MAX_CARRY_DAYS
    ? `${nairaDate} is ${days} days before drtDate ${date}; a naira rate is carried at most ${MAX_CARRY_DAYS} days (docs/API.md), give that day's own rate`
    : null;
}

/**
 * The units the rules and the plausibility ranges know: a metal by weight, a
 * herd by head, money as currency, people (zakat al-fitr is due per person) and
 * the sa' (the measure it is paid in). A unit is compared as written (a rule's
 * nsbThresholdUnit must equal its measuring subcategory's sctUnit), so `gram `
 * would silently value nothing.
 */
export const UNITS = ['gram', 'kg', 'troy-ounce', 'head', 'currency', 'person', 'sa'] as const;

export function unitProblem(unit: string): string | null {
  return (UNITS as readonly string[]).includes(unit) ? null : `${JSON.stringify(unit)} is not a unit the rules know; use one of ${UNITS.join(', ')}`;
}

/**
 * The largest threshold a rule may give, in its unit. The largest real one is
 * the diyyah's 4,250 g of gold (and 12,000 dirhams of silver, about 35,700 g);
 * a million keeps every value (threshold × price × naira rate) a finite number of
 * a few digits before the point.
 */
export const MAX_THRESHOLD = 1_000_000;

export function thresholdProblem(threshold: number): string | null {
  return threshold <= MAX_THRESHOLD
    ? null
    : `${threshold} is more than ${MAX_THRESHOLD.toLocaleString('en')}, far above any real Nisab (the diyyah's 4,250 g of gold is the largest); check the unit`;
}

/** `?subcategory=2` is read as an ID, so a slug of digits alone would name two subcategories. */
export function slugProblem(slug: string): string | null {
  return /^[0-9]+$/.test(slug) ? `${JSON.stringify(slug)} is all digits, which ?subcategory= reads as an ID; give the slug a letter, e.g. gold` : null;
}

/** Sources every database has (migrations.ts); a rate that names no source names this one. */
export const BUILT_IN_SOURCES = {
  manual: {
    srcID: 'manual',
    srcName: 'Entered by the operator',
    srcURL: null,
    srcLicence: 'as the operator states',
    srcDescription: 'A figure imported from a file that does not name its source.',
    srcFigure: 'manual',
  },
} as const;

export function builtInSourceProblem(id: string): string | null {
  return Object.hasOwn(BUILT_IN_SOURCES, id)
    ? `${JSON.stringify(id)} is built in (every database has it, figures entered by hand) and cannot be redefined; give your source another id`
    : null;
}

/** What a rule's unit is checked against: the subcategories that can value it. */
export interface UnitOf {
  [sctID: string]: { sctUnit: string; sctHasDailyRate: boolean } | undefined;
}

export interface RuleUnits {
  nsbSubcategoryID: number;
  nsbBasisSubcategoryID: number | null;
  nsbThreshold: number | null;
  nsbThresholdUnit: string | null;
  nsbLowerOf: readonly { subcategoryID: number }[];
}

/**
 * A rule is valued only at a rate in its own unit (nisab-value.ts): one whose
 * unit differs from a subcategory that values it would publish null values
 * beside a rate, or (the subcategory's unit changed under its rates) a price
 * per gram as one per kg. One message per such subcategory.
 */
export function ruleUnitProblems(rule: RuleUnits, units: UnitOf): { field: string; message: string }[] {
  const measuring: { id: number }[] = [];
  if (rule.nsbLowerOf.length > 0) {
    for (const metal of rule.nsbLowerOf) measuring.push({ id: metal.subcategoryID });
  } else if (rule.nsbThreshold === null) return [];
  else if (rule.nsbBasisSubcategoryID !== null) measuring.push({ id: rule.nsbBasisSubcategoryID });
  else if (units[String(rule.nsbSubcategoryID)]?.sctHasDailyRate) measuring.push({ id: rule.nsbSubcategoryID });
  const problems: { field: string; message: string }[] = [];
  for (const { id } of measuring) {
    const unit = units[String(id)]?.sctUnit;
    if (unit === undefined || unit === rule.nsbThresholdUnit) continue;
    problems.push({
      field: 'nsbThresholdUnit',
      message: `${JSON.stringify(rule.nsbThresholdUnit)}, but subcategory ${id}, whose rate values the rule, is priced per ${JSON.stringify(unit)}; the two must be the same unit`,
    });
  }
  return problems;
}
