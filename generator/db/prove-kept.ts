// The kept default database (data/default.sqlite, restored from the nightly's
// cache) proved against data/, row by row, before anything reads it. The sha256
// of each file it records says which files it was loaded from, not that its rows
// are still what they gave: anything that can write the cache can change a row.
// So every row of every table is held to data/ itself:
//
// - the rates per US dollar (fx/, fx-monthly/: the bulk, 3 million rows at 50
//   years × 170 currencies): each table read once, in its key order, every row
//   rendered as its file's line is written (fx-files.ts) and hashed into its
//   month's (or year's) sha256, and compared with the sha256 of that file's
//   lines in the same order. A file not in that form (edited by hand) is read as
//   the import reads it and rendered the same way. A row of a period no file
//   holds is not from data/.
// - every other table: the other files imported, by the loader's own importers,
//   into a database in memory, and each table compared with plain SQL (EXCEPT
//   both ways), so a table added later is covered without a line here.
//
// Not from data/, so not compared: the versions the build reads changed months
// and years by (rate_months, fx_years: random by design), the record of the files
// (loaded_files, checked against the files before this runs) and the figures a
// fetch refused (refusals: a fetch's state, which a rebuild starts without).
import { createHash, type Hash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { FxRateInput, STORED_FX_COLUMNS } from '../core/currencies.ts';
import { readCsv } from './csv-records.ts';
import { FX_FILE_COLUMNS } from './fx-files.ts';
import { type DataFile, periodOf, periodRange } from './loaded-files.ts';
import { migrate } from './migrations.ts';
import { registerMoney } from './money-sql.ts';
import { Problems } from './problems.ts';
import { textLineOf } from './stored-columns.ts';

/** Tables whose rows do not come from data/ (see above). */
const NOT_FROM_DATA: ReadonlySet<string> = new Set(['rate_months', 'fx_years', 'loaded_files', 'refusals']);

/** The tables of the rates per US dollar, by the kind of file that fills each. */
const FX_TABLES = { fx: 'fx_rates', 'fx-monthly': 'fx_monthly' } as const;

/** Imports one file of data/ as the loader does. */
export type ImportInto = (db: Database, data: DataFile) => Promise<unknown>;

/**
 * Why the database at `dbPath` (open as `db`) does not hold what `files` give,
 * or null when every row of every table is theirs. `importInto` is the loader's
 * own import of a file.
 */
export async function proveKept(db: Database, dbPath: string, files: readonly DataFile[], importInto: ImportInto): Promise<string | null> {
  return (await proveFx(db, files)) ?? (await proveOthers(dbPath, files, importInto));
}

type FxKind = keyof typeof FX_TABLES;
const isFx = (data: DataFile): data is DataFile & { kind: FxKind } => data.kind in FX_TABLES;
const fxLine = textLineOf(STORED_FX_COLUMNS);
/** The tables' key order (PRIMARY KEY (fxCurrency, fxDate)): a scan of the table in it costs no sort. */
const byKey = (a: FxRateInput, b: FxRateInput) => compare(a.fxCurrency, b.fxCurrency) || compare(a.fxDate, b.fxDate);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Each table of rates per US dollar read once in its key order, every row's line
 * (as fx-files.ts writes it) hashed into its period's sha256; each file's lines
 * hashed in the same order. Equal: the file's lines are the rows' own.
 */
async function proveFx(db: Database, files: readonly DataFile[]): Promise<string | null> {
  for (const [kind, table] of Object.entries(FX_TABLES) as [FxKind, string][]) {
    const ours = new Map(files.filter((data) => data.kind === kind).map((data) => [periodOf(data.name), data]));
    const hashes = new Map<string, Hash>();
    const length = kind === 'fx-monthly' ? 4 : 7;
    for (const row of db
      .prepare(`SELECT fxDate, fxCurrency, fxPerUSD, fxSource FROM ${table} ORDER BY fxCurrency, fxDate`)
      .iterate() as Iterable<FxRateInput>) {
      const period = row.fxDate.slice(0, length);
      let hash = hashes.get(period);
      if (hash === undefined) {
        if (!ours.has(period)) return `${table}: the row ${fxLine(row)} is not in data/ (no file of data/ holds ${period})`;
        hash = createHash('sha256');
        hashes.set(period, hash);
      }
      hash.update(`${fxLine(row)}\n`);
    }
    for (const [period, data] of ours) {
      const stored = hashes.get(period)?.digest('hex') ?? EMPTY;
      if (linesHash(await readFile(data.file, 'utf8')) === stored) continue;
      // Not in the form fetch writes (or not the rows): the file as the import reads it.
      const problems = new Problems(data.file);
      const read: FxRateInput[] = [];
      await readCsv(data.file, FxRateInput, problems, ({ value }) => {
        read.push(value);
      });
      if (problems.count > 0) return `${data.name} does not read: ${problems.first()}`;
      read.sort(byKey);
      if (sha256Of(read.map(fxLine)) === stored) continue;
      const rows = db
        .prepare(`SELECT fxDate, fxCurrency, fxPerUSD, fxSource FROM ${table} WHERE fxDate BETWEEN ? AND ? ORDER BY fxCurrency, fxDate`)
        .all(...periodRange(period)) as FxRateInput[];
      return `${table}: ${firstDifference(rows, read)} (${data.name})`;
    }
  }
  return null;
}

const sha256Of = (lines: readonly string[]) =>
  createHash('sha256')
    .update(lines.length === 0 ? '' : `${lines.join('\n')}\n`)
    .digest('hex');
const EMPTY = sha256Of([]);

/** A file in fetch's form: its header, then its lines in the tables' key order, hashed; null when it is not in that form. */
function linesHash(text: string): string | null {
  const lines = text.split('\n');
  if (lines[0] !== FX_FILE_COLUMNS || lines.at(-1) !== '') return null;
  const rows = lines.slice(1, -1).map((line) => {
    const [fxDate = '', fxCurrency = ''] = line.split(',', 2);
    return { line, fxDate, fxCurrency };
  });
  rows.sort((a, b) => compare(a.fxCurrency, b.fxCurrency) || compare(a.fxDate, b.fxDate));
  return sha256Of(rows.map((row) => row.line));
}

/** The first row that differs between the database's rows and the file's, both in key order. */
function firstDifference(stored: readonly FxRateInput[], read: readonly FxRateInput[]): string {
  for (let i = 0; i < Math.max(stored.length, read.length); i++) {
    const [a, b] = [stored[i], read[i]];
    if (a && b && fxLine(a) === fxLine(b)) continue;
    const order = a && b ? byKey(a, b) : a ? -1 : 1;
    if (order < 0) return `the row ${fxLine(a!)} is not in data/`;
    if (order > 0) return `the row ${fxLine(b!)} of data/ is missing`;
    return `the row ${fxLine(a!)} is ${fxLine(b!)} in data/`;
  }
  return 'the rows differ';
}

/** Every table but the FX ones and NOT_FROM_DATA, against the same files imported into a database in memory. */
async function proveOthers(dbPath: string, files: readonly DataFile[], importInto: ImportInto): Promise<string | null> {
  const scratch = new BetterSqlite3(':memory:');
  try {
    scratch.pragma('foreign_keys = ON');
    registerMoney(scratch);
    migrate(scratch);
    scratch.exec('BEGIN');
    for (const data of files) if (!isFx(data)) await importInto(scratch, data);
    scratch.exec('COMMIT');
    scratch.prepare('ATTACH DATABASE ? AS kept').run(dbPath);
    const tables = (schema: string) =>
      scratch.prepare(`SELECT name FROM ${schema}.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
    const [ours, kept] = [tables('main'), tables('kept')];
    if (ours.join() !== kept.join()) return `its tables (${kept.join(', ')}) are not this schema's (${ours.join(', ')})`;
    const fx = new Set<string>(Object.values(FX_TABLES));
    for (const table of ours) {
      if (fx.has(table) || NOT_FROM_DATA.has(table)) continue;
      const extra = scratch.prepare(`SELECT * FROM kept.${table} EXCEPT SELECT * FROM main.${table} LIMIT 1`).get();
      const missing = scratch.prepare(`SELECT * FROM main.${table} EXCEPT SELECT * FROM kept.${table} LIMIT 1`).get();
      if (extra && missing) return `${table}: the row ${shown(extra)} is ${shown(missing)} in data/`;
      if (extra) return `${table}: the row ${shown(extra)} is not in data/`;
      if (missing) return `${table}: the row ${shown(missing)} of data/ is missing`;
    }
    return null;
  } finally {
    if (scratch.inTransaction) scratch.exec('ROLLBACK');
    scratch.close();
  }
}

/** A row for a message: its columns, long texts cut. */
function shown(row: unknown): string {
  const cells = Object.entries(row as Record<string, unknown>).map(([column, value]) => {
    const text = typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
    return `${column}=${text}`;
  });
  return `(${cells.join(', ')})`;
}
