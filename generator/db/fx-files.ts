// Rates per US dollar kept as text, like the daily rates (rate-files.ts): one
// CSV per month (DIR/YYYY-MM.csv), a line per currency and day, in the columns
// of `import fx`, ordered by date then code. About 170 lines a day (some 6 KB),
// so a nightly adds one reviewable block to one file and a year is about 2 MB.
// Written by `fetch --write-fx-csv` and scripts/make-currency-data.ts; read back
// by the ordinary FX import.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { FxRateInput } from '../core/currencies.ts';
import { UserError } from '../errors.ts';
import { checkRecord } from './check-record.ts';

export const FX_FILE_COLUMNS = ['fxDate', 'fxCurrency', 'fxPerUSD', 'fxSource'] as const;
const MONTH_FILE = /^[0-9]{4}-[0-9]{2}\.csv$/;

/** The month files of `dir`, in date order (the import order). */
export async function fxMonthFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return names.filter((name) => MONTH_FILE.test(name)).sort().map((name) => path.join(dir, name));
}

const keyOf = (rate: FxRateInput) => `${rate.fxDate}/${rate.fxCurrency}`;

/** Adds `rates` to the month files of `dir`, replacing a kept row of the same currency and date; each file written whole, then renamed. */
export async function keepFx(dir: string, rates: readonly FxRateInput[]): Promise<string[]> {
  const byMonth = new Map<string, FxRateInput[]>();
  for (const rate of rates) {
    const month = rate.fxDate.slice(0, 7);
    const list = byMonth.get(month);
    if (list) list.push(rate);
    else byMonth.set(month, [rate]);
  }
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const [month, added] of [...byMonth].sort()) {
    const file = path.join(dir, `${month}.csv`);
    const kept = new Map((await readKept(file)).map((r) => [keyOf(r), r]));
    for (const rate of added) kept.set(keyOf(rate), rate);
    const rows = [...kept.values()].sort((a, b) => a.fxDate.localeCompare(b.fxDate) || a.fxCurrency.localeCompare(b.fxCurrency));
    const text = [FX_FILE_COLUMNS.join(','), ...rows.map((r) => FX_FILE_COLUMNS.map((c) => r[c]).join(','))].join('\n') + '\n';
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await writeFile(temporary, text);
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
    written.push(file);
  }
  return written;
}

async function readKept(file: string): Promise<FxRateInput[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
  if (text === undefined) return [];
  const rows = parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
  const problems: string[] = [];
  const kept: FxRateInput[] = [];
  rows.forEach((row, i) => {
    const rate = checkRecord(FxRateInput, { ...row, fxPerUSD: Number(row.fxPerUSD) }, (field, message) => problems.push(`${file}:${i + 2}: ${field}: ${message}`));
    if (rate) kept.push(rate);
  });
  if (problems.length) throw new UserError(`${file}: cannot add to this file; correct it first`, problems);
  return kept;
}
