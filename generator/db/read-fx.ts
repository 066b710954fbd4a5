// What the snapshot's currency files (GET /currencies, v1/fx/...) are made of,
// read in the build's transaction: the currencies' names, every rate per US
// dollar dated up to the as-of date, the dates rates are dated, and the sources
// of the naira figures (currency=NGN is the rate records' own drtUSDinNaira).
import type { Database } from 'better-sqlite3';

export interface FxRow {
  date: string;
  perUSD: number;
  source: string;
}

export interface FxSource {
  /** Every currency of the table, by code: its ISO 4217 name. */
  names: Map<string, string>;
  /** Each currency's rates per US dollar dated up to the as-of date, in date order (not NGN, not USD). */
  byCurrency: Map<string, FxRow[]>;
  /** Every date a published rate is dated, ascending. */
  rateDates: string[];
  /** Every drtNairaSource of the published rates, sorted. */
  nairaSources: string[];
}

export function readFx(db: Database, asOf: string): FxSource {
  const names = new Map(db.prepare('SELECT curCode, curName FROM currencies ORDER BY curCode').raw().all() as [string, string][]);
  const byCurrency = new Map<string, FxRow[]>();
  for (const [code, date, perUSD, source] of db
    .prepare('SELECT fxCurrency, fxDate, fxPerUSD, fxSource FROM fx_rates WHERE fxDate <= ? ORDER BY fxCurrency, fxDate')
    .raw()
    .iterate(asOf) as Iterable<[string, string, number, string]>) {
    const rows = byCurrency.get(code);
    if (rows) rows.push({ date, perUSD, source });
    else byCurrency.set(code, [{ date, perUSD, source }]);
  }
  const rateDates = db.prepare('SELECT DISTINCT drtDate FROM rates WHERE drtDate <= ? ORDER BY drtDate').pluck().all(asOf) as string[];
  const nairaSources = db.prepare('SELECT DISTINCT drtNairaSource FROM rates WHERE drtDate <= ? ORDER BY 1').pluck().all(asOf) as string[];
  return { names, byCurrency, rateDates, nairaSources };
}
