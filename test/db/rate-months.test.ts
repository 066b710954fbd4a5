// A build knows which months changed from their versions (rate_months, kept by
// triggers), not by fingerprinting every row: the prints it carries must be the
// ones a full fingerprinting gives, however the rows were changed.
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Database } from 'better-sqlite3';
import { importRates } from '../../generator/db/import-rates.ts';
import { migrate } from '../../generator/db/migrations.ts';
import { readMonthPrints, readRateSummary, type PreviousRates } from '../../generator/db/read-rate-summary.ts';
import { registerMoney } from '../../generator/db/money-sql.ts';
import { useScratch } from './scratch.ts';

const scratch = useScratch();
const AS_OF = '2024-06-30';

/** Rates of gold and silver, one on the 5th and 20th of each month of the first half of 2024. */
function ratesCsv(): string {
  const rows = ['drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira'];
  for (let month = 1; month <= 6; month++) {
    for (const day of ['05', '20']) {
      const date = `2024-0${month}-${day}`;
      rows.push(`${date},1,${60 + month},${1400 + month}`, `${date},2,${0.7 + month / 100},${1400 + month}`);
    }
  }
  return rows.join('\n') + '\n';
}

/** The summary's prints as a plain object, next to what fingerprinting every row gives. */
function carried(db: Database, asOf: string, previous: PreviousRates | null) {
  const summary = readRateSummary(db, asOf, previous);
  return { summary, prints: Object.fromEntries(summary.monthPrints), full: Object.fromEntries(readMonthPrints(db, asOf)) };
}

const previousOf = (summary: ReturnType<typeof readRateSummary>, asOf: string): PreviousRates => ({ asOf, months: summary.months! });

describe('month versions (rate_months)', () => {
  it('carries the prints of unchanged months and fingerprints again exactly the months any kind of SQL changed', async () => {
    const db = await scratch.seededDatabase();
    await importRates(db, await scratch.write('rates.csv', ratesCsv()));
    const first = carried(db, AS_OF, null);
    expect(first.prints).toEqual(first.full);
    expect(first.summary.fingerprinted).toBe(12);
    let previous = previousOf(first.summary, AS_OF);

    const edits: [string, string, string[]][] = [
      ['nothing', 'SELECT 1', []],
      ['a plain UPDATE', "UPDATE rates SET drtInUSD = 99 WHERE drtSubcategoryID = 2 AND drtDate = '2024-02-05'", ['2024-02']],
      ['a plain DELETE', "DELETE FROM rates WHERE drtSubcategoryID = 1 AND drtDate = '2024-03-20'", ['2024-03']],
      [
        'INSERT OR IGNORE',
        "INSERT OR IGNORE INTO rates (drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira) VALUES (1, '2024-01-06', 61.5, 1401)",
        ['2024-01'],
      ],
      // REPLACE deletes the row holding drtID 1 (gold, 2024-01-05) without a delete trigger
      [
        'REPLACE by drtID',
        "REPLACE INTO rates (drtID, drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira) VALUES (1, 1, '2024-04-06', 64.5, 1404)",
        ['2024-01', '2024-04'],
      ],
      ['a new column, set', "ALTER TABLE rates ADD COLUMN drtNote TEXT; UPDATE rates SET drtNote = 'checked' WHERE drtDate = '2024-05-05'", ['2024-05']],
      // Nigeria's calendar: a month start dates the day before it (day 30 of the month before) to its 30th day.
      [
        'a declared month start',
        "INSERT INTO sources (srcID, srcName, srcLicence, srcDescription, srcFigure) VALUES ('moon', 'a report', 'none', 'a report', 'declaration'); INSERT INTO calendar_nigeria (calMonth, calFirstDay, calSource) VALUES ('1445-09', '2024-03-11', 'moon')",
        ['2024-03', '2024-04'],
      ],
      ['a declared month start moved', "UPDATE calendar_nigeria SET calFirstDay = '2024-03-01' WHERE calMonth = '1445-09'", ['2024-02', '2024-03', '2024-04']],
      ['a declared month start removed', 'DELETE FROM calendar_nigeria', ['2024-02', '2024-03']],
      [
        "the subcategory's unit (in every line)",
        "UPDATE subcategories SET sctUnit = 'troy-ounce' WHERE sctID = 2",
        ['2024-01', '2024-02', '2024-03', '2024-04', '2024-05', '2024-06'],
      ],
    ];
    for (const [what, sql, months] of edits) {
      db.exec(sql);
      const next = carried(db, AS_OF, previous);
      expect(next.prints, what).toEqual(next.full);
      expect(next.summary.fingerprinted, what).toBe(months.length);
      const differ = Object.keys(next.full).filter((key) => next.full[key] !== previous.months[key]?.[1]);
      for (const key of differ) expect(months, `${what}: ${key}`).toContain(key.slice(2));
      previous = previousOf(next.summary, AS_OF);
    }
  });

  it('fingerprints again the months between the previous as-of date and this one (their rows up to the date are what is published)', async () => {
    const db = await scratch.seededDatabase();
    await importRates(db, await scratch.write('rates.csv', ratesCsv()));
    const first = carried(db, '2024-04-10', null);
    const later = carried(db, AS_OF, previousOf(first.summary, '2024-04-10'));
    expect(later.prints).toEqual(later.full);
    expect(later.summary.fingerprinted).toBe(3);
    const earlier = carried(db, '2024-02-10', previousOf(later.summary, AS_OF));
    expect(earlier.prints).toEqual(earlier.full);
    expect(Object.keys(earlier.prints).every((key) => key.slice(2) <= '2024-02')).toBe(true);
  });

  it('gives each month a new version on each change, never one seen before (a restored copy cannot pass for the state a build saw)', async () => {
    const db = await scratch.seededDatabase();
    await importRates(db, await scratch.write('rates.csv', ratesCsv()));
    const version = () => db.prepare("SELECT rmoVersion FROM rate_months WHERE rmoSubcategoryID = 1 AND rmoMonth = '2024-02'").pluck().get() as string;
    const seen = new Set([version()]);
    for (let i = 0; i < 20; i++) {
      db.prepare("UPDATE rates SET drtInUSD = ? WHERE drtSubcategoryID = 1 AND drtDate = '2024-02-05'").run(60 + (i % 2));
      seen.add(version());
    }
    expect(seen.size).toBe(21);
  });

  it('fingerprints every month of a database made before the versions (schema 4), and of one migrated since', async () => {
    const file = path.join(scratch.dir, 'v4.sqlite');
    const old = new BetterSqlite3(file);
    registerMoney(old);
    migrate(old, 4);
    // A published rate reads Nigeria's calendar (schema 6): the table the build would find, for this read only.
    old.exec('CREATE TABLE calendar_nigeria (calMonth TEXT PRIMARY KEY, calFirstDay TEXT, calSource TEXT)');
    old.exec(`INSERT INTO subcategories VALUES (1, 'gold', 'Gold', 'gram', 1, 1, NULL);
              INSERT INTO rates (drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira) VALUES (1, '2024-01-05', 61, 1401), (1, '2024-02-05', 62, 1402)`);
    const before = readRateSummary(old, AS_OF, null);
    expect(before.months).toBeUndefined();
    expect(before.fingerprinted).toBe(2);
    old.exec('DROP TABLE calendar_nigeria');
    migrate(old);
    const after = readRateSummary(old, AS_OF, null);
    expect(Object.fromEntries(after.monthPrints)).toEqual(Object.fromEntries(before.monthPrints));
    expect(Object.keys(after.months!)).toEqual(['1/2024-01', '1/2024-02']);
    old.exec("UPDATE rates SET drtInUSD = 63 WHERE drtDate = '2024-02-05'");
    const next = readRateSummary(old, AS_OF, { asOf: AS_OF, months: after.months! });
    expect(next.fingerprinted).toBe(1);
    expect(Object.fromEntries(next.monthPrints)).toEqual(Object.fromEntries(readMonthPrints(old, AS_OF)));
    old.close();
  });
});
