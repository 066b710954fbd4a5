// The nginx site's own request handling, beyond the same-bytes suite: hostile
// raw requests, requests that try to poison its answer cache or reach its
// internal locations, and a build that the site follows without a manual reload.
import { realpath } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { main } from '../../generator/cli.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { todayIn } from '../../generator/clock.ts';
import { fixtureBuild, makeFixture, type Fixture } from '../support/fixture.ts';
import { rawRequest, type Answer } from '../support/http.ts';
import { nginxMissing, startNginx, type NginxServer } from '../support/nginx-server.ts';
import { skipOrFail } from '../support/required-tools.ts';
import { rangeCases, send } from './same-bytes-suite.ts';

const missing = skipOrFail(nginxMissing(), "the nginx site's request handling tests");
const JSON_TYPE = 'application/json; charset=utf-8';

/** What a client sees of an answer: status, body, ETag. */
function seen(answer: Answer): [number, string, string | undefined] {
  return [answer.status, answer.body, answer.headers['etag']];
}

function head(line: string, headers = ''): string {
  return `${line}\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`;
}

describe.skipIf(missing !== null)(`the nginx site's request handling${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let fixture: Fixture;
  let preview: Preview;
  let nginx: NginxServer;

  beforeAll(async () => {
    fixture = await makeFixture();
    await buildSnapshot(fixtureBuild(fixture.db, fixture.out, { asOf: todayIn('Africa/Lagos'), now: new Date(), maxAgeDays: 100_000 }));
    [preview, nginx] = await Promise.all([startPreview({ dir: fixture.out, port: 0 }), startNginx(fixture.out)]);
  });

  afterAll(async () => {
    await Promise.all([preview?.close(), nginx?.stop()]);
    await fixture?.remove();
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
      const reply = await rawRequest(nginx.url, head);
      const where = line.toString().slice(0, 80);
      expect(reply.status, where).toBeGreaterThanOrEqual(200);
      expect(reply.status, where).toBeLessThan(500);
      expect(reply.headers['content-type'], where).toBe(JSON_TYPE);
      expect(reply.headers['access-control-allow-origin'], where).toBe('*');
      expect(() => JSON.parse(reply.body), where).not.toThrow();
      expect(reply.body, where).not.toMatch(/root:|<html/i);
    }
    const chunked = await rawRequest(nginx.url, 'GET /api/v1/meta HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: gzip\r\n\r\n');
    expect([chunked.status < 500, chunked.headers['content-type']]).toEqual([true, JSON_TYPE]);
    // TRACE and CONNECT are refused before their body is read; a malformed chunked body
    // then failed the 405's error page, and nginx sent its HTML 400 without CORS
    // (scripts/adversarial.ts --long found 6 in 1,500 raw requests).
    for (const method of ['TRACE', 'CONNECT']) {
      for (const target of ['/api/v1/nope', '/index.php/api/v1/nisab?date=2024-01-01']) {
        const where = `${method} ${target} with a chunk size "zz"`;
        const reply = await rawRequest(
          nginx.url,
          `${method} ${target} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nConnection: close\r\n\r\n`,
        );
        expect([reply.status, reply.headers['content-type'], reply.headers['access-control-allow-origin']], where).toEqual([405, JSON_TYPE, '*']);
        expect(JSON.parse(reply.body), where).toEqual({ success: false, message: `method ${method} is not allowed; use GET, HEAD or OPTIONS` });
      }
    }
    // Bodies, small or too large for nginx, still get the router's 405.
    for (const size of [10, 5_000_000]) {
      const post = await rawRequest(
        nginx.url,
        Buffer.concat([Buffer.from(`POST /api/v1/rates HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${size}\r\n\r\n`), Buffer.alloc(size, 'a')]),
      );
      expect([post.status, post.headers['content-type'], post.headers.allow], `POST of ${size} bytes`).toEqual([405, JSON_TYPE, 'GET, HEAD, OPTIONS']);
    }
    // Paths that climb into the site's own internal locations are still requests under a base.
    for (const inner of ['_nisab/fast/v1/meta.json', '_nisab/api', '_nisab/cached', '_nisab/proxied', '_nisab/compose', '_nisab/refused/400']) {
      for (const method of ['GET', 'POST']) {
        const c = { method, target: `/api/v1/../../${inner}` };
        const [n, p] = await Promise.all([send(nginx.url, c), send(preview.url, c)]);
        expect([n.status, n.body], `${method} ${c.target}`).toEqual([p.status, p.body]);
      }
    }
  });

  it('never lets a malformed request line or an internal header change the answer a normal request gets (cache poisoning)', async () => {
    // Composed ranges (the answer cache) and single-file answers (the fast path), on both bases.
    const normals = [
      ...rangeCases(12).map((c) => c.target),
      '/api/v1/rates?start_date=2020-01-05&end_date=2020-02-03',
      '/index.php/api/v1/rates?start_date=2020-01-05&end_date=2020-02-03&subcategory=2',
      '/api/v1/rates/latest',
      '/api/v1/meta',
    ];
    const variants = (target: string): string[] => [
      head(`GET http://localhost${target} HTTP/1.1`),
      head(`GET http://evil.example${target} HTTP/1.1`),
      head(`GET  ${target}  HTTP/1.1`),
      head(`GET ${target}\tHTTP/1.1`),
      head(`GET ${target} HTTP/1.0`),
      head(`GET ${target} HTTP/9.9`),
      head(`get ${target} HTTP/1.1`),
      head(`GET ${target}%0A HTTP/1.1`),
      head(`GET ${target}#x HTTP/1.1`),
      head(`GET ${target} HTTP/1.1`, 'X-Nisab-Refused: /_nisab/refused/503\r\n'),
      head(`GET ${target} HTTP/1.1`, 'X-Nisab-Refused: /x/200\r\nX-Nisab-URI: /api/v1/nope\r\nX-Nisab-Method: POST\r\n'),
      head(`GET ${target} HTTP/1.1`, 'X-Nisab-Tree: /etc\r\nX-Nisab-If-None-Match: *\r\n'),
      head(`GET ${target} HTTP/1.1`, `X-Big: ${'x'.repeat(40_000)}\r\n`),
    ];
    for (const target of normals) {
      const before = seen(await send(nginx.url, { method: 'GET', target }));
      expect(before[0], target).toBe(200);
      for (const variant of variants(target)) {
        const odd = await rawRequest(nginx.url, variant);
        expect(odd.status, variant.slice(0, 80)).toBeLessThan(500);
        expect(seen(await send(nginx.url, { method: 'GET', target })), `${target} after ${variant.slice(0, 80)}`).toEqual(before);
      }
    }
    // The internal locations answer nothing from outside, whatever the headers say.
    for (const inner of [
      '/_nisab/api',
      '/_nisab/cached',
      '/_nisab/proxied',
      '/_nisab/compose',
      '/_nisab/refused/200',
      '/_nisab/mem/v1/meta.json',
      '/_nisab/static/index.html',
    ]) {
      const answer = await rawRequest(
        nginx.url,
        head(`GET ${inner} HTTP/1.1`, 'X-Nisab-Refused: /x/200\r\nX-Nisab-URI: /api/v1/meta\r\nX-Nisab-Method: GET\r\n'),
      );
      expect([answer.status, answer.headers['content-type'], JSON.parse(answer.body).success], inner).toEqual([404, JSON_TYPE, false]);
    }
  }, 120_000);

  it('serves static text with its charset (utf-8), as the preview and Cloudflare assets type it', async () => {
    for (const [target, type] of [
      ['/widget.js', 'text/javascript; charset=utf-8'],
      ['/', 'text/html; charset=utf-8'],
      ['/v1/meta.json', 'application/json; charset=utf-8'],
    ] as const) {
      const [n, p] = await Promise.all([send(nginx.url, { method: 'GET', target }), send(preview.url, { method: 'GET', target })]);
      expect([n.status, n.headers['content-type'], p.headers['content-type']], target).toEqual([200, type, type]);
      expect(n.body, target).toBe(p.body);
    }
  });

  it('follows a build that swaps the snapshot link at once, and serves the new tree from plain nginx after build --nginx-prefix', async () => {
    const before = await realpath(fixture.out);
    const fastTarget = '/api/v1/rates/latest';
    const composed = '/api/v1/rates?start_date=2024-03-10&end_date=2024-03-20';
    expect((await send(nginx.url, { method: 'GET', target: fastTarget })).headers['x-nisab-path']).toBe('fast');
    // A build alone: right answers at once, from njs (the fast path belongs to the old tree).
    await buildSnapshot(fixtureBuild(fixture.db, fixture.out, { asOf: '2024-03-17', now: new Date(), maxAgeDays: 100_000 }));
    expect(await realpath(fixture.out)).not.toBe(before);
    const meta = await send(nginx.url, { method: 'GET', target: '/api/v1/meta' });
    expect(JSON.parse(meta.body).data.asOf).toBe('2024-03-17');
    expect(meta.headers['x-nisab-path']).toBe('router');
    for (const c of rangeCases(20)) {
      const [n, p] = await Promise.all([send(nginx.url, c), send(preview.url, c)]);
      expect([n.status, n.body], c.target).toEqual([p.status, p.body]);
    }
    // The build again, with the site's prefix: the site is written for the new tree and reloaded.
    const exitCode = process.exitCode;
    await main(['build', '--db', fixture.db, '--out', fixture.out, '--as-of', '2024-03-18', '--max-age-days', '100000', '--nginx-prefix', nginx.prefix]);
    expect(process.exitCode ?? 0, 'the build failed (see stderr)').toBe(exitCode ?? 0);
    // nginx's new workers take over within moments of SIGHUP.
    let latest: Answer | undefined;
    for (let i = 0; i < 100; i++) {
      latest = await send(nginx.url, { method: 'GET', target: fastTarget });
      if (latest.headers['x-nisab-path'] === 'fast' && JSON.parse(latest.body).data.drtDate === '2024-03-18') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([latest!.headers['x-nisab-path'], JSON.parse(latest!.body).data.drtDate]).toEqual(['fast', '2024-03-18']);
    expect(latest!.body).toBe((await send(preview.url, { method: 'GET', target: fastTarget })).body);
    // Composed ranges of the new tree are kept in the answer cache.
    const first = await send(nginx.url, { method: 'GET', target: composed });
    const second = await send(nginx.url, { method: 'GET', target: composed });
    const again = await send(nginx.url, { method: 'GET', target: composed });
    // Kept the second time it is asked (proxy_cache_min_uses 2).
    expect([first, second, again].map((answer) => answer.headers['x-nisab-path'])).toEqual(['cache MISS', 'cache MISS', 'cache HIT']);
    expect(again.body).toBe((await send(preview.url, { method: 'GET', target: composed })).body);
  }, 120_000);
});
