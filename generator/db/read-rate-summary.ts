// What a build needs to know about the rates before it reads any of them: each
// subcategory's coverage, its newest rate, and a fingerprint of every month's
// rows, so that a nightly build reads and renders only the months that changed.
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { Rate, RATE_COLUMNS, type RateColumns } from '../core/schemas.ts';
import { UserError } from '../errors.ts';
import { checkRecord } from './check-record.ts';
import { RATE_FROM, rateFingerprintExpression, rateSelectList, withDerivedFields } from './rate-columns.ts';

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
}

export function readRateSummary(db: Database, asOf: string, columns: RateColumns = RATE_COLUMNS): RateSummary {
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

  return { bySubcategory, monthPrints: readMonthPrints(db, asOf, columns) };
}

/** `${subcategory}/${YYYY-MM}` -> SHA-1 of every value the month's published records are made of, in record order: equal prints, equal lines. */
export function readMonthPrints(db: Database, asOf: string, columns: RateColumns = RATE_COLUMNS): Map<string, string> {
  const monthPrints = new Map<string, string>();
  const months = db
    .prepare(
      `SELECT r.drtSubcategoryID, substr(r.drtDate, 1, 7),
              group_concat(${rateFingerprintExpression(columns)}, ';' ORDER BY r.drtDate)
         FROM ${RATE_FROM}
        WHERE r.drtDate <= ? GROUP BY 1, 2`,
    )
    .raw()
    .all(asOf) as [number, string, string][];
  for (const [id, month, values] of months) monthPrints.set(`${id}/${month}`, createHash('sha1').update(values).digest('hex'));
  return monthPrints;
}
