// Writes the daily part of the default data (data/daily/YYYY-MM.csv) and names
// the sources of the monthly part (data/rates.csv), keeping every drtID the
// files already hold (a new record gets the next free one, so nothing is ever
// renumbered). Run again only when the sources change; its output is committed.
//
//   npx tsx scripts/make-daily-data.ts [SOURCE_DIR]
//
// Daily records: every day from 2025-09-01 (the monthly series ends 2025-08-31)
// that the currency API published (SOURCE_DIR/currency_api_usd_daily.csv, read
// from its npm versions), priced exactly as `fetch` prices a fetched day
// (generator/sources/daily-rates.ts), with the CBN's NFEM weighted average of
// that day, or carried from the last working day (scripts/source-data/cbn-nfem.csv,
// from the bukunmialuko/cbn-rates mirror of the CBN's JSON).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { addDays } from '../generator/model/dates.ts';
import { keepRates, monthFiles, type KeptRate } from '../generator/db/rate-files.ts';
import { MAX_CARRY_DAYS, type NairaFigure } from '../generator/sources/cbn.ts';
import { CBN_NFEM_CARRIED_ID, CBN_NFEM_ID } from '../generator/sources/ids.ts';
import { dayRows, ownNaira } from '../generator/sources/daily-rates.ts';
import { PRICE_SOURCES } from '../generator/sources/registry.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourceDir = path.resolve(root, process.argv[2] ?? '../shared/data');
const dataDir = path.join(root, 'data');
const dailyDir = path.join(dataDir, 'daily');
const FIRST_DAY = '2025-09-01';
const MONTHLY = { price: 'worldbank-pink-sheet', naira: 'imf-ifs-eop' };

type Row = Record<string, string>;
const csv = (file: string): Row[] => parse(readFileSync(file), { columns: true, bom: true });

// 1. The monthly records name their sources.
const monthly = csv(path.join(dataDir, 'rates.csv'));
const header = 'drtID,drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira,drtPriceSource,drtNairaSource';
const lines = monthly.map((r) => [r.drtID, r.drtDate, r.drtSubcategoryID, r.drtInUSD, r.drtUSDinNaira, MONTHLY.price, MONTHLY.naira].join(','));
writeFileSync(path.join(dataDir, 'rates.csv'), [header, ...lines].join('\n') + '\n');
console.log(`data/rates.csv: ${monthly.length} monthly records, sources ${MONTHLY.price} and ${MONTHLY.naira}`);

// 2. The daily records, with the IDs they already have.
const cbn = new Map(csv(path.join(root, 'scripts/source-data/cbn-nfem.csv')).map((r) => [r.date!, Number(r.weighted_avg)]));
function naira(date: string): NairaFigure | undefined {
  for (let back = 0; back <= MAX_CARRY_DAYS; back++) {
    const day = addDays(date, -back);
    const rate = cbn.get(day);
    if (rate !== undefined) return { rate, date: day, source: back === 0 ? CBN_NFEM_ID : CBN_NFEM_CARRIED_ID };
  }
  return undefined;
}

const existing = new Map<string, number>();
let maxId = Math.max(...monthly.map((r) => Number(r.drtID)));
for (const file of await monthFiles(dailyDir)) {
  for (const r of csv(file)) {
    existing.set(`${r.drtDate}/${r.drtSubcategoryID}`, Number(r.drtID));
    maxId = Math.max(maxId, Number(r.drtID));
  }
}
const days = csv(path.join(sourceDir, 'currency_api_usd_daily.csv')).filter((d) => d.date! >= FIRST_DAY && d.payload_date === d.date);
const [currencyApi] = PRICE_SOURCES;
const rows: KeptRate[] = [];
for (const d of days) {
  const day = { date: d.date!, figures: { xau: Number(d.xau), xag: Number(d.xag), ngn: Number(d.ngn_per_usd) } };
  for (const row of dayRows(currencyApi, day, naira(day.date) ?? ownNaira(currencyApi, day)!, { gold: 1, silver: 2 })) {
    const drtID = existing.get(`${row.drtDate}/${row.drtSubcategoryID}`) ?? ++maxId;
    rows.push({ ...row, drtID });
  }
}
const written = await keepRates(dailyDir, rows);
const carried = rows.filter((r) => r.drtNairaSource === CBN_NFEM_CARRIED_ID).length / 2;
console.log(`data/daily: ${rows.length} daily records (${days.length} days, ${carried} with a carried CBN rate) in ${written.length} files`);
