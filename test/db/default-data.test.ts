import { cp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bringDefaultDatabase, DATA_DIR, ensureDefaultDatabase, importDataDirectory } from '../../generator/db/default-db.ts';
import { openDatabase } from '../../generator/db/open.ts';
import { readSource } from '../../generator/db/read-source.ts';
import { nigeriaHijriDate } from '../../generator/router/nigeria-calendar.ts';
import { PROVISIONAL_FIGURES } from '../../generator/model/schemas.ts';
import { CBN_NFEM_CARRIED_ID } from '../../generator/sources/ids.ts';
import { nairaRank } from '../../generator/sources/fetch-days.ts';
import { NAIRA_SOURCES, PRICE_SOURCES } from '../../generator/sources/registry.ts';
import { useScratch } from './scratch.ts';

const scratch = useScratch();
const count = (db: ReturnType<typeof openDatabase>, table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();

// The months of data/fx: the currency API's 203 days run from 2024-03-02 to 2026-09-29, with no day in 2024-08 or 2024-10.
const fxMonths = ['2024-03', '2024-04', '2024-05', '2024-06', '2024-07', '2024-09', '2024-11', '2024-12']
  .concat(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) => `2025-${m}`))
  .concat(['01', '02', '03', '04', '05', '06', '07', '08', '09'].map((m) => `2026-${m}`));

describe('the default data in data/', () => {
  it('loads completely and checks out', async () => {
    const db = scratch.database();
    const summaries = await importDataDirectory(db);
    expect(summaries.map((s) => [path.basename(s.file), s.inserted])).toEqual([
      ['categories.csv', 7],
      ['subcategories.csv', 14],
      ['sources.csv', 102],
      ['calendar-nigeria.csv', 89],
      ['rates.csv', 496],
      ...['09', '10', '11', '12'].map((m) => [`2025-${m}.csv`, expect.any(Number)]),
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09'].map((m) => [`2026-${m}.csv`, expect.any(Number)]),
      ['currencies.csv', 161],
      ...fxMonths.map((m) => [`${m}.csv`, expect.any(Number)]),
      ...Array.from({ length: 2026 - 1971 + 1 }, (_, i) => [`${1971 + i}.csv`, expect.any(Number)]),
      ['nisab.json', 48],
      ['announcements.csv', 18],
    ]);
    // The currency API's 203 days (SOURCES.md §8), every national currency but the naira and the dollar:
    // counted in the source file (awk -F, 'NR>1 && $4!="NGN" && $4!="USD"' currency_api_fx_daily.csv | wc -l: 32,099)
    // less the nine one-day slips scripts/make-currency-data.ts leaves out (docs/currencies.md).
    expect(
      db
        .prepare(`SELECT fxSource, min(fxDate), max(fxDate), count(DISTINCT fxDate), count(DISTINCT fxCurrency), count(*) FROM fx_rates GROUP BY 1`)
        .raw()
        .all(),
    ).toEqual([['currency-api', '2024-03-02', '2026-09-29', 203, 159, 32090]]);
    expect(db.prepare(`SELECT fxPerUSD FROM fx_rates WHERE fxCurrency = 'GBP' AND fxDate = '2026-09-29'`).pluck().get()).toBe(0.75538854);
    // The Fed's H.10 monthly averages (SOURCES.md §9): 22 current currencies, counted in the source file
    // (its rows of the countries in scripts/make-currency-data.ts's H10_CODES); 2015-06-01,United Kingdom,0.642.
    expect(db.prepare(`SELECT fxSource, min(fxDate), max(fxDate), count(DISTINCT fxCurrency), count(*) FROM fx_monthly GROUP BY 1`).raw().all()).toEqual([
      ['fed-h10-monthly', '1971-01-01', '2026-06-01', 22, 12950],
    ]);
    expect(db.prepare(`SELECT fxPerUSD FROM fx_monthly WHERE fxCurrency = 'GBP' AND fxDate = '2015-06-01'`).pluck().get()).toBe(0.642);
    // SOURCES.md §8's file: 2026-07-15,2026-07-15,2026.7.15,GBP,0.74586441.
    expect(db.prepare(`SELECT fxPerUSD FROM fx_rates WHERE fxCurrency = 'GBP' AND fxDate = '2026-07-15'`).pluck().get()).toBe(0.74586441);
    // Monthly up to 2025-08-31 (World Bank averages, IMF end-of-month rates), daily after it
    // (currency API prices, the CBN's official rate of the day or carried from the last working day).
    expect(
      db.prepare(`SELECT drtPriceSource, drtNairaSource, min(drtDate), max(drtDate), count(*) FROM rates GROUP BY 1, 2 ORDER BY 3, 2`).raw().all(),
    ).toEqual([
      ['worldbank-pink-sheet', 'imf-ifs-eop', '2005-01-31', '2025-08-31', 496],
      ['currency-api', 'cbn-nfem', '2025-09-01', '2026-09-29', 166],
      ['currency-api', 'cbn-nfem-carried', '2025-09-21', '2026-09-27', 86],
    ]);
    expect(
      db
        .prepare(
          `SELECT count(*) FROM rates WHERE drtNairaSource = 'cbn-nfem-carried' AND (drtNairaDate IS NULL OR julianday(drtDate) - julianday(drtNairaDate) > 7)`,
        )
        .pluck()
        .get(),
    ).toBe(0);
    expect(count(db, 'livestock_brackets')).toBe(122);
    expect(db.prepare('SELECT sctSlug FROM subcategories WHERE sctIsDefault = 1').pluck().all()).toEqual(['gold']);

    const line = (await readFile(path.join(DATA_DIR, 'rates.csv'), 'utf8')).split('\n').find((l) => /^\d+,2021-03-31,1,/.test(l))!;
    const [drtID, , , usd, ngn] = line.split(',');
    const gold = readSource(db, '2021-03-31').rates.at(-2);
    expect(gold).toEqual({
      drtID: Number(drtID),
      drtSubcategoryID: 1,
      drtDate: '2021-03-31',
      drtInUSD: Number(usd),
      drtUSDinNaira: Number(ngn),
      drtInNaira: Math.round(Number(usd) * Number(ngn) * 100) / 100,
      drtUnit: 'gram',
      drtHijriDate: '1442-08-18',
      drtPriceSource: 'worldbank-pink-sheet',
      drtNairaSource: 'imf-ifs-eop',
      drtNairaDate: '2021-03-31',
      // Sha'ban 1442 began on 15 March 2021 in Nigeria (data/calendar-nigeria.csv), a day after Umm al-Qura.
      drtHijriDateNigeria: '1442-08-17',
      // The IMF's official end-of-month rate: no later night replaces it.
      drtProvisional: false,
    });
    // SOURCES.md: 85 g of gold in March 2021 came to about 1,789,024 Naira.
    expect(Math.round(85 * gold!.drtInNaira)).toBe(1789025);
  }, 120_000); // 3.2 s in a quiet .ci/run; beside 16 busy processes a test takes up to 7 times as long

  it('calls a record provisional exactly where fetch would replace its naira rate by a later official one', async () => {
    const db = scratch.database();
    await importDataDirectory(db);
    const figure = db.prepare('SELECT srcFigure FROM sources WHERE srcID = ?').pluck();
    // What fetch ranks below the day's official figure (sources/fetch-days.ts) is what the record calls provisional.
    for (const id of [...PRICE_SOURCES.map((s) => s.id), ...NAIRA_SOURCES.map((s) => s.id), CBN_NFEM_CARRIED_ID]) {
      expect(PROVISIONAL_FIGURES.includes(figure.get(id) as never), id).toBe(nairaRank(id) < 2);
    }
    const { rates } = readSource(db, '2026-09-29');
    const provisional = rates.filter((r) => r.drtProvisional);
    // Every carried CBN rate in the data (86 rows, counted above by plain SQL), and nothing else: no day took the market rate.
    expect(provisional.length).toBe(86);
    expect(provisional.every((r) => r.drtNairaSource === 'cbn-nfem-carried')).toBe(true);
  }, 90_000); // 21 s seen in .ci/run beside 16 busy processes (load 17 to 20), under a third of this

  it("dates every rate in Nigeria's calendar exactly where a declared month holds it (the SQL of RATE_COLUMNS agrees with router/nigeria-calendar.ts)", async () => {
    const db = scratch.database();
    await importDataDirectory(db);
    const { rates, calendar } = readSource(db, '2026-09-29');
    expect(calendar.at(0)).toEqual({
      calMonth: '1438-09',
      calFirstDay: '2017-05-27',
      calSource: 'nigeria-moon-1438-09',
      calBasis: 'declared-first-day',
      calStatedDay: null,
    });
    for (const rate of rates) expect(rate.drtHijriDateNigeria, rate.drtDate).toBe(nigeriaHijriDate(rate.drtDate, calendar));
    const dated = rates.filter((r) => r.drtHijriDateNigeria !== null);
    // 160 before Dhul Hijjah 1439, Dhul Hijjah 1441 and Sha'ban 1443 were added: each holds one month end (31 August 2018, 31 July 2020, 31 March 2022), gold and silver.
    // 166 before the 15 stated-day months (issue 46): 13 of them hold one month end (2018-02-28 ... 2024-11-30), Jumada al-Akhirah
    // 1447 nine daily dates (2025-12-06 to 2025-12-19), and Dhul Qa'dah 1443 (1 June 2022) makes 31 May 2022 day 30 of Shawwal 1443:
    // 166 + 2 × (13 + 9 + 1) = 212 (counted by a script of the rule over data/rates.csv and data/daily/, not this code).
    // 212 before Rajab 1444, Jumada al-Ula 1445 and Jumada al-Akhirah 1445 (stated days too) were added: each holds one
    // month end (2023-01-31, 2023-11-30, 2023-12-31), gold and silver: 212 + 2 × 3 = 218.
    // 218 before Dhul Qa'dah 1438, Dhul Hijjah 1440 and Dhul Qa'dah 1441 (stated days) were added: each holds one
    // month end (2017-07-31, 2019-08-31, 2020-06-30), gold and silver: 218 + 2 × 3 = 224; then Muharram 1440 and
    // Sha'ban 1441 (stated days), each one month end (2018-09-30, 2020-03-31): 224 + 2 × 2 = 228; then Jumada al-Ula
    // 1442 (a stated day), one month end (2020-12-31): 228 + 2 = 230; then Rajab 1439 (declared, 2018-03-19 to
    // 2018-04-17) and Rajab 1443 (a stated day, 2022-02-03 to 2022-03-03), each one month end (2018-03-31,
    // 2022-02-28), neither making a month end day 30 of the month before: 230 + 2 × 2 = 234; then Dhul Qa'dah 1447 to
    // Rabi' al-Awwal 1448 (issue 46), which date every daily rate from 30 Shawwal 1447 (2026-04-18) to 29 Rabi' al-Awwal
    // 1448 (2026-09-11; its day 30 is not known): 130 rows of data/daily/ (awk over the files' drtDate): 234 + 130 = 364.
    expect(dated.length).toBe(364);
    // Ramadan 1447 began on 18 February 2026 (the gold rates of that month fall on its days 7 to 21).
    expect(
      rates.filter((r) => r.drtSubcategoryID === 1 && r.drtDate >= '2026-02-17' && r.drtDate <= '2026-03-21').map((r) => [r.drtDate, r.drtHijriDateNigeria]),
    ).toEqual([
      ['2026-02-24', '1447-09-07'],
      ['2026-03-01', '1447-09-12'],
      ['2026-03-03', '1447-09-14'],
      ['2026-03-05', '1447-09-16'],
      ['2026-03-10', '1447-09-21'],
    ]);
  });

  it('is built once into place, left alone while the bytes of data/ stay the same, and brought up to date when they change', async () => {
    const dataDir = path.join(scratch.dir, 'data');
    await cp(DATA_DIR, dataDir, { recursive: true, filter: (source) => !source.includes('default.sqlite') });
    const dbPath = path.join(scratch.dir, 'default.sqlite');

    expect(await ensureDefaultDatabase(dbPath, dataDir)).toBe(dbPath);
    const built = (await stat(dbPath)).mtimeMs;
    await ensureDefaultDatabase(dbPath, dataDir);
    expect((await stat(dbPath)).mtimeMs).toBe(built);

    // A newer time alone (a fresh checkout) is no change: the bytes decide.
    const later = new Date(built + 10_000);
    await utimes(path.join(dataDir, 'nisab.json'), later, later);
    expect(await bringDefaultDatabase(dbPath, dataDir)).toEqual({ kind: 'current' });
    expect((await stat(dbPath)).mtimeMs).toBe(built);

    await writeFile(path.join(dataDir, 'nisab.json'), (await readFile(path.join(dataDir, 'nisab.json'), 'utf8')) + '\n');
    expect(await bringDefaultDatabase(dbPath, dataDir)).toEqual({ kind: 'rebuilt', why: 'nisab.json changed, and the files after it depend on it' });
    // A source changed (its row rewritten): rows imported before were checked against it.
    const sources = await readFile(path.join(dataDir, 'sources.csv'), 'utf8');
    await writeFile(path.join(dataDir, 'sources.csv'), sources.replace('The World Bank, Commodity', 'The World Bank: Commodity'));
    expect(await bringDefaultDatabase(dbPath, dataDir)).toEqual({
      kind: 'rebuilt',
      why: 'sources.csv changed or took out a source (rows imported before were checked against it)',
    });
    await rm(path.join(dataDir, 'daily', '2026-09.csv'));
    expect(await bringDefaultDatabase(dbPath, dataDir)).toEqual({ kind: 'updated', files: ['daily/2026-09.csv'] });

    const db = openDatabase(dbPath, { readonly: true });
    // 748 rates less the 2 × 29 days of 2026-09 (counted by plain SQL in data/daily/2026-09.csv).
    expect(count(db, 'rates')).toBe(748 - 58);
    db.close();
    // Three loads of the default data: 60 s seen under a load of 22 beside a benchmark.
  }, 240_000);
});
