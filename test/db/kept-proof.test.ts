// The kept default database (data/default.sqlite, restored from the nightly's
// cache) proved row by row against data/ before anything reads it
// (prove-kept.ts, issue 43). The tamperings are plain SQL on a real SQLite file,
// as anything that can write the cache could make them; the oracle is the text
// of data/ read as lines and plain SQL on the database that comes back.
import { createHash } from 'node:crypto';
import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { bringDefaultDatabase, DATA_DIR, loadDatabase } from '../../generator/db/default-db.ts';
import { dataFiles } from '../../generator/db/loaded-files.ts';
import { openDatabase } from '../../generator/db/open.ts';
import { isStamped, stampWritten } from '../../generator/db/proved-stamp.ts';
import { proveRates } from '../../generator/db/prove-kept.ts';
import { useScratch } from './scratch.ts';

const scratch = useScratch();

/** The newest month file of `dir`/`sub` and its lines. */
async function newest(dir: string, sub: string): Promise<{ file: string; lines: string[] }> {
  const names = (await readdir(path.join(dir, sub))).filter((name) => /^\d{4}-\d{2}\.csv$/.test(name)).sort();
  const file = path.join(dir, sub, names.at(-1)!);
  return { file, lines: (await readFile(file, 'utf8')).trimEnd().split('\n') };
}

/** The last row of subcategory `id` in data/daily's newest month, by the text: drtID, date, the price per gram in US dollars, the naira per dollar. */
async function lastRate(dir: string, id: number) {
  const { lines } = await newest(dir, 'daily');
  const header = lines[0]!.split(',');
  const row = lines
    .slice(1)
    .map((line) => line.split(','))
    .filter((cells) => cells[header.indexOf('drtSubcategoryID')] === String(id))
    .at(-1)!;
  const cell = (name: string) => row[header.indexOf(name)]!;
  return { drtID: Number(cell('drtID')), usdText: cell('drtInUSD'), usd: Number(cell('drtInUSD')), naira: Number(cell('drtUSDinNaira')) };
}

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

/** Runs `sql` on the database file, as a writer of the cache could. */
function tamper(file: string, sql: string, ...values: unknown[]): void {
  const db = new BetterSqlite3(file);
  try {
    expect(db.prepare(sql).run(...values).changes).toBe(1);
  } finally {
    db.close();
  }
}

function one<T>(file: string, sql: string, ...values: unknown[]): T {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db
      .prepare(sql)
      .pluck()
      .get(...values) as T;
  } finally {
    db.close();
  }
}

describe('the kept default database, proved against data/', () => {
  let dataDir: string;
  let kept: string;
  beforeEach(async () => {
    dataDir = path.join(scratch.dir, 'data');
    await cp(DATA_DIR, dataDir, { recursive: true, filter: (source) => !path.basename(source).startsWith('default.sqlite') });
    kept = path.join(scratch.dir, 'default.sqlite');
    await loadDatabase(kept, dataDir);
  }, 180_000);

  it('an untouched database is used as it is: nothing imported, nothing said, not a byte written', async () => {
    const before = await sha256(kept);
    const said: string[] = [];
    expect(await bringDefaultDatabase(kept, dataDir, (line) => said.push(line))).toEqual({ kind: 'current' });
    expect(said).toEqual([]);
    expect(await sha256(kept)).toBe(before);
  }, 180_000); // 47 s seen at load 23 to 30

  const tamperings: [
    string,
    (rate: { gold: Awaited<ReturnType<typeof lastRate>>; silver: Awaited<ReturnType<typeof lastRate>> }) => [string, ...unknown[]],
    RegExp,
  ][] = [
    ['a doubled gold price', ({ gold }) => ['UPDATE rates SET drtInUSD = drtInUSD * 2 WHERE drtID = ?', gold.drtID], /rates: the row \(drtID=\d+.*drtInUSD=/],
    ['a deleted silver rate', ({ silver }) => ['DELETE FROM rates WHERE drtID = ?', silver.drtID], /rates: the row \(drtID=\d+.* of data\/ is missing/],
    [
      'a naira rate divided by 100',
      ({ gold }) => ['UPDATE rates SET drtUSDinNaira = drtUSDinNaira / 100 WHERE drtID = ?', gold.drtID],
      /rates: the row .*drtUSDinNaira=/,
    ],
  ];
  for (const [name, sql, message] of tamperings) {
    it(`${name} is found and the database rebuilt from data/, saying why`, async () => {
      const [gold, silver] = [await lastRate(dataDir, 1), await lastRate(dataDir, 2)];
      tamper(kept, ...sql({ gold, silver }));
      const said: string[] = [];
      const done = await bringDefaultDatabase(kept, dataDir, (line) => said.push(line));
      expect(done.kind).toBe('rebuilt');
      expect(said[0]).toContain(`${kept}: building it from every file of ${dataDir}: its rows are not what ${dataDir} gives: `);
      expect(said[0]).toMatch(message);
      // The figures now are the text's.
      expect(one(kept, 'SELECT drtInUSD FROM rates WHERE drtID = ?', gold.drtID)).toBe(gold.usd);
      expect(one(kept, 'SELECT drtUSDinNaira FROM rates WHERE drtID = ?', gold.drtID)).toBe(gold.naira);
      expect(one(kept, 'SELECT drtInUSD FROM rates WHERE drtID = ?', silver.drtID)).toBe(silver.usd);
      // And it is proved as it is the next time.
      expect(await bringDefaultDatabase(kept, dataDir)).toEqual({ kind: 'current' });
    }, 300_000); // 85 s seen at load 23 to 30
  }

  it('a rate per US dollar changed, deleted or added outside every file is found', async () => {
    const { lines } = await newest(dataDir, 'fx');
    const [date, currency, perUSD] = lines.at(-1)!.split(',') as [string, string, string];
    for (const [sql, message] of [
      ['UPDATE fx_rates SET fxPerUSD = fxPerUSD * 2 WHERE fxDate = ? AND fxCurrency = ?', `is ${date},${currency},${perUSD},`],
      ['DELETE FROM fx_rates WHERE fxDate = ? AND fxCurrency = ?', `the row ${date},${currency},${perUSD},`],
      [
        "INSERT INTO fx_rates SELECT fxCurrency, '1990-01-01', fxPerUSD, fxSource FROM fx_rates WHERE fxDate = ? AND fxCurrency = ?",
        'no file of data/ holds 1990-01',
      ],
    ] as const) {
      tamper(kept, sql, date, currency);
      const said: string[] = [];
      expect((await bringDefaultDatabase(kept, dataDir, (line) => said.push(line))).kind).toBe('rebuilt');
      expect(said[0]).toContain(message);
      expect(one(kept, 'SELECT fxPerUSD FROM fx_rates WHERE fxDate = ? AND fxCurrency = ?', date, currency)).toBe(Number(perUSD));
    }
  }, 300_000);

  it('a database of another commit is brought up to date and proved; one whose record claims the files of this one is rebuilt', async () => {
    const gold = await lastRate(dataDir, 1);
    const { file, lines } = await newest(dataDir, 'daily');
    // Another commit: the newest gold price of the month one cent lower.
    const other = path.join(scratch.dir, 'other');
    await cp(dataDir, other, { recursive: true });
    const changed = lines.map((line) => (line.startsWith(`${gold.drtID},`) ? line.replace(`,${gold.usdText},`, `,${(gold.usd - 0.01).toFixed(6)},`) : line));
    expect(changed).not.toEqual(lines);
    await writeFile(path.join(other, 'daily', path.basename(file)), `${changed.join('\n')}\n`);
    const otherDb = path.join(scratch.dir, 'other.sqlite');
    await loadDatabase(otherDb, other);
    const honest = path.join(scratch.dir, 'honest.sqlite');
    await cp(otherDb, honest);
    expect(await bringDefaultDatabase(honest, dataDir)).toEqual({ kind: 'updated', files: [`daily/${path.basename(file)}`] });
    expect(one(honest, 'SELECT drtInUSD FROM rates WHERE drtID = ?', gold.drtID)).toBe(gold.usd);

    // The same database, its record of the files saying it was loaded from this commit's.
    tamper(otherDb, 'UPDATE loaded_files SET lodSha256 = ? WHERE lodPath = ?', await sha256(file), `daily/${path.basename(file)}`);
    const said: string[] = [];
    expect((await bringDefaultDatabase(otherDb, dataDir, (line) => said.push(line))).kind).toBe('rebuilt');
    expect(said[0]).toContain(`is (drtID=${gold.drtID}`);
    expect(one(otherDb, 'SELECT drtInUSD FROM rates WHERE drtID = ?', gold.drtID)).toBe(gold.usd);
  }, 300_000);
  it("a tampered row of rates.csv is found by the rates' line hashes, and the database rebuilt", async () => {
    // The oracle: rates.csv's first row, by its text.
    const [header, first] = (await readFile(path.join(dataDir, 'rates.csv'), 'utf8')).split('\n') as [string, string];
    const cell = (name: string) => first.split(',')[header.split(',').indexOf(name)]!;
    const drtID = Number(cell('drtID'));
    const handle = new BetterSqlite3(kept);
    try {
      // Untouched: the lines prove the rows, without the import in memory.
      expect(await proveRates(handle, await dataFiles(dataDir))).toBeNull();
      expect(handle.prepare('UPDATE rates SET drtInUSD = drtInUSD * 2 WHERE drtID = ?').run(drtID).changes).toBe(1);
      expect(await proveRates(handle, await dataFiles(dataDir))).toBe("the lines of rates.csv are not the rows'");
    } finally {
      handle.close();
    }
    const said: string[] = [];
    expect((await bringDefaultDatabase(kept, dataDir, (line) => said.push(line))).kind).toBe('rebuilt');
    expect(said[0]).toContain(`rates: the row (drtID=${drtID}, `);
    expect(said[0]).toContain(`drtInUSD=${cell('drtInUSD')}, `);
    expect(said[0]).toContain("(the lines of rates.csv are not the rows')");
    expect(one(kept, 'SELECT drtInUSD FROM rates WHERE drtID = ?', drtID)).toBe(Number(cell('drtInUSD')));
  }, 300_000); // 13 s seen at load 14 to 20

  it("the rates' line hashes read a file as the import does: an ID left out, a number written another way", async () => {
    const edited = path.join(scratch.dir, 'edited');
    await cp(dataDir, edited, { recursive: true });
    const [header, ...rows] = (await readFile(path.join(dataDir, 'rates.csv'), 'utf8')).trimEnd().split('\n');
    // rates.csv's IDs are 1, 2, … in line order: what the import assigns when the file names none.
    expect(rows.map((row) => Number(row.split(',')[0]))).toEqual(rows.map((_, i) => i + 1));
    const price = header!.split(',').indexOf('drtInUSD');
    const withoutIds = [header!, ...rows].map((line, i) => {
      const cells = line.split(',');
      if (i === 1) cells[price] = `${cells[price]}0`; // 13.632881 as 13.6328810: the same number
      return cells.slice(1).join(',');
    });
    await writeFile(path.join(edited, 'rates.csv'), `${withoutIds.join('\n')}\n`);
    const handle = new BetterSqlite3(kept, { readonly: true });
    try {
      expect(await proveRates(handle, await dataFiles(edited))).toBeNull();
      // Quoted cells are not the form rate-files.ts writes: the rates are then imported and compared by SQL.
      await writeFile(path.join(edited, 'rates.csv'), `${[header!, ...rows.map((row) => row.replace(/,([a-z-]+),/, ',"$1",'))].join('\n')}\n`);
      expect(await proveRates(handle, await dataFiles(edited))).toBe('rates.csv is not in the form rate-files.ts writes');
    } finally {
      handle.close();
    }
  }, 300_000); // 4 s seen at load 30

  it('a proved database is stamped with the sha256 of its bytes; the stamp lets only those bytes through', async () => {
    const stamp = `${kept}.proved`;
    expect(await bringDefaultDatabase(kept, dataDir)).toEqual({ kind: 'current' });
    expect(await readFile(stamp, 'utf8')).toContain(`sha256 ${await sha256(kept)}\n`);
    const stamped = (await stat(stamp)).mtimeMs;
    // The same bytes: taken as proved, the stamp left as it was.
    expect(await bringDefaultDatabase(kept, dataDir)).toEqual({ kind: 'current' });
    expect((await stat(stamp)).mtimeMs).toBe(stamped);

    // Changed after the stamp (as a cache restore could): proved, and rebuilt.
    const gold = await lastRate(dataDir, 1);
    tamper(kept, 'UPDATE rates SET drtInUSD = drtInUSD * 2 WHERE drtID = ?', gold.drtID);
    const said: string[] = [];
    expect((await bringDefaultDatabase(kept, dataDir, (line) => said.push(line))).kind).toBe('rebuilt');
    expect(said[0]).toMatch(/its rows are not what .* gives: rates: the row \(drtID=\d+.*drtInUSD=/);
    expect(one(kept, 'SELECT drtInUSD FROM rates WHERE drtID = ?', gold.drtID)).toBe(gold.usd);
    // The rebuild stamped what it built.
    expect(await readFile(stamp, 'utf8')).toContain(`sha256 ${await sha256(kept)}\n`);
    expect(await isStamped(kept, openDatabase)).toBe(true);

    // What the stamp is trusted with: a stamp naming the tampered bytes (which only a writer of
    // data/ itself could write, never the cache) lets them through, so it lives outside the cache.
    tamper(kept, 'UPDATE rates SET drtInUSD = drtInUSD * 2 WHERE drtID = ?', gold.drtID);
    expect(await isStamped(kept, openDatabase)).toBe(false);
    const text = await readFile(stamp, 'utf8');
    await writeFile(stamp, text.replace(/^sha256 \w+/, `sha256 ${await sha256(kept)}`));
    expect(await bringDefaultDatabase(kept, dataDir)).toEqual({ kind: 'current' });
    // fetch's stamp after its own write (cli.ts) is the same: the bytes as they are, whatever they hold.
    await rm(stamp);
    await stampWritten(kept, openDatabase);
    expect(await readFile(stamp, 'utf8')).toBe(text.replace(/^sha256 \w+/, `sha256 ${await sha256(kept)}`));
    expect(one(kept, 'SELECT drtInUSD FROM rates WHERE drtID = ?', gold.drtID)).toBe(gold.usd * 2);
  }, 400_000); // 11 s seen at load 14 to 20, 95 s beside two other suites of this session
});
