// The database the project ships with, built from the reviewable text files in
// data/ (the .sqlite file itself is not committed).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { FxRateInput } from '../model/currencies.ts';
import { RateInput } from '../model/schemas.ts';
import { UserError } from '../errors.ts';
import { processAlive } from '../process-alive.ts';
import { commitStarts, onScratch, undoOnStop } from '../stopping.ts';
import { readCsv } from './csv-records.ts';
import { importAnnouncements } from './import-announcements.ts';
import { importNigeriaCalendar } from './import-calendar.ts';
import { importCategories } from './import-categories.ts';
import { importCurrencies } from './import-currencies.ts';
import { importFxRows } from './import-fx.ts';
import { importNisab } from './import-nisab.ts';
import { importRateRows } from './import-rates.ts';
import { importSources } from './import-sources.ts';
import { importSubcategories } from './import-subcategories.ts';
import type { ImportSummary } from './import-summary.ts';
import {
  dataFiles,
  type DataFile,
  type DataKind,
  fingerprint,
  forgetLoaded,
  isPeriodKind,
  kindOfName,
  type LoadedFile,
  PERIOD_DIRS,
  type PeriodKind,
  periodOf,
  periodRange,
  readLoaded,
  recordLoaded,
} from './loaded-files.ts';
import { migrate } from './migrations.ts';
import { proveKept } from './prove-kept.ts';
import { dataVersion, stampBuilt, stampedAt, stampProved } from './proved-stamp.ts';
import { initDatabase, openDatabase } from './open.ts';
import { exists } from './text-file.ts';

export const DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));
export const DEFAULT_DB_PATH = path.join(DATA_DIR, 'default.sqlite');

/** Optional (with data/currencies.csv): the rates per US dollar kept by `fetch --write-fx-csv`, one CSV per month. */
export const FX_DIR = PERIOD_DIRS.fx;

/**
 * Imports the data files of `dataDir` into an initialised database, in one
 * transaction, and records what each was (loaded-files.ts), so that the
 * database can later be brought up to date from the files that changed.
 */
export async function importDataDirectory(db: Database, dataDir: string = DATA_DIR): Promise<ImportSummary[]> {
  const files = await dataFiles(dataDir);
  const summaries: ImportSummary[] = [];
  const loaded: LoadedFile[] = [];
  // Set when a month file holds a row of another period (or a daily row without
  // its drtID): then no month can be replaced alone, and nothing is recorded.
  let mixed: string | null = null;
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const data of files) {
      // Before the import: a file changed while it is read is seen as changed next time.
      const sha256 = await fingerprint(data.file);
      const months = new Set<string>();
      summaries.push(
        await importData(db, data, (date, hasId) => {
          if (data.kind === 'rates') months.add(date.slice(0, 7));
          mixed ??= strayRow(data, date, hasId);
        }),
      );
      if (sha256 !== null) loaded.push({ name: data.name, sha256, months: [...months].sort() });
    }
    if (mixed === null) recordLoaded(db, loaded);
    db.exec('COMMIT');
    return summaries;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** Told a row's date (and whether it names its drtID) as the file is read. */
type RowWatch = (date: string, hasId: boolean) => void;

/**
 * rates.csv narrowed to the rows of some months, each given the drtID it has in
 * the database when the file leaves it out (the ID the rebuild gave it then).
 */
interface Narrowed {
  months: ReadonlySet<string>;
  ids: ReadonlyMap<string, number>;
}

const rateKey = (date: string, subcategory: number) => `${date}/${subcategory}`;

/** Imports one file of data/ as the loader does (`narrowed`: only some of rates.csv's rows). */
async function importData(db: Database, data: DataFile, watch: RowWatch, narrowed?: Narrowed): Promise<ImportSummary> {
  const { file } = data;
  switch (data.kind) {
    case 'categories':
      return importCategories(db, file);
    case 'subcategories':
      return importSubcategories(db, file);
    case 'sources':
      return importSources(db, file);
    case 'calendar':
      return importNigeriaCalendar(db, file);
    case 'currencies':
      return importCurrencies(db, file);
    case 'nisab':
      return importNisab(db, file);
    case 'announcements':
      return importAnnouncements(db, file);
    case 'rates':
    case 'daily': {
      let unknown: string | null = null;
      const { byDate, ...summary } = await importRateRows(db, file, (problems, onRecord) =>
        readCsv(file, RateInput, problems, (record) => {
          const { value } = record;
          watch(value.drtDate, value.drtID !== undefined);
          if (!narrowed) onRecord(record);
          else if (narrowed.months.has(value.drtDate.slice(0, 7))) {
            const drtID = value.drtID ?? narrowed.ids.get(rateKey(value.drtDate, value.drtSubcategoryID));
            if (drtID === undefined) unknown ??= `${file}: the database has no row of subcategory ${value.drtSubcategoryID} on ${value.drtDate}`;
            onRecord({ ...record, value: { ...value, drtID } });
          }
        }),
      );
      if (unknown !== null) throw new Mixed(unknown);
      return summary;
    }
    case 'fx':
    case 'fx-monthly':
      // Kept rows passed the gate when they came in (a jump was accepted then, by
      // --accept-jumps); the range is still checked, a jump is not asked about again.
      return importFxRows(
        db,
        file,
        (problems, onRecord) =>
          readCsv(file, FxRateInput, problems, (record) => {
            watch(record.value.fxDate, true);
            onRecord(record);
          }),
        { acceptJumps: true, monthly: data.kind === 'fx-monthly' },
      );
  }
}

/** Why a row of a month or year file keeps its file from being replaced alone: dated outside its period, or (data/daily) without its drtID. */
function strayRow(data: DataFile, date: string, hasId: boolean): string | null {
  if (!isPeriodKind(data.kind)) return null;
  const period = periodOf(data.name);
  if (!date.startsWith(period)) return `${data.name} holds a row dated ${date}, outside ${period}`;
  if (data.kind === 'daily' && !hasId) return `${data.name} holds a row of ${date} without its drtID`;
  return null;
}

/** Creates a database at `dbPath` and imports the data files of `dataDir` into it. */
export async function loadDatabase(dbPath: string, dataDir: string): Promise<ImportSummary[]> {
  initDatabase(dbPath);
  const db = openDatabase(dbPath);
  try {
    return await importDataDirectory(db, dataDir);
  } finally {
    db.close();
  }
}

/** What ensureDefaultDatabase did. */
export type DefaultDatabase =
  | { kind: 'current' }
  /** Brought up to date from these files of data/ (changed, added or removed). */
  | { kind: 'updated'; files: string[] }
  /** Built from every file of data/, and why. */
  | { kind: 'rebuilt'; why: string };

/**
 * The path of the default database, first brought up to date with the files of
 * `dataDir`: when only month or year files (data/daily, data/fx, data/fx-monthly),
 * data/calendar-nigeria.csv, data/announcements.csv, or data/sources.csv by
 * sources added, changed, from those alone
 * (their rows replaced in one transaction: the database then holds what a
 * rebuild would); otherwise, or when the file is missing, not a database of
 * this schema version, damaged or without a record of what it was loaded from,
 * rebuilt from every file. A rebuild goes under a temporary name and is renamed
 * into place, so a reader never sees a half-built file. `log` hears one line
 * when the database changed.
 */
export async function ensureDefaultDatabase(
  dbPath: string = DEFAULT_DB_PATH,
  dataDir: string = DATA_DIR,
  log: (line: string) => void = () => {},
): Promise<string> {
  await bringDefaultDatabase(dbPath, dataDir, log);
  return dbPath;
}

/** ensureDefaultDatabase, saying what it did. */
export async function bringDefaultDatabase(dbPath: string, dataDir: string, log: (line: string) => void = () => {}): Promise<DefaultDatabase> {
  await sweepLeftovers(dbPath);
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  const update = await bringUpToDate(dbPath, dataDir);
  if (update.kind === 'current') return update;
  if (update.kind === 'updated') {
    const shown = update.files.slice(0, 4).join(', ') + (update.files.length > 4 ? `, and ${update.files.length - 4} more` : '');
    log(`${dbPath}: brought up to date from ${update.files.length} changed files of ${dataDir} (${shown}) in ${seconds()} s`);
    return update;
  }
  log(`${dbPath}: building it from every file of ${dataDir}: ${update.why}`);
  // The pid in the name tells a later run whether the builder is still alive.
  const building = `${dbPath}.${process.pid}-${randomUUID()}.tmp`;
  const forget = undoOnStop(() => {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
  });
  try {
    await onScratch(() => loadDatabase(building, dataDir));
    // Built from data/ by this process: proved as it is (proved-stamp.ts).
    await stampBuilt(building, dbPath);
    await rename(building, dbPath);
  } finally {
    forget();
    await rm(building, { force: true });
  }
  log(`${dbPath}: built in ${seconds()} s`);
  return { kind: 'rebuilt', why: update.why };
}

type Update = { kind: 'current' } | { kind: 'updated'; files: string[] } | { kind: 'rebuild'; why: string };
const rebuild = (why: string): Update => ({ kind: 'rebuild', why });

/**
 * What a change of each kind of file costs: its rows replaced alone, or a rebuild
 * (every later file may depend on it). sources.csv is imported again alone when
 * it only adds sources (the calendar's monthly step adds one); a source changed
 * or taken out rebuilds (replaceChanged), as its removal does.
 */
const REPLACED_ALONE: ReadonlySet<DataKind> = new Set<DataKind>(['daily', 'fx', 'fx-monthly', 'calendar', 'announcements', 'sources']);

/** The files of data/ that differ from the database's record of what it was loaded from. */
interface Changes {
  kind: 'changes';
  files: DataFile[];
  loaded: Map<string, LoadedFile>;
  /** Changed or added, with the sha256 each was read at. */
  changed: { data: DataFile; sha256: string }[];
  removed: string[];
}

async function changesOf(db: Database, dataDir: string): Promise<Changes | Update> {
  const loaded = readLoaded(db);
  if (loaded.size === 0) return rebuild('it holds no record of the files it was loaded from');
  const files = await dataFiles(dataDir);
  const changed: Changes['changed'] = [];
  const present = new Set<string>();
  for (const data of files) {
    const sha256 = await fingerprint(data.file);
    if (sha256 === null) return rebuild(`${data.name} is missing`);
    present.add(data.name);
    if (loaded.get(data.name)?.sha256 !== sha256) changed.push({ data, sha256 });
  }
  const removed = [...loaded.keys()].filter((name) => !present.has(name)).sort();
  if (changed.length === 0 && removed.length === 0) return { kind: 'current' };
  for (const name of [...changed.map((c) => c.data.name), ...removed]) {
    const kind = kindOfName(name);
    if (kind === null || !REPLACED_ALONE.has(kind) || (kind === 'sources' && removed.includes(name)))
      return rebuild(`${name} ${removed.includes(name) ? 'was removed' : loaded.has(name) ? 'changed' : 'was added'}, and the files after it depend on it`);
  }
  return { kind: 'changes', files, loaded, changed, removed };
}

/** How many sources a new database holds before any import (migrations.ts: manual, us-dollar). */
function everyDatabaseSources(): number {
  const db = new BetterSqlite3(':memory:');
  try {
    migrate(db);
    return db.prepare('SELECT count(*) FROM sources').pluck().get() as number;
  } finally {
    db.close();
  }
}

/** A month or year file that cannot be replaced alone (strayRow). */
class Mixed extends Error {}

/** Brings an existing default database up to date in place, in one transaction, or says why it must be rebuilt. */
async function bringUpToDate(dbPath: string, dataDir: string): Promise<Update> {
  if (!(await exists(dbPath))) return rebuild('there was none');
  let db: Database;
  try {
    db = openDatabase(dbPath);
  } catch (error) {
    if (error instanceof UserError) return rebuild(error.message);
    throw error;
  }
  try {
    // The bytes a process proved (or wrote since) and stamped: checked already (proved-stamp.ts).
    const stamped = await stampedAt(db, dbPath);
    if (stamped === null) {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') return rebuild(`its integrity check failed: ${String(check)}`);
    }
    // Once without a lock (nothing to do is the common case), again under it.
    const first = await changesOf(db, dataDir);
    if (first.kind === 'rebuild') return first;
    if (first.kind === 'current') return await proven(db, dbPath, dataDir, first, stamped);
    db.exec('BEGIN IMMEDIATE');
    const changes = await changesOf(db, dataDir);
    if (changes.kind !== 'changes') {
      db.exec('ROLLBACK');
      return changes.kind === 'current' ? await proven(db, dbPath, dataDir, changes, stamped) : changes;
    }
    // Its commits are the transaction's: a stop before the COMMIT rolls it all back.
    await onScratch(() => replaceChanged(db, changes));
    commitStarts();
    db.exec('COMMIT');
    return await proven(db, dbPath, dataDir, { kind: 'updated', files: [...changes.changed.map((c) => c.data.name), ...changes.removed] }, stamped);
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    if (error instanceof Mixed) return rebuild(error.message);
    if (error instanceof UserError) return rebuild(`the changed files did not import alone: ${error.message}`);
    const code = String((error as { code?: unknown }).code ?? '');
    if (code === 'SQLITE_BUSY')
      throw new UserError(`${dbPath}: locked by another process writing it (a fetch or build still running?); try again once it is done`);
    if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return rebuild(`it is damaged (${(error as Error).message})`);
    throw error;
  } finally {
    db.close();
  }
}

/**
 * `update` once every row of the database is proved to be what data/ gives
 * (prove-kept.ts); otherwise a rebuild, saying which row differs. A kept
 * database is shared state outside git: its record of the files says what it
 * was loaded from, not that its rows are still theirs. `stamped`: the
 * data_version at which its bytes were found to be the stamped ones
 * (proved-stamp.ts); when no other connection has committed since (this
 * process's own update from the changed files does not count), the proof is
 * skipped. Proved, or written by this process from the stamped bytes: stamped.
 */
async function proven(db: Database, dbPath: string, dataDir: string, update: Update, stamped: number | null): Promise<Update> {
  let version = stamped;
  if (version === null || dataVersion(db) !== version) {
    version = dataVersion(db);
    const files = await dataFiles(dataDir);
    let why: string | null;
    try {
      why = await proveKept(db, dbPath, files, (scratch, data) => importData(scratch, data, () => {}));
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      // The rebuild reads the same files: it will say the same, at full length.
      why = `data/ did not import to compare it (${error.message})`;
    }
    if (why !== null) return rebuild(`its rows are not what ${dataDir} gives: ${why}`);
  } else if (update.kind === 'current') return update;
  await stampProved(db, dbPath, version);
  return update;
}

/**
 * Replaces the rows of the changed and removed files with those of the files as
 * they are now, so the tables end as a rebuild would leave them: every row of a
 * month (or year) whose file changed is removed, and the month is imported again
 * from every file that has rows in it (rates.csv's rows of the month, kept with
 * their drtID, then the month file), in the loader's order.
 */
async function replaceChanged(db: Database, changes: Changes): Promise<void> {
  const names = new Set([...changes.changed.map((c) => c.data.name), ...changes.removed]);
  const periods = (kind: PeriodKind) => new Set([...names].filter((name) => kindOfName(name) === kind).map(periodOf));
  const rateMonths = periods('daily');
  const ratesCsv = changes.files.find((data) => data.kind === 'rates')!;
  const shared = new Set((changes.loaded.get(ratesCsv.name)?.months ?? []).filter((month) => rateMonths.has(month)));
  const ids = new Map<string, number>();
  for (const month of shared) {
    const rows = db
      .prepare('SELECT drtDate, drtSubcategoryID, drtID FROM rates WHERE drtDate BETWEEN ? AND ?')
      .raw()
      .all(...periodRange(month));
    for (const [date, subcategory, id] of rows as [string, number, number][]) ids.set(rateKey(date, subcategory), id);
  }
  const between = (table: string, column: string, period: string) =>
    db.prepare(`DELETE FROM ${table} WHERE ${column} BETWEEN ? AND ?`).run(...periodRange(period));
  for (const month of rateMonths) between('rates', 'drtDate', month);
  for (const month of periods('fx')) between('fx_rates', 'fxDate', month);
  for (const year of periods('fx-monthly')) between('fx_monthly', 'fxDate', year);
  if ([...names].some((name) => kindOfName(name) === 'calendar')) db.exec('DELETE FROM calendar_nigeria');
  if ([...names].some((name) => kindOfName(name) === 'announcements')) db.exec('DELETE FROM announcements');

  const changed = new Set(changes.changed.map((c) => c.data.name));
  for (const data of changes.files) {
    if (data === ratesCsv && shared.size > 0) {
      // rates.csv's rows of the months replaced, with the drtIDs they had in the rebuild.
      await importData(db, data, () => {}, { months: shared, ids });
      continue;
    }
    if (!changed.has(data.name)) continue;
    let stray: string | null = null;
    const summary = await importData(db, data, (date, hasId) => {
      stray ??= strayRow(data, date, hasId);
    });
    if (stray !== null) throw new Mixed(stray);
    if (data.kind === 'sources') {
      // What a rebuild has: the file's sources and those every database has.
      const stored = db.prepare('SELECT count(*) FROM sources').pluck().get() as number;
      if (summary.updated > 0 || stored !== summary.rows + everyDatabaseSources())
        throw new Mixed(`${data.name} changed or took out a source (rows imported before were checked against it)`);
    }
  }
  // A rebuild has a month version only where there are rates (migrations.ts, rate_months).
  for (const month of rateMonths) {
    db.prepare(
      `DELETE FROM rate_months WHERE rmoMonth = ?
         AND NOT EXISTS (SELECT 1 FROM rates WHERE drtSubcategoryID = rmoSubcategoryID AND drtDate BETWEEN ? AND ?)`,
    ).run(month, ...periodRange(month));
  }
  forgetLoaded(db, changes.removed);
  recordLoaded(
    db,
    changes.changed.map(({ data, sha256 }) => ({ name: data.name, sha256, months: [] })),
  );
}

/**
 * Removes what a killed rebuild left (`default.sqlite.<pid>-<uuid>.tmp` of a dead
 * process, or an older `default.sqlite.<uuid>.tmp` untouched for an hour); a live
 * rebuild's file stays.
 */
async function sweepLeftovers(dbPath: string): Promise<void> {
  const dir = path.dirname(dbPath);
  const prefix = `${path.basename(dbPath)}.`;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix) || !/\.tmp(-journal|-wal|-shm)?$/.test(name)) continue;
    const pid = /^(\d+)-/.exec(name.slice(prefix.length))?.[1];
    const file = path.join(dir, name);
    const stale = pid !== undefined ? !processAlive(Number(pid)) : Date.now() - ((await stat(file).catch(() => null))?.mtimeMs ?? 0) > 3_600_000;
    if (stale) await rm(file, { force: true });
  }
}
