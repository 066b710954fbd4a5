// The worker's cost in the real Cloudflare runtime (issue 13: CPU time per
// request and cold start at two history lengths; issue 12: memory while it
// sends a whole-history answer), on snapshots built through the real imports
// and the real build (bench-data.ts): 2 subcategories × 20 and × 50 years, and
// 10 × 50 years (182,640 records) for memory.
//
// The snapshot runs as a Worker with static assets, configured by wrangler
// itself from the snapshot's wrangler.jsonc (what `wrangler dev` runs, as
// test/support/workerd-server.ts does), in workerd under miniflare, on loopback.
//
// workerd reports no CPU time to miniflare, and inside a worker the clock does
// not move while the worker computes (performance.now() is frozen), so workerd
// is measured from outside, as a process (scripts/proc-stats.ts):
//  - per request: the CPU time all of workerd's threads spent (Linux's
//    schedstat, ns) across N sequential keep-alive requests, divided by N, minus
//    the same for a request the worker answers with its JSON 404 (the worker
//    runs, reads no file): what is left is what the answer costs the worker
//    beyond a minimal invocation (routing, reading files through ASSETS,
//    cutting and joining, sending). The raw figure includes workerd's HTTP
//    handling and miniflare's entry and asset-router workers, which Cloudflare
//    does not bill;
//  - cold start: workerd's CPU time from its start until miniflare reports it
//    ready (V8 and workerd start-up, compiling and running our module), against
//    the same with an empty module in its place; and the first request of the
//    fresh isolate (it reads and parses the routing index, and V8 compiles the
//    functions it meets), sent after one static file has started miniflare's
//    own workers, against the median of the next ones;
//  - memory: workerd's resident set while idle and its peak (VmHWM, reset
//    just before) while one whole-history answer is read by a client.
//
//   npx tsx scripts/bench-worker.ts            (about 5 minutes; nothing to install beyond npm ci)
//   BENCH_HISTORIES=2x20,2x50,10x50            (the default: subcategories x years; CPU and cold
//                                               start are measured for 2 subcategories, memory for all)
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { MiniflareOptions } from 'miniflare';
import { build, LAST_DATE, makeDatabase, markdownTable, median } from './bench-data.ts';
import { childrenOf, cpuNs, cpuSecondsSinceStart, peakWhileSending } from './proc-stats.ts';
import { startMiniflare } from '../test/support/workerd-server.ts';

const RANGES = {
  latest: '/api/v1/rates/latest',
  days30: '/api/v1/rates?start_date=2024-01-17&end_date=2024-02-15',
  years10: '/api/v1/rates?start_date=2014-06-15&end_date=2024-06-14',
  /** The worker runs and answers its JSON 404 without reading a file: the baseline. */
  empty: '/api/v1/no-such-endpoint',
  whole: '/api/v1/rates',
};
/** A file of the tree outside the API bases: the assets router answers it, our worker never runs. */
const STATIC_FILE = '/v1/meta.json';
const REQUESTS = { latest: 400, days30: 400, years10: 20, empty: 400 };
const ROUNDS = 3;
const COLD_STARTS = 5;
const EMPTY_WORKER = 'export default { fetch() { return new Response("") } };';

interface Running {
  url: string;
  pid: number;
  readyMs: number;
  stop(): Promise<void>;
}

/** The snapshot as `wrangler dev` runs it (from its wrangler.jsonc); `emptyModule` swaps our worker for one that does nothing. */
async function startWorker(snapshot: string, emptyModule = false): Promise<Running> {
  const dir = await realpath(snapshot);
  process.env['WRANGLER_SEND_METRICS'] = 'false';
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(path.join(dir, 'wrangler.jsonc'));
  // The empty module is given by content, under a name inside the tree that no file has.
  const module = emptyModule
    ? { scriptPath: undefined, modules: [{ type: 'ESModule', path: path.join(dir, 'bench-empty-worker.js'), contents: EMPTY_WORKER }] }
    : { scriptPath: main, modules: true };
  const before = new Set(childrenOf(process.pid).map((c) => c.pid));
  const started = performance.now();
  const server = await startMiniflare({ ...(workerOptions as object), ...module, modulesRoot: dir } as MiniflareOptions);
  const readyMs = performance.now() - started;
  const workerd = childrenOf(process.pid).filter((c) => c.name === 'workerd' && !before.has(c.pid));
  if (workerd.length !== 1) {
    await server.stop();
    throw new Error(`expected one new workerd child process, found ${workerd.length}`);
  }
  return { url: server.url, pid: workerd[0]!.pid, readyMs, stop: server.stop };
}

async function get(url: string): Promise<number> {
  const response = await fetch(url);
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200 && !url.endsWith(RANGES.empty)) throw new Error(`${url}: ${response.status}`);
  return bytes;
}

/** workerd's CPU µs and the wall ms per request, over `n` sequential requests. */
async function perRequest(worker: Running, target: string, n: number): Promise<{ cpuUs: number; wallMs: number; bytes: number }> {
  let bytes = 0;
  const cpu = cpuNs(worker.pid);
  const started = performance.now();
  for (let i = 0; i < n; i++) bytes = await get(worker.url + target);
  return { cpuUs: (cpuNs(worker.pid) - cpu) / n / 1000, wallMs: (performance.now() - started) / n, bytes };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface CpuRow {
  label: string;
  records: number;
  /** Per answer: median CPU µs, wall ms and bytes. */
  answers: Record<keyof typeof REQUESTS, { cpuUs: number; wallMs: number; bytes: number }>;
  /** workerd's own CPU while idle, µs per second (what the windows above include without a request). */
  idleUsPerSecond: number;
}

async function cpuRow(snapshot: string, label: string, records: number): Promise<CpuRow> {
  const worker = await startWorker(snapshot);
  try {
    const names = Object.keys(REQUESTS) as (keyof typeof REQUESTS)[];
    for (const name of names) await perRequest(worker, RANGES[name], Math.ceil(REQUESTS[name] / 4));
    const idleFrom = cpuNs(worker.pid);
    await pause(2000);
    const idleUsPerSecond = (cpuNs(worker.pid) - idleFrom) / 2 / 1000;
    const runs = Object.fromEntries(names.map((name) => [name, [] as { cpuUs: number; wallMs: number; bytes: number }[]]));
    for (let round = 0; round < ROUNDS; round++) for (const name of names) runs[name]!.push(await perRequest(worker, RANGES[name], REQUESTS[name]));
    const answers = Object.fromEntries(
      names.map((name) => [
        name,
        { cpuUs: median(runs[name]!.map((r) => r.cpuUs)), wallMs: median(runs[name]!.map((r) => r.wallMs)), bytes: runs[name]![0]!.bytes },
      ]),
    ) as CpuRow['answers'];
    return { label, records, answers, idleUsPerSecond };
  } finally {
    await worker.stop();
  }
}

interface ColdRow {
  label: string;
  /** Median over fresh starts: wall ms to ready, workerd CPU ms to ready (ours, then with an empty module). */
  readyMs: number;
  startCpuMs: number;
  emptyReadyMs: number;
  emptyStartCpuMs: number;
  /** The first request of the fresh isolate and the median of the next 20: CPU µs and wall ms. */
  first: { cpuUs: number; wallMs: number };
  warm: { cpuUs: number; wallMs: number };
}

async function coldRow(snapshot: string, label: string): Promise<ColdRow> {
  const ours = { readyMs: [] as number[], cpuMs: [] as number[], firstCpu: [] as number[], firstWall: [] as number[], warmCpu: [] as number[], warmWall: [] as number[] };
  const empty = { readyMs: [] as number[], cpuMs: [] as number[] };
  for (let i = 0; i < COLD_STARTS; i++) {
    const worker = await startWorker(snapshot);
    try {
      ours.readyMs.push(worker.readyMs);
      ours.cpuMs.push(cpuSecondsSinceStart(worker.pid) * 1000);
      // A static file first: miniflare's entry worker and the assets router start (and V8
      // compiles them) without our worker, so the first API request is our isolate's first.
      if ((await fetch(worker.url + STATIC_FILE)).status !== 200) throw new Error(`${STATIC_FILE} is not a static file of the snapshot`);
      await pause(300);
      const first = await perRequest(worker, RANGES.latest, 1);
      ours.firstCpu.push(first.cpuUs);
      ours.firstWall.push(first.wallMs);
      const next = [];
      for (let j = 0; j < 20; j++) next.push(await perRequest(worker, RANGES.latest, 1));
      ours.warmCpu.push(median(next.map((r) => r.cpuUs)));
      ours.warmWall.push(median(next.map((r) => r.wallMs)));
    } finally {
      await worker.stop();
    }
    const nothing = await startWorker(snapshot, true);
    try {
      empty.readyMs.push(nothing.readyMs);
      empty.cpuMs.push(cpuSecondsSinceStart(nothing.pid) * 1000);
    } finally {
      await nothing.stop();
    }
  }
  return {
    label,
    readyMs: median(ours.readyMs),
    startCpuMs: median(ours.cpuMs),
    emptyReadyMs: median(empty.readyMs),
    emptyStartCpuMs: median(empty.cpuMs),
    first: { cpuUs: median(ours.firstCpu), wallMs: median(ours.firstWall) },
    warm: { cpuUs: median(ours.warmCpu), wallMs: median(ours.warmWall) },
  };
}

interface MemoryRow {
  label: string;
  answerBytes: number;
  idle: number;
  /** Peak over idle, the first whole-history request of the worker, then a second one. */
  firstPeak: number;
  secondPeak: number;
  secondIdle: number;
}

async function memoryRow(snapshot: string, label: string): Promise<MemoryRow> {
  const worker = await startWorker(snapshot);
  try {
    await get(worker.url + RANGES.latest);
    const first = await peakWhileSending(worker.pid, worker.url + RANGES.whole);
    const second = await peakWhileSending(worker.pid, worker.url + RANGES.whole);
    return { label, answerBytes: first.answerBytes, idle: first.idle, firstPeak: first.overIdle, secondPeak: second.overIdle, secondIdle: second.idle };
  } finally {
    await worker.stop();
  }
}

async function snapshotOf(years: number, subcategories: number): Promise<{ out: string; records: number; label: string; cleanUp(): Promise<void> }> {
  const bench = await makeDatabase(years, subcategories);
  const out = path.join(bench.dir, 'public');
  await build(bench.db, out, LAST_DATE);
  return { out, records: bench.records, label: `${subcategories} × ${years} years`, cleanUp: bench.cleanUp };
}

function report(cpu: CpuRow[], cold: ColdRow[], mem: MemoryRow[]): void {
  const us = (n: number) => n.toFixed(0);
  const ms = (n: number) => n.toFixed(1);
  const mib = (n: number) => (n / 1048576).toFixed(1) + ' MiB';
  console.log(`\n## workerd: CPU per request (median of ${ROUNDS} rounds of N sequential requests; µs of workerd CPU, all threads)\n`);
  console.log(
    markdownTable(
      ['history', 'answer', 'bytes', 'N', 'workerd CPU µs / request', 'minus the 404 baseline', 'wall ms / request'],
      cpu.flatMap((row) =>
        (['empty', 'latest', 'days30', 'years10'] as const).map((name) => {
          const a = row.answers[name];
          const label = { empty: 'JSON 404 (baseline)', latest: 'latest', days30: '30-day range', years10: '10-year range' }[name];
          return [`${row.label} (${row.records.toLocaleString('en')} records)`, label, a.bytes.toLocaleString('en'), String(REQUESTS[name]), us(a.cpuUs), name === 'empty' ? '' : us(a.cpuUs - row.answers.empty.cpuUs), ms(a.wallMs)];
        }),
      ),
    ),
  );
  console.log(`\nworkerd idle: ${cpu.map((r) => `${r.label} ${us(r.idleUsPerSecond)} µs CPU per second`).join(', ')}`);
  console.log(`\n## workerd: cold start (median of ${COLD_STARTS} fresh starts)\n`);
  console.log(
    markdownTable(
      ['history', 'ready (wall ms)', 'workerd CPU to ready (ms)', 'same, empty module', 'first request CPU µs', 'next requests CPU µs', 'first request wall ms', 'next requests wall ms'],
      cold.map((r) => [r.label, ms(r.readyMs), ms(r.startCpuMs), `${ms(r.emptyStartCpuMs)} (ready ${ms(r.emptyReadyMs)})`, us(r.first.cpuUs), us(r.warm.cpuUs), ms(r.first.wallMs), ms(r.warm.wallMs)]),
    ),
  );
  console.log(`\n## workerd: resident memory while one whole-history answer is sent\n`);
  console.log(
    markdownTable(
      ['history', 'answer', 'idle RSS', 'peak over idle, first request', 'same / answer', 'peak over idle, second request', 'same / answer'],
      mem.map((r) => [r.label, mib(r.answerBytes), mib(r.idle), mib(r.firstPeak), (r.firstPeak / r.answerBytes).toFixed(2) + '×', mib(r.secondPeak), (r.secondPeak / r.answerBytes).toFixed(2) + '×']),
    ),
  );
}

async function main(): Promise<void> {
  const cpu: CpuRow[] = [];
  const cold: ColdRow[] = [];
  const mem: MemoryRow[] = [];
  const histories = (process.env.BENCH_HISTORIES ?? '2x20,2x50,10x50').split(',').map((h) => h.split('x').map(Number) as [number, number]);
  for (const [subcategories, years] of histories) {
    const snapshot = await snapshotOf(years, subcategories);
    try {
      console.log(`${snapshot.label}: ${snapshot.records.toLocaleString('en')} records built`);
      if (subcategories === 2) {
        cpu.push(await cpuRow(snapshot.out, snapshot.label, snapshot.records));
        cold.push(await coldRow(snapshot.out, snapshot.label));
      }
      mem.push(await memoryRow(snapshot.out, snapshot.label));
    } finally {
      await snapshot.cleanUp();
    }
  }
  report(cpu, cold, mem);
}

await main();
