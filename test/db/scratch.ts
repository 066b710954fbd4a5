// Test fixture: a temporary directory per test, with real SQLite files in it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, expect } from 'vitest';
import { UserError } from '../../generator/errors.ts';
import { importCategories } from '../../generator/db/import-categories.ts';
import { importSubcategories } from '../../generator/db/import-subcategories.ts';
import { initDatabase, openDatabase } from '../../generator/db/open.ts';

export interface Scratch {
  dir: string;
  /** Writes `text` to `name` in the directory and returns its path. */
  write(name: string, text: string): Promise<string>;
  /** A database at the current schema version with `open` connections closed after the test. */
  database(name?: string): Database;
  /** Opens an existing database file, closed after the test. */
  open(file: string): Database;
  /** A database holding categories 1–2 and subcategories gold (1, default), silver (2), cash (3). */
  seededDatabase(): Promise<Database>;
}

/** Registers the hooks; call at the top of a test file and use the fields inside tests. */
export function useScratch(): Scratch {
  const open: Database[] = [];
  const scratch = { dir: '' } as Scratch;
  beforeEach(async () => {
    scratch.dir = await mkdtemp(path.join(tmpdir(), 'nisab-db-test-'));
  });
  afterEach(async () => {
    for (const db of open.splice(0)) if (db.open) db.close();
    await rm(scratch.dir, { recursive: true, force: true });
  });
  scratch.write = async (name, text) => {
    const file = path.join(scratch.dir, name);
    await writeFile(file, text);
    return file;
  };
  scratch.database = (name = 'test.sqlite') => {
    const file = path.join(scratch.dir, name);
    initDatabase(file);
    const db = openDatabase(file);
    open.push(db);
    return db;
  };
  scratch.open = (file) => {
    const db = openDatabase(file);
    open.push(db);
    return db;
  };
  scratch.seededDatabase = async () => {
    const db = scratch.database();
    await importCategories(db, await scratch.write('seed-categories.csv', 'catID,catSlug,catName\n1,precious-metals,Precious metals\n2,monetary,Money\n'));
    await importSubcategories(
      db,
      await scratch.write(
        'seed-subcategories.csv',
        'sctID,sctSlug,sctName,sctUnit,sctHasDailyRate,sctIsDefault,sctCategoryID\n' +
          '1,gold,Gold,gram,true,true,1\n2,silver,Silver,gram,true,false,1\n3,cash,Cash,currency,false,false,2\n',
      ),
    );
    return db;
  };
  return scratch;
}

const TABLES = ['categories', 'subcategories', 'sources', 'rates', 'nisab_rules', 'livestock_brackets'];

/** Every row of every table, to show that a refused import wrote nothing. */
export function contents(db: Database): Record<string, unknown[]> {
  return Object.fromEntries(TABLES.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()]));
}

/** The UserError a promise rejects with. */
export async function userError(promise: Promise<unknown>): Promise<UserError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  return error as UserError;
}
