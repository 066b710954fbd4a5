// The nginx answer cache under requests with random parameters (issue 31): the
// site `nisab-api nginx` writes, on the 2 × 20-year daily snapshot, on loopback.
// CONCURRENCY clients send random ranges (random days and subcategories), half
// of them with a junk parameter of random name and value, each asked twice (the
// cache keeps an answer the second time it is asked), for
// BENCH_SECONDS (default 40); the cache folder's size is read every second, and
// its largest is set against the configuration's max_size.
//
//   npx tsx scripts/bench-nginx-cache.ts          (needs nginx and libnginx-mod-http-js)
//   BENCH_SECONDS=40 BENCH_CONCURRENCY=32 npx tsx scripts/bench-nginx-cache.ts
//   BENCH_MAX_MIB=64 ...      (a smaller max_size than the site's 512 MiB, to reach it on a slow machine)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeNginxSite } from '../generator/edges/nginx/site.ts';
import { freePort, nginxMissing, readableByNobody, runNginx } from '../test/support/nginx-server.ts';
import { addDays, build, firstDateFor, LAST_DATE, makeDatabase } from './bench-data.ts';

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 40), 600);
const CONCURRENCY = Math.min(Number(process.env.BENCH_CONCURRENCY ?? 32), 256);
const YEARS = 20;
const MAX_MIB = process.env.BENCH_MAX_MIB ? Number(process.env.BENCH_MAX_MIB) : null;

/** Bytes under `dir` (du: the blocks the files take, as a full disk counts them). */
function diskBytes(dir: string): number {
  const du = spawnSync('du', ['-sb', dir], { encoding: 'utf8' });
  return Number(du.stdout.split('\t')[0]) || 0;
}

function randomTarget(): string {
  const span = YEARS * 365;
  const a = Math.floor(Math.random() * span);
  const b = a + Math.floor(Math.random() * (span - a));
  const first = firstDateFor(YEARS);
  const parameters = [`start_date=${addDays(first, a)}`, `end_date=${addDays(first, b)}`];
  if (Math.random() < 0.5) parameters.push(`subcategory=${1 + Math.floor(Math.random() * 2)}`);
  if (Math.random() < 0.5) parameters.push(`${Math.random().toString(36).slice(2, 8)}=${Math.random().toString(36).slice(2)}`);
  return `/api/v1/rates?${parameters.join('&')}`;
}

async function main(): Promise<void> {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  const bench = await makeDatabase(YEARS);
  const work = await mkdtemp(path.join(os.tmpdir(), 'nisab-bench-cache-'));
  let stop: (() => Promise<void>) | null = null;
  try {
    const out = path.join(bench.dir, 'public');
    await build(bench.db, out, LAST_DATE);
    await readableByNobody(out);
    await chmod(work, 0o755);
    const prefix = path.join(work, 'site');
    const port = await freePort();
    const site = await writeNginxSite({ dir: out, port, prefix, ...(MAX_MIB ? { limits: { cacheMaxSizeMiB: MAX_MIB } } : {}) });
    const maxSize = /keys_zone=nisab_answers:\S+ max_size=(\S+)/.exec(readFileSync(site.conf, 'utf8'))?.[1];
    const url = `http://127.0.0.1:${port}`;
    stop = (await runNginx(prefix, `${url}/api/v1/meta`)).stop;
    const cache = path.join(prefix, 'cache');
    const statuses = new Map<string, number>();
    let bytes = 0;
    let peak = 0;
    const end = Date.now() + SECONDS * 1000;
    const sampler = setInterval(() => (peak = Math.max(peak, diskBytes(cache))), 1000);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < end) {
          const target = randomTarget();
          for (let i = 0; i < 2; i++) {
            const response = await fetch(url + target);
            const body = await response.arrayBuffer();
            bytes += body.byteLength;
            const key = `${response.status} ${response.headers.get('x-nisab-path')}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
          }
        }
      }),
    );
    clearInterval(sampler);
    peak = Math.max(peak, diskBytes(cache));
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const after = diskBytes(cache);
    const files = spawnSync('find', [cache, '-type', 'f'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).length;
    const requests = [...statuses.values()].reduce((a, b) => a + b, 0);
    console.log(
      `${requests} requests with random parameters in ${SECONDS} s (${CONCURRENCY} at once, ${(bytes / 1e9).toFixed(1)} GB answered): ` +
        `the cache's largest ${(peak / 1e6).toFixed(0)} MB against max_size=${maxSize}, ${(after / 1e6).toFixed(0)} MB (${files} files) 5 s later`,
    );
    console.log([...statuses].map(([key, count]) => `${key}: ${count}`).join('; '));
  } finally {
    await stop?.();
    await rm(work, { recursive: true, force: true });
    await bench.cleanUp();
  }
}

await main();
