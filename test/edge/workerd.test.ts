// Same bytes on every edge: the snapshot's own `_worker.js`, run by the real
// Cloudflare runtime (workerd, through miniflare), answers every request with the
// status and body of the preview server, byte for byte, and with the contract's
// headers. Also checks the Pages configuration files the build writes.
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { main } from '../../generator/cli.ts';
import { request as send } from '../support/http.ts';
import { startWorkerd, type WorkerdServer } from '../support/workerd-server.ts';
import { paths } from '../../generator/core/layout.ts';

const AS_OF = '2025-09-01';
const BASES = ['/api/v1', '/index.php/api/v1'];

interface Reply {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

/** One request over a fresh connection, the path sent exactly as given. */
async function request(base: string, method: string, target: string, headers: Record<string, string> = {}): Promise<Reply> {
  const answer = await send(base, target, { method, headers: { connection: 'close', ...headers } });
  return { status: answer.status, headers: answer.headers, body: answer.bytes };
}

let work: string;
let snapshot: string;
let preview: Preview;
let workerd: WorkerdServer;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'nisab-workerd-'));
  const out = path.join(work, 'public');
  const exitCode = process.exitCode;
  await main(['build', '--out', out, '--as-of', AS_OF]);
  expect(process.exitCode ?? 0, 'the build failed (see stderr)').toBe(exitCode ?? 0);
  snapshot = await realpath(out);
  [preview, workerd] = await Promise.all([startPreview({ dir: out, port: 0 }), startWorkerd(out)]);
});

afterAll(async () => {
  await Promise.all([preview?.close(), workerd?.stop()]);
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the Cloudflare Pages files of a snapshot', () => {
  it('_routes.json sends exactly the API bases to the worker', async () => {
    const routes = JSON.parse(await readFile(path.join(snapshot, '_routes.json'), 'utf8'));
    expect(routes).toEqual({ version: 1, include: ['/api/*', '/index.php/*'], exclude: [] });
  });

  it('_headers exists and gives the static files CORS and revalidation', async () => {
    expect(existsSync(path.join(snapshot, '_headers'))).toBe(true);
    const text = await readFile(path.join(snapshot, '_headers'), 'utf8');
    expect(text).toMatch(/^\/\*\n/);
    expect(text).toMatch(/^ +Access-Control-Allow-Origin: \*$/m);
    expect(text).toMatch(/^ +Cache-Control: .*max-age=0/m);
  });

  it('_worker.js is one ES module with a default fetch handler and no imports', async () => {
    const source = await readFile(path.join(snapshot, '_worker.js'), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source).toMatch(/export\s*\{[^}]*\bas default\b[^}]*\}|export default/);
  });
});

// ---------------------------------------------------------------------------
// The request set: ~200 requests over both bases.

interface Case {
  method: string;
  target: string;
  headers?: Record<string, string>;
}

const RANGES: Array<[string | null, string | null]> = [
  ['2024-03-01', '2024-03-31'], // inside one month
  ['2024-01-15', '2024-02-29'], // two adjacent months, leap day
  ['2023-06-01', '2024-05-31'], // two adjacent years
  ['2019-01-01', '2021-12-31'], // across a decade boundary
  ['2005-01-31', '2025-08-31'], // exactly everything
  ['2000-01-01', '2004-12-31'], // before the first record
  ['2026-01-01', '2026-12-31'], // after the last
  ['2010-05-01', '2010-05-30'], // a month without its end-of-month record
  ['2024-02-29', '2024-02-29'], // one day
  ['2012-07-31', null], // only start
  [null, '2006-02-28'], // only end
  ['2001-01-01', '2030-12-31'], // wider than everything
];

function query(parameters: Array<[string, string]>): string {
  return parameters.length === 0 ? '' : '?' + parameters.map(([k, v]) => `${k}=${v}`).join('&');
}

function apiCases(base: string): Case[] {
  const get = (target: string, headers?: Record<string, string>): Case => ({ method: 'GET', target: base + target, headers });
  const cases: Case[] = [];
  for (const path of ['', '/', '/rates/latest', '/rates/latest/', '/rates', '/rates/', '/nisab', '/subcategories', '/meta', '/meta/']) {
    cases.push(get(path));
  }
  for (const value of ['1', '2', '3', '10', '999', '0', '01', '-1', '1.0', 'abc', '', '1234567890', '%31', '%ZZ']) {
    cases.push(get(`/rates/latest?subcategory=${value}`));
  }
  cases.push(get('/rates/latest?subcategory=1&subcategory=2'), get('/rates/latest?subcategory=&subcategory=2'), get('/rates/latest?unknown=1&unknown=2'));
  for (const [start, end] of RANGES) {
    for (const subcategory of [null, '1', '2']) {
      const parameters: Array<[string, string]> = [];
      if (start !== null) parameters.push(['start_date', start]);
      if (end !== null) parameters.push(['end_date', end]);
      if (subcategory !== null) parameters.push(['subcategory', subcategory]);
      cases.push(get('/rates' + query(parameters)));
    }
  }
  for (const bad of [
    '?start_date=2024-02-30',
    '?start_date=2024-2-5',
    '?end_date=20240205',
    '?start_date=2024-02-05T00:00',
    '?start_date=2024-03-01&end_date=2024-02-01',
    '?start_date=2024-01-01&start_date=2024-01-02',
    '?start_date=&end_date=2024-01-31&subcategory=',
    '?start_date=2024-01-01&subcategory=3',
    '?subcategory=999',
    '?start_date=bad&subcategory=999',
    '?start_date=2024-03-01&end_date=2024-02-01&subcategory=999',
    '?start_date=%ZZ',
    '?start_date=2024%2D01%2D01&end_date=2024-01-31',
    '?foo&bar=&start_date=2024-01-01&end_date=2024-02-01',
  ]) {
    cases.push(get('/rates' + bad));
  }
  for (const value of ['1', '2', '3', '8', '10', '11', '01', 'x']) cases.push(get(`/nisab?subcategory=${value}`));
  for (const path of ['/nope', '/Rates', '/rates/latest/1', '/rates/all', '/nisab/1', '/meta.json', '/v1/meta']) cases.push(get(path));
  for (const path of ['/rates/latest', '/rates?start_date=2024-01-01&end_date=2024-03-31', '/nope', '/rates?start_date=bad']) {
    cases.push({ method: 'HEAD', target: base + path });
  }
  for (const path of ['/rates/latest', '/rates?start_date=2024-01-01', '/nope']) cases.push({ method: 'OPTIONS', target: base + path });
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) cases.push({ method, target: base + '/rates/latest' });
  cases.push({ method: 'POST', target: base + '/nope?start_date=bad' });
  return cases;
}

const STATIC_CASES: Case[] = [
  '/',
  '/openapi.json',
  '/' + paths.meta,
  '/' + paths.nisabAll,
  '/' + paths.subcategories,
  '/' + paths.latest(1),
  '/' + paths.latest(2),
  '/' + paths.shard('all', 'month', '2024-03-01'),
  '/' + paths.shard(1, 'year', '2024-01-01'),
  '/' + paths.shard(2, 'decade', '2010-01-01'),
].map((target) => ({ method: 'GET', target }));

/** Headers that describe the connection, not the answer. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

function answerHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!TRANSPORT.has(name) && value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function maxAgeOf(cacheControl: string | undefined): number {
  const match = /^public, max-age=(\d+)$/.exec(cacheControl ?? '');
  expect(match, `cache-control ${cacheControl}`).not.toBeNull();
  return Number(match![1]);
}

/** CONTRACT.md §4–§6 for one API answer. */
function checkContract(c: Case, reply: Reply): void {
  const where = `${c.method} ${c.target}`;
  expect(reply.headers['access-control-allow-origin'], where).toBe('*');
  expect(reply.headers['cache-control'], where).toBeDefined();
  expect(reply.status, where).toBeLessThan(500);
  if (reply.status === 204) {
    expect(c.method, where).toBe('OPTIONS');
    expect(reply.headers['access-control-allow-methods'], where).toBe('GET, HEAD, OPTIONS');
    expect(reply.body.length, where).toBe(0);
    return;
  }
  if (reply.status === 304) {
    expect(reply.headers.etag, where).toBeDefined();
    expect(reply.body.length, where).toBe(0);
    return;
  }
  expect(reply.headers['content-type'], where).toBe('application/json; charset=utf-8');
  if (reply.status === 200) expect(reply.headers.etag, where).toMatch(/^"[0-9a-f]{40}"$/);
  if (reply.status === 405) expect(reply.headers.allow, where).toBe('GET, HEAD, OPTIONS');
  if (c.method === 'HEAD') {
    expect(reply.body.length, where).toBe(0);
    return;
  }
  const envelope = JSON.parse(reply.body.toString('utf8'));
  expect(envelope.success, where).toBe(reply.status === 200);
  if (envelope.success) {
    expect('count' in envelope, where).toBe(Array.isArray(envelope.data));
    if (Array.isArray(envelope.data)) expect(envelope.count, where).toBe(envelope.data.length);
  } else {
    expect(Object.keys(envelope).sort(), where).toEqual(['message', 'success']);
  }
}

async function compare(c: Case): Promise<{ workerd: Reply; preview: Reply }> {
  const [w, p] = await Promise.all([request(workerd.url, c.method, c.target, c.headers), request(preview.url, c.method, c.target, c.headers)]);
  const where = `${c.method} ${c.target} ${JSON.stringify(c.headers ?? {})}`;
  expect(w.status, where).toBe(p.status);
  expect(w.body.equals(p.body), `${where}: bodies differ\nworkerd: ${w.body.toString().slice(0, 300)}\npreview: ${p.body.toString().slice(0, 300)}`).toBe(true);
  return { workerd: w, preview: p };
}

describe('workerd answers as the preview server does', () => {
  const cases = BASES.flatMap(apiCases);

  it(`${cases.length} API requests: same status, same bytes, same answer headers, the contract's headers`, async () => {
    expect(cases.length).toBeGreaterThan(150);
    for (const c of cases) {
      const { workerd: w, preview: p } = await compare(c);
      checkContract(c, w);
      const wh = answerHeaders(w.headers);
      const ph = answerHeaders(p.headers);
      // max-age counts down to the next build: equal within the seconds between the two answers.
      expect(Math.abs(maxAgeOf(wh['cache-control']) - maxAgeOf(ph['cache-control'])), `${c.method} ${c.target}`).toBeLessThanOrEqual(2);
      delete wh['cache-control'];
      delete ph['cache-control'];
      expect(wh, `${c.method} ${c.target}`).toEqual(ph);
    }
  });

  it('both bases answer byte for byte alike', async () => {
    for (const c of apiCases(BASES[0]!)) {
      const other = { ...c, target: BASES[1] + c.target.slice(BASES[0]!.length) };
      const [a, b] = await Promise.all([request(workerd.url, c.method, c.target), request(workerd.url, other.method, other.target)]);
      expect([b.status, b.body.toString()], other.target).toEqual([a.status, a.body.toString()]);
    }
  });

  it('If-None-Match: 304 on a match (strong, weak, listed, *), 200 otherwise', async () => {
    let count = 0;
    for (const base of BASES) {
      for (const target of ['/rates/latest', '/rates?start_date=2024-01-15&end_date=2024-02-29', '/rates', '/nisab?subcategory=1', '/meta']) {
        const first = await request(workerd.url, 'GET', base + target);
        const etag = first.headers.etag as string;
        expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
        for (const [header, status] of [
          [etag, 304],
          [`W/${etag}`, 304],
          [`"nope", ${etag}`, 304],
          ['*', 304],
          ['"0000000000000000000000000000000000000000"', 200],
        ] as const) {
          for (const method of ['GET', 'HEAD']) {
            const c = { method, target: base + target, headers: { 'if-none-match': header } };
            const { workerd: w } = await compare(c);
            expect(w.status, `${method} ${target} If-None-Match: ${header}`).toBe(status);
            expect(w.headers.etag).toBe(etag);
            checkContract(c, w);
            count++;
          }
        }
      }
    }
    expect(count).toBe(100);
  });

  it('static files come from the assets, with the same bytes and the _headers headers', async () => {
    for (const c of STATIC_CASES) {
      const { workerd: w } = await compare(c);
      expect(w.status, c.target).toBe(200);
      expect(w.headers['access-control-allow-origin'], c.target).toBe('*');
      expect(w.headers['cache-control'], c.target).toBe('public, max-age=0, must-revalidate');
      const file = c.target === '/' ? 'index.html' : c.target;
      expect(w.body.equals(await readFile(path.join(snapshot, file))), c.target).toBe(true);
    }
    // As on Pages: /index.html is the landing page's other name, redirected to /.
    const named = await request(workerd.url, 'GET', '/index.html');
    expect([named.status, named.headers.location]).toEqual([307, '/']);
    const missing = await request(workerd.url, 'GET', '/' + paths.latest(99));
    expect(missing.status).toBe(404);
  });

  it('compresses for clients that ask, and the decompressed bytes are the same', async () => {
    const target = '/api/v1/rates?start_date=2015-01-01&end_date=2024-12-31';
    const [w, p] = await Promise.all([request(workerd.url, 'GET', target, { 'accept-encoding': 'gzip' }), request(preview.url, 'GET', target)]);
    expect(w.status).toBe(200);
    const body = w.headers['content-encoding'] === 'gzip' ? gunzipSync(w.body) : w.body;
    expect(body.equals(p.body)).toBe(true);
  });
});

describe('_routes.json in workerd', () => {
  // A copy of the snapshot whose worker marks every answer it gives: what it
  // marks went through the worker, what it does not came straight from the assets.
  let probe: WorkerdServer;
  let probeDir: string;

  beforeAll(async () => {
    probeDir = path.join(work, 'probe');
    await cp(snapshot, probeDir, { recursive: true });
    await copyFile(path.join(snapshot, '_worker.js'), path.join(probeDir, 'real-worker.mjs'));
    await writeFile(
      path.join(probeDir, '_worker.js'),
      `import real from './real-worker.mjs';
export default {
  async fetch(request, env, ctx) {
    const response = await real.fetch(request, env, ctx);
    const marked = new Response(response.body, response);
    marked.headers.set('x-served-by', 'worker');
    return marked;
  },
};
`,
    );
    probe = await startWorkerd(probeDir);
  });

  afterAll(async () => {
    await probe?.stop();
  });

  it('API paths under both bases invoke the worker', async () => {
    for (const target of ['/api/v1/rates/latest', '/index.php/api/v1/meta', '/api/v1/nope', '/api/anything', '/index.php/other']) {
      const reply = await request(probe.url, 'GET', target);
      expect(reply.headers['x-served-by'], target).toBe('worker');
    }
    // Still the real answers, through the real worker.
    const latest = await request(probe.url, 'GET', '/api/v1/rates/latest');
    expect(latest.body.equals(await readFile(path.join(snapshot, paths.latest(1))))).toBe(true);
  });

  it('the landing page, the OpenAPI document and the /v1 files come from the assets without the worker', async () => {
    for (const target of ['/', '/openapi.json', '/' + paths.meta, '/' + paths.latest(1), '/' + paths.shard('all', 'month', '2024-03-01')]) {
      const reply = await request(probe.url, 'GET', target);
      expect(reply.status, target).toBe(200);
      expect(reply.headers['x-served-by'], target).toBeUndefined();
    }
    const named = await request(probe.url, 'GET', '/index.html');
    expect([named.status, named.headers['x-served-by']]).toEqual([307, undefined]);
  });

  it('a snapshot file missing under the worker gives a 503 envelope, not a crash', async () => {
    await rm(path.join(probeDir, paths.routing));
    const broken = await startWorkerd(probeDir);
    try {
      const reply = await request(broken.url, 'GET', '/api/v1/rates/latest');
      expect(reply.status).toBe(503);
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(reply.headers['access-control-allow-origin']).toBe('*');
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(reply.body.toString())).toEqual({ success: false, message: 'the snapshot is not readable; build it again' });
    } finally {
      await broken.stop();
    }
  });
});
