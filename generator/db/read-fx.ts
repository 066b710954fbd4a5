// What the snapshot's currency files (GET /currencies, v1/fx/...) are made of,
// read in the build's transaction: the currencies' names, every rate per US
// dollar dated up to the as-of date, the dates rates are dated, and the sources
// of the naira figures (currency=NGN is the rate records' own drtUSDinNaira).
import type { Database } from 'better-sqlite3';
import { MONTHLY_AVERAGE } from '../core/currencies.ts';

export interface FxRow {
  date: string;
  perUSD: number;
  source: string;
}

export interface FxSource {
  /** Every currency of the table, by code: its ISO 4217 name. */
  names: Map<string, string>;
  /** Each currency's daily rates per US dollar dated up to the as-of date, in date order (not NGN, not USD). */
  byCurrency: Map<string, FxRow[]>;
  /** Each currency's monthly averages (fx_monthly) of months up to the as-of date's, in date order (each dated its month's first day). */
  monthlyByCurrency: Map<string, FxRow[]>;
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

export function readFx(db: Database, asOf: string): FxSource {
  const names = new Map(db.prepare('SELECT curCode, curName FROM currencies ORDER BY curCode').raw().all() as [string, string][]);
  const byCurrency = readTable(db, 'fx_rates', asOf);
  const monthlyByCurrency = readTable(db, 'fx_monthly', asOf);
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
  return { names, byCurrency, monthlyByCurrency, rateDates, monthlyDates, dailyDates, monthlyPriceSources, nairaSources };
}

function readTable(db: Database, table: 'fx_rates' | 'fx_monthly', asOf: string): Map<string, FxRow[]> {
  const byCurrency = new Map<string, FxRow[]>();
  for (const [code, date, perUSD, source] of db
    .prepare(`SELECT fxCurrency, fxDate, fxPerUSD, fxSource FROM ${table} WHERE fxDate <= ? ORDER BY fxCurrency, fxDate`)
    .raw()
    .iterate(asOf) as Iterable<[string, string, number, string]>) {
    const rows = byCurrency.get(code);
    if (rows) rows.push({ date, perUSD, source });
    else byCurrency.set(code, [{ date, perUSD, source }]);
  }
  return byCurrency;
}
