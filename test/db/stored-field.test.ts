// The rate record's stored columns are defined once (STORED_RATE_COLUMNS, next
// to the zod records). A field added by the recipe of docs/making-changes.md to
// copies of model/schemas.ts and router/records.ts, and nowhere else, is imported,
// stored, kept in the data/daily text, read back from it and published: every
// module of the program reads the copies in place of the real ones. The
// expected answers are plain SQL and plain text, written out here.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { STORED_RATE_COLUMNS, type RateInput, type StoredColumns } from '../../generator/model/schemas.ts';
import { importCategories } from '../../generator/db/import-categories.ts';
import { importRates } from '../../generator/db/import-rates.ts';
import { importSubcategories } from '../../generator/db/import-subcategories.ts';
import { keepRates, type KeptRate } from '../../generator/db/rate-files.ts';
import { startPreview } from '../../generator/edges/preview/server.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { contents, useScratch } from './scratch.ts';
import { MIGRATION, removeCopies } from './schemas-with-field.ts';

vi.mock('../../generator/model/schemas.ts', async () => {
  const { schemasWithField } = await import('./schemas-with-field.ts');
  return import(/* @vite-ignore */ await schemasWithField());
});
vi.mock('../../generator/router/records.ts', async () => {
  const { recordsWithField } = await import('./schemas-with-field.ts');
  return import(/* @vite-ignore */ await recordsWithField());
});
afterAll(removeCopies);

const scratch = useScratch();
const DATA = path.join(import.meta.dirname, '../../data');
const HEADER = 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira,drtNote,drtChecked';
const ROWS =
  'SELECT drtID, drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira, drtPriceSource, drtNairaSource, drtNairaDate, drtNote, drtChecked FROM rates ORDER BY drtID';

async function database(name: string) {
  const db = scratch.database(name);
  await importCategories(db, path.join(DATA, 'categories.csv'));
  await importSubcategories(db, path.join(DATA, 'subcategories.csv'));
  db.exec(MIGRATION);
  return db;
}

describe('stored fields added to a copy of the definition', () => {
  it('are imported, kept in the data/daily text, read back from it, and published', async () => {
    const db = await database('test.sqlite');
    await importRates(
      db,
      await scratch.write('rates.csv', `${HEADER}\n2024-01-31,1,65,900,"LBMA fix, 10:30",true\n2024-02-29,1,66,1000,,\n2024-02-29,2,0.75,1000,,\n`),
    );
    expect(db.prepare('SELECT drtDate, drtSubcategoryID, drtNote, drtChecked FROM rates ORDER BY drtID').raw().all()).toEqual([
      ['2024-01-31', 1, 'LBMA fix, 10:30', 1],
      ['2024-02-29', 1, null, 0],
      ['2024-02-29', 2, null, 0],
    ]);

    // A change to a new field alone is a change: the row is updated, the others are not.
    const correction = await importRates(db, await scratch.write('note.csv', `${HEADER}\n2024-02-29,1,66,1000,corrected,false\n2024-02-29,2,0.75,1000,,\n`));
    expect(correction).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    expect(db.prepare("SELECT drtNote FROM rates WHERE drtDate = '2024-02-29' AND drtSubcategoryID = 1").pluck().get()).toBe('corrected');
    const checked = await importRates(db, await scratch.write('checked.csv', `${HEADER}\n2024-02-29,2,0.75,1000,,true\n`));
    expect(checked).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });

    // Kept as text: the new columns last, a value with a comma quoted, none as an empty cell, a boolean as true or false.
    const dir = path.join(scratch.dir, 'daily');
    const kept = db
      .prepare('SELECT drtID, drtDate, drtSubcategoryID, drtInUSD, drtUSDinNaira, drtNote, drtChecked FROM rates WHERE drtSubcategoryID = 1')
      .all();
    const [january, february] = await keepRates(
      dir,
      kept.map((row) => ({ ...(row as KeptRate), drtChecked: (row as { drtChecked: number }).drtChecked === 1 })),
    );
    const columns = 'drtID,drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira,drtPriceSource,drtNairaSource,drtNairaDate,drtNote,drtChecked\n';
    expect(await readFile(january!, 'utf8')).toBe(`${columns}1,2024-01-31,1,65,900,manual,manual,,"LBMA fix, 10:30",true\n`);
    // Read back when a row is added to its month: the kept row keeps its values.
    await keepRates(dir, [{ drtID: 3, drtDate: '2024-02-29', drtSubcategoryID: 2, drtInUSD: 0.75, drtUSDinNaira: 1000, drtChecked: true } as KeptRate]);
    expect(await readFile(february!, 'utf8')).toBe(
      `${columns}2,2024-02-29,1,66,1000,manual,manual,,corrected,false\n3,2024-02-29,2,0.75,1000,manual,manual,,,true\n`,
    );
    // Read back by the import: the text rebuilds the same rows.
    const rebuilt = await database('rebuilt.sqlite');
    for (const file of [january!, february!]) await importRates(rebuilt, file);
    expect(rebuilt.prepare(ROWS).all()).toEqual(db.prepare(ROWS).all());
    expect(contents(rebuilt).rates).toEqual(contents(db).rates);

    // Published: a snapshot of the database answers with the fields, last in the record.
    db.close();
    const out = path.join(scratch.dir, 'public');
    await buildSnapshot(fixtureBuild(path.join(scratch.dir, 'test.sqlite'), out, { asOf: '2024-02-29', strict: false }));
    const preview = await startPreview({ dir: out, port: 0, log: () => {} });
    try {
      const answer = await (await fetch(`${preview.url}/api/v1/rates?start_date=2024-01-01&end_date=2024-02-29&subcategory=1`)).text();
      const records = (JSON.parse(answer) as { data: Record<string, unknown>[] }).data;
      expect(records.map((r) => [r.drtDate, r.drtNote, r.drtChecked])).toEqual([
        ['2024-01-31', 'LBMA fix, 10:30', true],
        ['2024-02-29', 'corrected', false],
      ]);
      expect(Object.keys(records[0]!).slice(-2)).toEqual(['drtNote', 'drtChecked']);
    } finally {
      await preview.close();
    }
  }, 60_000);
});

describe('the definition, checked by tsc', () => {
  it('does not compile when a field of RateInput has no entry', () => {
    const { drtNairaDate: _left, ...withoutOne } = STORED_RATE_COLUMNS;
    // @ts-expect-error drtNairaDate has no entry
    const incomplete: StoredColumns<RateInput> = withoutOne;
    // @ts-expect-error a field added to RateInput (drtParallelNaira) has no entry
    const short: StoredColumns<RateInput & { drtParallelNaira?: number }> = STORED_RATE_COLUMNS;
    expect(Object.keys(incomplete)).not.toContain('drtNairaDate');
    expect(short).toBe(STORED_RATE_COLUMNS);
  });
});
