// nginx's memory under clients that ask for the whole history and never read
// (issue 31): the site `nisab-api nginx` writes, on the 2 × 20-year daily
// snapshot, on loopback. N clients (1,000 by default) each send one request for
// every rate there is and then read nothing; nginx's resident memory (master and
// workers, summed from /proc) is sampled while they hang on, and again after
// they leave. Bounded: each client sends one request; the hold ends after
// BENCH_HOLD seconds (default 15, longer than the site's send_timeout of 10 s).
//
//   npx tsx scripts/bench-nginx-slow.ts                 (needs nginx and libnginx-mod-http-js)
//   BENCH_CLIENTS=100 BENCH_HOLD=15 npx tsx scripts/bench-nginx-slow.ts
//   BENCH_TARGET='/api/v1/rates?start_date=2005-01-01' ... (another request)
//   BENCH_FRESH=1       each request composed by njs (If-None-Match: "x" bypasses the cache)
//   BENCH_FRESH=ranges  each client a different long range (start_date a day later each), composed by njs
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeNginxSite } from '../generator/edges/nginx/site.ts';
import { freePort, nginxMissing, readableByNobody, runNginx } from '../test/support/nginx-server.ts';
import { build, LAST_DATE, makeDatabase } from './bench-data.ts';
import { childrenOf, drain, memory } from './proc-stats.ts';

const CLIENTS = Math.min(Number(process.env.BENCH_CLIENTS ?? 1000), 5000);
const HOLD_SECONDS = Math.min(Number(process.env.BENCH_HOLD ?? 15), 120);
const TARGET = process.env.BENCH_TARGET ?? '/api/v1/rates';
/** BENCH_FRESH=1: each client's request is one the answer cache does not hold (If-None-Match: "x" bypasses it), so njs composes every answer. */
const FRESH = process.env.BENCH_FRESH === '1';
/** BENCH_FRESH=ranges: each client asks a range of its own (TARGET from a day later each), so njs composes every answer. */
const RANGES = process.env.BENCH_FRESH === 'ranges';

/** Client `i`'s request target. */
function targetOf(i: number): string {
  if (!RANGES) return TARGET;
  const start = new Date(Date.UTC(2004, 5, 15) + i * 86_400_000).toISOString().slice(0, 10);
  return `${TARGET}${TARGET.includes('?') ? '&' : '?'}start_date=${start}`;
}

/** nginx's master (from its pid file) and its workers: their resident sets summed, bytes. */
function nginxRss(prefix: string): { total: number; processes: number } {
  const master = Number(readFileSync(path.join(prefix, 'nginx.pid'), 'utf8').trim());
  const pids = [master, ...childrenOf(master).map((child) => child.pid)];
  let total = 0;
  for (const pid of pids) {
    try {
      total += memory(pid).rss;
    } catch {
      // a worker that just ended
    }
  }
  return { total, processes: pids.length };
}

const MB = (bytes: number) => (bytes / 1e6).toFixed(0);

/** One client: sends the request, never reads, holds the connection until told. */
function slowClient(port: number, target: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.pause();
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n${FRESH ? 'If-None-Match: "x"\r\n' : ''}\r\n`, () => resolve(socket));
    });
    socket.once('error', reject);
  });
}

async function main(): Promise<void> {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  const bench = await makeDatabase(20);
  const work = await mkdtemp(path.join(os.tmpdir(), 'nisab-bench-slow-'));
  let stop: (() => Promise<void>) | null = null;
  try {
    const out = path.join(bench.dir, 'public');
    await build(bench.db, out, LAST_DATE);
    await readableByNobody(out);
    await chmod(work, 0o755);
    const prefix = path.join(work, 'site');
    const port = await freePort();
    await writeNginxSite({ dir: out, port, prefix });
    const url = `http://127.0.0.1:${port}`;
    stop = (await runNginx(prefix, `${url}/api/v1/meta`)).stop;
    const bytes = await drain(url + TARGET);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = nginxRss(prefix);
    console.log(`${TARGET}: ${MB(bytes)} MB an answer; nginx idle: ${MB(idle.total)} MB in ${idle.processes} processes`);

    const sockets: net.Socket[] = [];
    const closedEarly = { count: 0 };
    for (let i = 0; i < CLIENTS; i++) {
      const socket = await slowClient(port, targetOf(i));
      socket.on('close', () => closedEarly.count++);
      socket.on('error', () => {});
      sockets.push(socket);
    }
    let peak = 0;
    const started = Date.now();
    while (Date.now() - started < HOLD_SECONDS * 1000) {
      const now = nginxRss(prefix).total;
      peak = Math.max(peak, now);
      if (process.env.BENCH_VERBOSE) console.log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${MB(now)} MB`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const closedByNginx = closedEarly.count;
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = nginxRss(prefix);
    // Still answering a reading client.
    const check = await drain(url + TARGET);
    console.log(
      `${CLIENTS} clients that never read, held ${HOLD_SECONDS} s: nginx peak ${MB(peak)} MB (+${MB(peak - idle.total)} MB over idle, ` +
        `${((peak - idle.total) / CLIENTS / 1e3).toFixed(0)} kB a client); ${closedByNginx} closed by nginx within the hold; ` +
        `after they left: ${MB(after.total)} MB; a reading client still gets ${MB(check)} MB`,
    );
  } finally {
    await stop?.();
    await rm(work, { recursive: true, force: true });
    await bench.cleanUp();
  }
}

await main();
