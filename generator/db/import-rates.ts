// Rates are imported through a staging table: rows stream from the file into
// SQLite, so a file of any size is never held in memory, and the checks across
// rows (duplicates, unknown subcategories, ID clashes) and the merge are a few
// set-based statements.
import type { Database } from 'better-sqlite3';
import { RateInput } from '../core/schemas.ts';
import { readCsv } from './csv-records.ts';
import type { ImportSummary } from './import-summary.ts';
import { checkPlausibility, type GateOptions } from './plausibility.ts';
import { Problems } from './problems.ts';

const STAGED = 'temp.staged_rates';
const SAME_KEY = 'r.drtSubcategoryID = s.drtSubcategoryID AND r.drtDate = s.drtDate';

/**
 * Inserts or replaces, per (subcategory, date), the rates of a CSV file
 * `drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira[,drtID]`. An existing record
 * keeps its drtID; a new one takes the file's drtID or gets the next free one.
 * All or nothing; implausible values refuse the whole file (plausibility.ts).
 * Not to be run concurrently on one connection.
 */
export async function importRates(db: Database, file: string, options: GateOptions = {}): Promise<ImportSummary> {
  const problems = new Problems(file);
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(`CREATE TABLE ${STAGED} (
      line INTEGER PRIMARY KEY, drtID INTEGER, drtSubcategoryID INTEGER NOT NULL,
      drtDate TEXT NOT NULL, drtInUSD REAL NOT NULL, drtUSDinNaira REAL NOT NULL)`);
    const stage = db.prepare(`INSERT INTO ${STAGED} VALUES (?, ?, ?, ?, ?, ?)`);
    let rows = 0;
    await readCsv(file, RateInput, problems, ({ line, value: r }) => {
      stage.run(line, r.drtID ?? null, r.drtSubcategoryID, r.drtDate, r.drtInUSD, r.drtUSDinNaira);
      rows++;
    });
    reportConflicts(db, problems);
    checkPlausibility(db, STAGED, problems, options);
    problems.throwIfAny();
    const summary = { file, rows, ...merge(db) };
    db.exec(`DROP TABLE ${STAGED}`);
    db.exec('COMMIT');
    return summary;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

interface Conflict {
  line: number;
  first: number;
  drtID: number;
  drtSubcategoryID: number;
  drtDate: string;
}

function reportConflicts(db: Database, problems: Problems): void {
  const each = (sql: string, report: (row: Conflict) => void) => {
    for (const row of db.prepare(sql).iterate()) report(row as Conflict);
  };
  each(
    `SELECT line, drtSubcategoryID FROM ${STAGED} WHERE drtSubcategoryID NOT IN (SELECT sctID FROM subcategories)`,
    (r) => problems.add(r.line, 'drtSubcategoryID', `unknown subcategory ${r.drtSubcategoryID}`),
  );
  each(
    `SELECT line, first, drtSubcategoryID, drtDate FROM (
       SELECT *, min(line) OVER (PARTITION BY drtSubcategoryID, drtDate) AS first FROM ${STAGED})
     WHERE line > first`,
    (r) => problems.add(r.line, 'drtDate', `subcategory ${r.drtSubcategoryID} on ${r.drtDate} is already on line ${r.first}`),
  );
  each(
    `SELECT line, first, drtID FROM (
       SELECT *, min(line) OVER (PARTITION BY drtID) AS first FROM ${STAGED} WHERE drtID IS NOT NULL)
     WHERE line > first`,
    (r) => problems.add(r.line, 'drtID', `${r.drtID} is already on line ${r.first}`),
  );
  each(
    `SELECT s.line, s.drtID, r.drtSubcategoryID, r.drtDate FROM ${STAGED} s JOIN rates r ON r.drtID = s.drtID
     WHERE NOT (${SAME_KEY})`,
    (r) => problems.add(r.line, 'drtID', `${r.drtID} is already the ID of subcategory ${r.drtSubcategoryID} on ${r.drtDate}`),
  );
  each(
    `SELECT s.line, r.drtID, r.drtSubcategoryID, r.drtDate FROM ${STAGED} s JOIN rates r ON ${SAME_KEY}
     WHERE s.drtID IS NOT NULL AND s.drtID <> r.drtID`,
    (r) => problems.add(r.line, 'drtID', `subcategory ${r.drtSubcategoryID} on ${r.drtDate} already has drtID ${r.drtID}`),
  );
}

function merge(db: Database): Pick<ImportSummary, 'inserted' | 'updated' | 'unchanged'> {
  const existing = db.prepare(`SELECT count(*) FROM ${STAGED} s JOIN rates r ON ${SAME_KEY}`).pluck().get() as number;
  const updated = db
    .prepare(
      `UPDATE rates AS r SET drtInUSD = s.drtInUSD, drtUSDinNaira = s.drtUSDinNaira FROM ${STAGED} s
       WHERE ${SAME_KEY} AND (r.drtInUSD <> s.drtInUSD OR r.drtUSDinNaira <> s.drtUSDinNaira)`,
    )
    .run().changes;
  // Rows with a drtID from the file go first, so an assigned ID can never take one of theirs.
  const inserted = db
    .prepare(
      `INSERT INTO rates (drtID, drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira)
       SELECT drtID, drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira FROM ${STAGED} s
       WHERE NOT EXISTS (SELECT 1 FROM rates r WHERE ${SAME_KEY})
       ORDER BY drtID IS NULL, line`,
    )
    .run().changes;
  return { inserted, updated, unchanged: existing - updated };
}
