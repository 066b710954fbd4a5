import { describe, expect, it } from 'vitest';
import { importCategories } from '../../generator/db/import-categories.ts';
import { importSubcategories } from '../../generator/db/import-subcategories.ts';
import { contents, useScratch, userError } from './scratch.ts';

const scratch = useScratch();
const HEADER = 'sctID,sctSlug,sctName,sctUnit,sctHasDailyRate,sctIsDefault,sctCategoryID\n';

describe('importCategories', () => {
  it('upserts by catID and reports what changed', async () => {
    const db = scratch.database();
    const file = await scratch.write('categories.csv', 'catID,catSlug,catName\n1,precious-metals,Precious metals\n2,monetary,Money\n');
    expect(await importCategories(db, file)).toEqual({ file, rows: 2, inserted: 2, updated: 0, unchanged: 0 });
    const renamed = await scratch.write('renamed.csv', 'catID,catSlug,catName\n2,monetary,Money and trade\n1,precious-metals,Precious metals\n');
    expect(await importCategories(db, renamed)).toMatchObject({ rows: 2, inserted: 0, updated: 1, unchanged: 1 });
    expect(db.prepare('SELECT * FROM categories ORDER BY catID').raw().all()).toEqual([
      [1, 'precious-metals', 'Precious metals'],
      [2, 'monetary', 'Money and trade'],
    ]);
  });

  it('refuses duplicate IDs and slugs, and a slug taken by another stored category', async () => {
    const db = await scratch.seededDatabase();
    const before = contents(db);
    const file = await scratch.write('categories.csv', 'catID,catSlug,catName\n3,livestock,Livestock\n3,crops,Crops\n4,livestock,Herds\n');
    const error = await userError(importCategories(db, file));
    expect(error.problems).toEqual([`${file}:3: catID: 3 is already on line 2`, `${file}:4: catSlug: "livestock" is already on line 2`]);
    const clash = await scratch.write('clash.csv', 'catID,catSlug,catName\n5,monetary,Money again\n');
    expect((await userError(importCategories(db, clash))).problems).toEqual([
      `${clash}:2: row: breaks a database rule: UNIQUE constraint failed: categories.catSlug`,
    ]);
    expect(contents(db)).toEqual(before);
  });
});

describe('importSubcategories', () => {
  it('reads booleans and the optional category, and is idempotent', async () => {
    const db = await scratch.seededDatabase();
    const file = await scratch.write('sub.csv', 'sctID,sctSlug,sctName,sctUnit,sctHasDailyRate,sctIsDefault\n4,camels,Camels,head,false,false\n');
    expect(await importSubcategories(db, file)).toMatchObject({ inserted: 1 });
    expect(db.prepare('SELECT * FROM subcategories WHERE sctID = 4').get()).toEqual({
      sctID: 4,
      sctSlug: 'camels',
      sctName: 'Camels',
      sctUnit: 'head',
      sctHasDailyRate: 0,
      sctIsDefault: 0,
      sctCategoryID: null,
    });
    const before = contents(db);
    expect(await importSubcategories(db, file)).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(contents(db)).toEqual(before);
  });

  it('moves the default in one file, whatever the row order', async () => {
    const db = await scratch.seededDatabase();
    const file = await scratch.write('sub.csv', `${HEADER}2,silver,Silver,gram,true,true,1\n1,gold,Gold,gram,true,false,1\n`);
    expect(await importSubcategories(db, file)).toMatchObject({ updated: 2 });
    expect(db.prepare('SELECT sctID FROM subcategories WHERE sctIsDefault = 1').pluck().all()).toEqual([2]);
  });

  it('refuses a second default, against the file and against the database', async () => {
    const db = await scratch.seededDatabase();
    const before = contents(db);
    const inFile = await scratch.write('a.csv', `${HEADER}1,gold,Gold,gram,true,true,1\n2,silver,Silver,gram,true,true,1\n`);
    expect((await userError(importSubcategories(db, inFile))).problems).toEqual([
      `${inFile}:3: sctIsDefault: a second default; subcategory 1 is already the default`,
    ]);
    const inDb = await scratch.write('b.csv', `${HEADER}2,silver,Silver,gram,true,true,1\n`);
    expect((await userError(importSubcategories(db, inDb))).problems).toEqual([
      `${inDb}:2: sctIsDefault: a second default; subcategory 1 is already the default`,
    ]);
    expect(contents(db)).toEqual(before);
  });

  it('reports every bad row with its line and field', async () => {
    const db = await scratch.seededDatabase();
    const before = contents(db);
    const file = await scratch.write(
      'sub.csv',
      HEADER +
        [
          '4,Camels,Camels,head,false,false,', // bad slug
          '5,cattle,,head,no,false,', // empty name, bad boolean
          '6,sheep,Sheep,head,false,false,9', // unknown category
          '6,goats,Goats,head,false,false,', // duplicate ID
          '7,cattle,Cattle,head,false,false,x', // duplicate slug of line 3, bad number
        ].join('\n'),
    );
    const error = await userError(importSubcategories(db, file));
    expect(error.message).toBe(`${file}: nothing imported, 6 problems`);
    expect(error.problems).toEqual([
      `${file}:2: sctSlug: must be lower-case words joined by hyphens, e.g. trade-goods`,
      `${file}:3: sctHasDailyRate: must be true or false, got "no"`,
      `${file}:3: sctName: must not be empty`,
      `${file}:4: sctCategoryID: unknown category 9; import the categories first`,
      `${file}:5: sctID: 6 is already on line 4`,
      `${file}:6: sctCategoryID: must be a number, got "x"`,
    ]);
    expect(contents(db)).toEqual(before);
  });

  it('refuses a header of another table', async () => {
    const db = await scratch.seededDatabase();
    const file = await scratch.write('sub.csv', 'catID,catSlug,catName\n1,a,A\n');
    const error = await userError(importSubcategories(db, file));
    expect(error.problems).toHaveLength(3 + 6);
    expect(error.problems[0]).toBe(
      `${file}:1: catID: unknown column; expected sctID, sctSlug, sctName, sctUnit, sctHasDailyRate, sctIsDefault, sctCategoryID (optional)`,
    );
    expect(error.problems.at(-1)).toBe(`${file}:1: sctIsDefault: missing column`);
  });
});
