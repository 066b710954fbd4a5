// The embedded currencies (issue 33, docs/currencies.md), served by the real
// preview over the real default data: every daily record with a figure of its
// own day (the currency API's 203 days, SOURCES.md §8), every monthly-average
// record at its currency's average of the same month (the Fed's H.10, SOURCES.md
// §9) and never at a daily figure. The oracle is plain SQL on the database the
// snapshot was built from, and figures copied by hand from the source files.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_DIR, loadDatabase } from '../../generator/db/default-db.ts';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { request } from '../support/http.ts';

const AS_OF = '2026-09-29';

interface RateIn {
  drtDate: string;
  drtInUSD: number;
  drtPriceSource: string;
  drtUSDinCurrency: number | null;
  drtCurrencyDate: string | null;
  drtCurrencySource: string | null;
  drtInCurrency: number | null;
}

describe('the embedded currencies, daily and monthly', () => {
  let dir: string;
  let db: Database.Database;
  let preview: Preview;
  const get = async (query: string) => {
    const answer = await request(preview.url, `/api/v1${query}`);
    expect(answer.status, answer.body).toBe(200);
    return JSON.parse(answer.body).data;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-currencies-'));
    const file = path.join(dir, 'source.sqlite');
    await loadDatabase(file, DATA_DIR);
    await buildSnapshot(fixtureBuild(file, path.join(dir, 'public'), { asOf: AS_OF, now: new Date(`${AS_OF}T12:00:00Z`) }));
    db = new Database(file, { readonly: true });
    preview = await startPreview({ dir: path.join(dir, 'public'), port: 0 });
  });
  afterAll(async () => {
    await preview?.close();
    db?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("values a daily record at its own day's figure of the currency API", async () => {
    const gold = await get('/rates/latest?date=2026-07-15&subcategory=gold&currency=GBP');
    // currency_api_fx_daily.csv: 2026-07-15,2026-07-15,2026.7.15,GBP,0.74586441; data/daily/2026-07.csv: gold 129.802255.
    expect(gold).toMatchObject({ drtDate: '2026-07-15', drtInUSD: 129.802255, drtCurrency: 'GBP', drtUSDinCurrency: 0.74586441 });
    expect(gold).toMatchObject({ drtCurrencyDate: '2026-07-15', drtCurrencySource: 'currency-api' });
    // 129.802255 × 0.74586441 = 96.8148…
    expect(gold.drtInCurrency).toBe(96.81);
  });

  it('values at least 95 % of the 2026 gold records in EUR, each at the figure SQL has for its day', async () => {
    const records: RateIn[] = await get('/rates?start_date=2026-01-01&end_date=2026-12-31&subcategory=gold&currency=EUR');
    const own = db.prepare("SELECT fxPerUSD FROM fx_rates WHERE fxCurrency = 'EUR' AND fxDate = ?").pluck();
    const expected = db.prepare("SELECT count(*) FROM rates WHERE drtSubcategoryID = 1 AND drtDate BETWEEN '2026-01-01' AND ?").pluck().get(AS_OF) as number;
    expect(records.length).toBe(expected);
    const valued = records.filter((r) => r.drtUSDinCurrency !== null);
    expect(valued.length / records.length).toBeGreaterThanOrEqual(0.95);
    for (const r of valued) {
      // Every daily record of the default data has a figure of its own day (the same files).
      expect([r.drtDate, r.drtUSDinCurrency, r.drtCurrencyDate]).toEqual([r.drtDate, own.get(r.drtDate), r.drtDate]);
    }
  });

  it("values the 85 g gold rule of 2015-06-30 in GBP at that month's gold average × that month's GBP average", async () => {
    const rules = await get('/nisab?currency=GBP&date=2015-06-30');
    const rule = rules.find((r: { nsbID: number }) => r.nsbID === 1);
    // data/rates.csv: 251,2015-06-30,1,37.986107 (the World Bank's June 2015 average per gram);
    // fred_h10_fx_monthly.csv: 2015-06-01,United Kingdom,0.642. 85 × 37.986107 × 0.642 = 2072.8958…
    expect(rule).toMatchObject({ nsbThreshold: 85, nsbRateDate: '2015-06-30', nsbValueSubcategoryID: 1, nsbCurrency: 'GBP', nsbValueInCurrency: 2072.9 });
    const gold = await get('/rates/latest?date=2015-06-30&currency=GBP');
    expect(gold).toMatchObject({ drtUSDinCurrency: 0.642, drtCurrencyDate: '2015-06-01', drtCurrencySource: 'fed-h10-monthly', drtInCurrency: 24.39 });
  });

  it("values every monthly gold record of 2010 in JPY at the same month's average, as SQL has it", async () => {
    const records: RateIn[] = await get('/rates?start_date=2010-01-01&end_date=2010-12-31&subcategory=gold&currency=JPY');
    const average = db.prepare("SELECT fxPerUSD, fxDate, fxSource FROM fx_monthly WHERE fxCurrency = 'JPY' AND fxDate = substr(?, 1, 8) || '01'");
    expect(records.length).toBe(12);
    for (const r of records) {
      const found = average.get(r.drtDate) as { fxPerUSD: number; fxDate: string; fxSource: string };
      expect([r.drtDate, r.drtPriceSource, r.drtUSDinCurrency, r.drtCurrencyDate, r.drtCurrencySource]).toEqual([
        r.drtDate,
        'worldbank-pink-sheet',
        found.fxPerUSD,
        found.fxDate,
        'fed-h10-monthly',
      ]);
    }
  });

  it('never values a monthly record at a daily figure: a currency without monthly averages answers null', async () => {
    // AED has daily figures on 2025-08-25 to 30 (data/fx/2025-08.csv), but no monthly average.
    const gold = await get('/rates/latest?date=2025-08-31&currency=AED');
    expect(gold).toMatchObject({ drtDate: '2025-08-31', drtPriceSource: 'worldbank-pink-sheet', drtUSDinCurrency: null, drtInCurrency: null });
    // And a daily record is never valued at a monthly average, though GBP has one of 2026-06 (fx_monthly).
    const june = await get('/rates/latest?date=2026-06-05&currency=GBP');
    expect(june.drtCurrencySource).toBe('currency-api');
  });

  it('says which spans of each currency are monthly and which daily', async () => {
    const list = await get('/currencies');
    const of = (code: string) => list.find((c: { curCode: string }) => c.curCode === code);
    const monthlyRecords = db
      .prepare(
        "SELECT substr(min(drtDate), 1, 7), substr(max(drtDate), 1, 7) FROM rates JOIN sources ON srcID = drtPriceSource WHERE srcFigure = 'monthly-average'",
      )
      .raw()
      .get();
    expect(monthlyRecords).toEqual(['2005-01', '2025-08']);
    expect(of('GBP')).toMatchObject({ curDailyFirst: '2024-03-02', curDailyLast: '2026-09-29', curMonthlyFirst: '2005-01', curMonthlyLast: '2025-08' });
    expect(of('AED')).toMatchObject({ curDailyFirst: '2024-03-02', curMonthlyFirst: null, curMonthlyLast: null });
    expect(of('NGN')).toMatchObject({ curDailyFirst: '2025-09-01', curMonthlyFirst: '2005-01', curMonthlyLast: '2025-08' });
    const withMonths = list.filter((c: { curMonthlyFirst: string | null }) => c.curMonthlyFirst !== null).map((c: { curCode: string }) => c.curCode);
    expect(withMonths).toEqual([
      'AUD',
      'BRL',
      'CAD',
      'CHF',
      'CNY',
      'DKK',
      'EUR',
      'GBP',
      'HKD',
      'INR',
      'JPY',
      'KRW',
      'LKR',
      'MXN',
      'MYR',
      'NGN',
      'NOK',
      'NZD',
      'SEK',
      'SGD',
      'THB',
      'TWD',
      'USD',
      'ZAR',
    ]);
  });
});
