// The "same bytes as the preview" suite: one set of requests (every endpoint,
// bad parameters, 200 random ranges, conditions, methods, static files, and the
// requests generated from the endpoint table: differential-cases.ts) that an
// edge must answer with the preview server's status, bytes and answer headers
// (ETag, Content-Type, Cache-Control among them). same-bytes.test.ts runs it on
// every edge of test/support/edges.ts but the preview.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASES, ENDPOINTS } from '../../generator/router/endpoints.ts';
import { PARAMETERS, type Parameter } from '../../generator/router/parameters.ts';
import { paths, TEXT_FORMS } from '../../generator/router/layout.ts';
import { STATIC_HEADERS } from '../../generator/router/respond.ts';
import { contentType, kindOf } from '../../generator/router/static.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import type { RoutingIndex } from '../../generator/model/schemas.ts';
import { todayIn } from '../../generator/clock.ts';
import { PREVIEW, type Edge, type RunningEdge } from '../support/edges.ts';
import { GAP, fixtureBuild, makeFixture, type Fixture } from '../support/fixture.ts';
import { rawRequest, request, type Answer } from '../support/http.ts';
import { generatedCases, monthsBetween, optionSweep, rawCases, type Case } from './differential-cases.ts';
import { random } from '../support/random.ts';

export type { Case };

type Reply = Answer;

/** One request over a fresh connection, the path sent exactly as given. */
export function send(base: string, c: Case): Promise<Reply> {
  return request(base, c.target, { method: c.method, headers: { connection: 'close', ...c.headers } });
}

function day(n: number): string {
  return new Date(Date.UTC(2019, 10, 1) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Ranges of every kind over the fixture (2019-12-20 .. 2024-03-15, a gap in 2021): short, long, open, outside. */
export function rangeCases(count: number): Case[] {
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
  for (const p of [
    '',
    '/',
    '/rates/latest',
    '/rates/latest/',
    '/rates',
    '/rates/',
    '/nisab',
    '/nisab/',
    '/subcategories',
    '/subcategories/',
    '/meta',
    '/meta/',
  ])
    cases.push(get(p));
  for (const value of [
    '1',
    '2',
    '3',
    '5',
    '11',
    '12',
    '99',
    'gold',
    'silver',
    'cash',
    'camels',
    'copper',
    'a-b',
    '0',
    '01',
    '-1',
    '+1',
    '1.0',
    'abc',
    '',
    '1234567890',
    '%31',
    '%ZZ',
    '1%00',
    '1+',
    '%201',
  ]) {
    cases.push(get(`/rates/latest?subcategory=${value}`), get(`/nisab?subcategory=${value}`), get(`/rates?subcategory=${value}`));
  }
  // Dated answers (composed at request time, docs/API.md §2a): before the first
  // rate, on and inside the data, in the gap, on the as-of date and after it;
  // no subcategory, ids and slugs, one without rates or rules, an unknown slug.
  for (const date of ['2019-01-01', '2019-12-20', '2020-02-29', '2021-03-12', '2021-06-20', '2023-12-31', '2024-03-11', '2024-03-15', '2030-01-01']) {
    for (const sub of [
      '',
      '&subcategory=1',
      '&subcategory=gold',
      '&subcategory=silver',
      '&subcategory=cash',
      '&subcategory=platinum',
      '&subcategory=12',
      '&subcategory=copper',
    ]) {
      cases.push(get(`/nisab?date=${date}${sub}`), get(`/rates/latest?date=${date}${sub}`));
    }
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
  for (const p of [
    '/nope',
    '/Rates',
    '/rates/LATEST',
    '/rates/latest/1',
    '/rates/all',
    '/nisab/1',
    '/meta.json',
    '/v1/meta',
    '//rates',
    '/rates//',
    '/../meta',
    '/%2e%2e/meta',
    '/rates/..%2f..%2fmanifest.json',
    '/rates%00',
    '/rates#x',
  ]) {
    cases.push(get(p));
  }
  for (const p of [
    '/rates/latest',
    '/meta',
    '/rates?start_date=2020-01-01&end_date=2020-01-31',
    '/rates?start_date=2020-01-05&end_date=2020-02-03',
    '/nope',
    '/rates?start_date=bad',
  ]) {
    cases.push({ method: 'HEAD', target: base + p });
  }
  for (const p of ['/rates/latest', '/rates?start_date=2020-01-01', '/nope', '/meta']) cases.push({ method: 'OPTIONS', target: base + p });
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE']) {
    cases.push({ method, target: base + '/rates/latest' }, { method, target: base + '/nope?start_date=bad' });
  }
  return cases;
}

const STATIC_CASES: Case[] = [
  '/',
  '/ha/',
  '/developers/',
  // The service worker: every edge serves it with the same bytes and headers (issue 32).
  '/sw.js',
  // The embedded calculator (issue 35), beside the widget that loads it.
  '/widget.js',
  '/calculator.js',
  '/openapi.json',
  '/' + paths.meta,
  '/' + paths.nisabAll,
  '/' + paths.latest(1),
  '/' + paths.shard('all', 'month', '2020-01-01'),
  '/' + paths.shard(1, 'year', '2020-01-01'),
].map((target) => ({ method: 'GET', target }));

/** The headers an answer is made of (the rest describe the server or the connection). */
const ANSWER_HEADERS = [
  'content-type',
  'etag',
  'allow',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
  'last-modified',
  'accept-ranges',
];

function answerHeaders(reply: Reply, method: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const name of ANSWER_HEADERS) out[name] = reply.headers[name] as string | undefined;
  // workerd sends no Content-Length with a HEAD answer (it has no body to measure).
  // A streamed answer (chunked) has none either; the bytes are compared whole all the same.
  if (reply.status !== 204 && reply.status !== 304 && method !== 'HEAD' && reply.headers['transfer-encoding'] !== 'chunked')
    out['content-length'] = String(reply.headers['content-length']);
  return out;
}

function maxAgeOf(reply: Reply, where: string): number {
  const match = /^public, max-age=(\d+)$/.exec((reply.headers['cache-control'] as string) ?? '');
  expect(match, `${where}: cache-control ${reply.headers['cache-control']}`).not.toBeNull();
  return Number(match![1]);
}

/** The suite on one edge of test/support/edges.ts, held to PREVIEW's answers. */
export function sameBytesSuite(tested: Edge): void {
  const name = tested.name;
  describe(`${name} answers as the preview server does`, () => {
    let fixture: Fixture;
    let preview: RunningEdge;
    let edge: RunningEdge;

    beforeAll(async () => {
      fixture = await makeFixture();
      // Built again as of today, so validUntil lies ahead and max-age counts down.
      await buildSnapshot(fixtureBuild(fixture.db, fixture.out, { asOf: todayIn('Africa/Lagos'), now: new Date(), maxAgeDays: 100_000 }));
      [preview, edge] = await Promise.all([PREVIEW.start(fixture.out), tested.start(fixture.out)]);
    });

    afterAll(async () => {
      await Promise.all([preview?.stop(), edge?.stop()]);
      await fixture?.remove();
    });

    async function compare(c: Case): Promise<{ edge: Reply; preview: Reply }> {
      const sent = performance.now();
      const [n, p] = await Promise.all([send(edge.url, c), send(preview.url, c)]);
      return check(c, n, p, (performance.now() - sent) / 1000);
    }

    /** `seconds`: how long the two answers took; each server read its clock at some moment of it. */
    async function check(c: Case, n: Reply, p: Reply, seconds: number): Promise<{ edge: Reply; preview: Reply }> {
      const where = `${c.method} ${c.target.slice(0, 200)} ${JSON.stringify(c.headers ?? {})}`;
      if (n.status >= 500) throw new Error(`${where}: ${name} answered ${n.status}\n${edge.diagnose ? await edge.diagnose() : ''}`);
      expect(n.status, where).toBe(p.status);
      expect(n.bytes.equals(p.bytes), `${where}: bodies differ\n${name}: ${n.body.toString().slice(0, 300)}\npreview: ${p.body.toString().slice(0, 300)}`).toBe(
        true,
      );
      const [nh, ph] = [answerHeaders(n, c.method), answerHeaders(p, c.method)];
      if (!('content-length' in nh) || !('content-length' in ph)) {
        delete nh['content-length'];
        delete ph['content-length'];
      }
      expect(nh, where).toEqual(ph);
      // Static content (a dot segment can lead out of a base) is revalidated on every use;
      // what a server refuses itself (edgeError: malformed framing) is never stored.
      if (p.headers['cache-control'] === STATIC_HEADERS['cache-control'] || p.headers['cache-control'] === 'no-store') {
        expect(n.headers['cache-control'], where).toBe(p.headers['cache-control']);
        return { edge: n, preview: p };
      }
      // max-age counts down to validUntil; an edge may fall behind by a few seconds (nginx's table rounds down), never run ahead.
      const behind = maxAgeOf(p, where) - maxAgeOf(n, where);
      const skew = Math.ceil(seconds);
      expect(behind, `${where}: max-age behind the preview's by`).toBeGreaterThanOrEqual(-1 - skew);
      expect(behind, `${where}: max-age behind the preview's by`).toBeLessThanOrEqual(tested.maxAgeBehind + skew);
      return { edge: n, preview: p };
    }

    /** The cases each edge answers unlike the preview (the first lines of each difference), asked a few at a time. */
    async function differing(cases: Case[]): Promise<string[]> {
      const differences: string[] = [];
      let next = 0;
      // A few at a time: each request is independent, and workerd answers one by one slowly on a busy machine.
      const worker = async () => {
        for (let c = cases[next++]; c !== undefined; c = cases[next++]) {
          const sent = performance.now();
          const [n, p] = await Promise.all([send(edge.url, c), send(preview.url, c)]);
          const seconds = (performance.now() - sent) / 1000;
          try {
            await check(c, n, p, seconds);
          } catch (error) {
            differences.push(
              String((error as Error).message)
                .split('\n')
                .slice(0, 4)
                .join('\n'),
            );
          }
        }
      };
      await Promise.all(Array.from({ length: 6 }, worker));
      return differences;
    }

    it('answers some 700 API requests with the same status, bytes and headers, asked twice (the second from its cache)', async () => {
      const cases = [...BASES.flatMap(apiCases), ...rangeCases(200)];
      expect(cases.length).toBeGreaterThan(700);
      for (const c of cases) await compare(c);
      for (const c of cases) await compare(c);
      const meta = JSON.parse((await send(edge.url, { method: 'GET', target: '/api/v1/meta' })).body.toString());
      expect(maxAgeOf(await send(edge.url, { method: 'GET', target: '/api/v1/meta' }), 'meta')).toBeGreaterThan(0);
      expect(Date.parse(meta.data.validUntil)).toBeGreaterThan(Date.now());
      // some 1,400 requests to each of two servers, one after the other: 90 s seen on workerd with assets under a load of 17
    }, 300_000);

    it('answers every request generated from the endpoint table (each endpoint, parameter, value, pair, method, both bases) as the preview does', async () => {
      const index = JSON.parse(await readFile(path.join(fixture.out, paths.routing), 'utf8')) as RoutingIndex;
      const cases = generatedCases(index, { first: index.all!.first, last: index.all!.last, gap: GAP });
      expect(cases.length).toBeGreaterThan(1000);
      // Every endpoint under every base, with every one of its parameters and each parameter's edge values.
      for (const base of BASES) {
        for (const endpoint of ENDPOINTS) {
          const own = cases.filter((c) => c.target.startsWith(`${base}${endpoint.path}?`)).map((c) => c.target);
          for (const name of endpoint.parameters) {
            for (const value of [PARAMETERS[name].schema.example, ...((PARAMETERS[name] as Parameter<unknown>).edges ?? [])]) {
              expect(own, `${base}${endpoint.path} ${name}=${value}`).toContain(`${base}${endpoint.path}?${name}=${value}`);
            }
          }
        }
      }
      const differences = await differing(cases);
      expect(differences.length, `${differences.length} of ${cases.length} differ:\n${differences.slice(0, 10).join('\n\n')}`).toBe(0);
    }, 300_000);

    // Issue 43: njs wrote some composed figures in another form than V8 (1.7191428499999999 for 1.71914285), under the same ETag.
    it('answers each answer option with every value it takes (every currency) over every month, for each metal, as the preview does', async () => {
      const index = JSON.parse(await readFile(path.join(fixture.out, paths.routing), 'utf8')) as RoutingIndex;
      const cases = optionSweep(index, monthsBetween(index.all!.first, index.all!.last), [1, 2]);
      expect(cases.length).toBeGreaterThan(400);
      const differences = await differing(cases);
      expect(differences.length, `${differences.length} of ${cases.length} differ:\n${differences.slice(0, 10).join('\n\n')}`).toBe(0);
    }, 300_000);

    // Only where the edge owns its framing (workerd's is Miniflare's): registered where it applies, never a skip.
    if (tested.ownsFraming) {
      it('answers the raw framing cases (repeated header lines, no Host, Expect) as the preview does, each an envelope with CORS', async () => {
        const cases = rawCases();
        const etags = new Map<string, string>();
        const differences: string[] = [];
        for (const c of cases) {
          if (!etags.has(c.target)) etags.set(c.target, String((await send(preview.url, { method: 'GET', target: c.target })).headers.etag));
          const head = c.head(etags.get(c.target)!);
          const sent = performance.now();
          const [n, p] = await Promise.all([rawRequest(edge.url, head), rawRequest(preview.url, head)]);
          const seconds = (performance.now() - sent) / 1000;
          const where: Case = { method: 'GET', target: c.target, headers: { framing: c.name } };
          try {
            if (c.same) {
              await check(where, n, p, seconds);
            } else {
              for (const [server, reply] of [[name, n] as const, ['preview', p] as const]) {
                expect([reply.headers['content-type'], reply.headers['access-control-allow-origin']], `${server}: ${c.name} on ${c.target}`).toEqual([
                  'application/json; charset=utf-8',
                  '*',
                ]);
                expect(typeof JSON.parse(reply.body).success, `${server}: ${c.name} on ${c.target}`).toBe('boolean');
              }
            }
          } catch (error) {
            differences.push(
              `${c.name} on ${c.target}: ${String((error as Error).message)
                .split('\n')
                .slice(0, 3)
                .join('\n')}`,
            );
          }
        }
        expect(cases.length).toBeGreaterThan(300);
        expect(differences.length, `${differences.length} of ${cases.length} differ:\n${differences.slice(0, 10).join('\n\n')}`).toBe(0);
      });
    }

    it('If-None-Match: 304 exactly when the router says so, for files, composed and cached answers', async () => {
      for (const base of BASES) {
        for (const target of [
          '/rates/latest',
          '/meta',
          '/rates?start_date=2020-01-01&end_date=2020-01-31',
          '/rates?start_date=2020-01-05&end_date=2020-02-03',
          '/rates?start_date=2020-01-05&end_date=2020-02-03&subcategory=2',
          // Three months or more: on the worker, parts piped between two cut ends (router/pieces.ts), let go on a 304 or a HEAD.
          '/rates?start_date=2020-02-15&end_date=2023-11-30',
          '/rates?subcategory=1',
          '/nisab?subcategory=3',
        ]) {
          const first = await send(edge.url, { method: 'GET', target: base + target });
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
      const conditions: Record<string, string>[] = [
        { 'if-modified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' },
        { 'if-modified-since': 'Fri, 01 Jan 2100 00:00:00 GMT' },
        { 'if-match': '"nope"' },
        { 'if-unmodified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' },
        { range: 'bytes=0-9' },
      ];
      for (const headers of conditions) {
        for (const t of [target, '/api/v1/meta', '/api/v1/rates?start_date=2020-01-05&end_date=2020-02-03']) {
          const { edge: n } = await compare({ method: 'GET', target: t, headers });
          expect(n.status).toBe(200);
        }
      }
    });

    it('serves static content outside the bases from the snapshot, byte for byte', async () => {
      for (const c of STATIC_CASES) {
        const { edge: n } = await Promise.all([send(edge.url, c), send(preview.url, c)]).then(([a, b]) => ({ edge: a, preview: b }));
        expect(n.status, c.target).toBe(200);
        const file = c.target.endsWith('/') ? `${c.target}index.html` : c.target;
        expect(n.bytes.equals(await readFile(path.join(fixture.out, file))), c.target).toBe(true);
        expect(n.headers['access-control-allow-origin'], c.target).toBe('*');
      }
    });

    it('serves the calendar feed and the text answers with their exact types (docs/API.md §10), as the preview does', async () => {
      const files = [paths.calendarIcs, ...TEXT_FORMS.map((form) => paths.textAnswer(form))];
      for (const file of files) {
        const c: Case = { method: 'GET', target: '/' + file };
        const [e, p] = await Promise.all([send(edge.url, c), send(preview.url, c)]);
        const type = contentType(kindOf(file));
        expect([e.status, e.headers['content-type'], p.status, p.headers['content-type']], file).toEqual([200, type, 200, type]);
        expect(e.bytes.equals(await readFile(path.join(fixture.out, file))), file).toBe(true);
        expect(e.bytes.equals(p.bytes), file).toBe(true);
        expect(e.headers['access-control-allow-origin'], file).toBe('*');
      }
    });
  });
}
