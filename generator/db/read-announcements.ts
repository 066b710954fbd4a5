// The announced figures a snapshot publishes (docs/API.md §2d), dated up to its
// as-of date, with what valuing them as /nisab?date=annDate does needs: each
// subcategory's newest rate on or before annDate, read with the same columns
// as the published rate (RATE_COLUMNS), so that the build's figure is the
// router's (router/nisab-value.ts values both).
import type { Database } from 'better-sqlite3';
import { MATCH_DAYS } from '../router/announcements.ts';
import type { ById, ValuingRate } from '../router/nisab-value.ts';
import { AnnouncementInput, RATE_COLUMNS } from '../model/schemas.ts';
import { UserError } from '../errors.ts';
import { checkRecord } from './check-record.ts';

export interface AnnouncementToValue {
  announcement: AnnouncementInput;
  /** By subcategory id: its newest rate on or before annDate. */
  rates: ById<ValuingRate>;
  /**
   * The same for each day a rate is dated in the year before annDate (up to
   * MATCH_DAYS days), newest first: where annMatchesDate looks for the day of
   * ours an announced figure older than its date matches (router/announcements.ts).
   */
  earlier: { date: string; rates: ById<ValuingRate> }[];
}

export function readAnnouncements(db: Database, asOf: string): AnnouncementToValue[] {
  const rows = db
    .prepare(
      'SELECT annID, annDate, annBody, annKind, annValueInNaira, annBasis, annRuleID, annSource FROM announcements WHERE annDate <= ? ORDER BY annDate, annID',
    )
    .all(asOf) as AnnouncementInput[];
  const ratesOn = valuingRates(db);
  const dates = db.prepare(`SELECT DISTINCT drtDate FROM rates WHERE drtDate < ? AND drtDate >= date(?, '-${MATCH_DAYS} days') ORDER BY drtDate DESC`).pluck();
  return rows.map((row) => {
    const wrong = (field: string, message: string) => {
      throw new UserError(`${db.name}: announcements annID ${row.annID}: ${field}: ${message}; correct it and import the file again`);
    };
    const announcement = checkRecord(AnnouncementInput, row, wrong) ?? wrong('row', 'unreadable');
    const earlier = (dates.all(row.annDate, row.annDate) as string[]).map((date) => ({ date, rates: ratesOn(date) }));
    return { announcement, rates: ratesOn(row.annDate), earlier };
  });
}

/** For a day, each subcategory's newest rate on or before it, as the build values an announcement of that day (the import checks one against it). */
export function valuingRates(db: Database): (date: string) => ById<ValuingRate> {
  // The published rate's own SQL for the fields valuing reads (each is a column, not derived).
  const sql = (column: (typeof RATE_COLUMNS)[keyof typeof RATE_COLUMNS]) => {
    if (!('sql' in column)) throw new Error('read-announcements: a valuing field of RATE_COLUMNS is derived, not read');
    return column.sql;
  };
  const newest = db.prepare(
    `SELECT r.drtSubcategoryID AS sub, r.drtDate AS drtDate, ${sql(RATE_COLUMNS.drtInUSD)} AS drtInUSD, ${sql(RATE_COLUMNS.drtUSDinNaira)} AS drtUSDinNaira,
            ${sql(RATE_COLUMNS.drtUnit)} AS drtUnit
       FROM subcategories s JOIN rates r ON r.drtSubcategoryID = s.sctID
      WHERE r.drtDate = (SELECT max(x.drtDate) FROM rates x WHERE x.drtSubcategoryID = s.sctID AND x.drtDate <= ?)`,
  );
  const byDate = new Map<string, ById<ValuingRate>>();
  return (date) => {
    let rates = byDate.get(date);
    if (!rates) {
      rates = {};
      for (const rate of newest.all(date) as (ValuingRate & { sub: number })[]) {
        rates[String(rate.sub)] = { drtDate: rate.drtDate, drtInUSD: rate.drtInUSD, drtUSDinNaira: rate.drtUSDinNaira, drtUnit: rate.drtUnit };
      }
      byDate.set(date, rates);
    }
    return rates;
  };
}
