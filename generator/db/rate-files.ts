// Rates kept as text: one CSV per month (DIR/YYYY-MM.csv) in the columns of an
// import, drtID included, so a database rebuilt from the files gives every
// record the ID it had (a back-filled day never renumbers a later one). Written
// by `fetch --write-csv` and by scripts/make-default-data.ts; read back by the
// ordinary rate import.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { RateInput } from '../core/schemas.ts';
import { UserError } from '../errors.ts';
import { checkRecord } from './check-record.ts';

/** A rate as kept in the files: every field given (drtNairaDate empty when it is drtDate). */
export type KeptRate = Required<Omit<RateInput, 'drtNairaDate'>> & { drtNairaDate?: string };

export const RATE_FILE_COLUMNS = ['drtID', 'drtDate', 'drtSubcategoryID', 'drtInUSD', 'drtUSDinNaira', 'drtPriceSource', 'drtNairaSource', 'drtNairaDate'] as const;
const MONTH_FILE = /^[0-9]{4}-[0-9]{2}\.csv$/;

/** The month files of `dir`, in date order (the import order). */
export async function monthFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return names.filter((name) => MONTH_FILE.test(name)).sort().map((name) => path.join(dir, name));
}

/**
 * Adds `rates` to the month files of `dir`, replacing a kept row of the same
 * subcategory and date; rows in (date, subcategory) order. Each file is written
 * whole under a temporary name and renamed, so a reader never sees half of one.
 */
export async function keepRates(dir: string, rates: readonly KeptRate[]): Promise<string[]> {
  const byMonth = new Map<string, KeptRate[]>();
  for (const rate of rates) {
    const month = rate.drtDate.slice(0, 7);
    byMonth.set(month, [...(byMonth.get(month) ?? []), rate]);
  }
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const [month, added] of [...byMonth].sort()) {
    const file = path.join(dir, `${month}.csv`);
    const kept = new Map((await readKept(file)).map((r) => [`${r.drtDate}/${r.drtSubcategoryID}`, r]));
    for (const rate of added) kept.set(`${rate.drtDate}/${rate.drtSubcategoryID}`, rate);
    const rows = [...kept.values()].sort((a, b) => a.drtDate.localeCompare(b.drtDate) || a.drtSubcategoryID - b.drtSubcategoryID);
    const text = [RATE_FILE_COLUMNS.join(','), ...rows.map(csvLine)].join('\n') + '\n';
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

function csvLine(rate: KeptRate): string {
  const nairaDate = rate.drtNairaDate && rate.drtNairaDate !== rate.drtDate ? rate.drtNairaDate : '';
  return [rate.drtID, rate.drtDate, rate.drtSubcategoryID, rate.drtInUSD, rate.drtUSDinNaira, rate.drtPriceSource, rate.drtNairaSource, nairaDate].join(',');
}

async function readKept(file: string): Promise<KeptRate[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
  if (text === undefined) return [];
  const rows = parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((row, i) => {
    const input = Object.fromEntries(
      Object.entries(row)
        .filter(([, v]) => v !== '')
        .map(([k, v]) => [k, ['drtID', 'drtSubcategoryID', 'drtInUSD', 'drtUSDinNaira'].includes(k) ? Number(v) : v]),
    );
    const problems: string[] = [];
    const rate = checkRecord(RateInput, input, (field, message) => problems.push(`${file}:${i + 2}: ${field}: ${message}`));
    if (!rate || rate.drtID === undefined) throw new UserError(`${file}: cannot add to this file; correct it first`, problems.length ? problems : [`${file}:${i + 2}: drtID: is missing`]);
    return { drtPriceSource: 'manual', drtNairaSource: 'manual', ...rate } as KeptRate;
  });
}
