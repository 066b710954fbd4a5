// What a build needs to know about the rates before it reads any of them: each
// subcategory's coverage, its newest rate, and a fingerprint of every month's
// rows, so that a nightly build reads and renders only the months that changed.
// A month's fingerprint is carried from the previous build while its version
// (rate_months, kept by triggers: migrations.ts) is the one that build saw, so a
// nightly build fingerprints the few months that changed, not every row.
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { Rate, RATE_COLUMNS, type RateColumns } from '../model/schemas.ts';
import { UserError } from '../errors.ts';
import { checkRecord } from './check-record.ts';
import { MONTH_RANGES, RATE_FROM, rateFingerprintExpression, rateSelectList, withDerivedFields } from './rate-columns.ts';

export interface SubcategoryRates {
  first: string;
  last: string;
  count: number;
  newest: Rate;
}

export interface RateSummary {
  /** Subcategories with at least one rate dated up to the as-of date, by id. */
  bySubcategory: Map<number, SubcategoryRates>;
  /** `${subcategory}/${YYYY-MM}` -> SHA-1 of everything published of that month's rows. */
  monthPrints: Map<string, string>;
  /** Each month's version and print, for the next build to carry; absent when the database keeps no versions. */
  months?: MonthState;
  /** How many months this read fingerprinted (every month, when it could not tell which changed). */
  fingerprinted?: number;
}

/** `${subcategory}/${YYYY-MM}` -> [the month's version in rate_months, its print ('' when it has no published rows)]. */
export interface MonthState {
  [key: string]: [version: string, print: string];
}

/** What the previous build saw: its as-of date and each month's version and print. */
export interface PreviousRates {
  asOf: string;
  months: MonthState;
}

export function readRateSummary(db: Database, asOf: string, previous: PreviousRates | null = null, columns: RateColumns = RATE_COLUMNS): RateSummary {
  const newest = new Map<number, Rate>();
  const problems: string[] = [];
  const rows = db
    .prepare(
      `SELECT ${rateSelectList(columns)} FROM ${RATE_FROM}
         JOIN (SELECT drtSubcategoryID AS id, max(drtDate) AS newest FROM rates WHERE drtDate <= @asOf GROUP BY 1) n
           ON n.id = r.drtSubcategoryID AND n.newest = r.drtDate`,
    )
    .all({ asOf }) as Record<string, unknown>[];
  for (const row of rows) {
    const rate = checkRecord(Rate, withDerivedFields(row, columns), (field, message) => problems.push(`rates drtID ${row.drtID}: ${field}: ${message}`));
    if (rate) newest.set(rate.drtSubcategoryID, rate);
  }
  if (problems.length) throw new UserError(`${db.name}: ${problems.length} stored values break the record rules; correct them by importing again`, problems);

  const bySubcategory = new Map<number, SubcategoryRates>();
  const coverage = db
    .prepare('SELECT drtSubcategoryID, min(drtDate), max(drtDate), count(*) FROM rates WHERE drtDate <= ? GROUP BY drtSubcategoryID')
    .raw()
    .all(asOf) as [number, string, string, number][];
  for (const [id, first, last, count] of coverage) bySubcategory.set(id, { first, last, count, newest: newest.get(id)! });

  return { bySubcategory, ...monthPrintsSince(db, asOf, previous, columns) };
}

/**
 * The prints of every month, fingerprinting only the months whose version is not
 * the one the previous build saw, and those between its as-of date and this one
 * (the rows of a month up to the as-of date are what it publishes). Without
 * versions (no previous state, or a database without rate_months) every month is
 * fingerprinted.
 */
function monthPrintsSince(
  db: Database,
  asOf: string,
  previous: PreviousRates | null,
  columns: RateColumns,
): Pick<RateSummary, 'monthPrints' | 'months' | 'fingerprinted'> {
  const hasVersions = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'rate_months'").get() !== undefined;
  if (!hasVersions) {
    const monthPrints = readMonthPrints(db, asOf, columns);
    return { monthPrints, fingerprinted: monthPrints.size };
  }
  const versions = db.prepare('SELECT rmoSubcategoryID, rmoMonth, rmoVersion FROM rate_months WHERE rmoMonth <= ?').raw().all(asOf.slice(0, 7)) as [
    number,
    string,
    string,
  ][];
  const low = (previous && previous.asOf < asOf ? previous.asOf : asOf).slice(0, 7);
  const high = (previous && previous.asOf > asOf ? previous.asOf : asOf).slice(0, 7);
  const stale = new Set<string>();
  for (const [id, month, version] of versions) {
    const before = previous?.months[`${id}/${month}`];
    if (!before || before[0] !== version || (previous!.asOf !== asOf && month >= low && month <= high)) stale.add(month);
  }
  let monthPrints: Map<string, string>;
  if (!previous || stale.size > MONTH_RANGES) {
    monthPrints = readMonthPrints(db, asOf, columns);
  } else {
    monthPrints = new Map();
    for (const [id, month] of versions) {
      const print = stale.has(month) ? '' : previous.months[`${id}/${month}`]![1];
      if (print !== '') monthPrints.set(`${id}/${month}`, print);
    }
    for (const [key, print] of readMonthPrints(db, asOf, columns, [...stale])) monthPrints.set(key, print);
  }
  const months: MonthState = {};
  for (const [id, month, version] of versions) months[`${id}/${month}`] = [version, monthPrints.get(`${id}/${month}`) ?? ''];
  return { monthPrints, months, fingerprinted: !previous || stale.size > MONTH_RANGES ? versions.length : stale.size };
}

/**
 * `${subcategory}/${YYYY-MM}` -> SHA-1 of every value the month's published records are made of, in record order: equal prints, equal lines.
 * Of every month, or of the months (`YYYY-MM`) named, each read as a date range (from the date index).
 */
export function readMonthPrints(db: Database, asOf: string, columns: RateColumns = RATE_COLUMNS, only?: readonly string[]): Map<string, string> {
  const monthPrints = new Map<string, string>();
  const select = (where: string) =>
    db
      .prepare(
        `SELECT r.drtSubcategoryID, substr(r.drtDate, 1, 7),
                group_concat(${rateFingerprintExpression(columns)}, ';' ORDER BY r.drtDate)
           FROM ${RATE_FROM}
          WHERE ${where} GROUP BY 1, 2`,
      )
      .raw();
  const rows: [number, string, string][] = [];
  if (only === undefined) rows.push(...(select('r.drtDate <= ?').all(asOf) as [number, string, string][]));
  else {
    const month = select('r.drtDate BETWEEN ? AND ? AND r.drtDate <= ?');
    for (const m of only) rows.push(...(month.all(`${m}-01`, `${m}-31`, asOf) as [number, string, string][]));
  }
  for (const [id, month, values] of rows) monthPrints.set(`${id}/${month}`, createHash('sha1').update(values).digest('hex'));
  return monthPrints;
}
