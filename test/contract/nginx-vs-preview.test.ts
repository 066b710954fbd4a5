// Same bytes from nginx: the generated site (its fast path, its answer cache and
// its njs module) answers every request with the status, body and answer
// headers of the preview server; hostile raw requests get JSON, never a 5xx or
// an nginx page; and a build that swaps the snapshot link is followed at once.
import http from 'node:http';
import net from 'node:net';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_HEADERS } from '../../generator/core/respond.ts';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { todayIn } from '../../generator/snapshot/clock.ts';
import { makeFixture, type Fixture } from '../support/fixture.ts';
import { errorLog, nginxMissing, startNginx, type NginxServer } from '../support/nginx-server.ts';
import { paths } from '../../generator/core/layout.ts';

const missing = nginxMissing();
if (missing) console.warn(`nginx tests skipped: ${missing}`);

const BASES = ['/api/v1', '/index.php/api/v1'];
const JSON_TYPE = 'application/json; charset=utf-8';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

interface Case {
  method: string;
  target: string;
  headers?: Record<string, string>;
}

/** One request over a fresh connection, the path sent exactly as given. */
function send(base: string, c: Case): Promise<Reply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: c.method, path: c.target, headers: { connection: 'close', ...c.headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Raw bytes on a socket, for what an HTTP client refuses to send (NUL, lower-case methods, huge lines). */
function sendRaw(base: string, head: Buffer | string): Promise<Reply> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const lines = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: http.IncomingHttpHeaders = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(lines[0]!.split(' ')[1]), headers, body: all.subarray(split + 4) });
    });
    socket.end(head);
  });
}

/** A fixed pseudo-random sequence (mulberry32), so a failure names the same request every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function day(n: number): string {
  return new Date(Date.UTC(2019, 10, 1) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Ranges of every kind over the fixture (2019-12-20 .. 2024-03-15, a gap in 2021): short, long, open, outside. */
function rangeCases(count: number): Case[] {
  const next = random(20240315);
  const cases: Case[] = [];
  for (let i = 0; i < count; i++) {
    const a = Math.floor(next() * 1700);
    const span = next() < 0.6 ? Math.floor(next() * 70) : Math.floor(next() * 1700);
    const parameters = [];
    if (next() < 0.9) parameters.push(`start_date=${day(a)}`);
    if (next() < 0.9) parameters.push(`end_date=${day(a + span)}`);
    const sub = [null, 1, 2, 3, 11, 12][Math.floor(next() * 6)];
    if (sub) parameters.push(`subcategory=${sub}`);
    if (next() < 0.2) parameters.reverse();
    const base = BASES[Math.floor(next() * 2)]!;
    cases.push({ method: 'GET', target: `${base}/rates${next() < 0.1 ? '/' : ''}${parameters.length ? '?' + parameters.join('&') : ''}` });
  }
  return cases;
}

function apiCases(base: string): Case[] {
  const get = (target: string): Case => ({ method: 'GET', target: base + target });
  const cases: Case[] = [];
  for (const p of ['', '/', '/rates/latest', '/rates/latest/', '/rates', '/rates/', '/nisab', '/nisab/', '/subcategories', '/subcategories/', '/meta', '/meta/']) cases.push(get(p));
  for (const value of ['1', '2', '3', '5', '11', '12', '99', '0', '01', '-1', '+1', '1.0', 'abc', '', '1234567890', '%31', '%ZZ', '1%00', '1+', '%201']) {
    cases.push(get(`/rates/latest?subcategory=${value}`), get(`/nisab?subcategory=${value}`), get(`/rates?subcategory=${value}`));
  }
  for (const q of [
    '?start_date=2020-01-01&end_date=2020-01-31',
    '?start_date=2020-01-01&end_date=2020-01-31&subcategory=1',
    '?subcategory=1&start_date=2020-01-01&end_date=2020-01-31',
    '?start_date=2020-01-01&end_date=2020-12-31&subcategory=2',
    '?start_date=2020-02-01&end_date=2020-02-29&subcategory=1&unused=1',
    '?start_date=2024-02-30',
    '?start_date=2024-2-5',
    '?end_date=20240205',
    '?start_date=2024-02-05T00:00',
    '?start_date=2024-03-01&end_date=2024-02-01',
    '?start_date=2024-01-01&start_date=2024-01-02',
    '?start_date=2024-01-01&start_date=',
    '?start_date=&end_date=2024-01-31&subcategory=',
    '?start_date=bad&subcategory=99',
    '?start_date=2024-03-01&end_date=2024-02-01&subcategory=99',
    '?start_date=%ZZ',
    '?start_date=%FF',
    '?start_date=2024%2D01%2D01&end_date=2024-01-31',
    '?start%5Fdate=2021-06-01&end_date=2021-07-10',
    '?foo&bar=&x=1&x=2&start_date=2021-06-01&end_date=2021-07-10',
    '?%=%&start_date=%E0%A4%A',
    `?start_date=${'x'.repeat(4000)}`,
    `?${'a=1&'.repeat(2500)}subcategory=2`,
  ]) {
    cases.push(get('/rates' + q));
  }
  for (const p of ['/nope', '/Rates', '/rates/LATEST', '/rates/latest/1', '/rates/all', '/nisab/1', '/meta.json', '/v1/meta', '//rates', '/rates//', '/../meta', '/%2e%2e/meta', '/rates/..%2f..%2fmanifest.json', '/rates%00', '/rates#x']) {
    cases.push(get(p));
  }
  for (const p of ['/rates/latest', '/meta', '/rates?start_date=2020-01-01&end_date=2020-01-31', '/rates?start_date=2020-01-05&end_date=2020-02-03', '/nope', '/rates?start_date=bad']) {
    cases.push({ method: 'HEAD', target: base + p });
  }
  for (const p of ['/rates/latest', '/rates?start_date=2020-01-01', '/nope', '/meta']) cases.push({ method: 'OPTIONS', target: base + p });
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE']) {
    cases.push({ method, target: base + '/rates/latest' }, { method, target: base + '/nope?start_date=bad' });
  }
  return cases;
}

const STATIC_CASES: Case[] = ['/', '/openapi.json', '/' + paths.meta, '/' + paths.nisabAll, '/' + paths.latest(1), '/' + paths.shard('all', 'month', '2020-01-01'), '/' + paths.shard(1, 'year', '2020-01-01')].map(
  (target) => ({ method: 'GET', target }),
);

/** The headers an answer is made of (the rest describe the server or the connection). */
const ANSWER_HEADERS = ['content-type', 'etag', 'allow', 'access-control-allow-origin', 'access-control-expose-headers', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age', 'last-modified', 'accept-ranges'];

function answerHeaders(reply: Reply): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const name of ANSWER_HEADERS) out[name] = reply.headers[name] as string | undefined;
  if (reply.status !== 204 && reply.status !== 304) out['content-length'] = String(reply.headers['content-length']);
  return out;
}

function maxAgeOf(reply: Reply, where: string): number {
  const match = /^public, max-age=(\d+)$/.exec((reply.headers['cache-control'] as string) ?? '');
  expect(match, `${where}: cache-control ${reply.headers['cache-control']}`).not.toBeNull();
  return Number(match![1]);
}

describe.skipIf(missing !== null)(`nginx answers as the preview server does${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let fixture: Fixture;
  let preview: Preview;
  let nginx: NginxServer;

  beforeAll(async () => {
    fixture = await makeFixture();
    // Built again as of today, so validUntil lies ahead and max-age counts down.
    await buildSnapshot({ db: fixture.db, out: fixture.out, asOf: todayIn('Africa/Lagos'), timeZone: 'Africa/Lagos', maxAgeDays: 100_000, strict: false, now: new Date(), log: () => {}, progress: () => {} });
    [preview, nginx] = await Promise.all([startPreview({ dir: fixture.out, port: 0 }), startNginx(fixture.out)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([preview?.close(), nginx?.stop()]);
  });

  async function compare(c: Case): Promise<{ nginx: Reply; preview: Reply }> {
    const [n, p] = await Promise.all([send(nginx.url, c), send(preview.url, c)]);
    const where = `${c.method} ${c.target.slice(0, 200)} ${JSON.stringify(c.headers ?? {})}`;
    if (n.status >= 500) throw new Error(`${where}: nginx answered ${n.status}\n${await errorLog(nginx)}`);
    expect(n.status, where).toBe(p.status);
    expect(n.body.equals(p.body), `${where}: bodies differ\nnginx:   ${n.body.toString().slice(0, 300)}\npreview: ${p.body.toString().slice(0, 300)}`).toBe(true);
    expect(answerHeaders(n), where).toEqual(answerHeaders(p));
    // Static content (a dot segment can lead out of a base) is revalidated on every use.
    if (p.headers['cache-control'] === STATIC_HEADERS['cache-control']) {
      expect(n.headers['cache-control'], where).toBe(p.headers['cache-control']);
      return { nginx: n, preview: p };
    }
    // max-age counts down to validUntil; nginx's own table rounds it down by up to 10 s, never up.
    const behind = maxAgeOf(p, where) - maxAgeOf(n, where);
    expect(behind, `${where}: max-age behind the preview's by`).toBeGreaterThanOrEqual(-1);
    expect(behind, `${where}: max-age behind the preview's by`).toBeLessThanOrEqual(12);
    return { nginx: n, preview: p };
  }

  it('answers some 500 API requests with the same status, bytes and headers, asked twice (the second from its cache)', async () => {
    const cases = [...BASES.flatMap(apiCases), ...rangeCases(200)];
    expect(cases.length).toBeGreaterThan(450);
    for (const c of cases) await compare(c);
    for (const c of cases) await compare(c);
    const meta = JSON.parse((await send(nginx.url, { method: 'GET', target: '/api/v1/meta' })).body.toString());
    expect(maxAgeOf(await send(nginx.url, { method: 'GET', target: '/api/v1/meta' }), 'meta')).toBeGreaterThan(0);
    expect(Date.parse(meta.data.validUntil)).toBeGreaterThan(Date.now());
  }, 120_000);

  it('If-None-Match: 304 exactly when the router says so, for files, composed and cached answers', async () => {
    for (const base of BASES) {
      for (const target of ['/rates/latest', '/meta', '/rates?start_date=2020-01-01&end_date=2020-01-31', '/rates?start_date=2020-01-05&end_date=2020-02-03', '/rates?start_date=2020-01-05&end_date=2020-02-03&subcategory=2', '/nisab?subcategory=3']) {
        const first = await send(nginx.url, { method: 'GET', target: base + target });
        const etag = first.headers.etag as string;
        expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
        for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, ` ${etag} `, '*', '"0000000000000000000000000000000000000000"', etag.toUpperCase(), '']) {
          for (const method of ['GET', 'HEAD']) await compare({ method, target: base + target, headers: { 'if-none-match': header } });
        }
      }
    }
  });

  it('ignores the conditions and ranges the router ignores', async () => {
    const target = '/api/v1/rates?start_date=2020-01-01&end_date=2020-01-31';
    const conditions: Record<string, string>[] = [{ 'if-modified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' }, { 'if-modified-since': 'Fri, 01 Jan 2100 00:00:00 GMT' }, { 'if-match': '"nope"' }, { 'if-unmodified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' }, { range: 'bytes=0-9' }];
    for (const headers of conditions) {
      for (const t of [target, '/api/v1/meta', '/api/v1/rates?start_date=2020-01-05&end_date=2020-02-03']) {
        const { nginx: n } = await compare({ method: 'GET', target: t, headers });
        expect(n.status).toBe(200);
      }
    }
  });

  it('serves static content outside the bases from the snapshot, byte for byte', async () => {
    for (const c of STATIC_CASES) {
      const { nginx: n } = await Promise.all([send(nginx.url, c), send(preview.url, c)]).then(([a, b]) => ({ nginx: a, preview: b }));
      expect(n.status, c.target).toBe(200);
      const file = c.target === '/' ? 'index.html' : c.target;
      expect(n.body.equals(await readFile(path.join(fixture.out, file))), c.target).toBe(true);
      expect(n.headers['access-control-allow-origin'], c.target).toBe('*');
    }
  });

  it('answers hostile raw requests under a base in JSON, never with a 5xx, a page or a file from outside', async () => {
    const lines: Array<Buffer | string> = [
      'GET /api/v1/../../../../etc/passwd HTTP/1.1',
      'GET /index.php/api/v1/../../../../../etc/passwd HTTP/1.1',
      'GET /api/v1/%2e%2e/%2e%2e/%2e%2e/etc/passwd HTTP/1.1',
      'GET /api/v1/rates/..%2f..%2f..%2f..%2fetc%2fpasswd HTTP/1.1',
      'GET /api/v1/%00 HTTP/1.1',
      'GET /api/v1/rates?subcategory=%00 HTTP/1.1',
      Buffer.concat([Buffer.from('GET /api/v1/rates'), Buffer.from([0]), Buffer.from(' HTTP/1.1')]),
      Buffer.concat([Buffer.from('GET /api/v1/rates?start_date='), Buffer.from([0xff, 0xfe]), Buffer.from(' HTTP/1.1')]),
      `GET /api/v1/rates?start_date=${'x'.repeat(20_000)} HTTP/1.1`,
      `GET /api/v1/rates?start_date=${'x'.repeat(70_000)} HTTP/1.1`,
      'get /api/v1/meta HTTP/1.1',
      'TRACE /api/v1/meta HTTP/1.1',
      'GET /api/v1/meta HTTP/1.0',
      'GET /api/v1/rates?start_date=2020-01-01 HTTP/9.9',
    ];
    for (const line of lines) {
      const head = Buffer.concat([Buffer.from(line), Buffer.from('\r\nHost: localhost\r\nConnection: close\r\n\r\n')]);
      const reply = await sendRaw(nginx.url, head);
      const where = line.toString().slice(0, 80);
      expect(reply.status, where).toBeGreaterThanOrEqual(200);
      expect(reply.status, where).toBeLessThan(500);
      expect(reply.headers['content-type'], where).toBe(JSON_TYPE);
      expect(reply.headers['access-control-allow-origin'], where).toBe('*');
      expect(() => JSON.parse(reply.body.toString()), where).not.toThrow();
      expect(reply.body.toString(), where).not.toMatch(/root:|<html/i);
    }
    const chunked = await sendRaw(nginx.url, 'GET /api/v1/meta HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: gzip\r\n\r\n');
    expect([chunked.status < 500, chunked.headers['content-type']]).toEqual([true, JSON_TYPE]);
    // Bodies, small or too large for nginx, still get the router's 405.
    for (const size of [10, 5_000_000]) {
      const post = await sendRaw(nginx.url, Buffer.concat([Buffer.from(`POST /api/v1/rates HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${size}\r\n\r\n`), Buffer.alloc(size, 'a')]));
      expect([post.status, post.headers['content-type'], post.headers.allow], `POST of ${size} bytes`).toEqual([405, JSON_TYPE, 'GET, HEAD, OPTIONS']);
    }
    // Paths that climb into the site's own internal locations are still requests under a base.
    for (const inner of ['_nisab/fast/v1/meta.json', '_nisab/api', '_nisab/cached', '_nisab/proxied', '_nisab/compose', '_nisab/refused/400']) {
      for (const method of ['GET', 'POST']) {
        const c = { method, target: `/api/v1/../../${inner}` };
        const [n, p] = await Promise.all([send(nginx.url, c), send(preview.url, c)]);
        expect([n.status, n.body.toString()], `${method} ${c.target}`).toEqual([p.status, p.body.toString()]);
      }
    }
  });

  it('follows a build that swaps the snapshot link, at once and without mixing trees', async () => {
    const before = await realpath(fixture.out);
    const targets = ['/api/v1/meta', '/api/v1/rates/latest', '/api/v1/rates?start_date=2024-03-10&end_date=2024-03-20', '/api/v1/rates?start_date=2024-03-01&end_date=2024-03-31', '/api/v1/nisab?subcategory=3'];
    for (const target of targets) await compare({ method: 'GET', target });
    await buildSnapshot({ db: fixture.db, out: fixture.out, asOf: '2024-03-17', timeZone: 'Africa/Lagos', maxAgeDays: 100_000, strict: false, now: new Date(), log: () => {}, progress: () => {} });
    expect(await realpath(fixture.out)).not.toBe(before);
    for (const target of targets) {
      const { nginx: n } = await compare({ method: 'GET', target });
      if (target === '/api/v1/meta') expect(JSON.parse(n.body.toString()).data.asOf).toBe('2024-03-17');
    }
    for (const c of rangeCases(40)) await compare(c);
  });
});
