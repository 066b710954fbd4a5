// The database the project ships with, built from the reviewable text files in
// data/ (the .sqlite file itself is not committed).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';
import { importAnnouncements } from './import-announcements.ts';
import { importNigeriaCalendar } from './import-calendar.ts';
import { importCategories } from './import-categories.ts';
import { importCurrencies } from './import-currencies.ts';
import { importFx, importFxMonthly } from './import-fx.ts';
import { yearFiles } from './fx-files.ts';
import { importNisab } from './import-nisab.ts';
import { importRates } from './import-rates.ts';
import { importSources } from './import-sources.ts';
import { monthFiles } from './rate-files.ts';
import { importSubcategories } from './import-subcategories.ts';
import type { ImportSummary } from './import-summary.ts';
import { initDatabase, openDatabase } from './open.ts';
import { processAlive } from '../process-alive.ts';
import { onScratch, undoOnStop } from '../stopping.ts';

export const DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));
export const DEFAULT_DB_PATH = path.join(DATA_DIR, 'default.sqlite');

// In import order: each file refers only to the ones before it.
const DATA_FILES = ['categories.csv', 'subcategories.csv', 'rates.csv', 'nisab.json'] as const;
/** Optional: the sources the rates name (without it, a rate may name only manual). */
const SOURCES_FILE = 'sources.csv';
/** Optional: Nigeria's declared Hijri months (docs/calendar.md), imported after the sources they name. */
const CALENDAR_FILE = 'calendar-nigeria.csv';
/** Optional: the figures Nigerian bodies announced (docs/API.md §2d), imported after the Nisab rules they name. */
const ANNOUNCEMENTS_FILE = 'announcements.csv';
/** Optional: the daily rates kept by `fetch --write-csv`, one CSV per month, imported after rates.csv. */
export const DAILY_DIR = 'daily';
/** Optional: the ISO 4217 national currencies, and their rates per US dollar kept by `fetch --write-fx-csv`, one CSV per month. */
const CURRENCIES_FILE = 'currencies.csv';
export const FX_DIR = 'fx';
/** Optional: monthly averages of rates per US dollar (`import fx-monthly`), one CSV per year. */
export const FX_MONTHLY_DIR = 'fx-monthly';

/** Imports the data files of `dataDir` into an initialised database. */
export async function importDataDirectory(db: Database, dataDir: string = DATA_DIR): Promise<ImportSummary[]> {
  const [categories, subcategories, rates, nisab] = DATA_FILES.map((file) => path.join(dataDir, file)) as [string, string, string, string];
  const sources = path.join(dataDir, SOURCES_FILE);
  const summaries = [await importCategories(db, categories), await importSubcategories(db, subcategories)];
  if (await exists(sources)) summaries.push(await importSources(db, sources));
  const calendar = path.join(dataDir, CALENDAR_FILE);
  if (await exists(calendar)) summaries.push(await importNigeriaCalendar(db, calendar));
  summaries.push(await importRates(db, rates));
  for (const file of await monthFiles(path.join(dataDir, DAILY_DIR))) summaries.push(await importRates(db, file));
  const currencies = path.join(dataDir, CURRENCIES_FILE);
  if (await exists(currencies)) {
    summaries.push(await importCurrencies(db, currencies));
    // Kept rows passed the gate when they came in (a jump was accepted then, by
    // --accept-jumps); the range is still checked, a jump is not asked about again.
    for (const file of await monthFiles(path.join(dataDir, FX_DIR))) summaries.push(await importFx(db, file, { acceptJumps: true }));
    // One transaction for the 56 year files: each of its own would cost a commit apiece.
    const years = await yearFiles(path.join(dataDir, FX_MONTHLY_DIR));
    db.exec('BEGIN IMMEDIATE');
    try {
      for (const file of years) summaries.push(await importFxMonthly(db, file, { acceptJumps: true }));
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }
  summaries.push(await importNisab(db, nisab));
  const announcements = path.join(dataDir, ANNOUNCEMENTS_FILE);
  if (await exists(announcements)) summaries.push(await importAnnouncements(db, announcements));
  return summaries;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

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

/**
 * The path of the default database, (re)built first when it is missing, older
 * than any data file, or unusable (another schema version, damaged). It is built under a temporary
 * name and renamed into place, so a reader never sees a half-built file.
 */
export async function ensureDefaultDatabase(dbPath: string = DEFAULT_DB_PATH, dataDir: string = DATA_DIR): Promise<string> {
  await sweepLeftovers(dbPath);
  if (await isUpToDate(dbPath, dataDir)) return dbPath;
  // The pid in the name tells a later run whether the builder is still alive.
  const building = `${dbPath}.${process.pid}-${randomUUID()}.tmp`;
  const forget = undoOnStop(() => {
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true });
  });
  try {
    await onScratch(() => loadDatabase(building, dataDir));
    await rename(building, dbPath);
  } finally {
    forget();
    await rm(building, { force: true });
  }
  return dbPath;
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

async function isUpToDate(dbPath: string, dataDir: string): Promise<boolean> {
  const built = await stat(dbPath).catch(() => undefined);
  if (!built) return false;
  for (const file of DATA_FILES) {
    if ((await stat(path.join(dataDir, file))).mtimeMs > built.mtimeMs) return false;
  }
  // The daily folder's own time changes when a month file is added or removed.
  const daily = path.join(dataDir, DAILY_DIR);
  const fx = path.join(dataDir, FX_DIR);
  for (const file of [
    path.join(dataDir, SOURCES_FILE),
    path.join(dataDir, CALENDAR_FILE),
    path.join(dataDir, ANNOUNCEMENTS_FILE),
    path.join(dataDir, CURRENCIES_FILE),
    daily,
    ...(await monthFiles(daily)),
    fx,
    ...(await monthFiles(fx)),
    path.join(dataDir, FX_MONTHLY_DIR),
    ...(await yearFiles(path.join(dataDir, FX_MONTHLY_DIR))),
  ]) {
    if (((await stat(file).catch(() => undefined))?.mtimeMs ?? 0) > built.mtimeMs) return false;
  }
  try {
    // Refuses a file of another schema version, or not a database at all: rebuild it.
    openDatabase(dbPath, { readonly: true }).close();
    return true;
  } catch {
    return false;
  }
}
