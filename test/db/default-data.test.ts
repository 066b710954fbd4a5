import { cp, readFile, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR, ensureDefaultDatabase, importDataDirectory } from '../../generator/db/default-db.ts';
import { openDatabase } from '../../generator/db/open.ts';
import { readSource } from '../../generator/db/read-source.ts';
import { useScratch } from './scratch.ts';

const scratch = useScratch();
const count = (db: ReturnType<typeof openDatabase>, table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();

describe('the default data in data/', () => {
  it('loads completely and checks out', async () => {
    const db = scratch.database();
    const summaries = await importDataDirectory(db);
    expect(summaries.map((s) => [path.basename(s.file), s.inserted])).toEqual([
      ['categories.csv', 6],
      ['subcategories.csv', 13],
      ['rates.csv', 496],
      ['nisab.json', 30],
    ]);
    expect(count(db, 'livestock_brackets')).toBe(122);
    expect(db.prepare('SELECT sctSlug FROM subcategories WHERE sctIsDefault = 1').pluck().all()).toEqual(['gold']);

    const line = (await readFile(path.join(DATA_DIR, 'rates.csv'), 'utf8')).split('\n').find((l) => /^\d+,2021-03-31,1,/.test(l))!;
    const [drtID, , , usd, ngn] = line.split(',');
    const gold = readSource(db, '2021-03-31').rates.at(-2);
    expect(gold).toEqual({
      drtID: Number(drtID),
      drtSubcategoryID: 1,
      drtDate: '2021-03-31',
      drtInUSD: Number(usd),
      drtUSDinNaira: Number(ngn),
      drtInNaira: Math.round(Number(usd) * Number(ngn) * 100) / 100,
      drtUnit: 'gram',
      drtHijriDate: '1442-08-18',
    });
    // SOURCES.md: 85 g of gold in March 2021 came to about 1,789,024 Naira.
    expect(Math.round(85 * gold!.drtInNaira)).toBe(1789025);
  });

  it('is built once into place and rebuilt when a data file is newer', async () => {
    const dataDir = path.join(scratch.dir, 'data');
    await cp(DATA_DIR, dataDir, { recursive: true, filter: (source) => !source.includes('default.sqlite') });
    const dbPath = path.join(scratch.dir, 'default.sqlite');

    expect(await ensureDefaultDatabase(dbPath, dataDir)).toBe(dbPath);
    const built = (await stat(dbPath)).mtimeMs;
    await ensureDefaultDatabase(dbPath, dataDir);
    expect((await stat(dbPath)).mtimeMs).toBe(built);

    const later = new Date(built + 10_000);
    await utimes(path.join(dataDir, 'nisab.json'), later, later);
    await ensureDefaultDatabase(dbPath, dataDir);
    expect((await stat(dbPath)).mtimeMs).toBeGreaterThan(built);

    const db = openDatabase(dbPath, { readonly: true });
    expect(count(db, 'rates')).toBe(496);
    db.close();
  });
});
