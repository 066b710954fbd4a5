import type { Database } from 'better-sqlite3';
import { SubcategoryInput } from '../core/schemas.ts';
import { importCsvById } from './import-csv-by-id.ts';
import type { ImportSummary } from './import-summary.ts';
import type { Located, Problems } from './problems.ts';

/**
 * Upserts the subcategories of a CSV file
 * `sctID,sctSlug,sctName,sctUnit,sctHasDailyRate,sctIsDefault[,sctCategoryID]`; all or nothing.
 */
export function importSubcategories(db: Database, file: string): Promise<ImportSummary> {
  return importCsvById(db, file, {
    schema: SubcategoryInput,
    table: 'subcategories',
    unique: ['sctID', 'sctSlug'],
    check,
    // Clearing the old default before setting the new one keeps the one-default index satisfied.
    order: (a, b) => Number(a.sctIsDefault) - Number(b.sctIsDefault),
    after: oneDefault,
  });
}

// Every build needs exactly one default (the subject of /rates/latest): an import
// that would leave none would make every later build fail, so it is refused here.
function oneDefault(db: Database, problems: Problems): void {
  const defaults = db.prepare('SELECT count(*) FROM subcategories WHERE sctIsDefault = 1').pluck().get() as number;
  if (defaults !== 1) {
    problems.add(1, 'sctIsDefault', `after this import ${defaults} subcategories would be the default; exactly one must be (sctIsDefault true), e.g. gold`);
  }
}

function check(db: Database, records: readonly Located<SubcategoryInput>[], problems: Problems): void {
  const categories = new Set(db.prepare('SELECT catID FROM categories').pluck().all());
  const inFile = new Set(records.map((r) => r.value.sctID));
  let theDefault = (db.prepare('SELECT sctID FROM subcategories WHERE sctIsDefault = 1').pluck().all() as number[]).find(
    (id) => !inFile.has(id),
  );
  for (const { line, value } of records) {
    if (value.sctCategoryID !== null && !categories.has(value.sctCategoryID)) {
      problems.add(line, 'sctCategoryID', `unknown category ${value.sctCategoryID}; import the categories first`);
    }
    if (!value.sctIsDefault) continue;
    if (theDefault === undefined) theDefault = value.sctID;
    else problems.add(line, 'sctIsDefault', `a second default; subcategory ${theDefault} is already the default`);
  }
}
