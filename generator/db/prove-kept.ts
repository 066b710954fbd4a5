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
// - the rates (rates.csv, then daily/: 182,630 rows at 10 × 50): the table read
//   once in drtID order, every row rendered as the line of the file it comes
//   from is written (rate-files.ts, in that file's columns) and hashed into that
//   file's sha256; each file's lines, taken as the import takes them (a later
//   file's row of the same subcategory and day replaces an earlier one's, an ID
//   left out is the next free one), hashed in the same order. A file not in that
//   form, or lines that are not the rows, and the rates are compared as the
//   other tables are: then the message says which file's lines differ.
// - every other table: the other files imported, by the loader's own importers,
//   into a database in memory (the rates copied in once proved: announcements.csv
//   is checked against them), and each table compared with plain SQL (EXCEPT
//   both ways), so a table added later is covered without a line here.
//
// Not from data/, so not compared: the versions the build reads changed months
// and years by (rate_months, fx_years: random by design), the record of the files
// (loaded_files, checked against the files before this runs) and the figures a
// fetch refused (refusals: a fetch's state, which a rebuild starts without).
import { createHash, type Hash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { FxRateInput, STORED_FX_COLUMNS } from '../model/currencies.ts';
import { type RateInput, STORED_RATE_COLUMNS } from '../model/schemas.ts';
import { NUMBER, readCsv } from './csv-records.ts';
import { FX_FILE_COLUMNS } from './fx-files.ts';
import { type DataFile, periodOf, periodRange } from './loaded-files.ts';
import { migrate } from './migrations.ts';
import { registerMoney } from './money-sql.ts';
import { Problems } from './problems.ts';
import { storedFields, textLineOf } from './stored-columns.ts';

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
  const fx = await proveFx(db, files);
  if (fx !== null) return fx;
  return proveOthers(dbPath, files, importInto, await proveRates(db, files));
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
export async function proveFx(db: Database, files: readonly DataFile[]): Promise<string | null> {
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

const RATE_FIELDS: readonly string[] = storedFields(STORED_RATE_COLUMNS);
const rateLine = textLineOf(STORED_RATE_COLUMNS);
const isRates = (data: DataFile) => data.kind === 'rates' || data.kind === 'daily';
const rateKey = (date: string, subcategory: string) => `${date}/${subcategory}`;

/** A row of the rates table as data/ gives it: the file it comes from, its drtID, its line as the table's rows are rendered. */
interface FileRate {
  file: string;
  id: number;
  line: string;
}

/**
 * The rates table read once in drtID order, every row's line (as rate-files.ts
 * writes it) hashed into the sha256 of the file it comes from; each file's rows,
 * taken from its lines as the import takes them, hashed in the same order.
 * Null when every file's hashes are equal: the rows are the files' own. Otherwise
 * why not (a file not in that form, or which file's lines are not the rows'):
 * the rates are then compared as the other tables are.
 */
export async function proveRates(db: Database, files: readonly DataFile[]): Promise<string | null> {
  const columns = db.prepare("SELECT name FROM pragma_table_info('rates') ORDER BY name").pluck().all() as string[];
  if (columns.join() !== [...RATE_FIELDS].sort().join()) return `its rates table has the columns ${columns.join(', ')}`;
  const given = await ratesOfFiles(files.filter(isRates));
  if (typeof given === 'string') return given;
  const hashes = new Map<string, Hash>();
  for (const row of db.prepare(`SELECT ${RATE_FIELDS.join(', ')} FROM rates ORDER BY drtID`).iterate() as Iterable<RateInput>) {
    const from = given.get(rateKey(row.drtDate, String(row.drtSubcategoryID)));
    if (from === undefined) return `the row ${rateLine(row)} is in no file of data/`;
    let hash = hashes.get(from.file);
    if (hash === undefined) {
      hash = createHash('sha256');
      hashes.set(from.file, hash);
    }
    hash.update(`${rateLine(row)}\n`);
  }
  const byFile = new Map<string, FileRate[]>(files.filter(isRates).map((data) => [data.name, []]));
  for (const rate of given.values()) byFile.get(rate.file)!.push(rate);
  for (const [name, rates] of byFile) {
    rates.sort((a, b) => a.id - b.id);
    if (sha256Of(rates.map((rate) => rate.line)) !== (hashes.get(name)?.digest('hex') ?? EMPTY)) return `the lines of ${name} are not the rows'`;
  }
  return null;
}

/**
 * The rows the rates files give, by subcategory and day, read from their lines
 * as the import would take them (import-rates.ts): in the loader's order, a later
 * file's row replacing an earlier one's values and keeping its drtID, an ID left
 * out the next free one (the highest so far, plus one, in line order, after the
 * file's rows that name theirs). Each cell is read as the import reads it (empty:
 * not given; a number with Number(), so 51.2500 is 51.25), and the fields' own
 * `store` (a default source, drtNairaDate left empty when it is drtDate) gives
 * the stored line. A string when a file is not in that form (quotes, CR, a
 * column of no rate, a cell that is not a number where one must be, a row the
 * import would refuse for its key or ID): it is then read by the import itself.
 */
async function ratesOfFiles(rateFiles: readonly DataFile[]): Promise<Map<string, FileRate> | string> {
  const given = new Map<string, FileRate>();
  let top = 0;
  for (const data of rateFiles) {
    const text = await readFile(data.file, 'utf8');
    const notInForm = `${data.name} is not in the form rate-files.ts writes`;
    const lines = text.split('\n');
    if (lines.at(-1) !== '' || /["\r]/.test(text)) return notInForm;
    const header = lines[0]!.split(',');
    if (new Set(header).size !== header.length || header.some((field) => !RATE_FIELDS.includes(field))) return notInForm;
    if (!header.includes('drtDate') || !header.includes('drtSubcategoryID')) return notInForm;
    const namesIds = header.includes('drtID');
    const numeric = header.map((field) => STORED_RATE_COLUMNS[field as keyof RateInput].kind !== 'text');
    const keys = new Set<string>();
    const unnamed: [string, Record<string, string | number | undefined>][] = [];
    const add = (key: string, record: Record<string, string | number | undefined>, id: number) => {
      record.drtID = id;
      given.set(key, { file: data.name, id, line: rateLine(record as unknown as RateInput) });
      if (id > top) top = id;
    };
    for (let i = 1; i < lines.length - 1; i++) {
      const cells = lines[i]!.split(',');
      if (cells.length !== header.length) return notInForm;
      // Each cell as the import reads it (csv-records.ts): empty is not given, a number read with Number().
      const record: Record<string, string | number | undefined> = {};
      for (let c = 0; c < header.length; c++) {
        const cell = cells[c]!;
        if (cell === '') continue;
        if (!numeric[c]) record[header[c]!] = cell;
        else if (NUMBER.test(cell)) record[header[c]!] = Number(cell);
        else return notInForm;
      }
      const key = rateKey(String(record.drtDate), String(record.drtSubcategoryID));
      if (keys.has(key)) return notInForm;
      keys.add(key);
      const before = given.get(key)?.id;
      const named = record.drtID as number | undefined;
      if (named !== undefined && !Number.isSafeInteger(named)) return notInForm;
      if (before !== undefined && named !== undefined && named !== before) return notInForm;
      const id = before ?? named;
      // A file that names no ID at all: each new row the next in line order, at once.
      if (id === undefined && !namesIds) add(key, record, top + 1);
      else if (id === undefined) unnamed.push([key, record]);
      else add(key, record, id);
    }
    for (const [key, record] of unnamed) add(key, record, top + 1);
  }
  return given;
}

/**
 * Every table but the FX ones and NOT_FROM_DATA, against the same files imported
 * into a database in memory. `rates`: null when the rates are proved (proveRates):
 * their files are then not imported, the proved rows copied in instead (what
 * announcements.csv's import checks against); otherwise why their lines did not
 * prove them, and they are imported and compared too.
 */
async function proveOthers(dbPath: string, files: readonly DataFile[], importInto: ImportInto, rates: string | null): Promise<string | null> {
  const scratch = new BetterSqlite3(':memory:');
  try {
    scratch.pragma('foreign_keys = ON');
    registerMoney(scratch);
    migrate(scratch);
    scratch.prepare('ATTACH DATABASE ? AS kept').run(dbPath);
    const tables = (schema: string) =>
      scratch.prepare(`SELECT name FROM ${schema}.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).pluck().all() as string[];
    const [ours, kept] = [tables('main'), tables('kept')];
    if (ours.join() !== kept.join()) return `its tables (${kept.join(', ')}) are not this schema's (${ours.join(', ')})`;
    scratch.exec('BEGIN');
    let copied = false;
    for (const data of files) {
      if (isFx(data)) continue;
      if (rates === null && isRates(data)) {
        if (!copied) scratch.exec(`INSERT INTO main.rates (${RATE_FIELDS.join(', ')}) SELECT ${RATE_FIELDS.join(', ')} FROM kept.rates`);
        copied = true;
      } else await importInto(scratch, data);
    }
    scratch.exec('COMMIT');
    const skipped = new Set<string>([...Object.values(FX_TABLES), ...NOT_FROM_DATA, ...(rates === null ? ['rates'] : [])]);
    for (const table of ours) {
      if (skipped.has(table)) continue;
      const why = table === 'rates' ? ` (${rates})` : '';
      const extra = scratch.prepare(`SELECT * FROM kept.${table} EXCEPT SELECT * FROM main.${table} LIMIT 1`).get();
      const missing = scratch.prepare(`SELECT * FROM main.${table} EXCEPT SELECT * FROM kept.${table} LIMIT 1`).get();
      if (extra && missing) return `${table}: the row ${shown(extra)} is ${shown(missing)} in data/${why}`;
      if (extra) return `${table}: the row ${shown(extra)} is not in data/${why}`;
      if (missing) return `${table}: the row ${shown(missing)} of data/ is missing${why}`;
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
