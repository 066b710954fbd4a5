// Writes the default data set (data/*.csv, data/nisab.json) from the source
// files in ../shared/data (see its SOURCES.md). Run again only when the sources
// change; its output is committed, so nothing else needs ../shared.
//
//   npx tsx scripts/make-default-data.ts [SOURCE_DIR]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { Category, NisabRuleInput, RateInput, SubcategoryInput } from '../generator/core/schemas.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourceDir = path.resolve(root, process.argv[2] ?? '../shared/data');
const dataDir = path.join(root, 'data');

type Row = Record<string, string>;
const readCsv = (file: string): Row[] => parse(readFileSync(path.join(sourceDir, file)), { columns: true, bom: true });

// The unit a rate or threshold of the subcategory is quoted in (sctUnit).
const UNITS: Record<string, string> = {
  gold: 'gram',
  silver: 'gram',
  cash: 'currency',
  'trade-goods': 'currency',
  camels: 'head',
  cattle: 'head',
  'sheep-goats': 'head',
  crops: 'kg',
  rikaz: 'currency',
  minerals: 'gram',
};
const THRESHOLD_UNITS: Record<string, string> = { g: 'gram', kg: 'kg', head: 'head', currency: 'currency' };

const GOLD = 1;
const SILVER = 2;

function categories(): Category[] {
  return readCsv('zakat_reference/categories.csv').map((c) =>
    Category.parse({ catID: Number(c.category_id), catSlug: c.slug, catName: c.name }),
  );
}

function subcategories(): SubcategoryInput[] {
  return readCsv('zakat_reference/subcategories.csv').map((s) =>
    SubcategoryInput.parse({
      sctID: Number(s.subcategory_id),
      sctSlug: s.slug,
      sctName: s.name,
      sctUnit: UNITS[s.slug!],
      sctHasDailyRate: s.has_daily_rate === '1',
      sctIsDefault: s.is_default === '1',
      sctCategoryID: Number(s.category_id),
    }),
  );
}

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

function nisab(): NisabRuleInput[] {
  const brackets = readCsv('zakat_reference/livestock_brackets.csv');
  const orNull = (value: string | undefined) => (value ? value : null);
  return readCsv('zakat_reference/nisab_rules.csv').map((r) =>
    NisabRuleInput.parse({
      nsbID: Number(r.rule_id),
      nsbSubcategoryID: Number(r.subcategory_id),
      nsbVariant: r.variant,
      nsbIsDefault: r.is_default === '1',
      nsbThreshold: r.threshold_quantity === '' ? null : Number(r.threshold_quantity),
      nsbThresholdUnit: THRESHOLD_UNITS[r.threshold_unit!] ?? missing('threshold unit', r.threshold_unit),
      nsbRatePercent: r.rate_percent === '' ? null : Number(r.rate_percent),
      nsbRateKind: r.rate_kind,
      nsbBasisSubcategoryID: r.threshold_basis_subcategory_id ? Number(r.threshold_basis_subcategory_id) : null,
      nsbHawlRequired: r.hawl_required === '1',
      nsbConditions: orNull(r.conditions),
      // The source notes point at its own bracket file; in the API the table is nsbBrackets.
      nsbNotes: orNull(r.notes?.replace('Bracket table in livestock_brackets.csv.', 'Bracket table in nsbBrackets.')),
      nsbSourceURL: orNull(r.source_url),
      nsbBrackets: brackets
        .filter((b) => b.subcategory_id === r.subcategory_id && b.variant === r.variant)
        .map((b) => ({
          lbrMinCount: Number(b.min_count),
          lbrMaxCount: b.max_count === '' ? null : Number(b.max_count),
          lbrDue: b.due_items,
          lbrDueText: b.due_text,
        })),
    }),
  );
}

function missing(what: string, value: string | undefined): never {
  throw new Error(`no mapping for ${what} ${JSON.stringify(value)}`);
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

const fieldsOf = (schema: z.ZodObject) => Object.keys(schema.shape);
const rules = nisab();
writeCsv('categories.csv', fieldsOf(Category), categories());
writeCsv('subcategories.csv', fieldsOf(SubcategoryInput), subcategories());
writeCsv('rates.csv', ['drtID', 'drtDate', 'drtSubcategoryID', 'drtInUSD', 'drtUSDinNaira'], rates());
write('nisab.json', JSON.stringify(rules, null, 2) + '\n', rules.length);
