import { describe, expect, it } from 'vitest';
import { nigeriaHijriDate } from '../../generator/router/nigeria-calendar.ts';
import { importNigeriaCalendar } from '../../generator/db/import-calendar.ts';
import { importNisab } from '../../generator/db/import-nisab.ts';
import { importRates } from '../../generator/db/import-rates.ts';
import { importSources } from '../../generator/db/import-sources.ts';
import { readSource } from '../../generator/db/read-source.ts';
import { UserError } from '../../generator/errors.ts';
import { useScratch } from './scratch.ts';

const scratch = useScratch();

async function withRates() {
  const db = await scratch.seededDatabase();
  await importRates(
    db,
    await scratch.write(
      'rates.csv',
      'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n' +
        '2024-02-29,2,0.8,1400\n2024-02-29,1,66.005,1000\n2024-01-31,1,65.123456,900.5\n2024-03-31,1,67,1500\n',
    ),
  );
  return db;
}

describe('readSource', () => {
  // A file that names no source: the operator's own figures.
  const MANUAL = { drtPriceSource: 'manual', drtNairaSource: 'manual' };
  // No declared month in this database: no Nigerian Hijri date.
  const NOT_DECLARED = { drtHijriDateNigeria: null };
  // manual's figures are the operator's own, never replaced by a later night.
  const FINAL = { drtProvisional: false };
  it('returns rates up to the as-of date, by date then subcategory, with Naira and unit', async () => {
    const db = await withRates();
    const { rates } = readSource(db, '2024-02-29');
    expect(rates).toEqual([
      {
        drtID: 3,
        drtSubcategoryID: 1,
        drtDate: '2024-01-31',
        drtInUSD: 65.123456,
        drtUSDinNaira: 900.5,
        drtInNaira: 58643.67,
        drtUnit: 'gram',
        drtHijriDate: '1445-07-19',
        ...MANUAL,
        drtNairaDate: '2024-01-31',
        ...NOT_DECLARED,
        ...FINAL,
      },
      {
        drtID: 2,
        drtSubcategoryID: 1,
        drtDate: '2024-02-29',
        drtInUSD: 66.005,
        drtUSDinNaira: 1000,
        drtInNaira: 66005,
        drtUnit: 'gram',
        drtHijriDate: '1445-08-19',
        ...MANUAL,
        drtNairaDate: '2024-02-29',
        ...NOT_DECLARED,
        ...FINAL,
      },
      {
        drtID: 1,
        drtSubcategoryID: 2,
        drtDate: '2024-02-29',
        drtInUSD: 0.8,
        drtUSDinNaira: 1400,
        drtInNaira: 1120,
        drtUnit: 'gram',
        drtHijriDate: '1445-08-19',
        ...MANUAL,
        drtNairaDate: '2024-02-29',
        ...NOT_DECLARED,
        ...FINAL,
      },
    ]);
    expect(readSource(db, '2024-02-29').rates.map((r) => r.drtID)).not.toContain(4);
    expect(readSource(db, '2023-12-31').rates).toEqual([]);
  });

  it("dates a rate in Nigeria's calendar only inside a declared month: day 30 only when the next month was declared 30 days on (docs/API.md §2b)", async () => {
    const db = await scratch.seededDatabase();
    await importSources(
      db,
      await scratch.write(
        'sources.csv',
        'srcID,srcName,srcURL,srcLicence,srcDescription,srcFigure\nmoon,a report,,none,a report of a declaration,declaration\n',
      ),
    );
    // Declared as data/calendar-nigeria.csv has them: Shawwal 1442 had 30 days (Dhul Qa'dah began 30 days on),
    // Dhul Qa'dah 29; the months after Dhul Hijjah 1442 and Rabi' al-Awwal 1443 are left out here.
    const months = ['1442-10,2021-05-13', '1442-11,2021-06-12', '1442-12,2021-07-11', '1443-03,2021-10-08'];
    await importNigeriaCalendar(db, await scratch.write('calendar.csv', `calMonth,calFirstDay,calSource\n${months.map((m) => `${m},moon`).join('\n')}\n`));
    const expected: [string, string | null][] = [
      ['2021-05-12', null], // before the first declared month
      ['2021-05-13', '1442-10-01'],
      ['2021-06-10', '1442-10-29'],
      ['2021-06-11', '1442-10-30'], // the next month began the day after: Shawwal had 30 days
      ['2021-06-12', '1442-11-01'],
      ['2021-07-10', '1442-11-29'],
      ['2021-07-11', '1442-12-01'],
      ['2021-08-08', '1442-12-29'],
      ['2021-08-09', null], // day 30 of Dhul Hijjah, or 1 Muharram 1443: Muharram is not in this calendar
      ['2021-08-10', null],
      ['2021-10-08', '1443-03-01'],
      ['2021-11-05', '1443-03-29'],
      ['2021-11-06', null], // day 30 of Rabi' al-Awwal 1443, whose next month is not declared here
    ];
    await importRates(
      db,
      await scratch.write('rates.csv', `drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n${expected.map(([date]) => `${date},1,60,400`).join('\n')}\n`),
    );
    const { rates, calendar } = readSource(db, '2021-12-31');
    expect(rates.map((r) => [r.drtDate, r.drtHijriDateNigeria])).toEqual(expected);
    for (const [date, hijri] of expected) expect(nigeriaHijriDate(date, calendar), date).toBe(hijri);
  });

  it('rounds drtInNaira from the exact decimal product, half away from zero (docs/API.md §3a), in SQL too', async () => {
    const db = await scratch.seededDatabase();
    // 0.6875 × 399.92 = 274.945 exactly; the binary product is 274.94499999..., which SQLite's round() cut to 274.94.
    await importRates(db, await scratch.write('rates.csv', 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n2024-02-29,2,0.6875,399.92\n'));
    expect(readSource(db, '2024-02-29').rates[0]).toMatchObject({ drtInNaira: 274.95 });
    expect(db.prepare('SELECT money(drtInUSD, drtUSDinNaira) FROM rates').pluck().get()).toBe(274.95);
  });

  it('joins the category into each subcategory, ordered by sctID', async () => {
    const db = await withRates();
    const { subcategories } = readSource(db, '2024-12-31');
    expect(subcategories[2]).toEqual({
      sctID: 3,
      sctSlug: 'cash',
      sctName: 'Cash',
      sctUnit: 'currency',
      sctHasDailyRate: false,
      sctIsDefault: false,
      sctCategoryID: 2,
      sctCategorySlug: 'monetary',
      sctCategoryName: 'Money',
    });
  });

  it('returns Nisab rules by nsbID with brackets by minimum', async () => {
    const db = await withRates();
    const bracket = (lbrMinCount: number, lbrMaxCount: number | null) => ({ lbrMinCount, lbrMaxCount, lbrDueText: 'none', lbrDues: [], lbrFormula: null });
    const rules = [
      {
        nsbID: 9,
        nsbSubcategoryID: 3,
        nsbThreshold: 5,
        nsbThresholdUnit: 'head',
        nsbRatePercent: null,
        nsbRateKind: 'bracket',
        nsbBrackets: [bracket(1, 4), bracket(5, null)],
      },
      { nsbID: 2, nsbSubcategoryID: 1, nsbThreshold: 85, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5, nsbIsDefault: false },
    ];
    await importNisab(db, await scratch.write('nisab.json', JSON.stringify(rules)));
    const { nisab } = readSource(db, '2024-12-31');
    expect(nisab.map((r) => r.nsbID)).toEqual([2, 9]);
    expect(nisab[0]).toMatchObject({ nsbIsDefault: false, nsbHawlRequired: true, nsbBrackets: [] });
    expect(nisab[1]!.nsbBrackets).toEqual([bracket(1, 4), bracket(5, null)]);
  });

  it('names the table, row and field of a stored value that breaks the record rules', async () => {
    const db = await withRates();
    db.exec("UPDATE subcategories SET sctSlug = 'Gold Bars' WHERE sctID = 1");
    const error = (() => {
      try {
        readSource(db, '2024-12-31');
      } catch (e) {
        return e;
      }
    })() as UserError;
    expect(error).toBeInstanceOf(UserError);
    expect(error.problems).toEqual(['subcategories sctID 1: sctSlug: must be lower-case words joined by hyphens, e.g. trade-goods']);
  });

  it('refuses an as-of date that is not a real date', async () => {
    const db = await withRates();
    expect(() => readSource(db, '2024-02-30')).toThrow(UserError);
  });
});
