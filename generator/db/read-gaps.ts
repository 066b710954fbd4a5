// The days without a rate of each daily series (GET /gaps, /meta's dailyFrom and
// daysWithoutRate; docs/API.md §3f). A subcategory with daily rates has a daily
// series from its oldest rate of a daily price source (srcFigure daily-reference
// or daily-official: what the source says of its own figure, in /sources), not
// from the monthly history before it; each day from there to the as-of date
// without a rate of it is a gap, the as-of day too while its rate is not in.
// Read from the (subcategory, date) index, whatever months a build renders.
import type { Database } from 'better-sqlite3';
import { addDays, daysBetween } from '../model/dates.ts';
import type { Gap } from '../model/schemas.ts';

/** srcFigure of a price source whose figure is of its own day. */
export const DAILY_FIGURES = ['daily-reference', 'daily-official'] as const;

export interface DailySeries {
  sctID: number;
  dailyFrom: string;
  /** Oldest first. */
  gaps: Gap[];
}

/** Each subcategory with daily rates that has a daily series by the as-of date, by sctID. */
export function readGaps(db: Database, asOf: string): DailySeries[] {
  const starts = db
    .prepare(
      `SELECT sctID AS id,
              (SELECT min(drtDate) FROM rates
                WHERE drtSubcategoryID = sctID AND drtDate <= @asOf
                  AND drtPriceSource IN (SELECT srcID FROM sources WHERE srcFigure IN (${DAILY_FIGURES.map((f) => `'${f}'`).join(', ')}))) AS dailyFrom
         FROM subcategories WHERE sctHasDailyRate = 1 ORDER BY sctID`,
    )
    .all({ asOf }) as { id: number; dailyFrom: string | null }[];
  // Each day with a rate after the one before it by more than a day: the days between are a gap.
  const holes = db.prepare(
    `SELECT previous, drtDate FROM (
       SELECT drtDate, lag(drtDate) OVER (ORDER BY drtDate) AS previous
         FROM rates WHERE drtSubcategoryID = @id AND drtDate BETWEEN @from AND @asOf)
      WHERE julianday(drtDate) - julianday(previous) > 1 ORDER BY drtDate`,
  );
  const newest = db.prepare('SELECT max(drtDate) FROM rates WHERE drtSubcategoryID = @id AND drtDate <= @asOf').pluck();
  const series: DailySeries[] = [];
  for (const start of starts) {
    if (start.dailyFrom === null) continue;
    const gap = (from: string, to: string): Gap => ({ gapSubcategoryID: start.id, gapFrom: from, gapTo: to, gapDays: daysBetween(from, to) + 1 });
    const gaps = (holes.all({ id: start.id, from: start.dailyFrom, asOf }) as { previous: string; drtDate: string }[]).map((hole) =>
      gap(addDays(hole.previous, 1), addDays(hole.drtDate, -1)),
    );
    const last = newest.get({ id: start.id, asOf }) as string;
    if (last < asOf) gaps.push(gap(addDays(last, 1), asOf));
    series.push({ sctID: start.id, dailyFrom: start.dailyFrom, gaps });
  }
  return series;
}
