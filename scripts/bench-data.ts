// Shared by the benchmarks: a source database of N years of two daily
// subcategories (gold, id 1, the default; silver, id 2) with deterministic
// prices, optionally with C currencies' daily rates per US dollar (docs/API.md
// §2c), made through the real imports, and a snapshot built from it with the
// real build (in-process, so only the build is timed).
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSnapshot, type BuildSummary } from '../generator/snapshot/build.ts';
import { loadDatabase } from '../generator/db/default-db.ts';
import { importRates } from '../generator/db/import-rates.ts';
import { initDatabase, openDatabase } from '../generator/db/open.ts';
import { DOLLAR, NAIRA, type FxRateInput } from '../generator/model/currencies.ts';
import { FX_DIR } from '../generator/db/default-db.ts';
import { keepFx } from '../generator/db/fx-files.ts';
import { importFx } from '../generator/db/import-fx.ts';

/** The newest date of every benchmark database; a nightly build appends the days after it. */
export const LAST_DATE = '2024-06-14';

/** Gold (1, the default) and silver (2), then daily subcategories 3.. up to `count`. */
function subcategoriesCsv(count: number): string {
  const rows = ['sctID,sctSlug,sctName,sctUnit,sctHasDailyRate,sctIsDefault', '1,gold,Gold,gram,true,true', '2,silver,Silver,gram,true,false'];
  for (let id = 3; id <= count; id++) rows.push(`${id},metal-${id},Metal ${id},gram,true,false`);
  return rows.join('\n') + '\n';
}

const NISAB_RULES = [
  { nsbID: 1, nsbSubcategoryID: 1, nsbThreshold: 85, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5 },
  { nsbID: 2, nsbSubcategoryID: 2, nsbThreshold: 595, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5 },
];

const DAY_MS = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(date + 'T00:00:00Z') + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every date from `first` to `last`, inclusive. */
export function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The first date of a history of `years` years that ends on LAST_DATE. */
export function firstDateFor(years: number): string {
  return addDays(`${Number(LAST_DATE.slice(0, 4)) - years}${LAST_DATE.slice(4)}`, 1);
}

/** A triangle wave from 0 up to 1 and back over `period` days: no jump the imports' plausibility gate would refuse. */
function wave(day: number, period: number): number {
  const at = day % period;
  return Math.abs(at - period / 2) / (period / 2);
}

/** A price that depends only on the date and subcategory, so every run sees the same data. */
function rateRow(date: string, subcategory: number): string {
  const day = Date.parse(date + 'T00:00:00Z') / DAY_MS;
  const usd =
    subcategory === 1 ? 40 + wave(day, 997) * 43 : subcategory === 2 ? 0.5 + wave(day, 89) * 0.6 : 10 + subcategory + wave(day, 500 + subcategory) * 20;
  const naira = 120 + wave(day, 7306) * 990;
  return `${date},${subcategory},${usd.toFixed(4)},${naira.toFixed(4)}`;
}

function ratesCsv(dates: string[], ids: readonly number[]): string {
  const rows = ['drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira'];
  for (const date of dates) for (const id of ids) rows.push(rateRow(date, id));
  return rows.join('\n') + '\n';
}

/**
 * `count` currency codes: the ISO 4217 ones of data/currencies.csv (less NGN and USD,
 * which are each rate's own), then made-up codes from the user-assigned QAA-QZZ.
 */
async function currencyCodes(count: number): Promise<[string, string][]> {
  const text = await readFile(new URL('../data/currencies.csv', import.meta.url), 'utf8');
  const real = text
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',') as [string, string])
    .filter(([code]) => code !== NAIRA && code !== DOLLAR)
    // GBP first, for the benchmarks' answers in a currency.
    .sort(([a], [b]) => Number(b === 'GBP') - Number(a === 'GBP'));
  const codes = real.slice(0, count);
  for (let i = 0; codes.length < count; i++)
    codes.push([`Q${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`, `Bench ${i}`]);
  return codes;
}

/** A currency's rate per US dollar on a date: a wave around a base of its own, never a jump the FX gate refuses. */
function fxRow(date: string, code: string, index: number): FxRateInput {
  const day = Date.parse(date + 'T00:00:00Z') / DAY_MS;
  const base = 0.3 + ((index * 7.31) % 50) ** 2;
  return { fxDate: date, fxCurrency: code, fxPerUSD: Number((base * (0.8 + wave(day, 400 + index) * 0.4)).toPrecision(8)), fxSource: 'manual' };
}

export interface BenchDatabase {
  /** A temporary folder holding the database and anything a benchmark puts beside it. */
  dir: string;
  db: string;
  records: number;
  /** The subcategories with daily rates. */
  ids: number[];
  /** The currencies with a daily rate per US dollar besides NGN and USD (GBP first when there are any). */
  currencies: string[];
  cleanUp(): Promise<void>;
}

/**
 * A new database of `years` years of daily rates of `subcategories` subcategories (gold and silver first)
 * ending on LAST_DATE, and of `currencies` currencies' rates per US dollar on every one of those days,
 * kept as data/fx's month files and imported by the default data's loader as the nightly's are.
 */
export async function makeDatabase(years: number, subcategories = 2, currencies = 0): Promise<BenchDatabase> {
  const ids = Array.from({ length: subcategories }, (_, i) => i + 1);
  const dir = await mkdtemp(path.join(tmpdir(), `bench-${subcategories}x${years}y-`));
  const file = (name: string) => path.join(dir, name);
  const dates = datesBetween(firstDateFor(years), LAST_DATE);
  await writeFile(file('categories.csv'), 'catID,catSlug,catName\n');
  await writeFile(file('subcategories.csv'), subcategoriesCsv(subcategories));
  await writeFile(file('rates.csv'), ratesCsv(dates, ids));
  await writeFile(file('nisab.json'), JSON.stringify(NISAB_RULES));
  const codes = await currencyCodes(currencies);
  if (currencies > 0) {
    await writeFile(file('currencies.csv'), ['curCode,curName', ...codes.map(([code, name]) => `${code},${name}`)].join('\n') + '\n');
    // A month at a time, so the rows of 50 years × 170 currencies are never all in memory.
    for (let i = 0; i < dates.length; ) {
      const month = dates[i]!.slice(0, 7);
      const rows: FxRateInput[] = [];
      for (; i < dates.length && dates[i]!.startsWith(month); i++) rows.push(...codes.map(([code], index) => fxRow(dates[i]!, code, index)));
      await keepFx(file(FX_DIR), rows);
    }
  }
  const db = file('source.sqlite');
  await loadDatabase(db, dir);
  return {
    dir,
    db,
    records: dates.length * ids.length,
    ids,
    currencies: codes.map(([code]) => code),
    cleanUp: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Bumped whenever what makeDatabase stores changes (rateRow, fxRow, the codes, the
 * files it writes): a database cached under an older version is never reused.
 */
const BENCH_DATA_VERSION = 1;

/** Where made databases are kept between runs (tmp/ is not committed): one per set of parameters. */
const CACHE_DIR = new URL('../tmp/bench-db/', import.meta.url);

/**
 * makeDatabase, but the made database is kept under tmp/bench-db/, keyed by its
 * parameters, and copied from there on a later run: 50 years × 170 currencies took
 * 20 minutes to make under load. The copy is the benchmark's own (nightly builds
 * append to it); the kept one is never written again.
 */
export async function cachedDatabase(years: number, subcategories = 2, currencies = 0): Promise<BenchDatabase & { cached: boolean }> {
  const key = `${subcategories}x${years}y-${currencies}c-${LAST_DATE}-v${BENCH_DATA_VERSION}`;
  const kept = path.join(CACHE_DIR.pathname, `${key}.sqlite`);
  const exists = await stat(kept).then(
    () => true,
    () => false,
  );
  if (exists) {
    const dir = await mkdtemp(path.join(tmpdir(), `bench-${subcategories}x${years}y-`));
    const db = path.join(dir, 'source.sqlite');
    await copyFile(kept, db);
    // Kept by an older schema: moved forward as any database in the field is (`init`).
    initDatabase(db);
    return {
      dir,
      db,
      records: datesBetween(firstDateFor(years), LAST_DATE).length * subcategories,
      ids: Array.from({ length: subcategories }, (_, i) => i + 1),
      currencies: (await currencyCodes(currencies)).map(([code]) => code),
      cleanUp: () => rm(dir, { recursive: true, force: true }),
      cached: true,
    };
  }
  const bench = await makeDatabase(years, subcategories, currencies);
  await mkdir(CACHE_DIR, { recursive: true });
  // Under another name first, so a run stopped halfway leaves no half copy to be reused.
  await copyFile(bench.db, `${kept}.${process.pid}.tmp`);
  await rename(`${kept}.${process.pid}.tmp`, kept);
  return { ...bench, cached: false };
}

/** Imports one rate per subcategory for `date`, and each currency's rate per US dollar, as the nightly feed would. */
export async function appendDay(bench: BenchDatabase, date: string): Promise<void> {
  const csv = path.join(bench.dir, `day-${date}.csv`);
  await writeFile(csv, ratesCsv([date], bench.ids));
  const handle = openDatabase(bench.db);
  try {
    await importRates(handle, csv);
    if (bench.currencies.length > 0) {
      const fx = path.join(bench.dir, `fx-${date}`);
      const [written] = await keepFx(
        fx,
        bench.currencies.map((code, index) => fxRow(date, code, index)),
      );
      await importFx(handle, written!);
    }
  } finally {
    handle.close();
  }
  bench.records += bench.ids.length;
}

/** The real build, in-process and silent. */
export function build(db: string, out: string, asOf: string, progress: (line: string) => void = () => {}): Promise<BuildSummary> {
  return buildSnapshot({
    db,
    out,
    asOf,
    timeZone: 'Africa/Lagos',
    maxAgeDays: 3,
    strict: false,
    now: new Date(asOf + 'T22:00:00Z'),
    log: () => {},
    progress,
  });
}

export interface TreeSize {
  files: number;
  bytes: number;
}

/** Files and bytes of a published tree (OUT is a link to it), optionally only under `under`. */
export async function treeSize(out: string, under = ''): Promise<TreeSize> {
  const total: TreeSize = { files: 0, bytes: 0 };
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        total.files++;
        total.bytes += (await stat(full)).size;
      }
    }
  };
  await walk(path.join(out, under));
  return total;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A markdown table from a header row and data rows. */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
