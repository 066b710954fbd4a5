// Writes the currencies of the default data: data/currencies.csv (the national
// currencies `currency=` can name, from ISO 4217) and data/fx/YYYY-MM.csv (each
// currency's units per US dollar, per day, with its source) from the currency
// API's daily files kept in ../shared/data/currency-api-samples and its whole
// USD file of the 203 days our daily metals come from, currency_api_fx_daily.csv
// (SOURCES.md §8: date,payload_date,npm_version,code,per_usd), and data/fx-monthly/
// YYYY.csv (monthly averages per US dollar, dated on the month's first day) from
// the Federal Reserve's H.10 via FRED, fred_h10_fx_monthly.csv (SOURCES.md §9:
// Date,Country,Exchange rate, every value units of the currency per US dollar). Run again only
// when the sources change; its output is committed. The nightly `fetch
// --write-fx-csv data/fx` adds to the same files.
//
//   npx tsx scripts/make-currency-data.ts [SOURCE_DIR] [ISO_4217_JSON]
//
// The ISO 4217 list is Debian's iso-codes package (/usr/share/iso-codes/json/
// iso_4217.json, version 4.15.0, LGPL-2.1+, which copies the ISO 4217 maintenance
// agency's list of current codes), less what is not a state's money (metals,
// SDR, the funds and test codes: NOT_NATIONAL), plus two codes ISO 4217 assigned
// after that version (ADDED, each with its source).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepFx } from '../generator/db/fx-files.ts';
import { nationalRates } from '../generator/sources/currency-api.ts';
import type { FxRateInput } from '../generator/model/currencies.ts';
import { JUMP_FACTOR } from '../generator/db/plausibility.ts';

/** data/sources.csv's entry of the H.10 monthly averages. */
const H10_SOURCE = 'fed-h10-monthly';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourceDir = path.resolve(root, process.argv[2] ?? '../shared/data');
const isoFile = process.argv[3] ?? '/usr/share/iso-codes/json/iso_4217.json';
const dataDir = path.join(root, 'data');

/** Codes of ISO 4217 that are no state's money: precious metals, the IMF's SDR and SDR-like units, funds and bond-market units, test and "no currency". */
const NOT_NATIONAL = new Set([
  'XAG',
  'XAU',
  'XPD',
  'XPT',
  'XDR',
  'XSU',
  'XUA',
  'XBA',
  'XBB',
  'XBC',
  'XBD',
  'XTS',
  'XXX',
  'BOV',
  'CHE',
  'CHW',
  'CLF',
  'COU',
  'MXV',
  'USN',
  'UYI',
  'UYW',
]);

/** Assigned after iso-codes 4.15.0. */
const ADDED = [
  // Reserve Bank of Zimbabwe, letter to the Bankers Association of Zimbabwe: the ISO 4217 committee
  // approved ZWG (numeric 924) for the Zimbabwe Gold from 2024-06-25, ZWL ceasing on 2024-09-01.
  { curCode: 'ZWG', curName: 'Zimbabwe Gold' },
  // Centrale Bank van Curaçao en Sint Maarten: the Caribbean guilder (XCG) replaced the
  // Netherlands Antillean guilder (ANG) on 2025-03-31.
  { curCode: 'XCG', curName: 'Caribbean Guilder' },
];

interface IsoEntry {
  alpha_3: string;
  name: string;
}

const iso = (JSON.parse(readFileSync(isoFile, 'utf8')) as { '4217': IsoEntry[] })['4217'];
const currencies = [...iso.filter((c) => !NOT_NATIONAL.has(c.alpha_3)).map((c) => ({ curCode: c.alpha_3, curName: c.name })), ...ADDED]
  .filter((c, i, all) => all.findIndex((o) => o.curCode === c.curCode) === i)
  .sort((a, b) => a.curCode.localeCompare(b.curCode));
const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
writeFileSync(path.join(dataDir, 'currencies.csv'), ['curCode,curName', ...currencies.map((c) => `${c.curCode},${quote(c.curName)}`)].join('\n') + '\n');

const national = new Set(currencies.map((c) => c.curCode));
const samples = path.join(sourceDir, 'currency-api-samples');
const rows = readdirSync(samples)
  .filter((name) => /^usd-[0-9]{4}-[0-9]{2}-[0-9]{2}\.json$/.test(name))
  .sort()
  .flatMap((name) => {
    const file = JSON.parse(readFileSync(path.join(samples, name), 'utf8')) as { date: string; usd: Record<string, unknown> };
    return nationalRates(file.date, file.usd, national);
  });
// The same files' figures as one table: one entry a day, keyed as the API's file is (lower case).
const daily = new Map<string, Record<string, unknown>>();
for (const line of readFileSync(path.join(sourceDir, 'currency_api_fx_daily.csv'), 'utf8').trim().split('\n').slice(1)) {
  const [date, payloadDate, , code, perUSD] = line.split(',') as [string, string, string, string, string];
  if (payloadDate !== date) throw new Error(`currency_api_fx_daily.csv: ${date} ${code}: the file's own date is ${payloadDate}`);
  const day = daily.get(date) ?? {};
  day[code.toLowerCase()] = Number(perUSD);
  daily.set(date, day);
}
for (const [date, usd] of [...daily].sort()) rows.push(...nationalRates(date, usd, national));
const kept = withoutGlitches(rows);
await keepFx(path.join(dataDir, 'fx'), kept);
console.log(`data/currencies.csv: ${currencies.length} currencies; data/fx: ${kept.length} rates`);

/**
 * The currency API's file has one-day slips: MNT at 0.77 per dollar on 2024-04-01
 * between 3,397.8 and 3,397.0, ZWL at its old peg of 322 between 21,636 and 22,105.
 * A figure the import's gate refuses against both its neighbouring days of the same
 * currency (JUMP_FACTOR, compounding per year), while those two agree with each
 * other, is such a slip, not a move: it is left out (named here), so no record is
 * valued at it. A level that stays (IRR from 2026-01) is kept: a real move, imported
 * with --accept-jumps as the kept files are.
 */
function withoutGlitches(all: FxRateInput[]): FxRateInput[] {
  const byCode = new Map<string, FxRateInput[]>();
  for (const rate of [...new Map(all.map((r) => [`${r.fxDate}/${r.fxCurrency}`, r])).values()]) {
    const list = byCode.get(rate.fxCurrency) ?? [];
    list.push(rate);
    byCode.set(rate.fxCurrency, list);
  }
  const agree = (a: FxRateInput, b: FxRateInput) => {
    const days = Math.abs(Date.parse(b.fxDate) - Date.parse(a.fxDate)) / 86_400_000;
    const limit = JUMP_FACTOR ** Math.max(1, Math.ceil(days / 365));
    const ratio = a.fxPerUSD / b.fxPerUSD;
    return ratio <= limit && ratio >= 1 / limit;
  };
  const slips = new Set<FxRateInput>();
  for (const list of byCode.values()) {
    list.sort((a, b) => a.fxDate.localeCompare(b.fxDate));
    for (let i = 1; i + 1 < list.length; i++) {
      const [before, rate, after] = [list[i - 1]!, list[i]!, list[i + 1]!];
      if (!agree(rate, before) && !agree(rate, after) && agree(before, after)) slips.add(rate);
    }
  }
  for (const slip of slips) console.log(`left out: ${slip.fxCurrency} ${slip.fxPerUSD} on ${slip.fxDate} (a one-day slip of the currency API's file)`);
  return all.filter((rate) => !slips.has(rate));
}

/**
 * The H.10 file's countries with a current currency (SOURCES.md §9), by the name the
 * file gives them. Left out: Venezuela (several currencies over time, redenominated in
 * 2008 and 2018) and the currencies the euro replaced (their series end in 2001-12).
 */
const H10_CODES: Record<string, string> = {
  Australia: 'AUD',
  Brazil: 'BRL',
  Canada: 'CAD',
  China: 'CNY',
  Denmark: 'DKK',
  Euro: 'EUR',
  'Hong Kong': 'HKD',
  India: 'INR',
  Japan: 'JPY',
  Malaysia: 'MYR',
  Mexico: 'MXN',
  'New Zealand': 'NZD',
  Norway: 'NOK',
  Singapore: 'SGD',
  'South Africa': 'ZAR',
  'South Korea': 'KRW',
  'Sri Lanka': 'LKR',
  Sweden: 'SEK',
  Switzerland: 'CHF',
  Taiwan: 'TWD',
  Thailand: 'THB',
  'United Kingdom': 'GBP',
};
const monthly = readFileSync(path.join(sourceDir, 'fred_h10_fx_monthly.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .flatMap((line) => {
    const [date, country, perUSD] = line.split(',') as [string, string, string];
    const code = H10_CODES[country];
    if (code === undefined) return [];
    if (!national.has(code)) throw new Error(`fred_h10_fx_monthly.csv: ${country}'s ${code} is not in data/currencies.csv`);
    return [{ fxDate: date, fxCurrency: code, fxPerUSD: Number(perUSD), fxSource: H10_SOURCE }];
  });
await keepFx(path.join(dataDir, 'fx-monthly'), monthly, true);
console.log(`data/fx-monthly: ${monthly.length} monthly averages of ${new Set(monthly.map((r) => r.fxCurrency)).size} currencies`);
