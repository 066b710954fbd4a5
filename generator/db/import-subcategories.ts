import type { Database } from 'better-sqlite3';
import { SubcategoryInput } from '../model/schemas.ts';
import { importCsvById } from './import-csv-by-id.ts';
import type { ImportSummary } from './import-summary.ts';
import type { Located, Problems } from './problems.ts';
import { slugProblem, unitProblem, UNITS } from './stored-limits.ts';
import { rulesMisunited } from './rule-units.ts';

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
    after: (db, problems) => {
      oneDefault(db, problems);
      // A rule valued by a subcategory whose unit this import changed (the rules' file is fixed by importing it again).
      for (const { rule, message } of rulesMisunited(db)) problems.add(1, 'sctUnit', `Nisab rule ${rule}: nsbThresholdUnit ${message}`);
    },
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
  let theDefault = (db.prepare('SELECT sctID FROM subcategories WHERE sctIsDefault = 1').pluck().all() as number[]).find((id) => !inFile.has(id));
  const stored = new Map(
    (
      db.prepare('SELECT sctID, sctUnit, (SELECT count(*) FROM rates WHERE drtSubcategoryID = sctID) AS rates FROM subcategories').all() as {
        sctID: number;
        sctUnit: string;
        rates: number;
      }[]
    ).map((s) => [s.sctID, s]),
  );
  for (const { line, value } of records) {
    for (const [field, problem] of [
      ['sctUnit', unitProblem(value.sctUnit)],
      ['sctSlug', slugProblem(value.sctSlug)],
    ] as const) {
      if (problem !== null) problems.add(line, field, problem);
    }
    // Its stored rates are prices per the old unit: relabelled, they would be published as prices per the new one.
    const before = stored.get(value.sctID);
    if (before && before.rates > 0 && before.sctUnit !== value.sctUnit && (UNITS as readonly string[]).includes(before.sctUnit)) {
      problems.add(
        line,
        'sctUnit',
        `subcategory ${value.sctID} has ${before.rates} rates priced per ${JSON.stringify(before.sctUnit)}; changing the unit would publish them as prices per ${JSON.stringify(value.sctUnit)} (add a new subcategory for the new unit instead)`,
      );
    }
    if (value.sctCategoryID !== null && !categories.has(value.sctCategoryID)) {
      problems.add(line, 'sctCategoryID', `unknown category ${value.sctCategoryID}; import the categories first`);
    }
    if (!value.sctIsDefault) continue;
    if (theDefault === undefined) theDefault = value.sctID;
    else problems.add(line, 'sctIsDefault', `a second default; subcategory ${theDefault} is already the default`);
  }
}
