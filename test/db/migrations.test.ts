import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, SCHEMA_VERSION } from '../../generator/db/migrations.ts';
import { initDatabase, openDatabase } from '../../generator/db/open.ts';
import { UserError } from '../../generator/errors.ts';
import { useScratch } from './scratch.ts';

const scratch = useScratch();

describe('initDatabase and migrate', () => {
  it('creates a database at the current version and is idempotent', () => {
    const file = path.join(scratch.dir, 'new.sqlite');
    expect(initDatabase(file)).toEqual({ from: 0, to: SCHEMA_VERSION, restored: [] });
    expect(initDatabase(file)).toEqual({ from: SCHEMA_VERSION, to: SCHEMA_VERSION, restored: [] });
    const db = openDatabase(file, { readonly: true });
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all()).toEqual([
      'announcements',
      'calendar_nigeria',
      'categories',
      'currencies',
      'fx_monthly',
      'fx_rates',
      'fx_years',
      'livestock_brackets',
      'loaded_files',
      'nisab_rules',
      'rate_months',
      'rates',
      'refusals',
      'sources',
      'subcategories',
    ]);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('moves a version-1 database to the current version and keeps its rows', () => {
    const file = path.join(scratch.dir, 'v1.sqlite');
    const v1 = new BetterSqlite3(file);
    expect(migrate(v1, 1)).toEqual({ from: 0, to: 1 });
    v1.exec(`INSERT INTO subcategories VALUES (1, 'gold', 'Gold', 'gram', 1, 1);
             INSERT INTO rates VALUES (7, 1, '2024-01-31', 65.5, 900)`);
    v1.close();

    expect(initDatabase(file)).toEqual({ from: 1, to: SCHEMA_VERSION, restored: [] });
    const db = openDatabase(file);
    expect(db.prepare('SELECT * FROM subcategories').all()).toEqual([
      { sctID: 1, sctSlug: 'gold', sctName: 'Gold', sctUnit: 'gram', sctHasDailyRate: 1, sctIsDefault: 1, sctCategoryID: null },
    ]);
    expect(db.prepare('SELECT * FROM rates').all()).toEqual([
      // Figures from before sources were recorded are the operator's own: manual.
      {
        drtID: 7,
        drtSubcategoryID: 1,
        drtDate: '2024-01-31',
        drtInUSD: 65.5,
        drtUSDinNaira: 900,
        drtPriceSource: 'manual',
        drtNairaSource: 'manual',
        drtNairaDate: null,
      },
    ]);
    expect(db.prepare('SELECT srcID FROM sources').pluck().all()).toEqual(['manual', 'us-dollar']);
    db.close();
  });

  it('moves a version-2 database to version 3: rules keep their fields, brackets their ranges and text, cascades still work', () => {
    const file = path.join(scratch.dir, 'v2.sqlite');
    const v2 = new BetterSqlite3(file);
    migrate(v2, 2);
    v2.exec(`INSERT INTO subcategories VALUES (7, 'sheep-goats', 'Sheep', 'head', 0, 1, NULL);
             INSERT INTO nisab_rules VALUES (10, 7, 'majority', 1, 40, 'head', NULL, 'bracket', NULL, 1, 'saimah', NULL, NULL);
             INSERT INTO livestock_brackets VALUES (10, 1, 39, '', 'none'), (10, 40, NULL, 'per100:sheep', '1 sheep per 100')`);
    v2.close();

    expect(initDatabase(file)).toEqual({ from: 2, to: SCHEMA_VERSION, restored: [] });
    const db = openDatabase(file);
    expect(db.prepare('SELECT * FROM nisab_rules').get()).toMatchObject({
      nsbID: 10,
      nsbThreshold: 40,
      nsbConditions: 'saimah',
      nsbSchools: '[]',
      nsbAuthorities: '[]',
      nsbLowerOf: '[]',
      nsbSolarYearRatePercent: null,
    });
    // No structured due yet: the build names these rows until the rules are imported again.
    expect(db.prepare('SELECT lbrMinCount, lbrMaxCount, lbrDueText, lbrDues, lbrFormula FROM livestock_brackets').raw().all()).toEqual([
      [1, 39, 'none', null, null],
      [40, null, '1 sheep per 100', null, null],
    ]);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    db.exec('DELETE FROM nisab_rules');
    expect(db.prepare('SELECT count(*) FROM livestock_brackets').pluck().get()).toBe(0);
    db.close();
  });

  it('refuses a database newer than the program', () => {
    const file = path.join(scratch.dir, 'future.sqlite');
    const db = new BetterSqlite3(file);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const message = `${file}: schema version ${SCHEMA_VERSION + 1} is newer than this program knows (${SCHEMA_VERSION}); update the program`;
    expect(() => initDatabase(file)).toThrow(new UserError(message));
    expect(() => openDatabase(file)).toThrow(message);
  });
});

describe('openDatabase', () => {
  it('names a missing file and how to create it', () => {
    const file = path.join(scratch.dir, 'missing.sqlite');
    expect(() => openDatabase(file)).toThrow(`${file}: no such database; create it with: npm run cli -- init --db ${file}`);
    expect(() => openDatabase(file, { readonly: true })).toThrow(UserError);
  });

  it('names a file that is not a database', async () => {
    const file = path.join(scratch.dir, 'notes.txt');
    await writeFile(file, 'these are not the tables you are looking for\n'.repeat(20));
    expect(() => openDatabase(file, { readonly: true })).toThrow(`${file}: not a SQLite database`);
  });

  it('names a directory', () => {
    expect(() => openDatabase(scratch.dir)).toThrow(UserError);
  });

  it('asks to migrate a database of an older version', () => {
    const file = path.join(scratch.dir, 'v1.sqlite');
    const v1 = new BetterSqlite3(file);
    migrate(v1, 1);
    v1.close();
    expect(() => openDatabase(file)).toThrow(
      `${file}: schema version 1, this program needs ${SCHEMA_VERSION}; migrate it with: npm run cli -- init --db ${file}`,
    );
  });

  it("keeps the announced figures and takes any kind once the kinds are the import's alone (issue 48)", () => {
    const file = path.join(scratch.dir, 'announced.sqlite');
    const before = new BetterSqlite3(file);
    migrate(before, SCHEMA_VERSION - 1);
    before.exec(`INSERT INTO announcements VALUES (3, '2024-03-01', 'nmcn', 'diyyah', 150000000, 'as stated', NULL, 'manual')`);
    // The CHECK that wrote the kinds again refused one beyond its list.
    expect(() => before.exec(`INSERT INTO announcements VALUES (4, '2024-03-01', 'nmcn', 'fidyah', 1500, 'as stated', NULL, 'manual')`)).toThrow(/CHECK/);
    before.close();

    expect(initDatabase(file)).toEqual({ from: SCHEMA_VERSION - 1, to: SCHEMA_VERSION, restored: [] });
    const db = openDatabase(file);
    expect(db.prepare('SELECT annID, annKind FROM announcements').all()).toEqual([{ annID: 3, annKind: 'diyyah' }]);
    db.exec(`INSERT INTO announcements VALUES (4, '2024-03-01', 'nmcn', 'fidyah', 1500, 'as stated', NULL, 'manual')`);
    // Its other rules hold as before: a source it names must exist.
    expect(() => db.exec(`INSERT INTO announcements VALUES (5, '2024-03-01', 'nmcn', 'nisab', 1500, 'as stated', NULL, 'nowhere')`)).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('opens read-only when asked', () => {
    scratch.database('ro.sqlite').close();
    const db = openDatabase(path.join(scratch.dir, 'ro.sqlite'), { readonly: true });
    expect(() => db.exec("INSERT INTO categories VALUES (1, 'a', 'A')")).toThrow(/readonly/);
    db.close();
  });
});
