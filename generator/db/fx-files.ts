// Rates per US dollar kept as text, like the daily rates (rate-files.ts): one
// CSV per month (DIR/YYYY-MM.csv), a line per currency and day, in the columns
// of `import fx`, ordered by date then code. About 170 lines a day (some 6 KB),
// so a nightly adds one reviewable block to one file and a year is about 2 MB.
// Written by `fetch --write-fx-csv` and scripts/make-currency-data.ts; read back
// by the ordinary FX import.
//
// The columns and each line are derived from STORED_FX_COLUMNS, and a month
// file is read back through the import's own CSV reader (as rate-files.ts does).
import path from 'node:path';
import { FxRateInput, STORED_FX_COLUMNS } from '../model/currencies.ts';
import { readCsv } from './csv-records.ts';
import { Problems } from './problems.ts';
import { textHeader, textLine } from './stored-columns.ts';
import { exists, filesNamed, keepRows, writeWhole } from './text-file.ts';

/** The year files (YYYY.csv) of `dir`, in order: the monthly averages' (data/fx-monthly). */
export function yearFiles(dir: string): Promise<string[]> {
  return filesNamed(dir, /^[0-9]{4}\.csv$/);
}

/** The header of every month file. */
export const FX_FILE_COLUMNS = textHeader(STORED_FX_COLUMNS);
const keyOf = (rate: FxRateInput) => `${rate.fxDate}/${rate.fxCurrency}`;

/** Reads the month files `dates` fall in: fetch refuses a damaged one before anything is fetched (as checkMonthFiles does for data/daily). */
export async function checkFxMonthFiles(dir: string, dates: readonly string[]): Promise<void> {
  for (const month of new Set(dates.map((date) => date.slice(0, 7)))) await readKept(path.join(dir, `${month}.csv`));
}

/**
 * Adds `rates` to the month files of `dir`, replacing a kept row of the same currency and date; each file written whole, then renamed.
 * `perYear`: one file a year (DIR/YYYY.csv), for monthly averages (data/fx-monthly: some 250 lines a year).
 */
export function keepFx(dir: string, rates: readonly FxRateInput[], perYear = false): Promise<string[]> {
  return keepRows<FxRateInput>(dir, rates, { fileOf: (rate) => rate.fxDate.slice(0, perYear ? 4 : 7), keyOf, read: readKept, write: writeKept });
}

async function writeKept(file: string, rates: readonly FxRateInput[]): Promise<void> {
  const rows = [...rates].sort((a, b) => a.fxDate.localeCompare(b.fxDate) || a.fxCurrency.localeCompare(b.fxCurrency));
  await writeWhole(file, [FX_FILE_COLUMNS, ...rows.map((rate) => textLine(STORED_FX_COLUMNS, rate))].join('\n') + '\n');
}

async function readKept(file: string): Promise<FxRateInput[]> {
  if (!(await exists(file))) return [];
  const problems = new Problems(file);
  const kept: FxRateInput[] = [];
  await readCsv(file, FxRateInput, problems, ({ value }) => {
    kept.push(value);
  });
  problems.throwIfAny('cannot add to this file; correct it first');
  return kept;
}
