// Opening the source database: every way it can be unusable becomes a message
// that names the file and says what to do.
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { UserError } from '../errors.ts';
import { commitStarts, rollBackOnStop } from '../stopping.ts';
import { registerMoney } from './money-sql.ts';
import { migrate, newerSchemaError, SCHEMA_VERSION, schemaVersion, type MigrationResult } from './migrations.ts';
import { BUILT_IN_SOURCES } from './stored-limits.ts';

export interface OpenOptions {
  /** Open without write access (the build). */
  readonly?: boolean;
  /** Create the file when missing and accept any older schema version (init). */
  create?: boolean;
}

export function openDatabase(path: string, { readonly = false, create = false }: OpenOptions = {}): Database {
  if (!create && !existsSync(path)) {
    throw new UserError(`${path}: no such database; create it with: npm run cli -- init --db ${path}`);
  }
  let stat;
  try {
    stat = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    throw new UserError(
      `--db ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOTDIR' ? 'a part of its path is a file, not a folder' : (error as Error).message}`,
    );
  }
  // Node 24 answers a path under a file with "no entry" rather than ENOTDIR: look for that file ourselves.
  if (!stat && fileAbove(path)) throw new UserError(`--db ${path}: a part of its path is a file, not a folder`);
  if (!stat && !statSync(dirname(path), { throwIfNoEntry: false })?.isDirectory()) {
    throw new UserError(`--db ${path}: the folder ${dirname(path)} does not exist; create it first, or name a file in an existing folder`);
  }
  if (stat?.isDirectory()) throw new UserError(`--db ${path} is a folder; name the database file in it, e.g. --db ${join(path, 'rates.sqlite')}`);
  if (stat && !stat.isFile()) throw new UserError(`--db ${path} is not a regular file; name a SQLite database file, e.g. --db rates.sqlite`);
  let db: Database;
  try {
    db = new BetterSqlite3(path, { readonly, fileMustExist: !create });
  } catch (error) {
    const message = (error as Error).message;
    if (!String((error as { code?: string }).code).startsWith('SQLITE_CANTOPEN')) throw new UserError(`${path}: cannot open the database (${message})`);
    // Permissions (or a read-only mount): say whose, and what to change.
    if (!stat) {
      throw new UserError(
        `${path}: cannot create the database (${message}); this user needs write access to the folder ${dirname(path)}: fix the permissions, or name a file in a writable folder with --db`,
      );
    }
    throw new UserError(
      `${path}: cannot open the database (${message}); this user needs read access to the file${readonly ? '' : ` and write access to it and to its folder ${dirname(path)}`}: check the permissions`,
    );
  }
  try {
    db.pragma('foreign_keys = ON');
    registerMoney(db);
    // The first read of the file: this is where "not a database" shows up.
    const version = schemaVersion(db);
    if (version > SCHEMA_VERSION) throw newerSchemaError(path, version);
    if (version < SCHEMA_VERSION && !create) {
      throw new UserError(`${path}: schema version ${version}, this program needs ${SCHEMA_VERSION}; migrate it with: npm run cli -- init --db ${path}`);
    }
    rollBackOnStop(db);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof UserError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') throw new UserError(`${path}: not a SQLite database`);
    if (code === 'SQLITE_BUSY')
      throw new UserError(`${path}: locked by another process writing it (a fetch, import or build still running?); try again once it is done`);
    throw new UserError(`${path}: cannot read the database (${(error as Error).message})`);
  }
}

/** Creates the database, or brings an existing one to the current schema version and restores its built-in sources. */
export function initDatabase(path: string): MigrationResult & { restored: string[] } {
  const db = openDatabase(path, { create: true });
  commitStarts();
  try {
    return { ...migrate(db), restored: restoreBuiltInSources(db) };
  } catch (error) {
    throw writeError(path, error);
  } finally {
    db.close();
  }
}

/** A failed write as a message that says what to do (read-only file or folder, a file that is no database); others unchanged. */
export function writeError(path: string, error: unknown): unknown {
  if (error instanceof UserError) return error;
  const code = String((error as { code?: string }).code ?? '');
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR_')) {
    return new UserError(
      `${path}: cannot write the database (${(error as Error).message}); it needs write access to the file and to its folder (for the journal): check the permissions, or name another file with --db`,
    );
  }
  return error;
}

/** Puts back a built-in source a database redefined or removed (imports refuse to since stored-limits.ts). */
function restoreBuiltInSources(db: Database): string[] {
  const restored: string[] = [];
  for (const source of Object.values(BUILT_IN_SOURCES)) {
    const fields = Object.keys(source);
    const changes = db
      .prepare(
        `INSERT INTO sources (${fields.join(', ')}) VALUES (${fields.map((f) => `@${f}`).join(', ')})
         ON CONFLICT (srcID) DO UPDATE SET ${fields.map((f) => `${f} = excluded.${f}`).join(', ')}
         WHERE ${fields.map((f) => `${f} IS NOT excluded.${f}`).join(' OR ')}`,
      )
      .run(source).changes;
    if (changes > 0) restored.push(source.srcID);
  }
  return restored;
}

/** Whether the nearest part of `path` above it that exists is a file (so no folder of that path can exist). */
function fileAbove(path: string): boolean {
  for (let at = dirname(path); at !== dirname(at); at = dirname(at)) {
    try {
      const found = statSync(at, { throwIfNoEntry: false });
      if (found) return !found.isDirectory();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
    }
  }
  return false;
}
