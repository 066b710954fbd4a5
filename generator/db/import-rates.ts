// Rates are imported through a staging table: rows stream from their source
// into SQLite, so a file of any size is never held in memory, and the checks
// across rows (duplicates, unknown subcategories and sources, ID clashes) and
// the merge are a few set-based statements. Every source of rows (a CSV file,
// the fetched days of `fetch`) goes through this one path: same checks, same
// messages, all or nothing.
import type { Database } from 'better-sqlite3';
import { RateInput, STORED_RATE_COLUMNS } from '../model/schemas.ts';
import { readCsv } from './csv-records.ts';
import type { ImportSummary } from './import-summary.ts';
import { checkPlausibility, type GateOptions } from './plausibility.ts';
import { Problems, type Located } from './problems.ts';
import { clearRateRefusals } from './refusals.ts';
import { changedSql, columnList, sameKeySql, stagingInsertSql, stagingTableSql, storedRow, updateSetSql } from './stored-columns.ts';
import { carryProblem, importDateProblem, importToday } from './stored-limits.ts';
import { commitStarts, pauseForTest } from '../stopping.ts';

const STAGED = 'temp.staged_rates';
// Every column the import stages, compares, updates and inserts comes from the one definition.
const COLUMNS = STORED_RATE_COLUMNS;
/** The stored row `r` and the staged row `s` are of the same subcategory and date. */
const SAME_KEY = sameKeySql(COLUMNS, 'r', 's');

/** Hands every valid row of a source to `onRecord` (with the line or row number that names it in `problems`). */
export type RateRows = (problems: Problems, onRecord: (record: Located<RateInput>) => void) => Promise<void>;

/**
 * Inserts or replaces, per (subcategory, date), the rates of a CSV file
 * with the columns of RateInput, the optional ones optional:
 * `drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira[,drtID,drtPriceSource,drtNairaSource,drtNairaDate]`.
 * An existing record keeps its drtID; a new one takes the file's drtID or gets
 * the next free one. All or nothing; implausible values refuse the whole file (plausibility.ts).
 * Not to be run concurrently on one connection.
 */
export async function importRates(db: Database, file: string, options: GateOptions = {}): Promise<ImportSummary> {
  const { byDate, ...summary } = await importRateRows(db, file, (problems, onRecord) => readCsv(file, RateInput, problems, onRecord), options);
  return summary;
}

export interface RateImportOptions extends GateOptions {
  /** Check everything and count what would change, then undo it: nothing is written. */
  dryRun?: boolean;
  /** More to import in the same transaction, after the rates merged (fetch: the day's rates per US dollar); a throw undoes it all. */
  alongside?: () => Promise<void>;
}

/** Per date: how many of its rows were inserted, updated, unchanged. */
export type DayCounts = Pick<ImportSummary, 'inserted' | 'updated' | 'unchanged'>;

export interface RateImportSummary extends ImportSummary {
  byDate: Map<string, DayCounts>;
}

/** importRates for rows from any source; `label` names the source in messages and in the summary. */
export async function importRateRows(db: Database, label: string, rows: RateRows, options: RateImportOptions = {}): Promise<RateImportSummary> {
  const problems = new Problems(label);
  const today = importToday(options.today);
  // Inside a transaction the caller holds (import rates FILES...: all files or none), it neither begins nor ends one.
  const own = !db.inTransaction;
  if (own) db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(stagingTableSql(STAGED, COLUMNS));
    const stage = db.prepare(stagingInsertSql(STAGED, COLUMNS));
    let count = 0;
    await rows(problems, ({ line, value: r }) => {
      if (r.drtNairaDate !== undefined && r.drtNairaDate > r.drtDate) {
        problems.add(line, 'drtNairaDate', `${r.drtNairaDate} is after drtDate ${r.drtDate}; a figure can only be carried from an earlier date`);
      }
      const outside = importDateProblem(r.drtDate, today);
      if (outside !== null) problems.add(line, 'drtDate', outside);
      const carried = r.drtNairaDate === undefined ? null : carryProblem(r.drtDate, r.drtNairaDate);
      if (carried !== null) problems.add(line, 'drtNairaDate', carried);
      stage.run(line, ...storedRow(COLUMNS, r));
      count++;
    });
    await pauseForTest('import');
    reportConflicts(db, problems);
    checkPlausibility(db, STAGED, problems, options);
    problems.throwIfAny();
    // What is staged now is imported: a figure of its series and day refused before is no longer outstanding.
    clearRateRefusals(db, STAGED);
    const byDate = countByDate(db);
    const summary = { file: label, rows: count, ...merge(db), byDate };
    db.exec(`DROP TABLE ${STAGED}`);
    // What alongside writes (fetch's month files) goes with the COMMIT: a signal waits for both.
    if (!options.dryRun) commitStarts();
    await pauseForTest('commit');
    if (options.alongside) await options.alongside();
    if (own) db.exec(options.dryRun ? 'ROLLBACK' : 'COMMIT');
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
  field: string;
  source: string;
}

function reportConflicts(db: Database, problems: Problems): void {
  const each = (sql: string, report: (row: Conflict) => void) => {
    for (const row of db.prepare(sql).iterate()) report(row as Conflict);
  };
  // Said once per unknown subcategory (and once in all when there are none yet),
  // not on each of hundreds of lines.
  const known = db.prepare('SELECT count(*) FROM subcategories').pluck().get() as number;
  each(
    `SELECT min(line) AS line, drtSubcategoryID, count(*) AS drtID FROM ${STAGED}
      WHERE drtSubcategoryID NOT IN (SELECT sctID FROM subcategories) GROUP BY drtSubcategoryID ORDER BY 1 LIMIT ${known === 0 ? 1 : -1}`,
    (r) =>
      known === 0
        ? problems.add(r.line, 'drtSubcategoryID', 'there are no subcategories yet; import them first: npm run cli -- import subcategories FILE.csv --db DB')
        : problems.add(
            r.line,
            'drtSubcategoryID',
            `unknown subcategory ${r.drtSubcategoryID}${r.drtID > 1 ? ` (on ${r.drtID} lines, this is the first)` : ''}`,
          ),
  );
  each(
    `SELECT line, 'drtPriceSource' AS field, drtPriceSource AS source FROM ${STAGED} WHERE drtPriceSource NOT IN (SELECT srcID FROM sources)
     UNION ALL
     SELECT line, 'drtNairaSource', drtNairaSource FROM ${STAGED} WHERE drtNairaSource NOT IN (SELECT srcID FROM sources)`,
    (r) => problems.add(r.line, r.field, `unknown source ${JSON.stringify(r.source)}; import it first with: import sources FILE.csv`),
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

/** The staged row `s` changes the stored row `r`. */
const CHANGED = changedSql(COLUMNS, 'r', 's');

function countByDate(db: Database): Map<string, DayCounts> {
  const byDate = new Map<string, DayCounts>();
  const rows = db
    .prepare(
      `SELECT s.drtDate, CASE WHEN r.drtID IS NULL THEN 'inserted' WHEN ${CHANGED} THEN 'updated' ELSE 'unchanged' END, count(*)
         FROM ${STAGED} s LEFT JOIN rates r ON ${SAME_KEY} GROUP BY 1, 2`,
    )
    .raw()
    .all() as [string, keyof DayCounts, number][];
  for (const [date, outcome, count] of rows) {
    const counts = byDate.get(date) ?? { inserted: 0, updated: 0, unchanged: 0 };
    counts[outcome] += count;
    byDate.set(date, counts);
  }
  return byDate;
}

function merge(db: Database): Pick<ImportSummary, 'inserted' | 'updated' | 'unchanged'> {
  const existing = db.prepare(`SELECT count(*) FROM ${STAGED} s JOIN rates r ON ${SAME_KEY}`).pluck().get() as number;
  const updated = db
    .prepare(
      `UPDATE rates AS r SET ${updateSetSql(COLUMNS, 's')}
       FROM ${STAGED} s WHERE ${SAME_KEY} AND (${CHANGED})`,
    )
    .run().changes;
  // Rows with a drtID from the file go first, so an assigned ID can never take one of theirs.
  const inserted = db
    .prepare(
      `INSERT INTO rates (${columnList(COLUMNS)})
       SELECT ${columnList(COLUMNS)} FROM ${STAGED} s
       WHERE NOT EXISTS (SELECT 1 FROM rates r WHERE ${SAME_KEY})
       ORDER BY drtID IS NULL, line`,
    )
    .run().changes;
  return { inserted, updated, unchanged: existing - updated };
}
