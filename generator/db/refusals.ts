// What `fetch` refused alone at the plausibility gate (plausibility.ts,
// refuseAlone), kept in the refusals table until an import brings in a figure of
// the same series and day, and published in /meta's `refused` (docs/API.md §3d).
// A refusal is outstanding while the day's figure of its series is not imported:
// the operator accepting it (`--accept-jumps FX:LBP`) or the source correcting
// it ends it, by any import (fetch, `import rates`, `import fx`), of that figure
// or another, inserted, updated or fetched again equal to the one stored.
import type { Database } from 'better-sqlite3';
import type { Meta } from '../model/schemas.ts';

export type RefusedFigure = Meta['refused'][number];

/** One figure refused: its series, day, field, the figure and the gate's reason. */
export type Refused = Omit<RefusedFigure, 'refusedOn'>;

/**
 * Keeps each figure refused on `today`. The same figure refused again (each
 * night's revisit fetches it again) keeps the day it was first refused; another
 * figure of the same series, day and field replaces it, with today.
 */
export function recordRefusals(db: Database, figures: readonly Refused[], today: string): void {
  const keep = db.prepare(
    `INSERT INTO refusals (rfsSeries, rfsDate, rfsField, rfsValue, rfsReason, rfsRefusedOn)
     VALUES (@series, @date, @field, @value, @reason, @today)
     ON CONFLICT (rfsSeries, rfsDate, rfsField) DO UPDATE SET
       rfsRefusedOn = CASE WHEN rfsValue = excluded.rfsValue THEN rfsRefusedOn ELSE excluded.rfsRefusedOn END,
       rfsValue = excluded.rfsValue, rfsReason = excluded.rfsReason`,
  );
  for (const figure of figures) keep.run({ ...figure, today });
}

/**
 * Ends the refusals of every (series, day) that `staged` imports: a rate row
 * (columns drtSubcategoryID, drtDate) brings in its metal's price and the naira
 * rate of its day.
 */
export function clearRateRefusals(db: Database, staged: string): void {
  db.prepare(
    `DELETE FROM refusals WHERE rfsField IN ('drtInUSD', 'drtUSDinNaira') AND EXISTS (
       SELECT 1 FROM ${staged} s JOIN subcategories c ON c.sctID = s.drtSubcategoryID
        WHERE s.drtDate = rfsDate AND (rfsSeries = 'naira' OR rfsSeries = c.sctSlug))`,
  ).run();
}

/** Ends the refusals of every (currency, day) that `staged` (columns fxCurrency, fxDate) imports. */
export function clearFxRefusals(db: Database, staged: string): void {
  db.prepare(
    `DELETE FROM refusals WHERE rfsField = 'fxPerUSD' AND EXISTS (
       SELECT 1 FROM ${staged} s WHERE s.fxDate = rfsDate AND rfsSeries = 'FX:' || s.fxCurrency)`,
  ).run();
}

/** The refusals outstanding of days up to the as-of date, by date, series, field (/meta's `refused`). */
export function readRefusals(db: Database, asOf: string): RefusedFigure[] {
  return db
    .prepare(
      `SELECT rfsSeries AS series, rfsDate AS date, rfsField AS field, rfsValue AS value, rfsReason AS reason, rfsRefusedOn AS refusedOn
         FROM refusals WHERE rfsDate <= ? ORDER BY rfsDate, rfsSeries, rfsField`,
    )
    .all(asOf) as RefusedFigure[];
}
