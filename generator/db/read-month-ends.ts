// Each subcategory's newest record of every month that has one: what the month
// ends files (layout.ts) are made of, so that a dated answer reads the month of
// its date and one small file, never a history.
import type { Database } from 'better-sqlite3';
import { Rate } from '../model/schemas.ts';
import { UserError } from '../errors.ts';
import { checkRecord } from './check-record.ts';
import { RATE_FROM, rateSelectList, withDerivedFields } from './rate-columns.ts';

/** Ordered by drtDate, then drtSubcategoryID. */
export function readMonthEnds(db: Database, asOf: string): Rate[] {
  // Each subcategory's months from its first to the as-of date's, and the newest date
  // of each by one backward seek in the (subcategory, date) index; only those rows are
  // read whole. Grouping every row by substr(drtDate, 1, 7) instead walked the whole
  // table and computed money() for every row: most of a nightly build's time.
  const rows = db
    .prepare(
      `WITH RECURSIVE
         firsts AS (SELECT sctID AS id, (SELECT min(drtDate) FROM rates WHERE drtSubcategoryID = sctID) AS first FROM subcategories),
         months (id, start) AS (
           SELECT id, substr(first, 1, 8) || '01' FROM firsts WHERE first <= @asOf
           UNION ALL SELECT id, date(start, '+1 month') FROM months WHERE start < substr(@asOf, 1, 8) || '01'),
         ends AS MATERIALIZED (
           SELECT id, (SELECT drtDate FROM rates WHERE drtSubcategoryID = id AND drtDate >= start AND drtDate < date(start, '+1 month')
                         AND drtDate <= @asOf ORDER BY drtDate DESC LIMIT 1) AS newest
             FROM months)
       SELECT ${rateSelectList()} FROM ends e CROSS JOIN ${RATE_FROM}
        WHERE r.drtSubcategoryID = e.id AND r.drtDate = e.newest
        ORDER BY r.drtDate, r.drtSubcategoryID`,
    )
    .all({ asOf }) as Record<string, unknown>[];
  const problems: string[] = [];
  const found: Rate[] = [];
  for (const row of rows) {
    const rate = checkRecord(Rate, withDerivedFields(row), (field, message) => problems.push(`rates drtID ${row.drtID}: ${field}: ${message}`));
    if (rate) found.push(rate);
  }
  if (problems.length) throw new UserError(`${db.name}: ${problems.length} stored values break the record rules; correct them by importing again`, problems);
  return found;
}
