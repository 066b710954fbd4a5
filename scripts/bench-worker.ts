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
// workerd reports no CPU time to miniflare (its traces carry a CPU time of 0),
// and inside a worker the clock does not move while the worker computes
// (performance.now() is frozen), so CPU time is measured two ways:
//
// From outside, as a process (scripts/proc-stats.ts), an upper bound:
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
// From inside our isolate, what Cloudflare bills: V8's CPU profiler through
// workerd's own inspector (miniflare's `inspectorPort: 0`; workerd lists one
// target per worker at /json, ours is `core:user:<name>`; DevTools protocol
// over a WebSocket). Profiler.start, N sequential requests, Profiler.stop. V8
// takes a sample every period only while our isolate is entered (holds its
// lock), so a sample is one period of our isolate's time, spent in JavaScript,
// in workerd's native code under our lock ("(program)": streams, the ASSETS
// binding's calls, encoding) or in V8's garbage collector; samples V8 marks
// "(idle)" are left out. The period actually kept (the requested 100 µs plus
// the kernel's timer slack) is measured from the profiles (the median gap
// between consecutive samples of one busy stretch). The CPU time is the
// non-idle samples times that period, divided by N. A worker that only spins a
// loop of known cost calibrates this against the CPU time of workerd's isolate
// thread (all isolates run on workerd's main thread), in the same run. What the
// calibration showed while this was written (2 shared vCPUs): within 13 % for
// requests of about 13 ms of CPU (the profile a little high: the sampling
// itself costs), but erratic for short ones, 0.3 to 1.9 times the thread's
// figure at 0.1 to 1.5 ms from one run to the next: samples go missing from
// some profiles (the sampler thread did tick; the cause was not found, and
// pinning the sampler and workerd's thread to different CPUs did not settle
// it). So a figure of several ms is a measurement; one under a millisecond
// gives its order of magnitude.
//
//   npx tsx scripts/bench-worker.ts            (about 6 minutes; nothing to install beyond npm ci;
//                                               on Node 20 it runs itself again under
//                                               --experimental-websocket, for the inspector)
//   BENCH_HISTORIES=2x20,2x50,10x50            (the default: subcategories x years; CPU and cold
//                                               start are measured for 2 subcategories, memory for all)
//   npx tsx scripts/bench-worker.ts --currency (issue 23: our isolate's CPU for answers in a currency
//                                               against the same in Naira, BENCH_HISTORIES=2x20 by
//                                               default, 3 currencies; about 2 minutes a history)
//   BENCH_ONLY=isolate                         (only our isolate's CPU per request, for every history
//                                               given, with each answer's most sampled functions)
import { spawnSync } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Miniflare, MiniflareOptions } from 'miniflare';
import { build, LAST_DATE, makeDatabase, markdownTable, median, treeSize } from './bench-data.ts';
import { childrenOf, cpuNs, cpuSecondsSinceStart, peakWhileSending, threadCpuNs } from './proc-stats.ts';
import { startMiniflare } from '../test/support/workerd-server.ts';
import { COMPATIBILITY_DATE } from '../generator/snapshot/cloudflare-files.ts';

// Node 20 has a WebSocket client (for workerd's inspector) only behind a flag: run again with it.
if (typeof WebSocket === 'undefined') {
  const again = spawnSync(process.execPath, ['--experimental-websocket', ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

const RANGES = {
  latest: '/api/v1/rates/latest',
  days30: '/api/v1/rates?start_date=2024-01-17&end_date=2024-02-15',
  years10: '/api/v1/rates?start_date=2014-06-15&end_date=2024-06-14',
  /** The worker runs and answers its JSON 404 without reading a file: the baseline. */
  empty: '/api/v1/no-such-endpoint',
  whole: '/api/v1/rates',
};
/**
 * Issue 23: each answer in Naira and in a currency (docs/API.md §2c), with its requests per round.
 * The ten-year range in a currency is refused (400: at most 366 days), so its cost is the refusal's.
 */
const IN_GBP = (url: string) => `${url}${url.includes('?') ? '&' : '?'}currency=GBP`;
const CURRENCY_ANSWERS: { [name: string]: [string, number] } = {};
for (const [name, url, n] of [
  ['latest', RANGES.latest, 200],
  ['datedNisab', '/api/v1/nisab?date=2020-03-16', 200],
  ['days30', RANGES.days30, 200],
  ['year', '/api/v1/rates?start_date=2023-06-15&end_date=2024-06-14', 40],
  ['yearGold', '/api/v1/rates?subcategory=1&start_date=2023-06-15&end_date=2024-06-14', 40],
  ['years10', RANGES.years10, 20],
] as const) {
  CURRENCY_ANSWERS[name] = [url, n];
  CURRENCY_ANSWERS[`${name}GBP`] = [IN_GBP(url), name === 'years10' ? 200 : n];
}
/** Answers that are refusals by design: their status is not an error of the run. */
const REFUSED = [IN_GBP(RANGES.years10)];
/** A file of the tree outside the API bases: the assets router answers it, our worker never runs. */
const STATIC_FILE = '/v1/meta.json';
const REQUESTS = { latest: 400, days30: 400, years10: 20, empty: 400 };
const ROUNDS = 3;
const COLD_STARTS = 5;
const ONLY_ISOLATE = process.env.BENCH_ONLY === 'isolate';
const EMPTY_WORKER = 'export default { fetch() { return new Response("") } };';
/** The calibration worker: a loop of `n` steps, pure JavaScript, nothing else in the request varies with `n`. */
const LOOP_WORKER =
  'export default { fetch(request) { const n = Number(new URL(request.url).searchParams.get("n")); let x = 0; ' +
  'for (let i = 0; i < n; i++) x = (Math.imul(x, 31) + i) | 0; return new Response(String(x)); } };';
/**
 * Loop steps and requests per round: about 13, 1.3 and 0.13 ms of CPU each once V8 has optimized
 * the loop, on the machine this was written on. Longest first: a loop first run 0 times stays in
 * V8's interpreter (about 12 times slower) however long it later runs.
 */
const LOOPS = [
  { steps: 10_000_000, requests: 10 },
  { steps: 1_000_000, requests: 40 },
  { steps: 100_000, requests: 200 },
  { steps: 0, requests: 200 },
];
/** The sampling interval asked of V8's profiler, µs (what it keeps is measured, see samplerPeriod). */
const SAMPLING_INTERVAL_US = 100;

interface Running {
  url: string;
  pid: number;
  readyMs: number;
  miniflare: Miniflare;
  stop(): Promise<void>;
}

/** Miniflare with `options`, and the one workerd process it started. */
async function startWorkerd(options: MiniflareOptions): Promise<Running> {
  const before = new Set(childrenOf(process.pid).map((c) => c.pid));
  const started = performance.now();
  const server = await startMiniflare(options);
  const readyMs = performance.now() - started;
  const workerd = childrenOf(process.pid).filter((c) => c.name === 'workerd' && !before.has(c.pid));
  if (workerd.length !== 1) {
    await server.stop();
    throw new Error(`expected one new workerd child process, found ${workerd.length}`);
  }
  return { url: server.url, pid: workerd[0]!.pid, readyMs, miniflare: server.miniflare, stop: server.stop };
}

/**
 * The snapshot as `wrangler dev` runs it (from its wrangler.jsonc); `emptyModule` swaps our worker
 * for one that does nothing; `inspect` opens workerd's inspector on a free port.
 */
async function startWorker(snapshot: string, { emptyModule = false, inspect = false } = {}): Promise<Running> {
  const dir = await realpath(snapshot);
  process.env['WRANGLER_SEND_METRICS'] = 'false';
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(path.join(dir, 'wrangler.jsonc'));
  // The empty module is given by content, under a name inside the tree that no file has.
  const module = emptyModule
    ? { scriptPath: undefined, modules: [{ type: 'ESModule', path: path.join(dir, 'bench-empty-worker.js'), contents: EMPTY_WORKER }] }
    : { scriptPath: main, modules: true };
  return startWorkerd({ ...(workerOptions as object), ...module, modulesRoot: dir, ...(inspect ? { inspectorPort: 0 } : {}) } as MiniflareOptions);
}

async function get(url: string): Promise<number> {
  const response = await fetch(url);
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200 && !url.endsWith(RANGES.empty) && !REFUSED.some((refused) => url.endsWith(refused)))
    throw new Error(`${url}: ${response.status}`);
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

/** The CPU profile workerd answers Profiler.stop with (the DevTools protocol's Profiler.Profile, the fields used here). */
interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  /** The node each sample caught, in order. */
  samples: number[];
  /** µs from the previous sample (the first: from the profile's start). */
  timeDeltas: number[];
}

/**
 * A DevTools protocol session with our worker's isolate through workerd's own inspector: the
 * target `core:user:<name>` of the /json list workerd serves on its inspector port (the others
 * are miniflare's entry, asset and cache workers). workerd answers the Profiler commands itself.
 */
class Inspector {
  #ws: WebSocket;
  #next = 0;
  #pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
      const pending = message.id === undefined ? undefined : this.#pending.get(message.id);
      if (!pending) return; // an event, not an answer
      this.#pending.delete(message.id!);
      if (message.error) pending.reject(new Error(`inspector: ${message.error.message}`));
      else pending.resolve(message.result);
    });
    ws.addEventListener('close', () => {
      for (const pending of this.#pending.values()) pending.reject(new Error('inspector: connection closed'));
      this.#pending.clear();
    });
  }

  static async open(worker: Running): Promise<Inspector> {
    const port = (await worker.miniflare.getInspectorURL()).port;
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as { id: string; webSocketDebuggerUrl: string }[];
    const ours = targets.filter((target) => target.id.startsWith('core:user:'));
    if (ours.length !== 1) throw new Error(`inspector: expected one user worker, found ${targets.map((t) => t.id).join(', ')}`);
    const ws = new WebSocket(ours[0]!.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      ws.addEventListener('open', resolve, { once: true });
      ws.addEventListener('error', () => reject(new Error(`inspector: cannot connect to ${ours[0]!.webSocketDebuggerUrl}`)), { once: true });
    });
    return new Inspector(ws);
  }

  send<T>(method: string, params: object = {}): Promise<T> {
    const id = ++this.#next;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending.delete(id);
        reject(new Error(`inspector: no answer to ${method} in 60 s`));
      }, 60_000);
      this.#pending.set(id, {
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.#ws.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Profiler.enable and the sampling interval; then `profile` may be called. */
  async startSampling(): Promise<void> {
    await this.send('Profiler.enable');
    await this.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  }

  /** The samples our isolate gave while `requests` were sent, one after the other. */
  async profile(requests: number, send: () => Promise<unknown>): Promise<Samples> {
    await this.send('Profiler.start');
    for (let i = 0; i < requests; i++) await send();
    const { profile } = await this.send<{ profile: Profile }>('Profiler.stop');
    return countSamples(profile, requests);
  }

  close(): void {
    this.#ws.close();
  }
}

/** One profile's samples by what they caught, and the gaps between consecutive samples of busy stretches. */
interface Samples {
  requests: number;
  js: number;
  program: number;
  gc: number;
  idle: number;
  busyGapsUs: number[];
  /** Samples by the function they caught (self time), named with its script's file and line. */
  byFunction: Record<string, number>;
}

function countSamples(profile: Profile, requests: number): Samples {
  const names = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const counts = { requests, js: 0, program: 0, gc: 0, idle: 0 };
  const byFunction: Record<string, number> = {};
  for (const id of profile.samples) {
    const name = names.get(id);
    const frame = frames.get(id)!;
    const where = frame.url === '' ? '' : ` ${frame.url.split('/').at(-1)}:${frame.lineNumber + 1}`;
    const key = `${name || '(no name)'}${where}`;
    byFunction[key] = (byFunction[key] ?? 0) + 1;
    if (name === '(idle)') counts.idle++;
    else if (name === '(program)') counts.program++;
    else if (name === '(garbage collector)') counts.gc++;
    else counts.js++;
  }
  // A gap of under 3 requested intervals is two ticks of one busy stretch; longer ones span time outside our isolate.
  return { ...counts, byFunction, busyGapsUs: profile.timeDeltas.slice(1).filter((gap) => gap < 3 * SAMPLING_INTERVAL_US) };
}

/** The sampler's actual period, µs: the median gap between consecutive samples of a busy stretch. */
function samplerPeriod(profiles: Samples[]): number {
  const gaps = profiles.flatMap((p) => p.busyGapsUs);
  if (gaps.length < 20) throw new Error(`only ${gaps.length} gaps between busy samples: too few to measure the sampler's period`);
  return median(gaps);
}

/** Our isolate's CPU µs per request, from profiles pooled (their samples over their requests), by what the samples caught. */
interface IsolateCpu {
  samples: number;
  /** JavaScript, (program) and (garbage collector): the CPU time. */
  us: number;
  jsUs: number;
  programUs: number;
  gcUs: number;
  /** (idle) samples, not counted in `us`. */
  idleUs: number;
  /** The functions that caught the most samples (self time), µs per request each, most first. */
  top: [string, number][];
}

function isolateCpu(profiles: Samples[], periodUs: number): IsolateCpu {
  const sum = (key: 'requests' | 'js' | 'program' | 'gc' | 'idle') => profiles.reduce((total, p) => total + p[key], 0);
  const perRequest = (count: number) => (count * periodUs) / sum('requests');
  const busy = sum('js') + sum('program') + sum('gc');
  return {
    samples: busy,
    us: perRequest(busy),
    jsUs: perRequest(sum('js')),
    programUs: perRequest(sum('program')),
    gcUs: perRequest(sum('gc')),
    idleUs: perRequest(sum('idle')),
    top: Object.entries(
      profiles.reduce<Record<string, number>>((all, p) => {
        for (const [key, count] of Object.entries(p.byFunction)) all[key] = (all[key] ?? 0) + count;
        return all;
      }, {}),
    )
      .filter(([key]) => key !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([key, count]) => [key, perRequest(count)]),
  };
}

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
  const ours = {
    readyMs: [] as number[],
    cpuMs: [] as number[],
    firstCpu: [] as number[],
    firstWall: [] as number[],
    warmCpu: [] as number[],
    warmWall: [] as number[],
  };
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
    const nothing = await startWorker(snapshot, { emptyModule: true });
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

interface IsolateRow {
  label: string;
  /** The sampler's period measured in this worker's profiles, µs. */
  periodUs: number;
  answers: Record<string, IsolateCpu>;
}

/** The answers isolateRow profiles by default: each name's URL and requests per round. */
const ISOLATE_ANSWERS = Object.fromEntries((Object.keys(REQUESTS) as (keyof typeof REQUESTS)[]).map((name) => [name, [RANGES[name], REQUESTS[name]]])) as {
  [name: string]: [string, number];
};
/**
 * BENCH_ONLY=isolate also profiles (issue 36, the long-range layout) a ten-year range whose two
 * ends fall early and late in a year, far from any half-year or half-decade boundary, and the
 * whole history.
 */
const LONG_ANSWERS: { [name: string]: [string, number] } = {
  years10early: ['/api/v1/rates?start_date=2012-02-02&end_date=2022-11-29', 20],
  whole: [RANGES.whole, 10],
};
if (ONLY_ISOLATE) Object.assign(ISOLATE_ANSWERS, LONG_ANSWERS);

/** Our isolate's CPU per answer: a fresh worker with the inspector open, warmed up as cpuRow does, then ROUNDS profiles per answer. */
async function isolateRow(snapshot: string, label: string, answers = ISOLATE_ANSWERS): Promise<IsolateRow> {
  const worker = await startWorker(snapshot, { inspect: true });
  let inspector: Inspector | undefined;
  try {
    const names = Object.keys(answers);
    for (const name of names) await perRequest(worker, answers[name]![0], Math.ceil(answers[name]![1] / 4));
    inspector = await Inspector.open(worker);
    await inspector.startSampling();
    const runs = Object.fromEntries(names.map((name) => [name, [] as Samples[]]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of names) runs[name]!.push(await inspector.profile(answers[name]![1], () => get(worker.url + answers[name]![0])));
    }
    const periodUs = samplerPeriod(Object.values(runs).flat());
    return { label, periodUs, answers: Object.fromEntries(names.map((name) => [name, isolateCpu(runs[name]!, periodUs)])) as IsolateRow['answers'] };
  } finally {
    inspector?.close();
    await worker.stop();
  }
}

interface ColdIsolateRow {
  label: string;
  /** Our isolate's CPU µs for the first API request of a fresh isolate (median over fresh starts), and per request for the next 20 (pooled). */
  first: IsolateCpu;
  next: IsolateCpu;
}

/**
 * The first API request of a fresh isolate, as coldRow sends it (after one static file), profiled.
 * The module's own compilation and evaluation happen while workerd starts, before the inspector
 * can connect: not in these figures (see coldRow's "CPU until ready").
 */
async function coldIsolateRow(snapshot: string, label: string, periodUs: number): Promise<ColdIsolateRow> {
  const first: IsolateCpu[] = [];
  const next: Samples[] = [];
  for (let i = 0; i < COLD_STARTS; i++) {
    const worker = await startWorker(snapshot, { inspect: true });
    let inspector: Inspector | undefined;
    try {
      if ((await fetch(worker.url + STATIC_FILE)).status !== 200) throw new Error(`${STATIC_FILE} is not a static file of the snapshot`);
      inspector = await Inspector.open(worker);
      await inspector.startSampling();
      await pause(300);
      first.push(isolateCpu([await inspector.profile(1, () => get(worker.url + RANGES.latest))], periodUs));
      next.push(await inspector.profile(20, () => get(worker.url + RANGES.latest)));
    } finally {
      inspector?.close();
      await worker.stop();
    }
  }
  const middle = [...first].sort((a, b) => a.us - b.us)[Math.floor(first.length / 2)]!;
  return { label, first: middle, next: isolateCpu(next, periodUs) };
}

interface CalibrationRow {
  steps: number;
  /** CPU µs per request over the loop of 0 steps: workerd's main thread, unprofiled (median of rounds), and the profile's figure. */
  threadUs: number;
  profileUs: number;
}

/**
 * The profile against a known cost: a worker that spins a loop of `steps` (pure JavaScript in our
 * isolate) and answers. Everything else in its requests is the same for every `steps`, so the
 * growth of workerd's main-thread CPU (where every isolate runs) over the loop of 0 steps is the
 * loop's CPU time; the profile's figure should grow by as much.
 */
async function calibration(): Promise<{ periodUs: number; rows: CalibrationRow[] }> {
  const worker = await startWorkerd({ modules: true, script: LOOP_WORKER, compatibilityDate: COMPATIBILITY_DATE, inspectorPort: 0 });
  let inspector: Inspector | undefined;
  try {
    const send = (steps: number) => get(`${worker.url}/?n=${steps}`);
    const thread = async (steps: number, requests: number) => {
      const before = threadCpuNs(worker.pid);
      for (let i = 0; i < requests; i++) await send(steps);
      return (threadCpuNs(worker.pid) - before) / requests / 1000;
    };
    for (const { steps, requests } of LOOPS) await thread(steps, Math.ceil(requests / 4));
    const threadUs = new Map<number, number[]>();
    for (let round = 0; round < ROUNDS; round++)
      for (const { steps, requests } of LOOPS) threadUs.set(steps, [...(threadUs.get(steps) ?? []), await thread(steps, requests)]);
    inspector = await Inspector.open(worker);
    await inspector.startSampling();
    const profiles = new Map<number, Samples[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const { steps, requests } of LOOPS) profiles.set(steps, [...(profiles.get(steps) ?? []), await inspector.profile(requests, () => send(steps))]);
    }
    const periodUs = samplerPeriod([...profiles.values()].flat());
    const thread0 = median(threadUs.get(0)!);
    const profile0 = isolateCpu(profiles.get(0)!, periodUs).us;
    return {
      periodUs,
      rows: LOOPS.filter((l) => l.steps > 0).map(({ steps }) => ({
        steps,
        threadUs: median(threadUs.get(steps)!) - thread0,
        profileUs: isolateCpu(profiles.get(steps)!, periodUs).us - profile0,
      })),
    };
  } finally {
    inspector?.close();
    await worker.stop();
  }
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

async function snapshotOf(
  years: number,
  subcategories: number,
  currencies = 0,
): Promise<{ out: string; records: number; label: string; cleanUp(): Promise<void> }> {
  const bench = await makeDatabase(years, subcategories, currencies);
  const out = path.join(bench.dir, 'public');
  await build(bench.db, out, LAST_DATE);
  return { out, records: bench.records, label: `${subcategories} × ${years} years`, cleanUp: bench.cleanUp };
}

/** Issue 23: our isolate's CPU per answer in a currency against the same answer in Naira, one row per history. */
async function currencyMain(): Promise<void> {
  const histories = (process.env.BENCH_HISTORIES ?? '2x20').split(',').map((h) => h.split('x').map(Number) as [number, number]);
  console.log(
    `load average at the start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const rows: IsolateRow[] = [];
  for (const [subcategories, years] of histories) {
    const snapshot = await snapshotOf(years, subcategories, 3);
    try {
      rows.push(await isolateRow(snapshot.out, `${snapshot.label} (${snapshot.records.toLocaleString('en')} records)`, CURRENCY_ANSWERS));
    } finally {
      await snapshot.cleanUp();
    }
  }
  console.log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const us = (n: number) => n.toFixed(0);
  const LABELS: Record<string, string> = {
    latest: 'latest',
    datedNisab: 'dated Nisab (2020-03-16)',
    days30: '30-day range',
    year: 'one-year range (366 days, every subcategory)',
    yearGold: 'one-year range (366 days, gold only)',
    years10: 'ten-year range (in a currency: the 400)',
  };
  console.log(`\n## Our isolate's CPU per answer, in Naira and with currency=GBP (${ROUNDS} rounds of N requests pooled)\n`);
  console.log(
    markdownTable(
      ['history', 'answer', 'N × rounds', 'Naira: µs / request', 'JavaScript', 'GBP: µs / request', 'JavaScript', 'samples (Naira, GBP)', 'GBP / Naira'],
      rows.flatMap((row) =>
        Object.keys(LABELS).map((name) => {
          const [naira, gbp] = [row.answers[name]!, row.answers[`${name}GBP`]!];
          return [
            row.label,
            LABELS[name]!,
            `${CURRENCY_ANSWERS[name]![1]} × ${ROUNDS}`,
            us(naira.us),
            us(naira.jsUs),
            us(gbp.us),
            us(gbp.jsUs),
            `${naira.samples}, ${gbp.samples}`,
            (gbp.us / naira.us).toFixed(2),
          ];
        }),
      ),
    ),
  );
  console.log(`\nsampler period kept: ${rows.map((r) => `${r.label} ${us(r.periodUs)} µs`).join(', ')}`);
  for (const row of rows) {
    for (const name of ['year', 'yearGBP', 'yearGoldGBP']) {
      console.log(`\n${row.label}, ${name}: self time by function, µs per request`);
      for (const [key, perRequest] of row.answers[name]!.top) console.log(`  ${us(perRequest).padStart(6)}  ${key}`);
    }
  }
}

interface Isolate {
  calibration: Awaited<ReturnType<typeof calibration>>;
  perRequest: IsolateRow[];
  cold: ColdIsolateRow[];
}

function report(cpu: CpuRow[], cold: ColdRow[], mem: MemoryRow[], isolate: Isolate): void {
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
          return [
            `${row.label} (${row.records.toLocaleString('en')} records)`,
            label,
            a.bytes.toLocaleString('en'),
            String(REQUESTS[name]),
            us(a.cpuUs),
            name === 'empty' ? '' : us(a.cpuUs - row.answers.empty.cpuUs),
            ms(a.wallMs),
          ];
        }),
      ),
    ),
  );
  console.log(`\nworkerd idle: ${cpu.map((r) => `${r.label} ${us(r.idleUsPerSecond)} µs CPU per second`).join(', ')}`);
  console.log(`\n## Our isolate's CPU per request (V8's CPU profile through workerd's inspector; ${ROUNDS} rounds of N requests pooled)\n`);
  console.log(
    markdownTable(
      [
        'history',
        'answer',
        'N × rounds',
        'samples',
        'isolate CPU µs / request',
        'JavaScript',
        '(program)',
        '(garbage collector)',
        '(idle), not counted',
        'workerd minus the 404 (outside)',
      ],
      isolate.perRequest.flatMap((row, i) =>
        (['empty', 'latest', 'days30', 'years10'] as const).map((name) => {
          const a = row.answers[name]!;
          const outside = cpu[i]!.answers;
          const label = { empty: 'JSON 404', latest: 'latest', days30: '30-day range', years10: '10-year range' }[name];
          return [
            row.label,
            label,
            `${REQUESTS[name]} × ${ROUNDS}`,
            String(a.samples),
            us(a.us),
            us(a.jsUs),
            us(a.programUs),
            us(a.gcUs),
            us(a.idleUs),
            name === 'empty' ? '' : us(outside[name].cpuUs - outside.empty.cpuUs),
          ];
        }),
      ),
    ),
  );
  console.log(`\nsampler period kept (requested ${SAMPLING_INTERVAL_US} µs): ${isolate.perRequest.map((r) => `${r.label} ${us(r.periodUs)} µs`).join(', ')}`);
  console.log(
    `\n## The profile against a known cost (a loop of n steps; µs per request over the loop of 0 steps; sampler period ${us(isolate.calibration.periodUs)} µs)\n`,
  );
  console.log(
    markdownTable(
      ['loop steps', "workerd's main thread, unprofiled", 'the profile', 'profile / thread'],
      isolate.calibration.rows.map((r) => [r.steps.toLocaleString('en'), us(r.threadUs), us(r.profileUs), (r.profileUs / r.threadUs).toFixed(2)]),
    ),
  );
  console.log(`\n## Our isolate's CPU, first API request of a fresh isolate (median of ${COLD_STARTS} fresh starts) and the next 20 (pooled)\n`);
  console.log(
    markdownTable(
      ['history', 'first request: isolate CPU µs', 'samples', 'of which JavaScript', 'next requests: isolate CPU µs / request'],
      isolate.cold.map((r) => [r.label, us(r.first.us), String(r.first.samples), us(r.first.jsUs), us(r.next.us)]),
    ),
  );
  console.log(`\n## workerd: cold start (median of ${COLD_STARTS} fresh starts)\n`);
  console.log(
    markdownTable(
      [
        'history',
        'ready (wall ms)',
        'workerd CPU to ready (ms)',
        'same, empty module',
        'first request CPU µs',
        'next requests CPU µs',
        'first request wall ms',
        'next requests wall ms',
      ],
      cold.map((r) => [
        r.label,
        ms(r.readyMs),
        ms(r.startCpuMs),
        `${ms(r.emptyStartCpuMs)} (ready ${ms(r.emptyReadyMs)})`,
        us(r.first.cpuUs),
        us(r.warm.cpuUs),
        ms(r.first.wallMs),
        ms(r.warm.wallMs),
      ]),
    ),
  );
  console.log(`\n## workerd: resident memory while one whole-history answer is sent\n`);
  console.log(
    markdownTable(
      ['history', 'answer', 'idle RSS', 'peak over idle, first request', 'same / answer', 'peak over idle, second request', 'same / answer'],
      mem.map((r) => [
        r.label,
        mib(r.answerBytes),
        mib(r.idle),
        mib(r.firstPeak),
        (r.firstPeak / r.answerBytes).toFixed(2) + '×',
        mib(r.secondPeak),
        (r.secondPeak / r.answerBytes).toFixed(2) + '×',
      ]),
    ),
  );
}

async function main(): Promise<void> {
  const cpu: CpuRow[] = [];
  const cold: ColdRow[] = [];
  const mem: MemoryRow[] = [];
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
  console.log(`load average at the start: ${load()}`);
  const isolate: Isolate = { calibration: ONLY_ISOLATE ? { periodUs: 0, rows: [] } : await calibration(), perRequest: [], cold: [] };
  const histories = (process.env.BENCH_HISTORIES ?? '2x20,2x50,10x50').split(',').map((h) => h.split('x').map(Number) as [number, number]);
  for (const [subcategories, years] of histories) {
    const snapshot = await snapshotOf(years, subcategories);
    try {
      console.log(`${snapshot.label}: ${snapshot.records.toLocaleString('en')} records built`);
      if (ONLY_ISOLATE) {
        // The tree's size beside its worker's figures (issue 36): every file, and the parts the worker pipes.
        const [tree, parts] = [await treeSize(snapshot.out), await treeSize(snapshot.out, 'v1/parts')];
        const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
        console.log(
          `${snapshot.label}: ${tree.files.toLocaleString('en')} files, ${mib(tree.bytes)} MiB; of which v1/parts/ ${parts.files.toLocaleString('en')} files, ${mib(parts.bytes)} MiB`,
        );
        isolate.perRequest.push(await isolateRow(snapshot.out, snapshot.label));
        continue;
      }
      if (subcategories === 2) {
        cpu.push(await cpuRow(snapshot.out, snapshot.label, snapshot.records));
        cold.push(await coldRow(snapshot.out, snapshot.label));
        const row = await isolateRow(snapshot.out, snapshot.label);
        isolate.perRequest.push(row);
        isolate.cold.push(await coldIsolateRow(snapshot.out, snapshot.label, row.periodUs));
      }
      mem.push(await memoryRow(snapshot.out, snapshot.label));
    } finally {
      await snapshot.cleanUp();
    }
  }
  console.log(`load average at the end: ${load()}`);
  if (ONLY_ISOLATE) reportIsolate(isolate);
  else report(cpu, cold, mem, isolate);
}

/** BENCH_ONLY=isolate: our isolate's CPU per answer, and where it went. */
function reportIsolate(isolate: Isolate): void {
  const us = (n: number) => n.toFixed(0);
  console.log(`\n## Our isolate's CPU per request (V8's CPU profile through workerd's inspector; ${ROUNDS} rounds of N requests pooled)\n`);
  console.log(
    markdownTable(
      ['history', 'answer', 'N × rounds', 'samples', 'isolate CPU µs / request', 'JavaScript', '(program)', '(garbage collector)', 'sampler period µs'],
      isolate.perRequest.flatMap((row) =>
        Object.keys(ISOLATE_ANSWERS).map((name) => {
          const a = row.answers[name]!;
          return [
            row.label,
            name,
            `${ISOLATE_ANSWERS[name]![1]} × ${ROUNDS}`,
            String(a.samples),
            us(a.us),
            us(a.jsUs),
            us(a.programUs),
            us(a.gcUs),
            us(row.periodUs),
          ];
        }),
      ),
    ),
  );
  for (const row of isolate.perRequest) {
    for (const name of ['days30', 'years10', 'years10early', 'whole']) {
      if (row.answers[name] === undefined) continue;
      console.log(`\n${row.label}, ${name}: self time by function, µs per request`);
      for (const [key, perRequest] of row.answers[name]!.top) console.log(`  ${us(perRequest).padStart(6)}  ${key}`);
    }
  }
}

await (process.argv.includes('--currency') ? currencyMain() : main());
