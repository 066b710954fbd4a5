// Issue 49: CPU per request of an answer nginx's njs composes (the answer cache
// bypassed with `If-None-Match: "x"`, as bench-nginx.ts's uncached rows), against
// the live SQL peer of bench-serve.ts for the same answer. CPU time, not
// requests a second: wrk runs for a fixed time, and the servers' CPU over that
// time (nginx: master and workers, from /proc/PID/task/*/schedstat; the peer,
// which runs in this process: process.cpuUsage) is divided by the answers wrk
// counted. Each round asks every server in turn, so drift hits all alike.
//
//   npx tsx scripts/bench-njs-cpu.ts
//   BENCH_SECONDS=5 BENCH_ROUNDS=3      (the defaults: wrk -t1 -c8, median of the rounds)
//   BENCH_BUNDLES=a.js,b.js             (A/B: one nginx site per njs module file, each
//                                        written into its prefix as nisab-api.js; default:
//                                        the module of this checkout only)
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { copyFile, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { nginxMissing, startNginx, type NginxServer } from '../test/support/nginx-server.ts';
import { build, cachedDatabase, LAST_DATE, markdownTable, median } from './bench-data.ts';
import { childrenOf, cpuNs } from './proc-stats.ts';
import { startSqlPeer } from './sql-peer.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BUNDLES = (process.env.BENCH_BUNDLES ?? '').split(',').filter((file) => file !== '');
const UNCACHED = 'If-None-Match: "x"';
const RANGES = [
  { name: '30 days', query: '/api/v1/rates?start_date=2024-01-17&end_date=2024-02-15' },
  { name: 'one year', query: '/api/v1/rates?start_date=2023-03-10&end_date=2024-03-09' },
];

interface Server {
  name: string;
  url: string;
  headers: string[];
  /** Nanoseconds of CPU the server has used so far. */
  cpu(): number;
}

/** wrk for SECONDS: the answers it counted (non-2xx/3xx ones are an error here). */
async function answers(url: string, headers: string[]): Promise<number> {
  const args = ['-t1', '-c8', `-d${SECONDS}s`, ...headers.flatMap((h) => ['-H', h]), url];
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await once(child, 'exit');
  const count = /(\d+) requests in/.exec(output);
  if (!count) throw new Error(`cannot read wrk's output:\n${output}`);
  if (/Non-2xx|Socket errors/.test(output)) throw new Error(`failed requests for ${url}:\n${output}`);
  return Number(count[1]);
}

/** nginx's master and workers, by the pid file of its prefix. */
async function nginxCpu(server: NginxServer): Promise<() => number> {
  const master = Number((await readFile(path.join(server.prefix, 'nginx.pid'), 'utf8')).trim());
  return () => cpuNs(master) + childrenOf(master).reduce((sum, child) => sum + cpuNs(child.pid), 0);
}

async function body(url: string, headers: string[] = []): Promise<string> {
  const response = await fetch(url, { headers: Object.fromEntries(headers.map((h) => h.split(': ') as [string, string])) });
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return `${response.headers.get('etag')}\n${await response.text()}`;
}

async function main(): Promise<void> {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is not installed (apt-get install -y wrk)');
  const bench = await cachedDatabase(20, 2);
  const stops: (() => Promise<void>)[] = [];
  try {
    const out = path.join(bench.dir, 'public');
    await build(bench.db, out, LAST_DATE);
    const peer = await startSqlPeer(bench.db, LAST_DATE);
    stops.push(peer.stop);
    const servers: Server[] = [
      {
        name: 'live SQL peer',
        url: peer.url,
        headers: [],
        cpu: () => {
          const used = process.cpuUsage();
          return (used.user + used.system) * 1000;
        },
      },
    ];
    for (const bundle of BUNDLES.length === 0 ? [''] : BUNDLES) {
      const nginx = await startNginx(out);
      stops.push(nginx.stop);
      if (bundle !== '') {
        await copyFile(bundle, path.join(nginx.prefix, 'nisab-api.js'));
        // Every worker started after the reload has the new module: wait until the old ones are gone.
        const master = Number((await readFile(path.join(nginx.prefix, 'nginx.pid'), 'utf8')).trim());
        const before = childrenOf(master).map((child) => child.pid);
        spawnSync('nginx', ['-p', nginx.prefix, '-c', 'nginx.conf', '-s', 'reload']);
        for (let i = 0; childrenOf(master).some((child) => before.includes(child.pid)); i++) {
          if (i > 100) throw new Error(`nginx did not reload ${bundle}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      servers.push({
        name: `nginx, njs every time${bundle === '' ? '' : ` (${path.basename(bundle)})`}`,
        url: nginx.url,
        headers: [UNCACHED],
        cpu: await nginxCpu(nginx),
      });
    }
    // Same bytes from every nginx site (and the same body from the peer), or nothing to compare.
    for (const range of RANGES) {
      const site = await body(servers[1]!.url + range.query, [UNCACHED]);
      for (const server of servers.slice(2))
        if ((await body(server.url + range.query, [UNCACHED])) !== site) throw new Error(`${server.name} differs for ${range.query}`);
      if ((await body(peer.url + range.query)).split('\n').slice(1).join('\n') !== site.split('\n').slice(1).join('\n'))
        throw new Error(`the SQL peer's body differs for ${range.query}`);
    }
    const perRequest: Record<string, number[]> = {};
    for (const range of RANGES) for (const server of servers) await answers(server.url + range.query, server.headers);
    for (let round = 0; round < ROUNDS; round++) {
      for (const range of RANGES) {
        for (const server of servers) {
          const before = server.cpu();
          const count = await answers(server.url + range.query, server.headers);
          const key = `${range.name}\t${server.name}`;
          perRequest[key] = [...(perRequest[key] ?? []), (server.cpu() - before) / 1000 / count];
        }
      }
    }
    const rows: string[][] = [];
    for (const range of RANGES) {
      const sql = median(perRequest[`${range.name}\tlive SQL peer`]!);
      for (const server of servers) {
        const us = median(perRequest[`${range.name}\t${server.name}`]!);
        rows.push([range.name, server.name, us.toFixed(0), (us / sql).toFixed(2) + '×']);
      }
    }
    console.log(
      `\n## CPU per request: wrk -t1 -c8 -d${SECONDS}s, median of ${ROUNDS} rounds; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );
    console.log(markdownTable(['range', 'server', 'CPU µs / request', 'over the SQL peer'], rows));
  } finally {
    for (const stop of stops.reverse()) await stop();
    await bench.cleanUp();
  }
}

await main();
