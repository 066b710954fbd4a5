import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from '../../generator/db/default-db.ts';
import { importFile, importFiles } from '../../generator/db/import-file.ts';
import { initDatabase, openDatabase } from '../../generator/db/open.ts';
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
      'unknown import kind "toString"; expected one of categories, subcategories, sources, rates, currencies, fx, fx-monthly, nisab, nigeria-calendar, announcements',
    );
    const missing = path.join(scratch.dir, 'missing.sqlite');
    expect((await userError(importFile('rates', 'x.csv', missing))).message).toMatch(/no such database/);
  });

  it('imports several files of a series in one transaction: all of them or none', async () => {
    const db = path.join(scratch.dir, 'series.sqlite');
    initDatabase(db);
    for (const kind of ['sources', 'currencies']) await importFile(kind, path.join(DATA_DIR, `${kind}.csv`), db);
    const header = 'fxDate,fxCurrency,fxPerUSD,fxSource\n';
    const good = await scratch.write('2026-07.csv', `${header}2026-07-15,GBP,0.74586441,currency-api\n`);
    const bad = await scratch.write('2026-08.csv', `${header}2026-08-01,GBP,-1,currency-api\n`);
    const error = await userError(importFiles('fx', [good, bad], db));
    expect(error.message).toMatch(/2026-08\.csv: nothing imported/);
    const count = () => {
      const handle = openDatabase(db, { readonly: true });
      try {
        return handle.prepare('SELECT count(*) FROM fx_rates').pluck().get();
      } finally {
        handle.close();
      }
    };
    // The good file's row went with the bad one's.
    expect(count()).toBe(0);
    expect((await importFiles('fx', [good], db)).map((s) => s.inserted)).toEqual([1]);
    expect((await userError(importFiles('sources', [good, bad], db))).message).toBe(
      'import sources takes one file; several are for rates, fx, fx-monthly (e.g. import fx data/fx/*.csv)',
    );
  });
});
