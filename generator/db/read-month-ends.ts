// Each subcategory's newest record of every month that has one: what the month
// ends files (layout.ts) are made of, so that a dated answer reads the month of
// its date and one small file, never a history.
import type { Database } from 'better-sqlite3';
import { Rate } from '../core/schemas.ts';
import { UserError } from '../errors.ts';
import { checkRecord } from './check-record.ts';
import { RATE_FROM, rateSelectList, withDerivedFields } from './rate-columns.ts';

/** Ordered by drtDate, then drtSubcategoryID. */
export function readMonthEnds(db: Database, asOf: string): Rate[] {
  // SQLite takes the bare columns of a max() aggregate from the row that holds the maximum.
  const rows = db
    .prepare(
      `SELECT ${rateSelectList()}, max(r.drtDate) AS newest FROM ${RATE_FROM}
        WHERE r.drtDate <= ? GROUP BY r.drtSubcategoryID, substr(r.drtDate, 1, 7)
        ORDER BY r.drtDate, r.drtSubcategoryID`,
    )
    .all(asOf) as Record<string, unknown>[];
  const problems: string[] = [];
  const found: Rate[] = [];
  for (const row of rows) {
    delete row.newest;
    const rate = checkRecord(Rate, withDerivedFields(row), (field, message) => problems.push(`rates drtID ${row.drtID}: ${field}: ${message}`));
    if (rate) found.push(rate);
  }
  if (problems.length) throw new UserError(`${db.name}: ${problems.length} stored values break the record rules; correct them by importing again`, problems);
  return found;
}
