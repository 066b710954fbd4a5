// What the snapshot's currency files (GET /currencies, v1/fx/...) are made of,
// read in the build's transaction: the currencies' names, what each currency's
// years of rates per US dollar hold, the dates rates are dated, and the sources
// of the naira figures (currency=NGN is the rate records' own drtUSDinNaira).
//
// Read in two steps, so a nightly reads one year, not the history: readFxFacts
// reads each (currency, year)'s version (fx_years, kept by triggers: migrations.ts)
// and summarises again only the years whose version is not the one the previous
// build saw (and the years between its as-of date and this one); the plan
// (snapshot/plan.ts planCurrencies) then names the rows the FX files it renders
// need, and readFxRows reads only those.
import type { Database } from 'better-sqlite3';
import { MONTHLY_AVERAGE } from '../core/currencies.ts';
import { addDays } from '../core/dates.ts';

export interface FxRow {
  date: string;
  perUSD: number;
  source: string;
}

/**
 * What a build keeps of a currency's year, by `${code}/${yyyy}`: its version in
 * fx_years, then of its daily rates (fx_rates) dated up to the as-of date their
 * count, first and last date ('' when none) and sources (sorted), and of its
 * monthly averages (fx_monthly) each one's date (the month's first day) and source.
 */
export type FxYear = [version: string, count: number, first: string, last: string, sources: string[], months: [date: string, source: string][]];

export interface FxYears {
  [key: string]: FxYear;
}

/** What the previous build saw: its as-of date and each (currency, year). */
export interface PreviousFx {
  asOf: string;
  years: FxYears;
}

export interface FxFacts {
  /** Every currency of the table, by code: its ISO 4217 name. */
  names: Map<string, string>;
  /** Every (currency, year) of fx_years up to the as-of date's year (not NGN, not USD): its version and summary. */
  years: FxYears;
  /** How many (currency, year)s this read summarised from their rows (every one, when it could not tell which changed). */
  summarised: number;
  /** Every date a published rate is dated, ascending. */
  rateDates: string[];
  /** The dates of rateDates that hold a monthly-average record (its drtPriceSource's srcFigure is monthly-average). */
  monthlyDates: Set<string>;
  /** The dates of rateDates that hold any other record. */
  dailyDates: Set<string>;
  /** The price sources (drtPriceSource) of the published rates that are monthly averages, sorted. */
  monthlyPriceSources: string[];
  /** Every drtNairaSource of the published rates, sorted. */
  nairaSources: string[];
}

/** The rows of one currency that the FX files to be rendered need. */
export interface FxRows {
  /** Its daily rates of the windows asked for, in date order. */
  daily: FxRow[];
  /** Its monthly averages of the months asked for, by `YYYY-MM`. */
  monthly: Map<string, FxRow>;
}

/** What to read of one currency: inclusive date ranges of fx_rates, and months (`YYYY-MM`) of fx_monthly. */
export interface FxWindows {
  daily: [from: string, to: string][];
  months: string[];
}

export interface FxSource extends FxFacts {
  /** The rows the FX files being rendered need, by currency (planCurrencies names them). */
  rows: Map<string, FxRows>;
}

export function readFxFacts(db: Database, asOf: string, previous: PreviousFx | null): FxFacts {
  const names = new Map(db.prepare('SELECT curCode, curName FROM currencies ORDER BY curCode').raw().all() as [string, string][]);
  const rateDates: string[] = [];
  const monthlyDates = new Set<string>();
  const dailyDates = new Set<string>();
  for (const [date, monthly, daily] of db
    .prepare(
      `SELECT drtDate, max(m), max(NOT m) FROM (SELECT drtDate, coalesce((SELECT srcFigure = '${MONTHLY_AVERAGE}' FROM sources WHERE srcID = drtPriceSource), 0) AS m
         FROM rates WHERE drtDate <= ?) GROUP BY drtDate ORDER BY drtDate`,
    )
    .raw()
    .iterate(asOf) as Iterable<[string, number, number]>) {
    rateDates.push(date);
    if (monthly) monthlyDates.add(date);
    if (daily) dailyDates.add(date);
  }
  const monthlyPriceSources = db
    .prepare(
      `SELECT DISTINCT drtPriceSource FROM rates JOIN sources ON srcID = drtPriceSource WHERE drtDate <= ? AND srcFigure = '${MONTHLY_AVERAGE}' ORDER BY 1`,
    )
    .pluck()
    .all(asOf) as string[];
  const nairaSources = db.prepare('SELECT DISTINCT drtNairaSource FROM rates WHERE drtDate <= ? ORDER BY 1').pluck().all(asOf) as string[];
  return { names, ...fxYearsSince(db, asOf, previous), rateDates, monthlyDates, dailyDates, monthlyPriceSources, nairaSources };
}

/**
 * Every (currency, year)'s version and summary, summarising from the rows only
 * the years whose version is not the one the previous build saw, and those
 * between its as-of date and this one (a year's rows up to the as-of date are
 * what it publishes). Without a previous state every year is summarised.
 */
function fxYearsSince(db: Database, asOf: string, previous: PreviousFx | null): Pick<FxFacts, 'years' | 'summarised'> {
  const versions = db.prepare('SELECT fyeCurrency, fyeYear, fyeVersion FROM fx_years WHERE fyeYear <= ?').raw().all(asOf.slice(0, 4)) as [
    string,
    string,
    string,
  ][];
  const low = (previous && previous.asOf < asOf ? previous.asOf : asOf).slice(0, 4);
  const high = (previous && previous.asOf > asOf ? previous.asOf : asOf).slice(0, 4);
  const staleYears = new Set<string>();
  const years: FxYears = {};
  for (const [code, year, version] of versions) {
    const key = `${code}/${year}`;
    const before = previous?.years[key];
    if (!before || before[0] !== version || (previous!.asOf !== asOf && year >= low && year <= high)) staleYears.add(year);
    else years[key] = before;
  }
  // A stale year is summarised for every currency at once: one date range of each table.
  const daily = db.prepare(
    `SELECT fxCurrency, count(*), min(fxDate), max(fxDate), group_concat(DISTINCT fxSource) FROM fx_rates
      WHERE fxDate BETWEEN ? AND ? GROUP BY fxCurrency`,
  );
  const monthly = db.prepare('SELECT fxCurrency, fxDate, fxSource FROM fx_monthly WHERE fxDate BETWEEN ? AND ? ORDER BY fxCurrency, fxDate');
  let summarised = 0;
  for (const year of [...staleYears].sort()) {
    const end = `${year}-12-31` < asOf ? `${year}-12-31` : asOf;
    const found = new Map<string, FxYear>();
    const of = (code: string) => found.get(code) ?? found.set(code, ['', 0, '', '', [], []]).get(code)!;
    for (const [code, count, first, last, sources] of daily.raw().iterate(`${year}-01-01`, end) as Iterable<[string, number, string, string, string]>) {
      const summary = of(code);
      summary[1] = count;
      summary[2] = first;
      summary[3] = last;
      summary[4] = sources.split(',').sort();
    }
    for (const [code, date, source] of monthly.raw().iterate(`${year}-01-01`, end) as Iterable<[string, string, string]>) of(code)[5].push([date, source]);
    for (const [code, y, version] of versions) {
      const key = `${code}/${y}`;
      if (y !== year || years[key]) continue;
      const summary = found.get(code) ?? ['', 0, '', '', [], []];
      summary[0] = version;
      years[key] = summary;
      summarised++;
    }
  }
  return { years, summarised };
}

/** Reads each currency's rows of the windows named (planCurrencies), and no others. */
export function readFxRows(db: Database, windows: Map<string, FxWindows>): Map<string, FxRows> {
  const daily = db.prepare('SELECT fxDate, fxPerUSD, fxSource FROM fx_rates WHERE fxCurrency = ? AND fxDate BETWEEN ? AND ? ORDER BY fxDate');
  const monthly = db.prepare('SELECT fxDate, fxPerUSD, fxSource FROM fx_monthly WHERE fxCurrency = ? AND fxDate BETWEEN ? AND ?');
  const rows = new Map<string, FxRows>();
  for (const [code, want] of windows) {
    const found: FxRows = { daily: [], monthly: new Map() };
    for (const [from, to] of mergedRanges(want.daily)) {
      for (const [date, perUSD, source] of daily.raw().iterate(code, from, to) as Iterable<[string, number, string]>)
        found.daily.push({ date, perUSD, source });
    }
    if (want.months.length > 0) {
      const months = new Set(want.months);
      const sorted = [...months].sort();
      for (const [date, perUSD, source] of monthly.raw().iterate(code, `${sorted[0]}-01`, `${sorted.at(-1)}-01`) as Iterable<[string, number, string]>) {
        if (months.has(date.slice(0, 7))) found.monthly.set(date.slice(0, 7), { date, perUSD, source });
      }
    }
    rows.set(code, found);
  }
  return rows;
}

/** Inclusive date ranges, sorted and with overlapping or touching ones joined, so each row is read once. */
function mergedRanges(ranges: readonly [string, string][]): [string, string][] {
  const merged: [string, string][] = [];
  for (const [from, to] of [...ranges].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const last = merged.at(-1);
    // Overlapping, or starting the day after this one ends: one range.
    if (last && from <= addDays(last[1], 1)) {
      if (to > last[1]) last[1] = to;
    } else merged.push([from, to]);
  }
  return merged;
}
