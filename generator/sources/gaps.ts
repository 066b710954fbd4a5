// The days of the daily series without a rate (`fetch --fill-gaps`): from the
// first day a price source priced (or --since) to yesterday, each day on which
// some subcategory a price source prices has no rate. fetch asks every source
// for them in turn; a day none has stays absent and is listed as a gap.
import type { Database } from 'better-sqlite3';
import { datesFrom } from '../model/dates.ts';
import { PRICE_SOURCES, pricedSlugs } from './registry.ts';

/** The first day a price source priced, or undefined when none has yet. */
export function seriesStart(db: Database): string | undefined {
  const ids = PRICE_SOURCES.map((entry) => entry.id);
  const first = db
    .prepare(`SELECT min(drtDate) FROM rates WHERE drtPriceSource IN (${ids.map(() => '?').join(', ')})`)
    .pluck()
    .get(...ids);
  return typeof first === 'string' ? first : undefined;
}

/** The days from `since` to `until` on which a priced subcategory has no rate. */
export function daysWithoutRate(db: Database, since: string, until: string): string[] {
  if (until < since) return [];
  const slugs = pricedSlugs();
  const rated = db
    .prepare(
      `SELECT drtDate FROM rates JOIN subcategories ON sctID = drtSubcategoryID
       WHERE drtDate BETWEEN ? AND ? AND sctSlug IN (${slugs.map(() => '?').join(', ')})
       GROUP BY drtDate HAVING count(DISTINCT sctSlug) = ?`,
    )
    .pluck()
    .all(since, until, ...slugs, slugs.length) as string[];
  const have = new Set(rated);
  return datesFrom(since, until).filter((date) => !have.has(date));
}
