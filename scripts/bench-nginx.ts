// The nginx targets (issue 5), measured with wrk on loopback: the site that
// `nisab-api nginx` writes, against plain nginx with a minimal configuration
// (nginx's defaults, plus what running from a prefix needs) serving a file of
// the same bytes, on the 20-year daily snapshot of bench-build.ts. The site
// buffers its access log and the minimal configuration does not, so each case
// is also run against plain nginx with the site's log buffering.
//  - single-file answers (latest; a calendar month, which the router answers
//    with the month shard): target ≥ 0.9× plain nginx;
//  - composed ranges (two shards cut and joined by the router in njs; a 30-day
//    and a one-year range): target ≥ 0.5× plain nginx serving a file of the same
//    size. Repeats come from the site's answer cache; `uncached` rows send
//    `If-None-Match: "x"`, which bypasses it, so njs composes every answer.
//  - revalidations (issue 49): each server asked with its own answer's ETag,
//    so every answer is a 304; the site's should cost no more than its cached
//    answer (nginx's fast path for a single file, the cache for a range).
//
//   npx tsx scripts/bench-nginx.ts     (needs nginx, libnginx-mod-http-js and wrk)
//   npx tsx scripts/bench-nginx.ts --scale   (issue 12/13: 10 × 50 years, measured right after a
//       nightly build: one more day imported, built, and the site refreshed as
//       `build --nginx-prefix` does; the uncached rows are left out)
//   BENCH_SECONDS=5 BENCH_ROUNDS=3     (the defaults: wrk -t2 -c32 for 5 s, median of 3 rounds)
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { refreshNginxSite, writeNginxSite } from '../generator/edges/nginx/site.ts';
import { freePort, nginxMissing, readableByNobody, runNginx } from '../test/support/nginx-server.ts';
import { addDays, appendDay, build, type BenchDatabase, LAST_DATE, makeDatabase, markdownTable, median } from './bench-data.ts';
import { wrk, type Load } from './wrk.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WRK = ['-t2', '-c32', `-d${SECONDS}s`, '--latency'];
const SCALE = process.argv.includes('--scale');

interface Case {
  name: string;
  /** The site's request and the file of the same bytes plain nginx serves. */
  query: string;
  file: string;
  headers: string[];
  target: number | null;
  /** Asked with If-None-Match of the server's own ETag for the answer: a 304. */
  revalidate?: true;
}

const ALL_CASES: Case[] = [
  { name: 'latest (single file)', query: '/api/v1/rates/latest', file: 'latest.json', headers: [], target: 0.9 },
  { name: 'a month (single file)', query: '/api/v1/rates?start_date=2024-01-01&end_date=2024-01-31', file: 'month.json', headers: [], target: 0.9 },
  { name: '30 days, composed', query: '/api/v1/rates?start_date=2024-01-17&end_date=2024-02-15', file: 'days-30.json', headers: [], target: 0.5 },
  { name: 'one year, composed', query: '/api/v1/rates?start_date=2023-03-10&end_date=2024-03-09', file: 'year.json', headers: [], target: 0.5 },
  {
    name: '30 days, composed, uncached',
    query: '/api/v1/rates?start_date=2024-01-17&end_date=2024-02-15',
    file: 'days-30.json',
    headers: ['If-None-Match: "x"'],
    target: null,
  },
  {
    name: 'one year, composed, uncached',
    query: '/api/v1/rates?start_date=2023-03-10&end_date=2024-03-09',
    file: 'year.json',
    headers: ['If-None-Match: "x"'],
    target: null,
  },
  { name: 'latest, revalidated with its ETag', query: '/api/v1/rates/latest', file: 'latest.json', headers: [], target: null, revalidate: true },
  {
    name: '30 days, revalidated with its ETag',
    query: '/api/v1/rates?start_date=2024-01-17&end_date=2024-02-15',
    file: 'days-30.json',
    headers: [],
    target: null,
    revalidate: true,
  },
];
const CASES = SCALE ? ALL_CASES.filter((c) => c.headers.length === 0 && !c.revalidate) : ALL_CASES;

/**
 * After the nightly: one more day imported and built, and the site written
 * again for the new tree and nginx reloaded, as `build --nginx-prefix` does;
 * returns once the new tree's latest answer comes from the fast path.
 */
async function nightly(bench: BenchDatabase, out: string, prefix: string, site: string): Promise<void> {
  const day = addDays(LAST_DATE, 1);
  await appendDay(bench, day);
  await build(bench.db, out, day);
  if (!(await refreshNginxSite(prefix)).reloaded) throw new Error('the site was not reloaded after the nightly build');
  for (let i = 0; i < 200; i++) {
    const response = await fetch(`${site}/api/v1/rates/latest`);
    const body = (await response.json()) as { data: { drtDate: string } };
    if (response.headers.get('x-nisab-path') === 'fast' && body.data.drtDate === day) {
      console.log(`after the nightly build of ${day}: the site serves the new tree from its fast path`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the site does not serve the new tree from its fast path after the nightly build');
}

/**
 * Plain nginx: its defaults plus what running from a prefix needs (and the site's
 * worker count and `user`); `buffered` gives it the site's access log buffering.
 */
function plainConf(prefix: string, root: string, port: number, user: string, buffered: boolean): string {
  return `${user}worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log;
events {}
http {
    access_log ${prefix}/logs/access.log combined${buffered ? ' buffer=64k flush=1s' : ''};
    client_body_temp_path ${prefix}/temp/client_body;
    proxy_temp_path ${prefix}/temp/proxy;
    fastcgi_temp_path ${prefix}/temp/fastcgi;
    uwsgi_temp_path ${prefix}/temp/uwsgi;
    scgi_temp_path ${prefix}/temp/scgi;
    types { application/json json; }
    server {
        listen 127.0.0.1:${port};
        root ${root};
    }
}
`;
}

function wrkWith(url: string, headers: string[], args = WRK): Promise<Load> {
  return wrk(url, [...args, ...headers.flatMap((h) => ['-H', h])]);
}

async function get(url: string, headers: string[] = []): Promise<{ status: number; body: string; etag: string | null }> {
  const response = await fetch(url, { headers: Object.fromEntries(headers.map((h) => h.split(': ') as [string, string])) });
  return { status: response.status, body: await response.text(), etag: response.headers.get('etag') };
}

type Server = 'site' | 'plain' | 'buffered';
const SERVERS: Server[] = ['site', 'plain', 'buffered'];

async function main(): Promise<void> {
  const missing = nginxMissing();
  if (missing) throw new Error(missing);
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is not installed (apt-get install -y wrk)');
  const bench = SCALE ? await makeDatabase(50, 10) : await makeDatabase(20);
  const work = await mkdtemp(path.join(os.tmpdir(), 'nisab-bench-nginx-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    const out = path.join(bench.dir, 'public');
    await build(bench.db, out, LAST_DATE);

    // Run as root, every nginx here runs its workers as nobody: the snapshot and the plain files are opened to them, read-only.
    await readableByNobody(out);
    await chmod(work, 0o755);
    const sitePrefix = path.join(work, 'site');
    const sitePort = await freePort();
    const site = await writeNginxSite({ dir: out, port: sitePort, prefix: sitePrefix });
    const urls = { site: `http://127.0.0.1:${sitePort}` } as Record<Server, string>;
    stops.push((await runNginx(sitePrefix, `${urls.site}/api/v1/meta`)).stop);
    console.log(`the site: ${site.conf} (${site.fastAnswers} single-file answers without njs)`);
    if (SCALE) await nightly(bench, out, sitePrefix, urls.site);

    // Plain nginx serves each answer's exact bytes from a folder of its own.
    const root = path.join(work, 'html');
    await mkdir(root);
    for (const c of CASES) {
      const answer = await get(urls.site + c.query);
      if (answer.status !== 200) throw new Error(`${c.query}: ${answer.status}`);
      await writeFile(path.join(root, c.file), answer.body);
    }
    if ((await readFile(path.join(out, 'v1/rates/latest/1.json'), 'utf8')) !== (await readFile(path.join(root, 'latest.json'), 'utf8'))) {
      throw new Error('the site does not answer /rates/latest with its file');
    }
    // The site's workers run as the snapshot's owner when started by root; so do these.
    const user = /^user .*;\n/m.exec(await readFile(site.conf, 'utf8'))?.[0] ?? '';
    for (const name of ['plain', 'buffered'] as const) {
      const prefix = path.join(work, name);
      for (const sub of ['logs', 'temp']) await mkdir(path.join(prefix, sub), { recursive: true });
      const port = await freePort();
      await writeFile(path.join(prefix, 'nginx.conf'), plainConf(prefix, root, port, user, name === 'buffered'));
      urls[name] = `http://127.0.0.1:${port}`;
      stops.push((await runNginx(prefix, `${urls[name]}/latest.json`)).stop);
    }
    const target = (server: Server, c: Case) => (server === 'site' ? urls.site + c.query : `${urls[server]}/${c.file}`);
    // A revalidation sends each server the ETag that server gave the answer.
    const ownEtags = new Map<string, string>();
    for (const c of CASES.filter((c) => c.revalidate)) {
      for (const server of SERVERS) ownEtags.set(`${server} ${c.name}`, (await get(target(server, c))).etag ?? '');
    }
    const headersOf = (server: Server, c: Case) => (c.revalidate ? [`If-None-Match: ${ownEtags.get(`${server} ${c.name}`)}`] : c.headers);

    for (const c of CASES) {
      const [ours, plain] = await Promise.all([get(target('site', c), headersOf('site', c)), get(target('plain', c), headersOf('plain', c))]);
      if (c.revalidate) {
        if (ours.status !== 304 || plain.status !== 304) throw new Error(`${c.name}: ${ours.status} from the site, ${plain.status} from plain nginx (not 304)`);
        console.log(`${c.name}: a 304 from both: ${c.query}`);
        continue;
      }
      if (ours.status !== 200 || ours.body !== plain.body) throw new Error(`${c.name}: the site's answer is not the plain file's bytes`);
      const count = /"count":(\d+)/.exec(ours.body)?.[1];
      console.log(`${c.name}: ${Buffer.byteLength(ours.body)} bytes${count ? `, ${count} records` : ''}, the same bytes from both: ${c.query}`);
    }

    for (const c of CASES) for (const server of SERVERS) await wrkWith(target(server, c), headersOf(server, c), ['-t2', '-c32', '-d1s', '--latency']);
    // Rounds of every case, the servers back to back, so drift hits all alike.
    const runs = CASES.map(() => ({ site: [], plain: [], buffered: [] }) as Record<Server, Load[]>);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, c] of CASES.entries()) for (const server of SERVERS) runs[i]![server].push(await wrkWith(target(server, c), headersOf(server, c)));
    }

    const rps = (loads: Load[]) => median(loads.map((r) => r.rps));
    const p99 = (loads: Load[]) => median(loads.map((r) => r.p99Ms)).toFixed(1);
    const rows = CASES.map((c, i) => {
      const r = runs[i]!;
      const ratio = rps(r.site) / rps(r.plain);
      const verdict = c.target === null ? 'report' : `≥ ${c.target.toFixed(1)}×: ${ratio >= c.target ? 'met' : '**missed**'}`;
      return [
        c.name,
        rps(r.site).toFixed(0),
        p99(r.site),
        rps(r.plain).toFixed(0),
        p99(r.plain),
        ratio.toFixed(2) + '×',
        verdict,
        (rps(r.site) / rps(r.buffered)).toFixed(2) + '×',
      ];
    });
    console.log(
      `\n## nginx${SCALE ? ` at 10 × 50 years (${bench.records.toLocaleString('en')} records), right after a nightly build` : ''}: wrk ${WRK.join(' ')}, median of ${ROUNDS} rounds\n`,
    );
    console.log(
      markdownTable(['answer', 'site req/s', 'site p99 ms', 'plain req/s', 'plain p99 ms', 'site / plain', 'target', 'site / plain with buffered log'], rows),
    );
    const failures = runs.flatMap((r) => [...r.site, ...r.plain, ...r.buffered]).reduce((sum, r) => sum + r.failures, 0);
    console.log(failures === 0 ? '\nno failed request' : `\nFAILED requests: ${failures}`);
  } finally {
    for (const stop of stops.reverse()) await stop();
    await rm(work, { recursive: true, force: true });
    await bench.cleanUp();
  }
}

await main();
