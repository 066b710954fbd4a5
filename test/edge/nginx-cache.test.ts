// Issue 31: the nginx answer cache stays within its size. It admits only the
// API's own parameters, once each, with plain values: a junk parameter, a
// repeated one or an encoded value is answered by the router and never kept, so
// random junk cannot inflate its keys (it reached 5.6 GB against max_size=512m
// under random parameters); and nginx's cache manager holds it to max_size.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { fixtureBuild, makeFixture, type Fixture } from '../support/fixture.ts';
import { nginxMissing, startNginx, type NginxServer } from '../support/nginx-server.ts';
import { skipOrFail } from '../support/required-tools.ts';
import { send } from './same-bytes-suite.ts';

const missing = skipOrFail(nginxMissing(), 'the nginx answer cache test');
const MAX_MIB = 1;

function cacheBytes(nginx: NginxServer): number {
  return Number(spawnSync('du', ['-sb', path.join(nginx.prefix, 'cache')], { encoding: 'utf8' }).stdout.split('\t')[0]);
}

describe.skipIf(missing !== null)(`the nginx answer cache${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let fixture: Fixture;
  let preview: Preview;
  let nginx: NginxServer;

  beforeAll(async () => {
    fixture = await makeFixture();
    await buildSnapshot(fixtureBuild(fixture.db, fixture.out));
    [preview, nginx] = await Promise.all([startPreview({ dir: fixture.out, port: 0 }), startNginx(fixture.out, { cacheMaxSizeMiB: MAX_MIB })]);
  });

  afterAll(async () => {
    await Promise.all([preview?.close(), nginx?.stop()]);
    await fixture?.remove();
  });

  it('keeps no answer to a junk, repeated or encoded parameter (each answered as the preview does), and keeps the API own queries', async () => {
    const range = 'start_date=2023-01-05&end_date=2023-03-09';
    const before = cacheBytes(nginx);
    for (const query of [
      `${range}&junk=1`,
      `${range}&utm_source=x`,
      `junk=&${range}`,
      `${range}&subcategory=1&subcategory=1`,
      `${range}&start_date=2023-01-05`,
      'start_date=2023-01-05&end_date=%32023-03-09',
      `${range}&subcategory=gold%20`,
      `${range}&`,
    ]) {
      const c = { method: 'GET', target: `/api/v1/rates?${query}` };
      const [n, p] = await Promise.all([send(nginx.url, c), send(preview.url, c)]);
      expect([n.status, n.body, n.headers['x-nisab-path']], query).toEqual([p.status, p.body, 'router']);
    }
    expect(cacheBytes(nginx)).toBe(before);
    for (const query of [range, `subcategory=silver&${range}`, `${range}&currency=GBP`, '']) {
      const c = { method: 'GET', target: `/api/v1/rates${query === '' ? '' : '?'}${query}` };
      // Kept the second time it is asked.
      const paths = [];
      for (let i = 0; i < 3; i++) paths.push((await send(nginx.url, c)).headers['x-nisab-path']);
      expect(paths, query).toEqual(['cache MISS', 'cache MISS', 'cache HIT']);
      const again = await send(nginx.url, c);
      expect(again.body).toBe((await send(preview.url, c)).body);
    }
  });

  it('answers a revalidation with the answer own ETag without njs: a single file by the fast path, a kept answer from the cache', async () => {
    const single = { method: 'GET', target: '/api/v1/rates/latest' };
    const composed = { method: 'GET', target: '/api/v1/rates?start_date=2023-02-05&end_date=2023-04-09' };
    const own = async (c: { method: string; target: string }) => (await send(preview.url, c)).headers['etag'] as string;
    const [singleEtag, composedEtag] = [await own(single), await own(composed)];
    // The headers a 304 shares with the preview's (max-age counts down, so only its presence).
    const shared = (h: Record<string, string | string[] | undefined>) => [
      h['content-length'],
      h['content-type'],
      h['etag'],
      h['access-control-allow-origin'],
      h['access-control-expose-headers'],
      typeof h['cache-control'],
    ];
    const asked = async (c: { method: string; target: string }, etag: string) => {
      const answer = await send(nginx.url, { ...c, headers: { 'if-none-match': etag } });
      if (answer.status === 304)
        expect(shared(answer.headers), `${c.method} ${c.target} ${etag}`).toEqual(
          shared((await send(preview.url, { ...c, headers: { 'if-none-match': etag } })).headers),
        );
      return [answer.status, answer.headers['x-nisab-path']];
    };
    for (const method of ['GET', 'HEAD']) expect(await asked({ ...single, method }, singleEtag), method).toEqual([304, 'fast']);
    // Another ETag of the same form: the file itself, as a plain GET has it.
    expect(await asked(single, `"${'0'.repeat(40)}"`)).toEqual([200, 'fast']);
    // Not yet kept: the router compares (and the cache counts the use); once kept, the cache does.
    expect(await asked(composed, composedEtag)).toEqual([304, 'cache MISS']);
    expect(await asked(composed, `"${'0'.repeat(40)}"`)).toEqual([200, 'cache MISS']);
    expect(await asked(composed, composedEtag)).toEqual([304, 'cache HIT']);
    expect(await asked({ ...composed, method: 'HEAD' }, composedEtag)).toEqual([304, 'cache HIT']);
    expect(await asked(composed, `"${'0'.repeat(40)}"`)).toEqual([200, 'cache HIT']);
    // Any other form (weak, a list, another word) is the router's, as before.
    for (const etag of [`W/${composedEtag}`, `"x", ${composedEtag}`, '"x"', '*']) expect((await asked(composed, etag))[1], etag).toBe('router');
    expect((await asked(single, `W/${singleEtag}`))[1]).toBe('router');
  });

  it('keeps nothing of ranges asked once, and stays within max_size under many distinct ranges asked twice', async () => {
    const ranges = Array.from({ length: 36 }, (_, month) => {
      const start = `${2020 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-03`;
      return { method: 'GET', target: `/api/v1/rates?start_date=${start}&end_date=2024-03-01` };
    });
    const before = cacheBytes(nginx);
    for (const c of ranges) expect((await send(nginx.url, c)).status).toBe(200);
    expect(cacheBytes(nginx)).toBe(before);
    let answered = 0;
    for (const c of ranges) answered += (await send(nginx.url, c)).body.length;
    expect(answered).toBeGreaterThan(4 * MAX_MIB * 2 ** 20);
    // nginx's cache manager wakes every 10 s (the site's clock zone), and then holds the cache to max_size.
    let bytes = cacheBytes(nginx);
    for (let i = 0; i < 150 && bytes > MAX_MIB * 2 ** 20 * 1.5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      bytes = cacheBytes(nginx);
    }
    expect(bytes).toBeLessThanOrEqual(MAX_MIB * 2 ** 20 * 1.5);
  }, 180_000); // 9.4 s in a quiet .ci/run; beside 16 busy processes a test takes up to 7 times as long
});
