// Rates kept as text: one CSV per month (DIR/YYYY-MM.csv) in the columns of an
// import, drtID included, so a database rebuilt from the files gives every
// record the ID it had (a back-filled day never renumbers a later one). Written
// by `fetch --write-csv` and by scripts/make-default-data.ts; read back by the
// ordinary rate import.
//
// The columns and each line are derived from STORED_RATE_COLUMNS: a line holds
// each field as the database stores it (a default applied, drtNairaDate empty
// when it is drtDate), and is read back through the import's own CSV reader.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { RateInput, STORED_RATE_COLUMNS } from '../model/schemas.ts';
import { readCsv } from './csv-records.ts';
import { Problems } from './problems.ts';
import { textHeader, textLine } from './stored-columns.ts';
import { exists, filesNamed, keepRows, writeWhole } from './text-file.ts';

/** A rate as kept in the files: a rate as imported, with the drtID the database gave it. */
export type KeptRate = RateInput & { drtID: number };

/** The header of every month file. */
export const RATE_FILE_COLUMNS = textHeader(STORED_RATE_COLUMNS);
const MONTH_FILE = /^[0-9]{4}-[0-9]{2}\.csv$/;

/** The month files of `dir` (YYYY-MM.csv: the rates' data/daily and the currencies' data/fx), in date order (the import order). */
export function monthFiles(dir: string): Promise<string[]> {
  return filesNamed(dir, MONTH_FILE);
}

/**
 * Adds `rates` to the month files of `dir`, replacing a kept row of the same
 * subcategory and date; rows in (date, subcategory) order. Each file is written
 * whole under a temporary name and renamed, so a reader never sees half of one.
 */
export function keepRates(dir: string, rates: readonly KeptRate[]): Promise<string[]> {
  return keepRows<KeptRate>(dir, rates, { fileOf: (rate) => rate.drtDate.slice(0, 7), keyOf, read: readKept, write: writeKept });
}

/**
 * Reads the month files of `dir` that rows of `dates` would go into, so a
 * damaged one is refused before anything is fetched (UserError naming its lines).
 */
export async function checkMonthFiles(dir: string, dates: readonly string[]): Promise<void> {
  for (const month of new Set(dates.map((date) => date.slice(0, 7)))) await readKept(path.join(dir, `${month}.csv`));
}

const keyOf = (rate: { drtDate: string; drtSubcategoryID: number }) => `${rate.drtDate}/${rate.drtSubcategoryID}`;

/** Removes the kept row of `subcategory` on `date` from its month file of `dir`; the file, or null when it held no such row. */
export async function dropKeptRate(dir: string, subcategory: number, date: string): Promise<string | null> {
  const file = path.join(dir, `${date.slice(0, 7)}.csv`);
  const kept = await readKept(file);
  const left = kept.filter((rate) => keyOf(rate) !== keyOf({ drtDate: date, drtSubcategoryID: subcategory }));
  if (left.length === kept.length) return null;
  if (left.length === 0) await rm(file);
  else await writeKept(file, left);
  return file;
}

/** Writes a month file whole under a temporary name and renames it, so a reader never sees half of one. */
async function writeKept(file: string, rates: readonly KeptRate[]): Promise<void> {
  const rows = [...rates].sort((a, b) => a.drtDate.localeCompare(b.drtDate) || a.drtSubcategoryID - b.drtSubcategoryID);
  const text = [RATE_FILE_COLUMNS, ...rows.map((rate) => textLine(STORED_RATE_COLUMNS, rate))].join('\n') + '\n';
  await writeWhole(file, text);
}

async function readKept(file: string): Promise<KeptRate[]> {
  if (!(await exists(file))) return [];
  const problems = new Problems(file);
  const kept: KeptRate[] = [];
  await readCsv(file, RateInput, problems, ({ line, value }) => {
    const { drtID } = value;
    if (drtID === undefined) problems.add(line, 'drtID', 'is missing');
    else kept.push({ ...value, drtID });
  });
  problems.throwIfAny('cannot change this file; correct it first (nothing was fetched or imported)');
  return kept;
}
