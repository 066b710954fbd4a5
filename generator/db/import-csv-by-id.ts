// The shared flow of the CSV imports keyed by ID (categories, subcategories):
// read and validate every row, report duplicates and the table's own checks,
// then upsert all rows in one transaction, or nothing when anything is wrong.
import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import { readCsv } from './csv-records.ts';
import { reportDuplicates } from './duplicates.ts';
import { summarize, type ImportSummary, type RowOutcome } from './import-summary.ts';
import { Problems, type Located } from './problems.ts';
import { upsertById } from './upsert-by-id.ts';
import { commitStarts } from '../stopping.ts';

export interface CsvTable<S extends z.ZodObject> {
  schema: S;
  table: string;
  /** Fields no two rows may share; the first is the primary key. */
  unique: readonly (keyof z.output<S> & string)[];
  /** Checks against the database and across rows; runs inside the transaction. */
  check?: (db: Database, records: readonly Located<z.output<S>>[], problems: Problems) => void;
  /** Write order, when a constraint can only hold if some rows go first. */
  order?: (a: z.output<S>, b: z.output<S>) => number;
  /** Checks of the table as the import leaves it (before the commit); a problem rolls everything back. */
  after?: (db: Database, problems: Problems) => void;
}

export async function importCsvById<S extends z.ZodObject>(db: Database, file: string, spec: CsvTable<S>): Promise<ImportSummary> {
  const problems = new Problems(file);
  const records: Located<z.output<S>>[] = [];
  await readCsv(file, spec.schema, problems, (record) => records.push(record));
  for (const field of spec.unique) reportDuplicates(records, field, problems);

  commitStarts();
  return db.transaction(() => {
    spec.check?.(db, records, problems);
    problems.throwIfAny();
    const write = upsertById(db, spec.table, Object.keys(spec.schema.shape), problems);
    const ordered = spec.order ? [...records].sort((a, b) => spec.order!(a.value, b.value)) : records;
    const outcomes = ordered.map(({ line, value }) => write(line, value));
    problems.throwIfAny();
    spec.after?.(db, problems);
    problems.throwIfAny();
    return summarize(file, outcomes as RowOutcome[]);
  })();
}
