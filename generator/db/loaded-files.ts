// The files of data/ the default database is loaded from, in import order, and
// the record of what it was loaded from (table loaded_files): each file's path
// under data/ and the sha256 of its bytes. Comparing the two says which files
// changed since, so the database is brought up to date from those alone
// (default-db.ts); a file's bytes, not its time, decide: a fresh checkout gives
// every file a new time and the same bytes.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { yearFiles } from './fx-files.ts';
import { monthFiles } from './rate-files.ts';
import { exists } from './text-file.ts';

/**
 * What a file of data/ holds. The month and year files (daily, fx, fx-monthly)
 * hold the rows of their period alone: they are the files the nightly adds to.
 */
export type DataKind =
  | 'categories'
  | 'subcategories'
  | 'sources'
  | 'calendar'
  | 'rates'
  | 'daily'
  | 'currencies'
  | 'fx'
  | 'fx-monthly'
  | 'nisab'
  | 'announcements';

export interface DataFile {
  /** Its path under data/, with forward slashes: daily/2026-11.csv. */
  name: string;
  /** Its full path. */
  file: string;
  kind: DataKind;
}

/** The folders of month or year files, and the kind of each. */
export const PERIOD_DIRS = { daily: 'daily', fx: 'fx', 'fx-monthly': 'fx-monthly' } as const;
export type PeriodKind = keyof typeof PERIOD_DIRS;

const SINGLE: readonly [DataKind, string, 'required' | 'optional'][] = [
  ['categories', 'categories.csv', 'required'],
  ['subcategories', 'subcategories.csv', 'required'],
  ['sources', 'sources.csv', 'optional'],
  ['calendar', 'calendar-nigeria.csv', 'optional'],
  ['rates', 'rates.csv', 'required'],
];

/**
 * The files the loader reads, in its order: each refers only to the ones before
 * it. A required file is listed even when missing (its import says so); the
 * currencies' rates only with data/currencies.csv, as the loader reads them.
 */
export async function dataFiles(dataDir: string): Promise<DataFile[]> {
  const files: DataFile[] = [];
  const single = async (kind: DataKind, name: string, need: 'required' | 'optional') => {
    const file = path.join(dataDir, name);
    if (need === 'required' || (await exists(file))) files.push({ name, file, kind });
  };
  const periods = async (kind: PeriodKind) => {
    const dir = path.join(dataDir, PERIOD_DIRS[kind]);
    for (const file of kind === 'fx-monthly' ? await yearFiles(dir) : await monthFiles(dir))
      files.push({ name: `${PERIOD_DIRS[kind]}/${path.basename(file)}`, file, kind });
  };
  for (const [kind, name, need] of SINGLE) await single(kind, name, need);
  await periods('daily');
  const currencies = path.join(dataDir, 'currencies.csv');
  if (await exists(currencies)) {
    files.push({ name: 'currencies.csv', file: currencies, kind: 'currencies' });
    await periods('fx');
    await periods('fx-monthly');
  }
  await single('nisab', 'nisab.json', 'required');
  await single('announcements', 'announcements.csv', 'optional');
  return files;
}

/** The kind of a file recorded under `name` (a file since removed from data/). */
export function kindOfName(name: string): DataKind | null {
  for (const [kind, dir] of Object.entries(PERIOD_DIRS) as [PeriodKind, string][]) if (name.startsWith(`${dir}/`)) return kind;
  const single = SINGLE.find(([, file]) => file === name)?.[0];
  if (single) return single;
  return ({ 'currencies.csv': 'currencies', 'nisab.json': 'nisab', 'announcements.csv': 'announcements' } as const)[name] ?? null;
}

export const isPeriodKind = (kind: DataKind | null): kind is PeriodKind => kind !== null && kind in PERIOD_DIRS;

/** The period a month or year file holds (2026-11, or 2026 for fx-monthly), from its name. */
export const periodOf = (name: string): string => path.basename(name, '.csv');

/** The first and last date strings of a period, for a range of an index (YYYY-MM or YYYY). */
export function periodRange(period: string): [string, string] {
  return period.length === 4 ? [`${period}-00-00`, `${period}-99-99`] : [`${period}-00`, `${period}-99`];
}

/** The sha256 of a file's bytes, read as a stream; null when it does not exist. */
export async function fingerprint(file: string): Promise<string | null> {
  if (!(await exists(file))) return null;
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface LoadedFile {
  name: string;
  sha256: string;
  /** rates.csv: the months it has rows in (they may also be in a month file of data/daily). */
  months: readonly string[];
}

export function readLoaded(db: Database): Map<string, LoadedFile> {
  const rows = db.prepare('SELECT lodPath, lodSha256, lodMonths FROM loaded_files').raw().all() as [string, string, string][];
  return new Map(rows.map(([name, sha256, months]) => [name, { name, sha256, months: JSON.parse(months) as string[] }]));
}

export function recordLoaded(db: Database, files: readonly LoadedFile[]): void {
  const write = db.prepare(
    `INSERT INTO loaded_files (lodPath, lodSha256, lodMonths) VALUES (?, ?, ?)
     ON CONFLICT (lodPath) DO UPDATE SET lodSha256 = excluded.lodSha256, lodMonths = excluded.lodMonths`,
  );
  for (const file of files) write.run(file.name, file.sha256, JSON.stringify(file.months));
}

export function forgetLoaded(db: Database, names: readonly string[]): void {
  const forget = db.prepare('DELETE FROM loaded_files WHERE lodPath = ?');
  for (const name of names) forget.run(name);
}
