import type { Database } from 'better-sqlite3';
import { Category } from '../model/schemas.ts';
import { importCsvById } from './import-csv-by-id.ts';
import type { ImportSummary } from './import-summary.ts';

/** Upserts the categories of a CSV file `catID,catSlug,catName`; all or nothing. */
export function importCategories(db: Database, file: string): Promise<ImportSummary> {
  return importCsvById(db, file, { schema: Category, table: 'categories', unique: ['catID', 'catSlug'] });
}
