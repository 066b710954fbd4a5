import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from '../../generator/db/default-db.ts';
import { importFile } from '../../generator/db/import-file.ts';
import { initDatabase } from '../../generator/db/open.ts';
import { useScratch, userError } from './scratch.ts';

const scratch = useScratch();

describe('importFile (the import command)', () => {
  it('runs the importer of each kind against a database file', async () => {
    const db = path.join(scratch.dir, 'cli.sqlite');
    initDatabase(db);
    for (const [kind, file] of [
      ['categories', 'categories.csv'],
      ['subcategories', 'subcategories.csv'],
      ['sources', 'sources.csv'],
      ['nigeria-calendar', 'calendar-nigeria.csv'],
      ['rates', 'rates.csv'],
      ['nisab', 'nisab.json'],
    ] as const) {
      expect(await importFile(kind, path.join(DATA_DIR, file), db)).toMatchObject({ unchanged: 0, updated: 0 });
    }
  });

  it('refuses an unknown kind and a missing database', async () => {
    expect((await userError(importFile('toString', 'x.csv', 'y.sqlite'))).message).toBe(
      'unknown import kind "toString"; expected one of categories, subcategories, sources, rates, currencies, fx, nisab, nigeria-calendar',
    );
    const missing = path.join(scratch.dir, 'missing.sqlite');
    expect((await userError(importFile('rates', 'x.csv', missing))).message).toMatch(/no such database/);
  });
});
