// What the snapshot's currency files (GET /currencies, v1/fx/...) are made of,
// read in the build's transaction: the currencies' names, what each currency's
// years of rates per US dollar hold, the dates rates are dated, and the sources
// of the naira figures (currency=NGN is the rate records' own drtUSDinNaira).
//
// Read in two steps, so a nightly reads one year, not the history: readFxFacts
// reads each (currency, year)'s version (fx_years, kept by triggers: migrations.ts)
// and summarises again only the years whose version is not the one the previous
// build saw (and the years between its as-of date and this one), and reads the
// dates of a year of rates again only when its months' prints changed; the plan
// (plan/plan.ts planCurrencies) then names the years of rates and the rows per
// dollar the FX files it renders need, and readDatedYears and readFxRows read
// only those.
import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { MONTHLY_AVERAGE } from '../model/currencies.ts';
import { addDays } from '../model/dates.ts';

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

/**
 * What a build keeps of a year of rates for the currency files, by `yyyy`: a key
 * (a hash of the prints of the year's months, read-rate-summary.ts, and of which
 * sources are monthly averages: equal keys, equal rows as the FX files see them),
 * the number of dates it has rates on, its first and last date holding a daily
 * record ('' when none), the months holding a monthly-average record, the
 * monthly-average price sources and the naira sources of its rates (sorted), and a
 * print of its dates with the kind of record each holds.
 */
export type RateYear = [
  key: string,
  dates: number,
  dailyFirst: string,
  dailyLast: string,
  monthlyMonths: string[],
  monthlyPriceSources: string[],
  nairaSources: string[],
  print: string,
];

export interface RateYears {
  [year: string]: RateYear;
}

/** What the previous build saw: its as-of date, each (currency, year) and each year of rates. */
export interface PreviousFx {
  asOf: string;
  years: FxYears;
  rates: RateYears;
}

/** A year's dates that hold a rate, ascending, each with what it holds: MONTHLY, DAILY or both (a bit each). */
export type DatedYear = Map<string, number>;
/** A date holds a monthly-average record (its drtPriceSource's srcFigure is monthly-average). */
export const MONTHLY = 1;
/** A date holds any other record. */
export const DAILY = 2;

export interface FxFacts {
  /** Every currency of the table, by code: its ISO 4217 name. */
  names: Map<string, string>;
  /** Every (currency, year) of fx_years up to the as-of date's year (not NGN, not USD): its version and summary. */
  years: FxYears;
  /** How many (currency, year)s this read summarised from their rows (every one, when it could not tell which changed). */
  summarised: number;
  /** Every year with a rate dated up to the as-of date. */
  rateYears: RateYears;
  /** The years of rates read here (those whose key changed), by `yyyy`: more are read for the FX files to render (readDatedYears). */
  dated: Map<string, DatedYear>;
}

/**
 * The currencies' names, every (currency, year)'s summary and every year of
 * rates' facts, reading again only what changed since the previous build.
 * `monthPrints`: the rate summary's (`${id}/${YYYY-MM}` -> print).
 */
export function readFxFacts(db: Database, asOf: string, previous: PreviousFx | null, monthPrints: ReadonlyMap<string, string>): FxFacts {
  const names = new Map(db.prepare('SELECT curCode, curName FROM currencies ORDER BY curCode').raw().all() as [string, string][]);
  const monthlySources = db.prepare(`SELECT srcID FROM sources WHERE srcFigure = '${MONTHLY_AVERAGE}' ORDER BY 1`).pluck().all() as string[];
  const printsOfYear = new Map<string, string[]>();
  for (const [key, print] of [...monthPrints].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const year = key.slice(key.indexOf('/') + 1, key.indexOf('/') + 5);
    const list = printsOfYear.get(year) ?? printsOfYear.set(year, []).get(year)!;
    list.push(`${key}=${print}`);
  }
  const rateYears: RateYears = {};
  const stale: [year: string, key: string][] = [];
  for (const [year, prints] of printsOfYear) {
    const key = createHash('sha1')
      .update(`${monthlySources.join(',')}\n${prints.join('\n')}`)
      .digest('hex');
    const before = previous?.rates[year];
    if (before && before[0] === key) rateYears[year] = before;
    else stale.push([year, key]);
  }
  const dated = readDatedYears(
    db,
    asOf,
    stale.map(([year]) => year),
  );
  for (const [year, key] of stale) rateYears[year] = rateYearOf(key, dated.get(year)!.dates, dated.get(year)!.sources);
  return {
    names,
    ...fxYearsSince(db, asOf, previous),
    rateYears,
    dated: new Map([...dated].map(([year, { dates }]) => [year, dates])),
  };
}

function rateYearOf(key: string, dates: DatedYear, sources: { monthly: Set<string>; naira: Set<string> }): RateYear {
  let dailyFirst = '';
  let dailyLast = '';
  const months = new Set<string>();
  const kinds: string[] = [];
  for (const [date, kind] of dates) {
    if (kind & DAILY) {
      if (dailyFirst === '') dailyFirst = date;
      dailyLast = date;
    }
    if (kind & MONTHLY) months.add(date.slice(0, 7));
    kinds.push(`${date}:${kind}`);
  }
  const print = createHash('sha1').update(kinds.join(',')).digest('hex');
  return [key, dates.size, dailyFirst, dailyLast, [...months], [...sources.monthly].sort(), [...sources.naira].sort(), print];
}

/** Each year's dates holding a rate dated up to the as-of date, with what each holds, and the year's monthly-average price sources and naira sources. */
export function readDatedYears(
  db: Database,
  asOf: string,
  years: Iterable<string>,
): Map<string, { dates: DatedYear; sources: { monthly: Set<string>; naira: Set<string> } }> {
  const select = db.prepare(
    `SELECT drtDate, drtPriceSource, coalesce((SELECT srcFigure = '${MONTHLY_AVERAGE}' FROM sources WHERE srcID = drtPriceSource), 0), drtNairaSource
       FROM rates WHERE drtDate BETWEEN ? AND ? ORDER BY drtDate`,
  );
  const found = new Map<string, { dates: DatedYear; sources: { monthly: Set<string>; naira: Set<string> } }>();
  for (const year of years) {
    const dates: DatedYear = new Map();
    const sources = { monthly: new Set<string>(), naira: new Set<string>() };
    const end = `${year}-12-31` < asOf ? `${year}-12-31` : asOf;
    for (const [date, priceSource, monthly, naira] of select.raw().iterate(`${year}-01-01`, end) as Iterable<[string, string, number, string]>) {
      dates.set(date, (dates.get(date) ?? 0) | (monthly ? MONTHLY : DAILY));
      if (monthly) sources.monthly.add(priceSource);
      sources.naira.add(naira);
    }
    found.set(year, { dates, sources });
  }
  return found;
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
