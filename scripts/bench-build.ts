// The build's targets (issue 3): a full build of 20 years of two daily
// subcategories, its file count and size, size against history length, and the
// nightly build that appends one day. Builds run in-process (buildSnapshot), so
// only the build is timed; each phase is timed from the build's progress lines.
//
//   npx tsx scripts/bench-build.ts
//   npx tsx scripts/bench-build.ts --write    # the same, and its tables into BENCHMARKS.md "Build" (with the date and load)
//   npx tsx scripts/bench-build.ts --scale    # issue 12: 2 × 20 and 10 × 50 years, one run each
//   npx tsx scripts/bench-build.ts --currencies   # issue 23: 10 × 50 years × 170 currencies, one run:
//                                                 # files, size, and the files an answer in a currency reads
//                                                 # (BENCH_CURRENCY_HISTORY=2x5x3: another size; the made
//                                                 # database is kept in tmp/bench-db/ and reused by a rerun)
import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BuildSummary } from '../generator/snapshot/build.ts';
import type { Manifest } from '../generator/snapshot/publish.ts';
import { daysBetween } from '../generator/model/dates.ts';
import { paths } from '../generator/router/layout.ts';
import { assemble, route } from '../generator/router/router.ts';
import type { RoutingIndex } from '../generator/model/schemas.ts';
import { addDays, appendDay, build, cachedDatabase, LAST_DATE, makeDatabase, markdownTable, median, treeSize, type BenchDatabase } from './bench-data.ts';

const RUNS = 3;
const YEARS = 20;
const TARGET = { fullSeconds: 10, files: 20_000, nightlyRatio: 0.1, changed: 60 };

/** Seconds spent in each phase of one build, keyed by the first word of its progress lines. */
type Phases = Record<string, number>;

interface TimedBuild {
  seconds: number;
  summary: BuildSummary;
  phases: Phases;
  /** After the build returned: the background removal of the trees it retired (publish.ts sweep). */
  retiredSeconds: number;
}

async function timedBuild(db: string, out: string, asOf: string): Promise<TimedBuild> {
  const phases: Phases = {};
  let phase = 'start';
  let since = performance.now();
  const enter = (line: string) => {
    const now = performance.now();
    phases[phase] = (phases[phase] ?? 0) + (now - since) / 1000;
    phase = line.split(' ')[0]!;
    since = now;
  };
  const started = performance.now();
  const summary = await build(db, out, asOf, enter);
  enter('end');
  const seconds = (performance.now() - started) / 1000;
  const returned = performance.now();
  await summary.retired;
  return { seconds, summary, phases, retiredSeconds: (performance.now() - returned) / 1000 };
}

/**
 * RUNS full builds, each into a fresh folder, after one untimed warm-up build (JIT, the
 * esbuild service), so full and nightly builds are both timed warm. The last folder is
 * returned for the nightly runs.
 */
async function fullBuilds(bench: BenchDatabase): Promise<{ runs: TimedBuild[]; out: string }> {
  const runs: TimedBuild[] = [];
  let out = path.join(bench.dir, 'warm-up', 'public');
  await build(bench.db, out, LAST_DATE);
  for (let i = 0; i < RUNS; i++) {
    await rm(path.dirname(out), { recursive: true, force: true });
    out = path.join(bench.dir, `full-${i}`, 'public');
    runs.push(await timedBuild(bench.db, out, LAST_DATE));
  }
  return { runs, out };
}

/** RUNS nightly builds on consecutive days: each appends the next day and builds into the same folder. */
async function nightlyBuilds(bench: BenchDatabase, out: string): Promise<TimedBuild[]> {
  const runs: TimedBuild[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const day = addDays(LAST_DATE, i);
    await appendDay(bench, day);
    runs.push(await timedBuild(bench.db, out, day));
  }
  return runs;
}

interface SizeRow {
  years: number;
  records: number;
  files: number;
  bytes: number;
  rateBytes: number;
}

async function sizeOf(years: number, bench: BenchDatabase, out: string): Promise<SizeRow> {
  const all = await treeSize(out);
  const rates = await treeSize(out, 'v1/rates');
  return { years, records: bench.records, files: all.files, bytes: all.bytes, rateBytes: rates.bytes };
}

/** Builds smaller histories once each, to set their size beside the 20-year one. */
async function sizeRow(years: number): Promise<SizeRow> {
  const bench = await makeDatabase(years);
  try {
    const out = path.join(bench.dir, 'public');
    await build(bench.db, out, LAST_DATE);
    return await sizeOf(years, bench, out);
  } finally {
    await bench.cleanUp();
  }
}

/** Bytes of the files a build rewrote (the rest are hard links to the previous tree). */
async function changedBytes(out: string): Promise<number> {
  const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')) as Manifest;
  return manifest.changed.reduce((sum, url) => sum + (manifest.files[url.slice(1)]?.bytes ?? 0), 0);
}

const seconds = (s: number) => s.toFixed(3);
const percent = (r: number) => (r * 100).toFixed(1) + ' %';
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

/** What each phase (named by the build's progress lines) covers in build.ts. */
const PHASES: Record<string, string> = {
  start: 'start: generator id, the previous manifest',
  reading:
    "reading: month versions and the prints of changed months (SQL), month ends, the rows of changed months (zod), the FX years' versions and the rows of the FX files to render",
  planning: 'planning: render changed months, join their ancestors, hash, site files',
  checking: 'checking: zod on rendered months and small files, structure of joined shards',
  writing: 'writing: write what changed, link the rest, manifest, swap, retired trees moved aside',
};

function phaseTable(label: string, runs: TimedBuild[]): string {
  return markdownTable(
    [`${label} build phase`, 'median s', 'share'],
    Object.keys(PHASES).map((name) => {
      const s = median(runs.map((run) => run.phases[name] ?? 0));
      return [PHASES[name]!, seconds(s), percent(s / median(runs.map((run) => run.seconds)))];
    }),
  );
}

interface Results {
  full: TimedBuild[];
  nightly: TimedBuild[];
  sizes: SizeRow[];
  rewritten: number;
}

function report({ full, nightly, sizes, rewritten }: Results): string {
  const out: string[] = [];
  const size = sizes[sizes.length - 1]!;
  const fullS = median(full.map((run) => run.seconds));
  const nightlyS = median(nightly.map((run) => run.seconds));
  const changed = Math.max(...nightly.map((run) => run.summary.changed));
  // Linear: each added record costs the same bytes (the page, its scripts and the other fixed files are
  // megabytes, so bytes / record falls with history although the growth is linear).
  const perAdded = sizes.slice(1).map((row, i) => (row.bytes - sizes[i]!.bytes) / (row.records - sizes[i]!.records));
  const spread = Math.max(...perAdded) / Math.min(...perAdded) - 1;

  out.push(`## Build: ${YEARS} years, ${size.records} records, ${RUNS} runs each (median)\n`);
  out.push(
    markdownTable(
      ['measure', 'value', 'target', 'verdict'],
      [
        ['full build (s)', seconds(fullS), `≤ ${TARGET.fullSeconds} s`, verdict(fullS <= TARGET.fullSeconds)],
        ['files in the tree', String(size.files), `≤ ${TARGET.files}`, verdict(size.files <= TARGET.files)],
        [
          'total bytes',
          size.bytes.toLocaleString('en'),
          'linear in records',
          `${verdict(spread <= 0.05)} (bytes per added record within ${percent(spread)}: ${perAdded.map((b) => b.toFixed(0)).join(', ')})`,
        ],
        ['nightly build (s)', seconds(nightlyS), '', ''],
        ['nightly / full', percent(nightlyS / fullS), `≤ ${percent(TARGET.nightlyRatio)}`, verdict(nightlyS / fullS <= TARGET.nightlyRatio)],
        ['files changed by a nightly build (max)', String(changed), `≤ ${TARGET.changed}`, verdict(changed <= TARGET.changed)],
        ['bytes rewritten by a nightly build', `${rewritten.toLocaleString('en')} (${percent(rewritten / size.bytes)} of the tree)`, '', ''],
      ],
    ),
  );
  const list = (runs: TimedBuild[]) => runs.map((run) => seconds(run.seconds)).join(', ');
  out.push(`\nruns: full ${list(full)} s; nightly ${list(nightly)} s; changed ${nightly.map((run) => run.summary.changed).join(', ')}\n`);
  out.push(
    markdownTable(
      ['years', 'records', 'files', 'total bytes', 'bytes / record', 'v1/rates bytes / record'],
      sizes.map((row) => [
        String(row.years),
        String(row.records),
        String(row.files),
        row.bytes.toLocaleString('en'),
        (row.bytes / row.records).toFixed(1),
        (row.rateBytes / row.records).toFixed(1),
      ]),
    ),
  );
  out.push('\n' + phaseTable('full', full) + '\n');
  out.push(phaseTable('nightly', nightly) + '\n');
  return out.join('\n');
}

// ---------------------------------------------------------------------------
// Issue 12's table (`--scale`): 2 × 20 and 10 × 50 years, one run each.

interface ScaleRow {
  label: string;
  records: number;
  tree: { files: number; bytes: number; fxFiles: number; fxBytes: number };
  /** Answers in a currency against the same in Naira (empty without currencies). */
  currencyReads: CurrencyReads[];
  fullSeconds: number;
  nightlySeconds: number;
  /** The night's day imported (every gate included), median of the nights. */
  importSeconds: number;
  nightlyPhases: Phases;
  retiredSeconds: number;
  rewritten: number;
  largest: { file: string; bytes: number };
  /** The largest bulk download (v1/downloads/, issue 22). */
  largestDownload: { file: string; bytes: number };
  routingBytes: number;
  ranges: { maxFiles: number; worstRatio31: number; worstRatio62: number; count: number };
}

/** Random ranges of the built tree, planned by the router: files read, and bytes read against bytes returned. */
async function rangeReads(out: string, count: number): Promise<ScaleRow['ranges']> {
  const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')) as Manifest;
  const index = JSON.parse(await readFile(path.join(out, paths.routing), 'utf8')) as RoutingIndex;
  const texts = new Map<string, string>();
  const text = async (file: string) => texts.get(file) ?? texts.set(file, await readFile(path.join(out, file), 'utf8')).get(file)!;
  const coverage = index.all!;
  const span = daysBetween(coverage.first, coverage.last);
  let seed = 12;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const result = { maxFiles: 0, worstRatio31: 0, worstRatio62: 0, count };
  for (let i = 0; i < count; i++) {
    const [a, b] = [Math.floor(random() * span), Math.floor(random() * span)].sort((x, y) => x - y) as [number, number];
    const scope = i % 2 === 0 ? '' : `&subcategory=${1 + (i % 3)}`;
    const url = `/api/v1/rates?start_date=${addDays(coverage.first, a)}&end_date=${addDays(coverage.first, b)}${scope}`;
    const plan = route({ method: 'GET', url, ifNoneMatch: null }, index)!;
    const read = plan.reads.reduce((sum, r) => sum + manifest.files[r.path]!.bytes, 0);
    const answer = assemble(plan, await Promise.all(plan.reads.map((r) => text(r.path))), index);
    const returned = answer.parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
    result.maxFiles = Math.max(result.maxFiles, plan.reads.length);
    if (b - a + 1 >= 31) result.worstRatio31 = Math.max(result.worstRatio31, read / returned);
    if (b - a + 1 >= 62) result.worstRatio62 = Math.max(result.worstRatio62, read / returned);
    if (texts.size > 400) texts.clear();
  }
  return result;
}

/** What one answer reads, planned by the router on the built tree: files, their bytes, and the bytes returned. */
interface Reads {
  status: number;
  files: number;
  read: number;
  returned: number;
}

interface CurrencyReads {
  label: string;
  url: string;
  naira: Reads;
  inCurrency: Reads;
}

/** The answers docs/API.md §2c bounds the reads of, each asked without and with currency=`code`. */
const CURRENCY_ANSWERS: [string, string][] = [
  ['latest rate', '/api/v1/rates/latest'],
  ['dated rate', '/api/v1/rates/latest?date=2010-05-17'],
  ['Nisab', '/api/v1/nisab'],
  ['dated Nisab', '/api/v1/nisab?date=2010-05-17'],
  ['month range (30 days)', '/api/v1/rates?start_date=2024-01-17&end_date=2024-02-15'],
  ['year range (366 days, one year file)', '/api/v1/rates?start_date=2023-06-15&end_date=2024-06-14'],
  ['year range (365 days, two years)', '/api/v1/rates?start_date=2019-07-01&end_date=2020-06-29'],
  ['ten-year range', '/api/v1/rates?start_date=2014-06-15&end_date=2024-06-14'],
];

async function currencyReads(out: string, code: string): Promise<CurrencyReads[]> {
  const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')) as Manifest;
  const index = JSON.parse(await readFile(path.join(out, paths.routing), 'utf8')) as RoutingIndex;
  const reads = async (url: string): Promise<Reads> => {
    const plan = route({ method: 'GET', url, ifNoneMatch: null }, index)!;
    const texts = await Promise.all(plan.reads.map((r) => readFile(path.join(out, r.path), 'utf8')));
    const answer = assemble(plan, texts, index);
    return {
      status: answer.status,
      files: plan.reads.length,
      read: plan.reads.reduce((sum, r) => sum + manifest.files[r.path]!.bytes, 0),
      returned: answer.parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0),
    };
  };
  const rows: CurrencyReads[] = [];
  for (const [label, url] of CURRENCY_ANSWERS)
    rows.push({ label, url, naira: await reads(url), inCurrency: await reads(`${url}${url.includes('?') ? '&' : '?'}currency=${code}`) });
  return rows;
}

async function scaleRow(subcategories: number, years: number, currencies = 0): Promise<ScaleRow> {
  const made = performance.now();
  // With currencies, kept under tmp/bench-db/ between runs (making it is most of such a run).
  const bench = currencies > 0 ? await cachedDatabase(years, subcategories, currencies) : await makeDatabase(years, subcategories);
  if (currencies > 0) {
    const how = 'cached' in bench && bench.cached ? 'copied from tmp/bench-db/' : 'made (and kept in tmp/bench-db/)';
    console.error(`${subcategories} × ${years} × ${currencies} currencies: database ${how} in ${seconds((performance.now() - made) / 1000)} s`);
  }
  try {
    const out = path.join(bench.dir, 'public');
    const full = await timedBuild(bench.db, out, LAST_DATE);
    // Three nights in a row, the median reported: the first follows the full build's
    // writes (the kernel still flushing them), and only from the third is a tree retired.
    const nights: TimedBuild[] = [];
    const imports: number[] = [];
    let day = LAST_DATE;
    for (let night = 0; night < RUNS; night++) {
      day = addDays(day, 1);
      const started = performance.now();
      await appendDay(bench, day);
      imports.push((performance.now() - started) / 1000);
      nights.push(await timedBuild(bench.db, out, day));
    }
    const nightly = [...nights].sort((a, b) => a.seconds - b.seconds)[RUNS >> 1]!;
    console.error(
      `${subcategories} × ${years}: full ${seconds(full.seconds)} s; nights ${nights.map((n) => seconds(n.seconds)).join(', ')} s; retired after ${nights.map((n) => seconds(n.retiredSeconds)).join(', ')} s`,
    );
    const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')) as Manifest;
    const [file, entry] = Object.entries(manifest.files).sort(([, x], [, y]) => y.bytes - x.bytes)[0]!;
    const all = await treeSize(out);
    const fx = await treeSize(out, 'v1/fx').catch(() => ({ files: 0, bytes: 0 }));
    return {
      label: `${subcategories} × ${years} years${currencies > 0 ? ` × ${currencies} currencies` : ''}`,
      records: bench.records,
      tree: { files: all.files, bytes: all.bytes, fxFiles: fx.files, fxBytes: fx.bytes },
      currencyReads: currencies > 0 ? await currencyReads(out, bench.currencies[0]!) : [],
      fullSeconds: full.seconds,
      nightlySeconds: nightly.seconds,
      importSeconds: median(imports),
      nightlyPhases: nightly.phases,
      retiredSeconds: Math.max(...nights.map((n) => n.retiredSeconds)),
      rewritten: await changedBytes(out),
      largest: { file, bytes: entry.bytes },
      largestDownload: ((d) => ({ file: d[0], bytes: d[1].bytes }))(
        Object.entries(manifest.files)
          .filter(([f]) => f.startsWith('v1/downloads/'))
          .sort(([, x], [, y]) => y.bytes - x.bytes)[0]!,
      ),
      routingBytes: manifest.files[paths.routing]!.bytes,
      ranges: await rangeReads(out, 400),
    };
  } finally {
    await bench.cleanUp();
  }
}

async function scale(withCurrencies: boolean): Promise<void> {
  // Untimed warm-up (JIT, the esbuild service), then one run of each database.
  const warm = await makeDatabase(2, 2);
  await build(warm.db, path.join(warm.dir, 'public'), LAST_DATE);
  await warm.cleanUp();
  // BENCH_CURRENCY_HISTORY=2x5x3 for a quick look (subcategories x years x currencies).
  const [s, y, c] = (process.env.BENCH_CURRENCY_HISTORY ?? '10x50x170').split('x').map(Number) as [number, number, number];
  const rows = withCurrencies ? [await scaleRow(s, y, c)] : [await scaleRow(2, 20), await scaleRow(10, 50)];
  const mib = (bytes: number) => (bytes / 1048576).toFixed(2) + ' MiB';
  console.log(
    markdownTable(
      ['measure', ...rows.map((r) => `${r.label} (${r.records.toLocaleString('en')} records)`)],
      [
        ['files in the tree (of which v1/fx/)', ...rows.map((r) => `${r.tree.files.toLocaleString('en')} (${r.tree.fxFiles.toLocaleString('en')})`)],
        ['bytes of the tree (of which v1/fx/)', ...rows.map((r) => `${mib(r.tree.bytes)} (${mib(r.tree.fxBytes)})`)],
        ['full build (s)', ...rows.map((r) => seconds(r.fullSeconds))],
        ['nightly build (s, median of 3 nights)', ...rows.map((r) => seconds(r.nightlySeconds))],
        ['nightly / full', ...rows.map((r) => percent(r.nightlySeconds / r.fullSeconds))],
        ["import of the night's day / nightly build", ...rows.map((r) => percent(r.importSeconds / r.nightlySeconds))],
        ...Object.keys(PHASES).map((name) => [`nightly phase: ${name} (s)`, ...rows.map((r) => seconds(r.nightlyPhases[name] ?? 0))]),
        ['retired tree removed after a nightly returned (s, background, max)', ...rows.map((r) => seconds(r.retiredSeconds))],
        ['bytes rewritten by the nightly build', ...rows.map((r) => r.rewritten.toLocaleString('en'))],
        ['largest file', ...rows.map((r) => `${mib(r.largest.bytes)} (${r.largest.file})`)],
        ['largest download', ...rows.map((r) => `${mib(r.largestDownload.bytes)} (${r.largestDownload.file})`)],
        ['routing index (bytes)', ...rows.map((r) => r.routingBytes.toLocaleString('en'))],
        [`files read, ${rows[0]!.ranges.count} random ranges (max)`, ...rows.map((r) => String(r.ranges.maxFiles))],
        ['bytes read / returned, ranges ≥ 31 days (max)', ...rows.map((r) => r.ranges.worstRatio31.toFixed(2))],
        ['bytes read / returned, ranges ≥ 62 days (max)', ...rows.map((r) => r.ranges.worstRatio62.toFixed(2))],
      ],
    ),
  );
  for (const row of rows.filter((r) => r.currencyReads.length > 0)) {
    const cells = (r: Reads) => (r.status === 200 ? [String(r.files), r.read.toLocaleString('en'), r.returned.toLocaleString('en')] : [`${r.status}`, '', '']);
    console.log(`\n${row.label}: what an answer reads, without and with currency= (router plan on the built tree)\n`);
    console.log(
      markdownTable(
        ['answer', 'files', 'bytes read', 'bytes returned', 'in a currency: files', 'bytes read', 'bytes returned', 'bytes read, currency / Naira'],
        row.currencyReads.map((r) => [
          `${r.label} (\`${r.url.replace('/api/v1', '')}\`)`,
          ...cells(r.naira),
          ...cells(r.inCurrency),
          r.inCurrency.status === 200 ? (r.inCurrency.read / r.naira.read).toFixed(2) : '',
        ]),
      ),
    );
  }
}

const DOC = new URL('../BENCHMARKS.md', import.meta.url);
const START = '<!-- bench-build:start (generated by scripts/bench-build.ts --write) -->';
const END = '<!-- bench-build:end -->';

/** The tables into BENCHMARKS.md between the markers, after a line naming the run's day, commit and load. */
async function writeBlock(tables: string, load: string): Promise<void> {
  const doc = await readFile(DOC, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`BENCHMARKS.md has no ${START} … ${END} block to write into`);
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const run = `Run on ${new Date().toISOString().slice(0, 10)} at ${commit}, load average (1 min) ${load} on this shared 2-core machine; one run of ${RUNS} full and ${RUNS} nightly builds.`;
  await writeFile(DOC, `${doc.slice(0, start)}${START}\n${run}\n\n${tables.replace(/^## Build: /, '**Build:** ')}\n${doc.slice(end)}`);
}

const loadBefore = os.loadavg()[0]!.toFixed(1);

async function main(): Promise<void> {
  if (process.argv.includes('--scale') || process.argv.includes('--currencies')) return scale(process.argv.includes('--currencies'));
  const bench = await makeDatabase(YEARS);
  try {
    const full = await fullBuilds(bench);
    const size = await sizeOf(YEARS, bench, full.out);
    const nightly = await nightlyBuilds(bench, full.out);
    const rewritten = await changedBytes(full.out);
    const sizes = [await sizeRow(5), await sizeRow(10), size];
    const tables = report({ full: full.runs, nightly, sizes, rewritten });
    console.log(tables);
    if (process.argv.includes('--write')) await writeBlock(tables, `${loadBefore} to ${os.loadavg()[0]!.toFixed(1)}`);
  } finally {
    await bench.cleanUp();
  }
}

await main();
