// A build knows which years of a currency's rates per US dollar changed from their
// versions (fx_years, kept by triggers on fx_rates and fx_monthly), not by reading
// every row: the summaries it carries must be the ones reading every row gives,
// however the rows were changed.
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { migrate, SCHEMA_VERSION } from '../../generator/db/migrations.ts';
import { readFxFacts, type FxYears } from '../../generator/db/read-fx.ts';
import { useScratch } from './scratch.ts';

const scratch = useScratch();
const AS_OF = '2024-06-30';
/** No rates: these tests are of the currencies' years (the years of rates are the snapshot tests'). */
const NO_RATES = new Map<string, string>();

/** GBP on the 1st and 15th of every month of 2022 and 2023, JPY's monthly average of 2023-05. */
function seed(db: Database): void {
  db.exec("INSERT INTO currencies VALUES ('GBP', 'Pound Sterling'), ('JPY', 'Yen')");
  const insert = db.prepare("INSERT INTO fx_rates VALUES ('GBP', ?, ?, 'manual')");
  for (const year of [2022, 2023])
    for (let month = 1; month <= 12; month++) for (const day of ['01', '15']) insert.run(`${year}-${String(month).padStart(2, '0')}-${day}`, 0.7 + month / 100);
  db.exec("INSERT INTO fx_monthly VALUES ('JPY', '2023-05-01', 138.9, 'manual')");
}

/** The summaries without their versions: what reading every row gives, to compare with what was carried. */
const withoutVersions = (years: FxYears) => Object.fromEntries(Object.entries(years).map(([key, [, ...summary]]) => [key, summary]));

describe('currency year versions (fx_years)', () => {
  it('carries the summaries of unchanged years and reads again exactly the years any kind of SQL changed', () => {
    const db = scratch.database();
    seed(db);
    const first = readFxFacts(db, AS_OF, null, NO_RATES);
    expect(Object.keys(first.years).sort()).toEqual(['GBP/2022', 'GBP/2023', 'JPY/2023']);
    expect(first.years['GBP/2022']!.slice(1)).toEqual([24, '2022-01-01', '2022-12-15', ['manual'], []]);
    expect(first.years['JPY/2023']!.slice(1)).toEqual([0, '', '', [], [['2023-05-01', 'manual']]]);
    let previous = { asOf: AS_OF, years: first.years, rates: {} };

    const edits: [string, string, string[]][] = [
      ['nothing', 'SELECT 1', []],
      ['a plain UPDATE', "UPDATE fx_rates SET fxPerUSD = 0.9 WHERE fxDate = '2022-03-15'", ['GBP/2022']],
      ['a plain DELETE', "DELETE FROM fx_rates WHERE fxDate = '2023-12-15'", ['GBP/2023']],
      ['INSERT OR REPLACE of a kept row', "INSERT OR REPLACE INTO fx_rates VALUES ('GBP', '2022-05-01', 0.81, 'manual')", ['GBP/2022']],
      ['a row moved to another year', "UPDATE fx_rates SET fxDate = '2024-01-02' WHERE fxDate = '2023-01-01'", ['GBP/2023', 'GBP/2024']],
      ['a monthly average', "UPDATE fx_monthly SET fxPerUSD = 139.1 WHERE fxCurrency = 'JPY'", ['JPY/2023']],
      ['a new monthly average', "INSERT INTO fx_monthly VALUES ('GBP', '2022-07-01', 0.83, 'manual')", ['GBP/2022']],
    ];
    for (const [what, sql, years] of edits) {
      db.exec(sql);
      const next = readFxFacts(db, AS_OF, previous, NO_RATES);
      expect(withoutVersions(next.years), what).toEqual(withoutVersions(readFxFacts(db, AS_OF, null, NO_RATES).years));
      expect(next.summarised, what).toBe(years.length);
      const differ = Object.keys(next.years).filter((key) => next.years[key]![0] !== previous.years[key]?.[0]);
      expect(differ.sort(), what).toEqual(years);
      previous = { asOf: AS_OF, years: next.years, rates: {} };
    }
  });

  it("reads again the years between the previous as-of date and this one (a year's rows up to the date are what is published)", () => {
    const db = scratch.database();
    seed(db);
    const first = readFxFacts(db, '2023-03-10', null, NO_RATES);
    expect(first.years['GBP/2023']!.slice(1, 4)).toEqual([5, '2023-01-01', '2023-03-01']);
    const later = readFxFacts(db, AS_OF, { asOf: '2023-03-10', years: first.years, rates: {} }, NO_RATES);
    expect(later.summarised).toBe(2);
    expect(withoutVersions(later.years)).toEqual(withoutVersions(readFxFacts(db, AS_OF, null, NO_RATES).years));
  });

  it('gives the years of rows kept before the versions one each when it moves a database forward', () => {
    const file = path.join(scratch.dir, 'old.sqlite');
    const old = new BetterSqlite3(file);
    migrate(old, SCHEMA_VERSION - 1);
    seed(old);
    migrate(old);
    expect(old.prepare('SELECT fyeCurrency, fyeYear FROM fx_years ORDER BY 1, 2').raw().all()).toEqual([
      ['GBP', '2022'],
      ['GBP', '2023'],
      ['JPY', '2023'],
    ]);
    old.close();
  });
});
