// The stamp of a proved default database (issue 43): `default.sqlite.proved`
// beside it, holding the sha256 of the database file's bytes and of the code that
// imports (generator/db, generator/model, generator/router: what the nightly's cache key names).
// Written by the process that proved the database row by row (prove-kept.ts),
// built it from data/, or wrote it itself since (an update from the changed
// files, fetch's night kept in data/'s own month files); a later process that
// finds the file's bytes to be the stamped ones skips the row proof, so the
// nightly proves once (`fetch`), not again in its `build`.
//
// Why a digest of the bytes, not SQLite's data_version, the size or the mtime:
// the cache saves only data/default.sqlite, so a restore can never write the
// stamp, but it can write a database of any size and mtime (tar keeps both), and
// data_version is a per-connection counter that says nothing across processes.
// Only a digest ties the stamp to these bytes: a row changed by anything after
// the stamp, a cache restore included, and the file is no longer the stamped
// one. It costs one read of the file (199 MB at 10 × 50 × 170: 1.0 s at load 5,
// BENCHMARKS.md), against the proof's 17 s.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';
import { exists, writeWhole } from './text-file.ts';

export const stampPath = (dbPath: string): string => `${dbPath}.proved`;

/** The folders whose code decides what a database built from data/ holds. */
const CODE_DIRS = ['.', '../model', '../router'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));

let code: Promise<string> | undefined;
/** The sha256 of the code that imports: a stamp of other code proves nothing about what this code's import gives. */
function codeDigest(): Promise<string> {
  code ??= (async () => {
    const hash = createHash('sha256');
    for (const dir of CODE_DIRS) {
      const names = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.ts')).sort();
      for (const name of names) hash.update(`${path.join(dir, name)}\n`).update(await readFile(path.join(dir, name)));
    }
    return hash.digest('hex');
  })();
  return code;
}

/** The stamp `dbPath`'s bytes would have, null when it is not one whole file (missing, or with a journal beside it). */
async function stampText(dbPath: string): Promise<string | null> {
  if (!(await exists(dbPath))) return null;
  for (const suffix of ['-journal', '-wal']) if (await exists(`${dbPath}${suffix}`)) return null;
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(dbPath)) hash.update(chunk as Buffer);
  return `sha256 ${hash.digest('hex')}\ncode ${await codeDigest()}\n`;
}

/**
 * Runs `work` holding a read lock on the file (SQLite's SHARED lock: no other
 * connection can commit meanwhile), so the bytes it reads are one state of the
 * database. SQLite's data_version then says whether another connection
 * committed since `version` (one read before).
 */
async function underReadLock<T>(db: Database, work: (version: number) => Promise<T>): Promise<T> {
  db.exec('BEGIN');
  try {
    db.prepare('SELECT count(*) FROM sqlite_schema').get();
    return await work(dataVersion(db));
  } finally {
    if (db.inTransaction) db.exec('COMMIT');
  }
}

/** SQLite's count of the commits of other connections this connection has seen. */
export const dataVersion = (db: Database): number => db.pragma('data_version', { simple: true }) as number;

/**
 * The data_version at which the file's bytes (open as `db`) were found to be the
 * stamped ones; null when there is no stamp, or it names other bytes or code.
 */
export function stampedAt(db: Database, dbPath: string): Promise<number | null> {
  return underReadLock(db, async (version) => {
    const stamp = await readFile(stampPath(dbPath), 'utf8').catch(() => null);
    if (stamp === null) return null;
    return stamp === (await stampText(dbPath)) ? version : null;
  });
}

/**
 * Stamps the database (open as `db`) as proved, when no other connection has
 * committed since data_version `version` (what was proved is what is stamped).
 */
export function stampProved(db: Database, dbPath: string, version: number): Promise<void> {
  return underReadLock(db, async (now) => {
    if (now !== version) return;
    const text = await stampText(dbPath);
    if (text !== null) await writeWhole(stampPath(dbPath), text);
  });
}

/** Stamps a database file no connection has open yet (a rebuild under its temporary name), as `stampFor` once renamed. */
export async function stampBuilt(built: string, stampFor: string): Promise<void> {
  const text = await stampText(built);
  if (text !== null) await writeWhole(stampPath(stampFor), text);
}

/**
 * Stamps the default database after this process wrote it since it was proved
 * or stamped (fetch, when every row it imported was kept in data/'s own month
 * files too, so the database still holds what data/ gives).
 */
export async function stampWritten(dbPath: string, open: (dbPath: string) => Database): Promise<void> {
  const db = open(dbPath);
  try {
    await underReadLock(db, async () => {
      const text = await stampText(dbPath);
      if (text !== null) await writeWhole(stampPath(dbPath), text);
    });
  } finally {
    db.close();
  }
}

/** Whether the database file's bytes are the stamped ones (fetch asks before it writes: it stamps only what was proved). */
export async function isStamped(dbPath: string, open: (dbPath: string) => Database): Promise<boolean> {
  const db = open(dbPath);
  try {
    return (await stampedAt(db, dbPath)) !== null;
  } finally {
    db.close();
  }
}
