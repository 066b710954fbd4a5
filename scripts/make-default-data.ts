// Writes the default rates (data/rates.csv) from the source files in
// ../shared/data (see its SOURCES.md). Run again only when the sources change;
// its output is committed, so nothing else needs ../shared. categories.csv,
// subcategories.csv and nisab.json were first written from zakat_reference/ and
// are edited by hand since issue 10 (schools, authorities, the Maliki variants,
// the legal thresholds and the structured livestock tables are not in the
// reference files); they are the source of truth.
//
//   npx tsx scripts/make-default-data.ts [SOURCE_DIR]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { RateInput } from '../generator/model/schemas.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourceDir = path.resolve(root, process.argv[2] ?? '../shared/data');
const dataDir = path.join(root, 'data');

type Row = Record<string, string>;
const readCsv = (file: string): Row[] => parse(readFileSync(path.join(sourceDir, file)), { columns: true, bom: true });

const GOLD = 1;
const SILVER = 2;

const METALS = [
  [GOLD, 'gold_usd_per_gram'],
  [SILVER, 'silver_usd_per_gram'],
] as const;

/** One row per month and metal, IDs in (date, subcategory) order; numbers copied as written in the source. */
function rates(): Record<string, string | number>[] {
  const months = readCsv('seed_rates_monthly_2005_2025.csv').sort((a, b) => a.date!.localeCompare(b.date!));
  let drtID = 0;
  return months.flatMap((month) =>
    METALS.map(([drtSubcategoryID, column]) => {
      const row = { drtID: ++drtID, drtDate: month.date!, drtSubcategoryID, drtInUSD: month[column]!, drtUSDinNaira: month.ngn_per_usd! };
      RateInput.parse({ ...row, drtInUSD: Number(row.drtInUSD), drtUSDinNaira: Number(row.drtUSDinNaira) });
      return row;
    }),
  );
}

function toCsv(fields: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [fields.join(','), ...rows.map((row) => fields.map((f) => cell(row[f])).join(','))].join('\n') + '\n';
}

function writeCsv(file: string, fields: readonly string[], rows: readonly Record<string, unknown>[]): void {
  write(file, toCsv(fields, rows), rows.length);
}

function write(file: string, text: string, count: number): void {
  writeFileSync(path.join(dataDir, file), text);
  console.log(`data/${file}: ${count} records`);
}

writeCsv('rates.csv', ['drtID', 'drtDate', 'drtSubcategoryID', 'drtInUSD', 'drtUSDinNaira'], rates());
