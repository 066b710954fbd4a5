// The plausibility gate of rate imports (every way rates come in: `import rates`,
// `fetch`, the default data). A value that is a valid positive number can still
// be nonsense that would be published as the Nisab: a price per troy ounce
// entered as per gram (31.1 times), a misplaced decimal point (10 times), a typo,
// 1e308 (whose Naira product is not finite), 1e-320 (published as 0). Two checks:
//
//  - an absolute range per unit, always (PRICE_RANGES, NAIRA_RANGE);
//  - a jump limit: a value more than JUMP_FACTOR times (or less than 1/JUMP_FACTOR
//    of) the subcategory's neighbouring record (the one before it, or after it
//    when it is the first) is refused unless the operator says the move is real
//    (`--accept-jumps`). The limit compounds per year between the two records,
//    since over years prices and the naira do move that much.
//
// JUMP_FACTOR 2.5 keeps the largest real moves well inside (the naira's official
// rate rose 65 % in June 2023, 1.65 times; silver fell 24.7 % between 2026-01-30
// and 2026-02-05, 1.33 times; no month of the default data since 2005 moved more
// than 1.66 times) and catches the unit and decimal-point errors (10 and 31.1 times).
import type { Database } from 'better-sqlite3';
import { daysBetween } from '../core/dates.ts';
import { money } from '../core/money.ts';
import type { Problems } from './problems.ts';

export const JUMP_FACTOR = 2.5;

/** drtInUSD, in US dollars per unit, by the subcategory's unit (sctUnit). */
export const PRICE_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  gram: [0.01, 10_000],
  kg: [10, 10_000_000],
  'troy-ounce': [0.3, 300_000],
};
/** For a unit not in PRICE_RANGES. */
export const OTHER_PRICE_RANGE: readonly [number, number] = [0.000_001, 1_000_000_000];
/** drtUSDinNaira, naira per US dollar (0.55 in 1980, 1,670 in 2025). */
export const NAIRA_RANGE: readonly [number, number] = [0.1, 1_000_000];

export interface GateOptions {
  /** The operator says the jumps in this import are real moves. */
  acceptJumps?: boolean;
}

interface Row {
  line: number;
  sub: number;
  date: string;
  usd: number;
  ngn: number;
  unit: string;
  otherDate: string | null;
  otherUsd: number | null;
  otherNgn: number | null;
}

/**
 * Reports every staged rate that is out of range or jumps (unless accepted).
 * `staged` is a table with the columns line, drtSubcategoryID, drtDate, drtInUSD,
 * drtUSDinNaira; each row is compared with its neighbour in the rates as they
 * will be after the merge (the staged rows replacing the stored ones).
 */
export function checkPlausibility(db: Database, staged: string, problems: Problems, options: GateOptions = {}): void {
  const rows = db
    .prepare(
      // Only the stored rows that can be a staged row's neighbour: per subcategory,
      // from the record before its first staged date to the one after its last
      // (index seeks), so a nightly day does not read the whole history.
      `WITH staged_span AS (
         SELECT drtSubcategoryID AS sub, min(drtDate) AS lo, max(drtDate) AS hi FROM ${staged} GROUP BY drtSubcategoryID),
       span AS (
         SELECT sub,
                coalesce((SELECT max(r.drtDate) FROM rates r WHERE r.drtSubcategoryID = staged_span.sub AND r.drtDate < staged_span.lo), lo) AS lo,
                coalesce((SELECT min(r.drtDate) FROM rates r WHERE r.drtSubcategoryID = staged_span.sub AND r.drtDate > staged_span.hi), hi) AS hi
           FROM staged_span),
       merged AS (
         SELECT r.drtSubcategoryID AS sub, r.drtDate AS date, r.drtInUSD AS usd, r.drtUSDinNaira AS ngn, NULL AS line
           FROM span JOIN rates r ON r.drtSubcategoryID = span.sub AND r.drtDate BETWEEN span.lo AND span.hi
          WHERE NOT EXISTS (SELECT 1 FROM ${staged} s WHERE s.drtSubcategoryID = r.drtSubcategoryID AND s.drtDate = r.drtDate)
         UNION ALL
         SELECT drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira, line FROM ${staged}),
       near AS (
         SELECT *, lag(date) OVER w AS pd, lag(usd) OVER w AS pu, lag(ngn) OVER w AS pn,
                   lead(date) OVER w AS nd, lead(usd) OVER w AS nu, lead(ngn) OVER w AS nn
           FROM merged WINDOW w AS (PARTITION BY sub ORDER BY date, line))
       SELECT near.line, near.sub, near.date, near.usd, near.ngn, s.sctUnit AS unit,
              coalesce(pd, nd) AS otherDate, CASE WHEN pd IS NULL THEN nu ELSE pu END AS otherUsd,
              CASE WHEN pd IS NULL THEN nn ELSE pn END AS otherNgn
         FROM near JOIN subcategories s ON s.sctID = near.sub
        WHERE near.line IS NOT NULL
        ORDER BY near.line`,
    )
    .iterate() as Iterable<Row>;
  for (const row of rows) {
    const priceRange = PRICE_RANGES[row.unit] ?? OTHER_PRICE_RANGE;
    const usdOk = inRange(row, 'drtInUSD', row.usd, priceRange, `US dollars per ${row.unit}`, problems);
    const ngnOk = inRange(row, 'drtUSDinNaira', row.ngn, NAIRA_RANGE, 'naira per US dollar', problems);
    if (usdOk && ngnOk) {
      const naira = money([row.usd, row.ngn]);
      if (!(Number.isFinite(naira) && naira >= 0.01)) {
        problems.add(row.line, 'drtInUSD', `× drtUSDinNaira is ${naira}, not a price in naira; check both figures`);
        continue;
      }
    }
    if (options.acceptJumps || row.otherDate === null || !usdOk || !ngnOk) continue;
    const limit = JUMP_FACTOR ** Math.max(1, Math.ceil(Math.abs(daysBetween(row.otherDate, row.date)) / 365));
    const which = row.otherDate < row.date ? 'previous' : 'next';
    jump(row, 'drtInUSD', row.usd, row.otherUsd!, limit, which, problems);
    jump(row, 'drtUSDinNaira', row.ngn, row.otherNgn!, limit, which, problems);
  }
}

function inRange(row: Row, field: string, value: number, range: readonly [number, number], unit: string, problems: Problems): boolean {
  if (value >= range[0] && value <= range[1]) return true;
  problems.add(row.line, field, `${value} is outside the plausible range for subcategory ${row.sub}, ${range[0]} to ${range[1]} ${unit}`);
  return false;
}

function jump(row: Row, field: string, value: number, other: number, limit: number, which: string, problems: Problems): void {
  const ratio = value / other;
  if (ratio <= limit && ratio >= 1 / limit) return;
  const times = ratio >= 1 ? `${round(ratio)} times` : `1/${round(1 / ratio)} of`;
  problems.add(
    row.line,
    field,
    `${value} is ${times} the ${which} rate of subcategory ${row.sub} (${other} on ${row.otherDate}), more than the ${round(limit)}× a real move reaches ` +
      `(a price per troy ounce instead of per gram is 31.1×, a misplaced decimal point 10×); if the move is real, import with --accept-jumps`,
  );
}

function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** fxPerUSD, units of a currency per US dollar: from the dinars (0.3) to the rial (about 1.4 million in 2026), with room either side. */
export const FX_RANGE: readonly [number, number] = [0.0001, 100_000_000];

interface FxRow {
  line: number;
  code: string;
  date: string;
  rate: number;
  otherDate: string | null;
  otherRate: number | null;
}

/**
 * The same gate for rates per US dollar, per currency: the range always, and the
 * jump limit (JUMP_FACTOR, compounding per year) against the currency's
 * neighbouring day as the table will be after the merge, unless accepted.
 * `staged` has the columns line, fxCurrency, fxDate, fxPerUSD.
 */
export function checkFxPlausibility(db: Database, staged: string, problems: Problems, options: GateOptions & { table?: 'fx_rates' | 'fx_monthly' } = {}): void {
  // Daily figures are compared with daily ones, monthly averages with monthly ones.
  const table = options.table ?? 'fx_rates';
  const rows = db
    .prepare(
      `WITH staged_span AS (SELECT fxCurrency AS code, min(fxDate) AS lo, max(fxDate) AS hi FROM ${staged} GROUP BY fxCurrency),
       span AS (
         SELECT code,
                coalesce((SELECT max(f.fxDate) FROM ${table} f WHERE f.fxCurrency = staged_span.code AND f.fxDate < staged_span.lo), lo) AS lo,
                coalesce((SELECT min(f.fxDate) FROM ${table} f WHERE f.fxCurrency = staged_span.code AND f.fxDate > staged_span.hi), hi) AS hi
           FROM staged_span),
       merged AS (
         SELECT f.fxCurrency AS code, f.fxDate AS date, f.fxPerUSD AS rate, NULL AS line
           FROM span JOIN ${table} f ON f.fxCurrency = span.code AND f.fxDate BETWEEN span.lo AND span.hi
          WHERE NOT EXISTS (SELECT 1 FROM ${staged} s WHERE s.fxCurrency = f.fxCurrency AND s.fxDate = f.fxDate)
         UNION ALL
         SELECT fxCurrency, fxDate, fxPerUSD, line FROM ${staged}),
       near AS (
         SELECT *, lag(date) OVER w AS pd, lag(rate) OVER w AS pr, lead(date) OVER w AS nd, lead(rate) OVER w AS nr
           FROM merged WINDOW w AS (PARTITION BY code ORDER BY date, line))
       SELECT line, code, date, rate, coalesce(pd, nd) AS otherDate, CASE WHEN pd IS NULL THEN nr ELSE pr END AS otherRate
         FROM near WHERE line IS NOT NULL ORDER BY line`,
    )
    .iterate() as Iterable<FxRow>;
  for (const row of rows) {
    if (!(row.rate >= FX_RANGE[0] && row.rate <= FX_RANGE[1])) {
      problems.add(row.line, 'fxPerUSD', `${row.rate} is outside the plausible range for ${row.code}, ${FX_RANGE[0]} to ${FX_RANGE[1]} units per US dollar`);
      continue;
    }
    if (options.acceptJumps || row.otherDate === null) continue;
    const limit = JUMP_FACTOR ** Math.max(1, Math.ceil(Math.abs(daysBetween(row.otherDate, row.date)) / 365));
    const ratio = row.rate / row.otherRate!;
    if (ratio <= limit && ratio >= 1 / limit) continue;
    const times = ratio >= 1 ? `${round(ratio)} times` : `1/${round(1 / ratio)} of`;
    const which = row.otherDate < row.date ? 'previous' : 'next';
    problems.add(
      row.line,
      'fxPerUSD',
      `${row.rate} is ${times} the ${which} rate of ${row.code} (${row.otherRate} on ${row.otherDate}), more than the ${round(limit)}× a real move reaches; if the move is real, import with --accept-jumps`,
    );
  }
}
