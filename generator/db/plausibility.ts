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
//    (`--accept-jumps`, for every series or by name). The limit compounds per
//    year between the two records, since over years prices and the naira do
//    move that much.
//
// A figure is judged as one of a series: a metal's price (by the subcategory's
// slug, `gold`), the naira rate (`naira`, drtUSDinNaira of every metal's row)
// and each currency per US dollar (`FX:LBP`). A file import refuses the file
// for any finding; `fetch` refuses the series alone (`refuseAlone`): its rows
// from the first refused date on are left out, the rest of the night is
// imported, and each refused figure is kept (refusals.ts) for /meta. A staged
// figure equal to the one stored for its key is not judged again: it was
// judged (or accepted) when it came in, and a revisited night fetches it again
// unchanged.
//
// JUMP_FACTOR 2.5 keeps the largest real moves well inside (the naira's official
// rate rose 65 % in June 2023, 1.65 times; silver fell 24.7 % between 2026-01-30
// and 2026-02-05, 1.33 times; no month of the default data since 2005 moved more
// than 1.66 times) and catches the unit and decimal-point errors (10 and 31.1 times).
import type { Database } from 'better-sqlite3';
import { daysBetween } from '../model/dates.ts';
import { money } from '../router/money.ts';
import type { Problems } from './problems.ts';
import { recordRefusals } from './refusals.ts';
import { importToday } from './stored-limits.ts';

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

/** The series whose jumps the operator says are real moves: all of them (true) or these names (seriesName). */
export type AcceptedJumps = boolean | ReadonlySet<string>;

export interface GateOptions {
  acceptJumps?: AcceptedJumps;
  /** The last day the import takes (stored-limits.ts, importToday): by default today by the clock, NISAB_TODAY. */
  today?: string;
  /**
   * Refuse a series alone instead of the import: each series with a finding loses
   * its staged rows from the first refused date on (later ones would be judged
   * against a figure not imported), the rest is imported, and this hears why.
   * Each refused figure is kept in the refusals table (refusals.ts, /meta).
   */
  refuseAlone?: (refusal: Refusal) => void;
}

/** A series refused alone: its name, the first date left out, how many staged rows were left out, and the findings as `label:LINE: field: message`. */
export interface Refusal {
  series: string;
  from: string;
  rows: number;
  problems: string[];
}

/** The naira rate of every metal's row, as a series name. */
export const NAIRA_SERIES = 'naira';
/** A currency's rates per US dollar, as a series name: FX:LBP. */
export const fxSeries = (code: string): string => `FX:${code}`;

/**
 * The names `--accept-jumps` takes, one value of it (a comma-separated list):
 * FX:CODE, naira (or NGN), or a metal's subcategory slug; the option without a
 * value accepts every series. Returns the series named, or the first word that
 * cannot name one.
 */
export function namedSeries(value: string): ReadonlySet<string> | { unknown: string } {
  const names = new Set<string>();
  for (const word of value.split(',').map((w) => w.trim())) {
    if (word === '') continue;
    const fx = /^fx:([a-z]{3})$/i.exec(word);
    if (fx) names.add(fxSeries(fx[1]!.toUpperCase()));
    else if (word.toLowerCase() === NAIRA_SERIES || word.toUpperCase() === 'NGN') names.add(NAIRA_SERIES);
    else if (/^[a-z][a-z0-9-]*$/.test(word)) names.add(word);
    else return { unknown: word };
  }
  return names;
}

function accepts(options: GateOptions, series: string): boolean {
  const accepted = options.acceptJumps;
  return accepted === true || (accepted !== undefined && accepted !== false && accepted.has(series));
}

/** One figure that failed its gate. */
interface Finding {
  line: number;
  field: 'drtInUSD' | 'drtUSDinNaira' | 'fxPerUSD';
  value: number;
  message: string;
  series: string;
  date: string;
}

interface Row {
  line: number;
  sub: number;
  slug: string;
  date: string;
  usd: number;
  ngn: number;
  storedUsd: number | null;
  storedNgn: number | null;
  unit: string;
  otherDate: string | null;
  otherUsd: number | null;
  otherNgn: number | null;
}

/**
 * Reports every staged rate that is out of range or jumps (unless accepted).
 * `staged` is a table with the columns line, drtSubcategoryID, drtDate, drtInUSD,
 * drtUSDinNaira; each row is compared with its neighbour in the rates as they
 * will be after the merge (the staged rows replacing the stored ones). With
 * `refuseAlone`, a refused series' rows are deleted from `staged` instead.
 */
export function checkPlausibility(db: Database, staged: string, problems: Problems, options: GateOptions = {}): void {
  settle(
    db,
    problems,
    options,
    () => rateFindings(db, staged, options),
    (series, from) =>
      series === NAIRA_SERIES
        ? db.prepare(`DELETE FROM ${staged} WHERE drtDate >= ?`).run(from).changes
        : db.prepare(`DELETE FROM ${staged} WHERE drtDate >= ? AND drtSubcategoryID IN (SELECT sctID FROM subcategories WHERE sctSlug = ?)`).run(from, series)
            .changes,
  );
}

/**
 * Without `refuseAlone`, every finding is a problem of the import. With it, each
 * series found loses its rows from its first refused date, is reported, and the
 * rest is judged again (a row whose neighbour was left out has another one now)
 * until nothing more is found; each round leaves out at least one row.
 */
function settle(db: Database, problems: Problems, options: GateOptions, find: () => Finding[], leaveOut: (series: string, from: string) => number): void {
  for (;;) {
    const findings = find();
    if (findings.length === 0) return;
    if (!options.refuseAlone) {
      for (const f of findings) problems.add(f.line, f.field, f.message);
      return;
    }
    const bySeries = new Map<string, Finding[]>();
    for (const f of findings) bySeries.set(f.series, [...(bySeries.get(f.series) ?? []), f]);
    let left = 0;
    for (const [series, found] of bySeries) {
      const from = found.reduce((first, f) => (f.date < first ? f.date : first), found[0]!.date);
      const rows = leaveOut(series, from);
      left += rows;
      options.refuseAlone({ series, from, rows, problems: found.map((f) => `${problems.file}:${f.line}: ${f.field}: ${f.message}`) });
      recordRefusals(
        db,
        found.map((f) => ({ series, date: f.date, field: f.field, value: f.value, reason: f.message })),
        importToday(options.today),
      );
    }
    // Never loops: a finding's own row is always left out.
    if (left === 0) throw new Error('the plausibility gate left nothing out for its findings');
  }
}

function rateFindings(db: Database, staged: string, options: GateOptions): Finding[] {
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
       SELECT near.line, near.sub, s.sctSlug AS slug, near.date, near.usd, near.ngn, s.sctUnit AS unit,
              stored.drtInUSD AS storedUsd, stored.drtUSDinNaira AS storedNgn,
              coalesce(pd, nd) AS otherDate, CASE WHEN pd IS NULL THEN nu ELSE pu END AS otherUsd,
              CASE WHEN pd IS NULL THEN nn ELSE pn END AS otherNgn
         FROM near JOIN subcategories s ON s.sctID = near.sub
         LEFT JOIN rates stored ON stored.drtSubcategoryID = near.sub AND stored.drtDate = near.date
        WHERE near.line IS NOT NULL
        ORDER BY near.line`,
    )
    .iterate() as Iterable<Row>;
  const findings: Finding[] = [];
  for (const row of rows) {
    const slug = row.slug ?? String(row.sub);
    const report = (field: 'drtInUSD' | 'drtUSDinNaira', series: string, message: string) =>
      findings.push({ line: row.line, field, value: field === 'drtInUSD' ? row.usd : row.ngn, message, series, date: row.date });
    // Judged when it came in (or accepted then): a revisit fetches it again unchanged.
    const newUsd = row.usd !== row.storedUsd;
    const newNgn = row.ngn !== row.storedNgn;
    if (!newUsd && !newNgn) continue;
    const priceRange = PRICE_RANGES[row.unit] ?? OTHER_PRICE_RANGE;
    const usdOk = !newUsd || inRange(row, row.usd, priceRange, `US dollars per ${row.unit}`, (m) => report('drtInUSD', slug, m));
    const ngnOk = !newNgn || inRange(row, row.ngn, NAIRA_RANGE, 'naira per US dollar', (m) => report('drtUSDinNaira', NAIRA_SERIES, m));
    if (usdOk && ngnOk) {
      const naira = money([row.usd, row.ngn]);
      if (!(Number.isFinite(naira) && naira >= 0.01)) {
        report('drtInUSD', newUsd ? slug : NAIRA_SERIES, `× drtUSDinNaira is ${naira}, not a price in naira; check both figures`);
        continue;
      }
    }
    if (row.otherDate === null || !usdOk || !ngnOk) continue;
    const limit = JUMP_FACTOR ** Math.max(1, Math.ceil(Math.abs(daysBetween(row.otherDate, row.date)) / 365));
    const which = row.otherDate < row.date ? 'previous' : 'next';
    if (newUsd && !accepts(options, slug)) {
      const m = jump(row.usd, row.otherUsd!, limit, `the ${which} rate of subcategory ${row.sub} (${row.otherUsd} on ${row.otherDate})`, slug, true);
      if (m !== null) report('drtInUSD', slug, m);
    }
    if (newNgn && !accepts(options, NAIRA_SERIES)) {
      const m = jump(row.ngn, row.otherNgn!, limit, `the ${which} rate of subcategory ${row.sub} (${row.otherNgn} on ${row.otherDate})`, NAIRA_SERIES, true);
      if (m !== null) report('drtUSDinNaira', NAIRA_SERIES, m);
    }
  }
  return findings;
}

function inRange(row: Row, value: number, range: readonly [number, number], unit: string, report: (message: string) => void): boolean {
  if (value >= range[0] && value <= range[1]) return true;
  report(`${value} is outside the plausible range for subcategory ${row.sub}, ${range[0]} to ${range[1]} ${unit}`);
  return false;
}

/** The message when `value` is more than `limit` times `other` (or less than its 1/limit); null when it is not. */
function jump(value: number, other: number, limit: number, what: string, series: string, errors: boolean): string | null {
  const ratio = value / other;
  if (ratio <= limit && ratio >= 1 / limit) return null;
  const times = ratio >= 1 ? `${round(ratio)} times` : `1/${round(1 / ratio)} of`;
  return (
    `${value} is ${times} ${what}, more than the ${round(limit)}× a real move reaches` +
    (errors ? ' (a price per troy ounce instead of per gram is 31.1×, a misplaced decimal point 10×)' : '') +
    `; if the move is real, import it with --accept-jumps ${series}`
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
  storedRate: number | null;
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
  settle(
    db,
    problems,
    options,
    () => fxFindings(db, staged, options, table),
    (series, from) => db.prepare(`DELETE FROM ${staged} WHERE fxCurrency = ? AND fxDate >= ?`).run(series.slice('FX:'.length), from).changes,
  );
}

function fxFindings(db: Database, staged: string, options: GateOptions, table: 'fx_rates' | 'fx_monthly'): Finding[] {
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
       SELECT line, code, date, rate, stored.fxPerUSD AS storedRate,
              coalesce(pd, nd) AS otherDate, CASE WHEN pd IS NULL THEN nr ELSE pr END AS otherRate
         FROM near LEFT JOIN ${table} stored ON stored.fxCurrency = near.code AND stored.fxDate = near.date
        WHERE line IS NOT NULL ORDER BY line`,
    )
    .iterate() as Iterable<FxRow>;
  const findings: Finding[] = [];
  for (const row of rows) {
    // Judged when it came in (or accepted then): a revisit fetches it again unchanged.
    if (row.rate === row.storedRate) continue;
    const series = fxSeries(row.code);
    const report = (message: string) => findings.push({ line: row.line, field: 'fxPerUSD', value: row.rate, message, series, date: row.date });
    if (!(row.rate >= FX_RANGE[0] && row.rate <= FX_RANGE[1])) {
      report(`${row.rate} is outside the plausible range for ${row.code}, ${FX_RANGE[0]} to ${FX_RANGE[1]} units per US dollar`);
      continue;
    }
    if (accepts(options, series) || row.otherDate === null) continue;
    const limit = JUMP_FACTOR ** Math.max(1, Math.ceil(Math.abs(daysBetween(row.otherDate, row.date)) / 365));
    const which = row.otherDate < row.date ? 'previous' : 'next';
    const m = jump(row.rate, row.otherRate!, limit, `the ${which} rate of ${row.code} (${row.otherRate} on ${row.otherDate})`, series, false);
    if (m !== null) report(m);
  }
  return findings;
}
