// Rates per US dollar (`import fx`, `fetch`, the default data) come in as the
// rates do (import-rates.ts): staged, checked across rows and against the
// database, gated for plausibility per currency, merged per (currency, date),
// all or nothing, every problem named FILE:LINE: field.
import type { Database } from 'better-sqlite3';
import { DOLLAR, FxRateInput, MONTHLY_AVERAGE, NAIRA, STORED_FX_COLUMNS } from '../model/currencies.ts';
import { readCsv } from './csv-records.ts';
import type { ImportSummary } from './import-summary.ts';
import { checkFxPlausibility, type GateOptions } from './plausibility.ts';
import { clearFxRefusals } from './refusals.ts';
import { Problems, type Located } from './problems.ts';
import { changedSql, columnList, sameKeySql, stagingInsertSql, stagingTableSql, storedRow, updateSetSql } from './stored-columns.ts';
import { commitStarts } from '../stopping.ts';
import { importDateProblem, importToday } from './stored-limits.ts';

const STAGED = 'temp.staged_fx';
// Every column staged, compared, updated and inserted comes from the one definition.
const COLUMNS = STORED_FX_COLUMNS;
const SAME_KEY = sameKeySql(COLUMNS, 'f', 's');
const CHANGED = changedSql(COLUMNS, 'f', 's');

export type FxRows = (problems: Problems, onRecord: (record: Located<FxRateInput>) => void) => Promise<void>;

export interface FxImportOptions extends GateOptions {
  dryRun?: boolean;
  /**
   * Monthly averages (`import fx-monthly`, data/fx-monthly): each dated on its
   * month's first day, from a source whose srcFigure is monthly-average, kept in
   * fx_monthly. Daily figures (the default) come from any other source.
   */
  monthly?: boolean;
}

/** Inserts or replaces, per (currency, date), the rates of a CSV file `fxDate,fxCurrency,fxPerUSD,fxSource`. */
export function importFx(db: Database, file: string, options: FxImportOptions = {}): Promise<ImportSummary> {
  return importFxRows(db, file, (problems, onRecord) => readCsv(file, FxRateInput, problems, onRecord), options);
}

/** importFx of monthly averages (FxImportOptions.monthly). */
export function importFxMonthly(db: Database, file: string, options: FxImportOptions = {}): Promise<ImportSummary> {
  return importFx(db, file, { ...options, monthly: true });
}

/** The table a kind of figure is kept in. */
export function fxTable(monthly: boolean | undefined): 'fx_rates' | 'fx_monthly' {
  return monthly ? 'fx_monthly' : 'fx_rates';
}

/**
 * importFx for rows from any source (`label` names it in messages). Inside a
 * transaction the caller holds (fetch imports a day's metals and currencies
 * together), it neither begins nor ends one; otherwise it runs in its own.
 */
export async function importFxRows(db: Database, label: string, rows: FxRows, options: FxImportOptions = {}): Promise<ImportSummary> {
  const own = !db.inTransaction;
  const table = fxTable(options.monthly);
  const problems = new Problems(label);
  const today = importToday(options.today);
  if (own) db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(stagingTableSql(STAGED, COLUMNS));
    const stage = db.prepare(stagingInsertSql(STAGED, COLUMNS));
    let count = 0;
    await rows(problems, ({ line, value: r }) => {
      const outside = importDateProblem(r.fxDate, today);
      if (outside !== null) problems.add(line, 'fxDate', outside);
      if (r.fxCurrency === NAIRA)
        problems.add(line, 'fxCurrency', "NGN's rate is each rate record's drtUSDinNaira (import rates), so that currency=NGN equals the Naira fields");
      else if (r.fxCurrency === DOLLAR) problems.add(line, 'fxCurrency', 'USD is 1 per US dollar by definition; leave it out');
      else if (options.monthly && !r.fxDate.endsWith('-01'))
        problems.add(line, 'fxDate', `a monthly average is dated on its month's first day (${r.fxDate.slice(0, 8)}01), not ${r.fxDate}`);
      else stage.run(line, ...storedRow(COLUMNS, r));
      count++;
    });
    reportConflicts(db, problems, options.monthly === true);
    checkFxPlausibility(db, STAGED, problems, { ...options, table });
    problems.throwIfAny();
    // What is staged now is imported: a day's figure refused before is no longer outstanding (fetch refuses daily figures only).
    if (table === 'fx_rates') clearFxRefusals(db, STAGED);
    const existing = db.prepare(`SELECT count(*) FROM ${STAGED} s JOIN ${table} f ON ${SAME_KEY}`).pluck().get() as number;
    const updated = db.prepare(`UPDATE ${table} AS f SET ${updateSetSql(COLUMNS, 's')} FROM ${STAGED} s WHERE ${SAME_KEY} AND (${CHANGED})`).run().changes;
    const inserted = db
      .prepare(
        `INSERT INTO ${table} (${columnList(COLUMNS)})
         SELECT ${columnList(COLUMNS)} FROM ${STAGED} s WHERE NOT EXISTS (SELECT 1 FROM ${table} f WHERE ${SAME_KEY}) ORDER BY line`,
      )
      .run().changes;
    db.exec(`DROP TABLE ${STAGED}`);
    if (own && !options.dryRun) commitStarts();
    if (own) db.exec(options.dryRun ? 'ROLLBACK' : 'COMMIT');
    return { file: label, rows: count, inserted, updated, unchanged: existing - updated };
  } catch (error) {
    if (own && db.inTransaction) db.exec('ROLLBACK');
    else db.exec(`DROP TABLE IF EXISTS ${STAGED}`);
    throw error;
  }
}

function reportConflicts(db: Database, problems: Problems, monthly: boolean): void {
  const known = db.prepare('SELECT count(*) FROM currencies').pluck().get() as number;
  for (const r of db
    .prepare(
      `SELECT min(line) AS line, fxCurrency AS code, count(*) AS n FROM ${STAGED}
        WHERE fxCurrency NOT IN (SELECT curCode FROM currencies) GROUP BY fxCurrency ORDER BY 1 LIMIT ${known === 0 ? 1 : -1}`,
    )
    .iterate() as Iterable<{ line: number; code: string; n: number }>) {
    problems.add(
      r.line,
      'fxCurrency',
      known === 0
        ? 'there are no currencies yet; import them first: npm run cli -- import currencies data/currencies.csv --db DB'
        : `unknown currency ${r.code}${r.n > 1 ? ` (on ${r.n} lines, this is the first)` : ''}; the national codes of ISO 4217 are in data/currencies.csv`,
    );
  }
  for (const r of db.prepare(`SELECT line, fxSource FROM ${STAGED} WHERE fxSource NOT IN (SELECT srcID FROM sources)`).iterate() as Iterable<{
    line: number;
    fxSource: string;
  }>) {
    problems.add(r.line, 'fxSource', `unknown source ${JSON.stringify(r.fxSource)}; import it first with: import sources FILE.csv`);
  }
  // A monthly average values monthly-average rate records and a daily figure daily ones
  // (docs/API.md §2c), told apart by their source's srcFigure: the two must agree.
  for (const r of db
    .prepare(
      `SELECT min(line) AS line, fxSource, srcFigure, count(*) AS n FROM ${STAGED} JOIN sources ON srcID = fxSource
        WHERE (srcFigure = '${MONTHLY_AVERAGE}') <> ? GROUP BY fxSource ORDER BY 1`,
    )
    .iterate(monthly ? 1 : 0) as Iterable<{ line: number; fxSource: string; srcFigure: string; n: number }>) {
    const where = r.n > 1 ? ` (on ${r.n} lines, this is the first)` : '';
    problems.add(
      r.line,
      'fxSource',
      monthly
        ? `source ${r.fxSource} is ${r.srcFigure}, not ${MONTHLY_AVERAGE}${where}; a monthly average comes from a source whose srcFigure is ${MONTHLY_AVERAGE}`
        : `source ${r.fxSource} is ${MONTHLY_AVERAGE}${where}; import monthly averages with: import fx-monthly FILE.csv`,
    );
  }
  for (const r of db
    .prepare(
      `SELECT line, first, fxCurrency AS code, fxDate AS date FROM (SELECT *, min(line) OVER (PARTITION BY fxCurrency, fxDate) AS first FROM ${STAGED}) WHERE line > first`,
    )
    .iterate() as Iterable<{ line: number; first: number; code: string; date: string }>) {
    problems.add(r.line, 'fxDate', `${r.code} on ${r.date} is already on line ${r.first}`);
  }
}
