// The `import` command's one call: open the database, run the importer of the
// kind named on the command line, close.
import type { Database } from 'better-sqlite3';
import { UserError } from '../errors.ts';
import { importAnnouncements } from './import-announcements.ts';
import { type CalendarOptions, importNigeriaCalendar } from './import-calendar.ts';
import { importCategories } from './import-categories.ts';
import { importCurrencies } from './import-currencies.ts';
import { importFx, importFxMonthly } from './import-fx.ts';
import { importNisab } from './import-nisab.ts';
import { importRates } from './import-rates.ts';
import { importSources } from './import-sources.ts';
import { importSubcategories } from './import-subcategories.ts';
import type { ImportSummary } from './import-summary.ts';
import type { GateOptions } from './plausibility.ts';
import { openDatabase, writeError } from './open.ts';
import { commitStarts } from '../stopping.ts';

/** The gates' options and the calendar's (each importer reads its own). */
export type ImportOptions = GateOptions & CalendarOptions;

const IMPORTERS: Record<string, (db: Database, file: string, options: ImportOptions) => Promise<ImportSummary>> = {
  categories: importCategories,
  subcategories: importSubcategories,
  sources: importSources,
  rates: importRates,
  currencies: importCurrencies,
  fx: importFx,
  'fx-monthly': importFxMonthly,
  nisab: importNisab,
  'nigeria-calendar': importNigeriaCalendar,
  announcements: importAnnouncements,
};

export const IMPORT_KINDS = Object.keys(IMPORTERS);

export async function importFile(kind: string, file: string, dbPath: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const run = Object.hasOwn(IMPORTERS, kind) ? IMPORTERS[kind] : undefined;
  if (!run) throw new UserError(`unknown import kind ${JSON.stringify(kind)}; expected one of ${IMPORT_KINDS.join(', ')}`);
  const db = openDatabase(dbPath);
  try {
    return await run(db, file, options);
  } catch (error) {
    throw writeError(dbPath, error);
  } finally {
    db.close();
  }
}

/**
 * The kinds whose files are a series (data/daily, data/fx, data/fx-monthly): more than
 * one file is imported in one transaction, so all of them or none.
 */
const SERIES: readonly string[] = ['rates', 'fx', 'fx-monthly'];

/** importFile of several files of a series kind, in the order given, in one transaction: all or nothing. */
export async function importFiles(kind: string, files: readonly string[], dbPath: string, options: ImportOptions = {}): Promise<ImportSummary[]> {
  if (files.length === 1) return [await importFile(kind, files[0]!, dbPath, options)];
  if (!SERIES.includes(kind)) throw new UserError(`import ${kind} takes one file; several are for ${SERIES.join(', ')} (e.g. import fx data/fx/*.csv)`);
  const run = IMPORTERS[kind]!;
  const db = openDatabase(dbPath);
  try {
    db.exec('BEGIN IMMEDIATE');
    const summaries: ImportSummary[] = [];
    for (const file of files) summaries.push(await run(db, file, options));
    commitStarts();
    db.exec('COMMIT');
    return summaries;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw writeError(dbPath, error);
  } finally {
    db.close();
  }
}
