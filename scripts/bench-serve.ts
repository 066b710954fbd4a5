// The serving targets (issue 4), measured with wrk on loopback against the
// preview server, run as its own process on a 20-year snapshot:
//  (a) a composed range answer (a 30-day range across a month boundary: two
//      month shards cut and joined) against a static file of exactly the same
//      bytes served by the same server: composed throughput should be ≥ 0.5×;
//  (b) the preview against a live peer that runs the SQL per request
//      (written here only), for a 30-day and a one-year range;
//  (c) the generated nginx site against the same peer (issue 5), from its
//      answer cache and with njs composing every answer.
//
//   npx tsx scripts/bench-serve.ts        (needs wrk, nginx and libnginx-mod-http-js from apt-get)
//   npx tsx scripts/bench-serve.ts --scale   (issue 12: the preview's peak resident memory over idle
//                                             while it sends the whole history of 10 × 50 years)
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { registerMoney } from '../generator/db/money-sql.ts';
import { renderList } from '../generator/router/envelope.ts';
import { ORACLE_FIELDS, withHijri } from '../test/support/fixture.ts';
import { startNginx } from '../test/support/nginx-server.ts';
import { build, LAST_DATE, makeDatabase, markdownTable, median, type BenchDatabase } from './bench-data.ts';
import { wrk, type Load } from './wrk.ts';
import { peakWhileSending } from './proc-stats.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WRK_ARGS = ['-t2', '-c32', '-d5s', '--latency'];
const ROUNDS = 3;
const STATIC_PATH = '/bench/same-size.json';
const QUERIES = {
  month: '/api/v1/rates?start_date=2024-01-17&end_date=2024-02-15',
  year: '/api/v1/rates?start_date=2023-03-10&end_date=2024-03-09',
};

interface Endpoint {
  url: string;
  /** The server's process (the preview's child; ours for the in-script peer). */
  pid: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      server.close(() => resolve(port));
    }),
  );
}

async function waitUntilServing(url: string, child: ChildProcess): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (child.exitCode !== null) throw new Error(`the preview exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the preview did not answer at ${url}`);
}

/**
 * `tsx generator/main.ts preview` as a child process (node --import tsx is what the
 * tsx command runs, minus its wrapper process), so wrk and the bench do not share its
 * event loop. Its one log line per request goes to /dev/null.
 */
async function startPreviewProcess(dir: string): Promise<Endpoint> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'generator/main.ts', 'preview', '--dir', dir, '--port', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(url + '/api/v1/meta', child);
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** The published rate records, as the tests' SQL oracle reads them (the Hijri date is added per row: SQLite has no Hijri calendar). */
const RATES_SQL = `
  SELECT ${ORACLE_FIELDS}
   WHERE r.drtDate BETWEEN @start AND @end AND (@subcategory IS NULL OR r.drtSubcategoryID = @subcategory)
   ORDER BY r.drtDate, r.drtSubcategoryID`;

/** The live peer: each /api/v1/rates request runs the SQL and renders the envelope. */
async function startSqlPeer(dbPath: string, asOf: string): Promise<Endpoint> {
  const db = registerMoney(new Database(dbPath, { readonly: true }));
  const rates = db.prepare(RATES_SQL);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    if (url.pathname !== '/api/v1/rates') {
      res.writeHead(404).end();
      return;
    }
    const param = (name: string) => url.searchParams.get(name) || null;
    const end = param('end_date');
    const subcategory = param('subcategory');
    const rows = rates.all({
      start: param('start_date') ?? '0000-01-01',
      end: end === null || end > asOf ? asOf : end,
      subcategory: subcategory === null ? null : Number(subcategory),
    });
    const body = renderList((rows as Record<string, unknown>[]).map((row) => JSON.stringify(withHijri(row))));
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=60',
      etag: '"' + createHash('sha1').update(body).digest('hex') + '"',
    });
    res.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pid: process.pid,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      db.close();
    },
  };
}

async function body(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

/** Throws unless the peer answers each query with the preview's bytes. */
async function checkSameBodies(preview: Endpoint, peer: Endpoint): Promise<void> {
  for (const [name, query] of Object.entries(QUERIES)) {
    const [ours, theirs] = await Promise.all([body(preview.url + query), body(peer.url + query)]);
    if (ours !== theirs) throw new Error(`the SQL peer's body differs from the preview's for ${query}`);
    const count = /"count":(\d+)/.exec(ours)?.[1];
    console.log(`same body from the preview and the SQL peer for the ${name} range (${count} records, ${Buffer.byteLength(ours)} bytes): ${query}`);
  }
}

/** A static file of exactly the composed answer's bytes, outside /api, inside the snapshot tree. */
async function writeSameSizeFile(out: string, composed: string): Promise<void> {
  const file = path.join(out, STATIC_PATH);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, composed);
}

type Scenario = 'composed' | 'static' | 'preview-year' | 'sql-month' | 'sql-year' | 'nginx-month' | 'nginx-year' | 'njs-month' | 'njs-year';

// A conditional request that never matches: it bypasses the nginx site's answer cache, so njs composes every answer.
const UNCACHED = ['-H', 'If-None-Match: "x"'];
const uncached = (scenario: Scenario) => scenario.startsWith('njs-');

/** ROUNDS rounds of every scenario in turn (after a short warm-up each), so drift hits all alike. */
async function measure(urls: Record<Scenario, string>): Promise<Record<Scenario, Load>> {
  const names = Object.keys(urls) as Scenario[];
  const headers = (name: Scenario) => (uncached(name) ? UNCACHED : []);
  for (const name of names) await wrk(urls[name], ['-t2', '-c32', '-d1s', '--latency', ...headers(name)]);
  const runs = Object.fromEntries(names.map((name) => [name, [] as Load[]])) as Record<Scenario, Load[]>;
  for (let round = 0; round < ROUNDS; round++) for (const name of names) runs[name].push(await wrk(urls[name], [...WRK_ARGS, ...headers(name)]));
  return Object.fromEntries(
    names.map((name) => [
      name,
      {
        rps: median(runs[name].map((r) => r.rps)),
        p99Ms: median(runs[name].map((r) => r.p99Ms)),
        failures: runs[name].reduce((sum, r) => sum + r.failures, 0),
      },
    ]),
  ) as Record<Scenario, Load>;
}

function report(loads: Record<Scenario, Load>): void {
  const rps = (load: Load) => load.rps.toFixed(0);
  const p99 = (load: Load) => load.p99Ms.toFixed(1);
  const ratio = (a: number, b: number) => (a / b).toFixed(2) + '×';
  console.log(`\n## Serving: wrk ${WRK_ARGS.join(' ')}, median of ${ROUNDS} rounds (req/s, p99 ms)\n`);
  console.log(
    markdownTable(
      ['comparison', 'A', 'A req/s', 'A p99', 'B', 'B req/s', 'B p99', 'A/B req/s', 'target'],
      [
        [
          '(a) composed vs static, same bytes',
          'composed 30 days',
          rps(loads.composed),
          p99(loads.composed),
          'static file',
          rps(loads.static),
          p99(loads.static),
          ratio(loads.composed.rps, loads.static.rps),
          loads.composed.rps >= 0.5 * loads.static.rps ? '≥ 0.50×: met' : '≥ 0.50×: **missed**',
        ],
        [
          '(b) 30-day range',
          'preview',
          rps(loads.composed),
          p99(loads.composed),
          'live SQL',
          rps(loads['sql-month']),
          p99(loads['sql-month']),
          ratio(loads.composed.rps, loads['sql-month'].rps),
          'report',
        ],
        [
          '(b) one-year range',
          'preview',
          rps(loads['preview-year']),
          p99(loads['preview-year']),
          'live SQL',
          rps(loads['sql-year']),
          p99(loads['sql-year']),
          ratio(loads['preview-year'].rps, loads['sql-year'].rps),
          'report',
        ],
        ...(['month', 'year'] as const).flatMap((range) => {
          const sql = loads[`sql-${range}`];
          const label = range === 'month' ? '(c) 30-day range' : '(c) one-year range';
          return [
            [
              label,
              'nginx site',
              rps(loads[`nginx-${range}`]),
              p99(loads[`nginx-${range}`]),
              'live SQL',
              rps(sql),
              p99(sql),
              ratio(loads[`nginx-${range}`].rps, sql.rps),
              'report',
            ],
            [
              label,
              'nginx site, njs every time',
              rps(loads[`njs-${range}`]),
              p99(loads[`njs-${range}`]),
              'live SQL',
              rps(sql),
              p99(sql),
              ratio(loads[`njs-${range}`].rps, sql.rps),
              'report',
            ],
          ];
        }),
      ],
    ),
  );
  const failures = Object.entries(loads).filter(([, load]) => load.failures > 0);
  console.log(failures.length === 0 ? '\nno failed request' : `\nFAILED requests: ${failures.map(([name, l]) => `${name} ${l.failures}`).join(', ')}`);
}

/**
 * A database of `years` × `subcategories` through the real imports, built, and
 * its preview started as its own process; `use` may push more to stop. Every
 * server is stopped and everything removed afterwards.
 */
async function withPreview(
  years: number,
  subcategories: number,
  use: (bench: BenchDatabase, out: string, preview: Endpoint, stops: (() => Promise<void>)[]) => Promise<void>,
): Promise<void> {
  const bench = await makeDatabase(years, subcategories);
  const stops: (() => Promise<void>)[] = [];
  try {
    const out = path.join(bench.dir, 'public');
    await build(bench.db, out, LAST_DATE);
    const preview = await startPreviewProcess(out);
    stops.push(preview.stop);
    await use(bench, out, preview, stops);
  } finally {
    for (const stop of stops.reverse()) await stop();
    await bench.cleanUp();
  }
}

function main(): Promise<void> {
  return withPreview(20, 2, async (bench, out, preview, stops) => {
    const peer = await startSqlPeer(bench.db, LAST_DATE);
    stops.push(peer.stop);
    await checkSameBodies(preview, peer);
    const composed = await body(preview.url + QUERIES.month);
    await writeSameSizeFile(out, composed);
    if ((await body(preview.url + STATIC_PATH)) !== composed) throw new Error('the static file is not served as written');
    console.log(`static file of the same ${Buffer.byteLength(composed)} bytes: ${STATIC_PATH}`);

    const nginx = await startNginx(out);
    stops.push(nginx.stop);
    if ((await body(nginx.url + QUERIES.year)) !== (await body(preview.url + QUERIES.year))) throw new Error('the nginx site differs from the preview');

    report(
      await measure({
        composed: preview.url + QUERIES.month,
        static: preview.url + STATIC_PATH,
        'preview-year': preview.url + QUERIES.year,
        'sql-month': peer.url + QUERIES.month,
        'sql-year': peer.url + QUERIES.year,
        'nginx-month': nginx.url + QUERIES.month,
        'nginx-year': nginx.url + QUERIES.year,
        'njs-month': nginx.url + QUERIES.month,
        'njs-year': nginx.url + QUERIES.year,
      }),
    );
  });
}

/**
 * Issue 12: the preview (its own process) sends the whole history of 10 × 50
 * years to one client reading at full speed; its peak resident set (VmHWM,
 * reset just before) over its resident set just before. Twice: the first
 * request of the process, then again (the preview keeps up to 16 MiB of a
 * tree's files, and V8 its heap, so the second starts from a higher idle).
 */
function scale(): Promise<void> {
  return withPreview(50, 10, async (bench, _out, preview) => {
    const whole = preview.url + '/api/v1/rates';
    const first = await peakWhileSending(preview.pid, whole);
    const second = await peakWhileSending(preview.pid, whole);
    const mib = (n: number) => (n / 1048576).toFixed(1) + ' MiB';
    const ratio = (n: number) => (n / first.answerBytes).toFixed(2) + '×';
    console.log(
      `\n## The preview, whole history of 10 × 50 years (${bench.records.toLocaleString('en')} records): ${first.answerBytes.toLocaleString('en')} bytes\n`,
    );
    console.log(
      markdownTable(
        ['request', 'idle RSS', 'peak over idle', 'peak over idle / answer', 'target'],
        [first, second].map((m, i) => [
          i === 0 ? 'first of the process' : 'second',
          mib(m.idle),
          mib(m.overIdle),
          ratio(m.overIdle),
          m.overIdle <= 2 * m.answerBytes ? '≤ 2×: met' : '≤ 2×: **missed**',
        ]),
      ),
    );
  });
}

await (process.argv.includes('--scale') ? scale() : main());
