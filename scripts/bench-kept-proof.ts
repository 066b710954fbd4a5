// What proving the kept default database costs (issue 43; BENCHMARKS.md "The
// kept database proved"): bench-data.ts's 10 subcategories × 50 years × 170
// currencies (`makeDatabase(50, 10, 170)`), then `bringDefaultDatabase` on the
// untouched database in-process, twice: the first as a fresh checkout's first
// call (no stamp: every row proved), the second as the nightly's `build` after
// its `fetch` (the stamp names these bytes: the row proof skipped); then the
// night's day written to the month files of daily/ and fx/, and the call again
// (the build after the fetch: the changed months imported, from stamped bytes).
// Each step of the proof is timed on its own where prove-kept.ts exports it.
//
//   npx tsx scripts/bench-kept-proof.ts                      # 10 × 50 × 170, made first (some minutes)
//   BENCH_CURRENCY_HISTORY=2x5x3 npx tsx scripts/bench-kept-proof.ts   # another size
//   BENCH_KEPT_DIR=/tmp/bench-... npx tsx scripts/bench-kept-proof.ts  # a folder made before (its files and source.sqlite)
//   BENCH_KEPT_KEEP=1 ...                                    # keep the made folder and say where
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { bringDefaultDatabase } from '../generator/db/default-db.ts';
import { type DataFile, dataFiles, fingerprint } from '../generator/db/loaded-files.ts';
import * as prove from '../generator/db/prove-kept.ts';
import type { FxRateInput } from '../generator/model/currencies.ts';
import { keepFx } from '../generator/db/fx-files.ts';
import { type KeptRate, keepRates } from '../generator/db/rate-files.ts';
import { addDays, makeDatabase, markdownTable } from './bench-data.ts';

/** A step of the proof as prove-kept.ts exports it: why the rows are not proved by it, or null. */
type ProveStep = (db: BetterSqlite3.Database, files: readonly DataFile[]) => Promise<string | null>;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

/** The work's result, its wall time and this process's CPU time (user and system, s): under other sessions' load the CPU time moves less. */
async function timed<T>(work: () => Promise<T> | T): Promise<[T, number, number]> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return [result, (performance.now() - started) / 1000, (used.user + used.system) / 1e6];
}
const both = (wall: number, cpu: number) => [wall.toFixed(1), cpu.toFixed(1)];

/** The day after the newest in the database, written to the month files as bench-nightly.ts writes a night (the day before's rows, new drtIDs). */
async function writeTheNight(dbPath: string, dataDir: string): Promise<string[]> {
  const db = new BetterSqlite3(dbPath, { readonly: true });
  try {
    const last = db.prepare('SELECT max(drtDate) FROM rates').pluck().get() as string;
    const day = addDays(last, 1);
    const top = db.prepare('SELECT max(drtID) FROM rates').pluck().get() as number;
    const rates = db
      .prepare('SELECT drtSubcategoryID, drtInUSD, drtUSDinNaira, drtPriceSource, drtNairaSource FROM rates WHERE drtDate = ? ORDER BY 1')
      .all(last) as Omit<KeptRate, 'drtID' | 'drtDate'>[];
    const written = await keepRates(
      path.join(dataDir, 'daily'),
      rates.map((rate, i) => ({ ...rate, drtID: top + 1 + i, drtDate: day }) as KeptRate),
    );
    const fx = db.prepare('SELECT fxCurrency, fxPerUSD, fxSource FROM fx_rates WHERE fxDate = ? ORDER BY 1').all(last) as Omit<FxRateInput, 'fxDate'>[];
    if (fx.length > 0)
      written.push(
        ...(await keepFx(
          path.join(dataDir, 'fx'),
          fx.map((rate) => ({ ...rate, fxDate: day })),
        )),
      );
    return written;
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const [s, y, c] = (process.env.BENCH_CURRENCY_HISTORY ?? '10x50x170').split('x').map(Number) as [number, number, number];
  let dir = process.env.BENCH_KEPT_DIR;
  let cleanUp = async () => {};
  if (!dir) {
    const [bench, made] = await timed(() => makeDatabase(y, s, c));
    console.error(`${s} × ${y} years × ${c} currencies: written and loaded in ${made.toFixed(1)} s (load ${load()})`);
    dir = bench.dir;
    if (process.env.BENCH_KEPT_KEEP === '1') console.error(`kept in ${dir} (BENCH_KEPT_DIR=${dir} runs on it again)`);
    else cleanUp = bench.cleanUp;
  }
  const db = path.join(dir, 'source.sqlite');
  try {
    // No stamp: as a fresh checkout finds the database the cache restored.
    await rm(`${db}.proved`, { force: true });
    const loadBefore = load();
    const rows: string[][] = [];
    const step = async (name: string, work: () => unknown) => {
      const [result, wall, cpu] = await timed(async () => await work());
      rows.push([name, ...both(wall, cpu)]);
      return result;
    };
    const handle = new BetterSqlite3(db, { readonly: true });
    const files = await dataFiles(dir);
    try {
      await step("SQLite's `quick_check`", () => handle.pragma('quick_check', { simple: true }));
      await step(`sha256 of the files of data/ (${files.length} files)`, async () => {
        for (const data of files) await fingerprint(data.file);
      });
      await step('sha256 of the database file (the stamp)', async () => {
        const hash = createHash('sha256');
        for await (const chunk of createReadStream(db)) hash.update(chunk as Buffer);
        return hash.digest('hex');
      });
      // The steps prove-kept.ts exports (the line hashes of the FX tables and of the rates; absent before); the rest of the proof is the other tables.
      const steps = prove as unknown as Record<string, ProveStep | undefined>;
      for (const [name, label] of [
        ['proveFx', 'FX tables: one scan each in key order, line hashes per month file'],
        ['proveRates', 'rates: one scan in drtID order, line hashes per file of rates.csv and daily/'],
      ] as const) {
        const proveStep = steps[name];
        if (typeof proveStep === 'function') {
          const why = await step(label, () => proveStep(handle, files));
          if (why !== null) console.error(`${name}: ${String(why)}`);
        }
      }
    } finally {
      handle.close();
    }
    const [first, firstWall, firstCpu] = await timed(() => bringDefaultDatabase(db, dir!, (line) => console.error(line)));
    rows.push([`**the check of an untouched database, no stamp** (${first.kind})`, ...both(firstWall, firstCpu).map((n) => `**${n}**`)]);
    const [second, secondWall, secondCpu] = await timed(() => bringDefaultDatabase(db, dir!, (line) => console.error(line)));
    rows.push([`**the same again, its stamp naming these bytes** (${second.kind})`, ...both(secondWall, secondCpu).map((n) => `**${n}**`)]);
    // The build after the fetch: the night's day in the month files of daily/ and fx/ (as fetch --write-csv
    // --write-fx-csv writes them), the database as the fetch stamped it.
    const written = await writeTheNight(db, dir);
    const [night, nightWall, nightCpu] = await timed(() => bringDefaultDatabase(db, dir!, (line) => console.error(line)));
    rows.push([`the build after the fetch: ${written.length} month files changed, the database stamped (${night.kind})`, ...both(nightWall, nightCpu)]);
    console.log(`## The kept database proved: ${s} × ${y} years × ${c} currencies\n`);
    console.log(markdownTable(['step', 'wall s', 'CPU s'], rows));
    console.log(`\nload average (1, 5, 15 min): ${loadBefore} before, ${load()} after; ${new Date().toISOString()}`);
  } finally {
    await cleanUp();
  }
}

await main();
