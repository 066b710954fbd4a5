// Times the import of a 100,000-row rates file into a fresh database, then the
// re-import of the same file (every row unchanged), and a build's read of it.
//
//   npx tsx scripts/bench-import.ts [ROWS]
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { DATA_DIR } from '../generator/db/default-db.ts';
import { importCategories } from '../generator/db/import-categories.ts';
import { importRates } from '../generator/db/import-rates.ts';
import { importSubcategories } from '../generator/db/import-subcategories.ts';
import { initDatabase, openDatabase } from '../generator/db/open.ts';
import { readSource } from '../generator/db/read-source.ts';

const rows = Number(process.argv[2] ?? 100_000);
const dir = await mkdtemp(path.join(tmpdir(), 'bench-import-'));
try {
  const csv = path.join(dir, 'rates.csv');
  await writeRates(csv, rows);
  const dbPath = path.join(dir, 'bench.sqlite');
  initDatabase(dbPath);
  const db = openDatabase(dbPath);
  await importCategories(db, path.join(DATA_DIR, 'categories.csv'));
  await importSubcategories(db, path.join(DATA_DIR, 'subcategories.csv'));

  await time('import', rows, () => importRates(db, csv));
  await time('re-import (unchanged)', rows, () => importRates(db, csv));
  await time('readSource', rows, async () => readSource(db, '9999-12-31'));
  db.close();
} finally {
  await rm(dir, { recursive: true, force: true });
}

/** Gold and silver on consecutive days from 1900-01-01, written as a stream. */
async function writeRates(file: string, count: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n');
  const day = Date.UTC(1900, 0, 1);
  for (let i = 0; i < count; i++) {
    const date = new Date(day + Math.floor(i / 2) * 86_400_000).toISOString().slice(0, 10);
    const line = `${date},${(i % 2) + 1},${(50 + (i % 997) / 100).toFixed(6)},${(400 + (i % 89)).toFixed(2)}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await finished(out);
}

async function time(label: string, count: number, run: () => Promise<unknown>): Promise<void> {
  const start = performance.now();
  await run();
  const seconds = (performance.now() - start) / 1000;
  console.log(`${label}: ${count} rows in ${seconds.toFixed(2)} s, ${Math.round(count / seconds).toLocaleString('en')} rows/s`);
}
