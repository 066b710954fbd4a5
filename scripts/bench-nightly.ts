// The nightly's wall time from data/ to the files to deploy (issue 34), one run
// each: bring the default database up to date from the text files a night
// changed, build into the folder that holds the previous snapshot (as the
// workflow restores it), verify --changed (the nightly's), and for comparison the
// whole verify (the weekly's). The night's fetch is not run: its day's rows
// are written to the month files of daily/ and fx/ as `fetch --write-csv
// --write-fx-csv` writes them, and the loader imports them (the fetch's own cost,
// a few HTTP requests and one day's import, is in BENCHMARKS.md "A night").
// In-process, so each CLI call's start (node and tsx, some 2 s each) is not counted;
// the checkout, npm ci, the cache restore and the deploy are not either.
//
//   npx tsx scripts/bench-nightly.ts              # the real data (a copy of data/)
//   npx tsx scripts/bench-nightly.ts --scale      # 10 subcategories × 50 years × 170 currencies
//   BENCH_NIGHTLY_KEEP=1 ...                      # keep the made folder and say where, to run again with
//   BENCH_NIGHTLY_DIR=/tmp/bench-... ...          # a folder made before (its data, source.sqlite and public/)
//   BENCH_CURRENCY_HISTORY=2x5x3 ...              # --scale at another size (subcategories x years x currencies)
import { cp, readFile, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import type { FxRateInput } from '../generator/model/currencies.ts';
import { bringDefaultDatabase, DATA_DIR, loadDatabase } from '../generator/db/default-db.ts';
import { keepFx } from '../generator/db/fx-files.ts';
import { keepRates, type KeptRate } from '../generator/db/rate-files.ts';
import { verifyTree } from '../generator/snapshot/verify.ts';
import { addDays, build, LAST_DATE, makeDatabase, markdownTable, treeSize } from './bench-data.ts';

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const seconds = (s: number) => s.toFixed(1);

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, (performance.now() - started) / 1000];
}

interface Setup {
  label: string;
  dir: string;
  dataDir: string;
  db: string;
  out: string;
  /** The newest day of the data: the night adds the day after it. */
  last: string;
  /** Seconds to load the database from every file (what each night cost before). */
  fullLoad: number | null;
  /** What fullLoad includes beside the load. */
  fullLoadNote?: string;
  cleanUp(): Promise<void>;
}

/** The real data: a copy of data/, loaded from every file (timed), and a snapshot built from it. */
async function realData(): Promise<Setup> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-nightly-'));
  const dataDir = path.join(dir, 'data');
  await cp(DATA_DIR, dataDir, { recursive: true, filter: (source) => !path.basename(source).startsWith('default.sqlite') });
  const db = path.join(dir, 'default.sqlite');
  const [, fullLoad] = await timed(() => loadDatabase(db, dataDir));
  const handle = new BetterSqlite3(db, { readonly: true });
  const last = handle.prepare('SELECT max(drtDate) FROM rates').pluck().get() as string;
  handle.close();
  return {
    label: 'the real data (data/)',
    dir,
    dataDir,
    db,
    out: path.join(dir, 'public'),
    last,
    fullLoad,
    cleanUp: () => rm(dir, { recursive: true, force: true }),
  };
}

/** bench-data.ts's database of `subcategories` × `years` × `currencies`, made (and loaded) once, or the one in BENCH_NIGHTLY_DIR. */
async function scaled(): Promise<Setup> {
  const [s, y, c] = (process.env.BENCH_CURRENCY_HISTORY ?? '10x50x170').split('x').map(Number) as [number, number, number];
  const label = `${s} × ${y} years × ${c} currencies`;
  const reuse = process.env.BENCH_NIGHTLY_DIR;
  if (reuse) {
    const state = JSON.parse(await readFile(path.join(reuse, 'bench-nightly.json'), 'utf8')) as { last: string; label: string };
    return {
      label: state.label,
      dir: reuse,
      dataDir: reuse,
      db: path.join(reuse, 'source.sqlite'),
      out: path.join(reuse, 'public'),
      last: state.last,
      fullLoad: null,
      cleanUp: async () => {},
    };
  }
  const [bench, made] = await timed(() => makeDatabase(y, s, c));
  console.error(`${label}: data written and loaded from every file in ${seconds(made)} s (load ${load()})`);
  const keep = process.env.BENCH_NIGHTLY_KEEP === '1';
  if (keep) {
    await writeFile(path.join(bench.dir, 'bench-nightly.json'), JSON.stringify({ last: LAST_DATE, label }));
    console.error(`kept in ${bench.dir} (BENCH_NIGHTLY_DIR=${bench.dir} runs on it again)`);
  }
  return {
    label,
    dir: bench.dir,
    dataDir: bench.dir,
    db: bench.db,
    out: path.join(bench.dir, 'public'),
    last: LAST_DATE,
    fullLoad: made,
    fullLoadNote: ', the files written first included',
    cleanUp: keep ? async () => {} : bench.cleanUp,
  };
}

/** Writes the night's day to the month files, as fetch --write-csv data/daily --write-fx-csv data/fx does: the day before's rows, one day later, with new drtIDs. */
async function writeTheNight(setup: Setup, day: string): Promise<void> {
  const db = new BetterSqlite3(setup.db, { readonly: true });
  try {
    const top = db.prepare('SELECT max(drtID) FROM rates').pluck().get() as number;
    const rates = db
      .prepare('SELECT drtSubcategoryID, drtInUSD, drtUSDinNaira, drtPriceSource, drtNairaSource, drtNairaDate FROM rates WHERE drtDate = ? ORDER BY 1')
      .all(setup.last) as Omit<KeptRate, 'drtID' | 'drtDate'>[];
    const kept = rates.map((rate, i) => ({ ...rate, drtID: top + 1 + i, drtDate: day, drtNairaDate: undefined }) as KeptRate);
    await keepRates(path.join(setup.dataDir, 'daily'), kept);
    const fx = db.prepare('SELECT fxCurrency, fxPerUSD, fxSource FROM fx_rates WHERE fxDate = ? ORDER BY 1').all(setup.last) as Omit<FxRateInput, 'fxDate'>[];
    if (fx.length > 0)
      await keepFx(
        path.join(setup.dataDir, 'fx'),
        fx.map((rate) => ({ ...rate, fxDate: day })),
      );
  } finally {
    db.close();
  }
}

interface Night {
  label: string;
  fullLoad: number | null;
  previousBuild: number;
  update: number;
  updated: string;
  build: number;
  changed: number;
  verify: number;
  /** Files verify --changed read, the manifest included. */
  verifyRead: number;
  wholeVerify: number;
  files: number;
  bytes: number;
  loadBefore: string;
  loadAfter: string;
}

async function night(setup: Setup): Promise<Night> {
  // The previous night's snapshot, as the workflow restores it from its cache.
  const [, previousBuild] = await timed(() => build(setup.db, setup.out, setup.last));
  // The whole verify of that snapshot (a week's, or the one before the first --changed), whose record --changed reads.
  const weekly = await verifyTree(setup.out);
  if (weekly.problems.length > 0) throw new Error(`verify: ${weekly.problems.slice(0, 5).join('; ')}`);
  const day = addDays(setup.last, 1);
  await writeTheNight(setup, day);
  const loadBefore = load();
  const [update, updateSeconds] = await timed(() => bringDefaultDatabase(setup.db, setup.dataDir));
  const [summary, buildSeconds] = await timed(() => build(setup.db, setup.out, day));
  await summary.retired;
  const [verified, verifySeconds] = await timed(() => verifyTree(setup.out, { changed: true }));
  if (verified.problems.length > 0) throw new Error(`verify --changed: ${verified.problems.slice(0, 5).join('; ')}`);
  if (verified.read.length + 1 === verified.files) throw new Error(`verify --changed read every file: ${verified.note}`);
  const [whole, wholeSeconds] = await timed(() => verifyTree(setup.out));
  if (whole.problems.length > 0) throw new Error(`verify: ${whole.problems.slice(0, 5).join('; ')}`);
  const size = await treeSize(setup.out);
  return {
    label: setup.label,
    fullLoad: setup.fullLoad,
    previousBuild,
    update: updateSeconds,
    updated: update.kind === 'updated' ? `from ${update.files.join(', ')}` : update.kind === 'rebuilt' ? `rebuilt: ${update.why}` : 'nothing to do',
    build: buildSeconds,
    changed: summary.changed,
    verify: verifySeconds,
    verifyRead: verified.read.length + 1,
    wholeVerify: wholeSeconds,
    files: size.files,
    bytes: size.bytes,
    loadBefore,
    loadAfter: load(),
  };
}

async function main(): Promise<void> {
  const setup = process.argv.includes('--scale') ? await scaled() : await realData();
  try {
    const n = await night(setup);
    const total = n.update + n.build + n.verify;
    console.log(`## The nightly's wall time: ${n.label}\n`);
    console.log(
      markdownTable(
        ['step', 's'],
        [
          ['bring the database up to date from the changed files', `${seconds(n.update)} (${n.updated})`],
          ['build into the previous snapshot', `${seconds(n.build)} (${n.changed} files changed)`],
          ['verify --changed', `${seconds(n.verify)} (${n.verifyRead.toLocaleString('en')} of ${n.files.toLocaleString('en')} files read)`],
          ['**the night, from data/ to the files to deploy**', `**${seconds(total)}**`],
          [
            `for comparison: the database loaded from every file of data/ (each night before)${setup.fullLoadNote ?? ''}`,
            n.fullLoad === null ? 'not measured (reused folder)' : seconds(n.fullLoad),
          ],
          ['for comparison: the full build the previous snapshot came from', seconds(n.previousBuild)],
          [
            'for comparison: the whole verify (weekly; each night before)',
            `${seconds(n.wholeVerify)} (${n.files.toLocaleString('en')} files, ${(n.bytes / 1048576).toFixed(1)} MiB; --changed took ${((100 * n.verify) / n.wholeVerify).toFixed(1)} % of it)`,
          ],
        ],
      ),
    );
    console.log(`\nload average (1, 5, 15 min): ${n.loadBefore} before the night, ${n.loadAfter} after; ${new Date().toISOString()}`);
  } finally {
    await setup.cleanUp();
  }
}

await main();
