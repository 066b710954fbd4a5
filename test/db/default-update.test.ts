// The default database brought up to date from the files of data/ that changed
// (default-db.ts, issue 34), against the oracle of a database rebuilt from every
// file: every table's rows read back by plain SQL, and the snapshot built from
// each, file for file. Real files: a copy of data/, real SQLite files, the real build.
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { bringDefaultDatabase, DATA_DIR, loadDatabase } from '../../generator/db/default-db.ts';
import { SCHEMA_VERSION } from '../../generator/db/migrations.ts';
import { UserError } from '../../generator/errors.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { useScratch } from './scratch.ts';

const scratch = useScratch();

/** A copy of data/ without the default database, to change. */
async function copyOfData(): Promise<string> {
  const dir = path.join(scratch.dir, 'data');
  await cp(DATA_DIR, dir, { recursive: true, filter: (source) => !path.basename(source).startsWith('default.sqlite') });
  return dir;
}

/** Every table's rows, each table's in one order, by plain SQL; a column of random versions (…Version) compared by its key alone. */
function tables(file: string): Record<string, unknown[]> {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const names = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    const all: Record<string, unknown[]> = {};
    for (const name of names) {
      const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(name) as string[]).filter((c) => !/Version$/.test(c));
      all[name] = db
        .prepare(`SELECT ${columns.join(', ')} FROM ${name} ORDER BY ${columns.join(', ')}`)
        .raw()
        .all();
    }
    all.schema = db.prepare('SELECT type, name, sql FROM sqlite_schema ORDER BY name').raw().all();
    return all;
  } finally {
    db.close();
  }
}

const lines = async (file: string) => (await readFile(file, 'utf8')).trimEnd().split('\n');

/**
 * The first round of changes a night or an operator makes: a figure corrected
 * in a month file, a new month of rates and of rates per US dollar, a month
 * file of each removed.
 */
async function changeData(dir: string): Promise<void> {
  const daily = path.join(dir, 'daily');
  const fx = path.join(dir, 'fx');
  // 2026-09-29's rows, one day later, in a new month: what a night adds.
  const september = await lines(path.join(daily, '2026-09.csv'));
  const last = september.filter((line) => line.includes(',2026-09-29,'));
  const top = Math.max(...september.slice(1).map((line) => Number(line.split(',')[0])));
  await writeFile(
    path.join(daily, '2026-10.csv'),
    [september[0], ...last.map((line, i) => [top + 1 + i, ...line.split(',').slice(1)].join(',').replace('2026-09-29', '2026-10-01'))].join('\n') + '\n',
  );
  const fxSeptember = await lines(path.join(fx, '2026-09.csv'));
  await writeFile(
    path.join(fx, '2026-10.csv'),
    [fxSeptember[0], ...fxSeptember.filter((line) => line.startsWith('2026-09-29,')).map((line) => line.replace('2026-09-29', '2026-10-01'))].join('\n') + '\n',
  );
  // A figure corrected: the first gold price of 2026-09 one cent up.
  const corrected = september.map((line, i) =>
    i === 1 ? line.replace(/^(\d+,[^,]+,\d+,)([\d.]+)/, (_, head, usd) => `${head}${(Number(usd) + 0.01).toFixed(6)}`) : line,
  );
  expect(corrected[1]).not.toBe(september[1]);
  await writeFile(path.join(daily, '2026-09.csv'), corrected.join('\n') + '\n');
  await rm(path.join(daily, '2025-09.csv'));
  await rm(path.join(fx, '2024-03.csv'));
}

/** The second round: a source added, a declared month and an announcement taken out, and 2025-08 of data/daily replaces rates.csv's gold rate of 2025-08-31 (keeping its drtID) and adds one of 2025-08-30. */
async function shareAMonth(dir: string): Promise<void> {
  const rates = await lines(path.join(dir, 'rates.csv'));
  const gold = rates.find((line) => line.startsWith('2025-08-31,1,'))!;
  const [, , usd, naira, priceSource, nairaSource] = gold.split(',');
  const header = (await lines(path.join(dir, 'daily', '2026-09.csv')))[0];
  await writeFile(
    path.join(dir, 'daily', '2025-08.csv'),
    `${header}\n9001,2025-08-30,1,${usd},${naira},${priceSource},${nairaSource},\n495,2025-08-31,1,${(Number(usd) + 1).toFixed(6)},${naira},${priceSource},${nairaSource},\n`,
  );
  const announcements = await lines(path.join(dir, 'announcements.csv'));
  await writeFile(path.join(dir, 'announcements.csv'), announcements.slice(0, -1).join('\n') + '\n');
  // A source added, as `calendar add` adds its report's: sources.csv is imported again alone.
  const sources = await lines(path.join(dir, 'sources.csv'));
  await writeFile(path.join(dir, 'sources.csv'), [...sources, sources.at(-1)!.replace(/^[^,]+/, 'a-report-added')].join('\n') + '\n');
  const calendar = await lines(path.join(dir, 'calendar-nigeria.csv'));
  await writeFile(path.join(dir, 'calendar-nigeria.csv'), calendar.slice(0, -1).join('\n') + '\n');
}

const AS_OF = '2026-10-01';
const build = (db: string, out: string) =>
  buildSnapshot({
    db,
    out,
    asOf: AS_OF,
    timeZone: 'Africa/Lagos',
    maxAgeDays: 3,
    strict: false,
    now: new Date('2026-10-01T23:05:00Z'),
    log: () => {},
    progress: () => {},
  });

/** Every file of a published tree (OUT is a link to it), by path under it. */
async function treeFiles(out: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(out, full), await readFile(full));
  }
  return files;
}

describe('the default database brought up to date from the files of data/ that changed', () => {
  it('equals a database rebuilt from every file, row for row, and builds the same snapshot, file for file', async () => {
    const dir = await copyOfData();
    // rates.csv without drtIDs from the start (the first load gives them by the file's order).
    const rates = await lines(path.join(dir, 'rates.csv'));
    await writeFile(path.join(dir, 'rates.csv'), rates.map((line) => line.slice(line.indexOf(',') + 1)).join('\n') + '\n');
    const kept = path.join(scratch.dir, 'kept.sqlite');
    expect(await bringDefaultDatabase(kept, dir)).toEqual({ kind: 'rebuilt', why: 'there was none' });
    const out = path.join(scratch.dir, 'public');
    await build(kept, out);

    for (const [round, change] of [
      ['first', changeData],
      ['second', shareAMonth],
    ] as const) {
      await change(dir);
      const said: string[] = [];
      const update = await bringDefaultDatabase(kept, dir, (line) => said.push(line));
      expect(update.kind, `${round}: ${said.join('\n')}`).toBe('updated');
      expect(said).toEqual([expect.stringMatching(/: brought up to date from \d+ changed files of /)]);
      const rebuilt = path.join(scratch.dir, `${round}-rebuilt.sqlite`);
      await loadDatabase(rebuilt, dir);
      const [incremental, oracle] = [tables(kept), tables(rebuilt)];
      expect(Object.keys(incremental)).toEqual(Object.keys(oracle));
      for (const table of Object.keys(oracle)) expect(incremental[table], `${round}: ${table}`).toEqual(oracle[table]);
    }
    // The nightly's snapshot: built from the database brought up to date into OUT (carrying
    // what did not change from the previous tree), against a fresh one from the rebuilt database.
    await build(kept, out);
    const fresh = path.join(scratch.dir, 'fresh');
    await build(path.join(scratch.dir, 'second-rebuilt.sqlite'), fresh);
    const [carried, rebuiltTree] = [await treeFiles(out), await treeFiles(fresh)];
    expect([...carried.keys()].sort()).toEqual([...rebuiltTree.keys()].sort());
    for (const [file, bytes] of rebuiltTree) {
      if (file === 'manifest.json') continue;
      expect(carried.get(file)!.equals(bytes), file).toBe(true);
    }
    // The manifest differs where it speaks of the build before it (changed, removed) and of the
    // database's random month and currency-year versions; its files, their hashes and the rows' prints are the same.
    const [a, b] = [JSON.parse(carried.get('manifest.json')!.toString()), JSON.parse(rebuiltTree.get('manifest.json')!.toString())];
    for (const field of ['asOf', 'builtAt', 'contentId', 'generator', 'files']) expect(a[field], field).toEqual(b[field]);
    // A currency's file is keyed by its years' random versions too (fx_years): those compared by the file alone.
    const sources = (all: Record<string, string>) => Object.fromEntries(Object.entries(all).map(([file, key]) => [file, file.startsWith('v1/fx/') ? '' : key]));
    expect(sources(a.sources)).toEqual(sources(b.sources));
    const prints = (months: Record<string, [string, string]>) => Object.fromEntries(Object.entries(months).map(([key, [, print]]) => [key, print]));
    expect(prints(a.months)).toEqual(prints(b.months));
    // Three loads and three builds of the default data: 59 s seen under a load of 26, 82 s beside a benchmark at 22.
  }, 480_000); // 18.7 s in a quiet .ci/run; beside 16 busy processes a test takes up to 7 times as long
});

/** The files every load needs, and one month of data/daily: a database that loads in a moment. */
async function smallData(): Promise<string> {
  const dir = path.join(scratch.dir, 'small');
  await cp(DATA_DIR, dir, {
    recursive: true,
    filter: (source) => {
      const name = path.relative(DATA_DIR, source);
      return ['', 'categories.csv', 'subcategories.csv', 'sources.csv', 'rates.csv', 'nisab.json', 'daily', 'daily/2025-09.csv'].includes(name);
    },
  });
  return dir;
}

describe('a default database that cannot be trusted', () => {
  const cases: [string, (file: string) => Promise<void>, RegExp][] = [
    ['not a database at all', (file) => writeFile(file, 'not a database, a cache entry gone wrong\n'.repeat(100)), /not a SQLite database/],
    [
      'of another schema version',
      async (file) => {
        const db = new BetterSqlite3(file);
        db.pragma(`user_version = ${SCHEMA_VERSION - 1}`);
        db.close();
      },
      /schema version \d+, this program needs/,
    ],
    [
      'without its record of what it was loaded from',
      async (file) => {
        const db = new BetterSqlite3(file);
        db.exec('DELETE FROM loaded_files');
        db.close();
      },
      /holds no record of the files it was loaded from/,
    ],
    [
      'damaged (a page of the rates overwritten)',
      async (file) => {
        const bytes = await readFile(file);
        // The last pages hold the newest rows; zeros there break their b-tree.
        bytes.fill(0, bytes.length - 2 * 4096 + 100, bytes.length - 4096);
        await writeFile(file, bytes);
      },
      /integrity check failed|damaged|malformed/,
    ],
  ];
  for (const [what, spoil, why] of cases) {
    it(`is rebuilt from every file when it is ${what}, and says why`, async () => {
      const dir = await smallData();
      const file = path.join(scratch.dir, 'cached.sqlite');
      await loadDatabase(file, dir);
      const good = tables(file);
      await spoil(file);
      const said: string[] = [];
      const done = await bringDefaultDatabase(file, dir, (line) => said.push(line));
      expect(done).toEqual({ kind: 'rebuilt', why: expect.stringMatching(why) });
      expect(said[0]).toMatch(/: building it from every file of .*: /);
      expect(tables(file)).toEqual(good);
    });
  }

  it('keeps what it holds when a changed file does not import, and says what is wrong with the file (no stack trace)', async () => {
    const dir = await smallData();
    const file = path.join(scratch.dir, 'cached.sqlite');
    await loadDatabase(file, dir);
    const before = await readFile(file);
    const month = path.join(dir, 'daily', '2025-09.csv');
    await writeFile(month, (await readFile(month, 'utf8')) + '9999,2025-09-31,1,1,1,manual,manual,\n');
    const error = await bringDefaultDatabase(file, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).problems.join('\n')).toMatch(/2025-09\.csv:\d+: drtDate: /);
    // The rebuild that would have replaced it failed: the database is the one it was, byte for byte.
    expect((await readFile(file)).equals(before)).toBe(true);
  });
});
