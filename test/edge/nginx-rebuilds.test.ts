// Issue 31: any sequence of builds, with and without --nginx-prefix, leaves every
// kind of nginx answer a 200. Three builds of the same day make trees with the
// same mark (named by the content): the third sweeps the tree the site was
// written for, and every composed answer was a 503 ("the snapshot is not
// readable") until nginx was reloaded.
import { realpath } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { main } from '../../generator/cli.ts';
import { addDays } from '../../generator/model/dates.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { fixtureBuild, makeFixture, type Fixture, AS_OF } from '../support/fixture.ts';
import { errorLog, nginxMissing, startNginx, type NginxServer } from '../support/nginx-server.ts';
import { skipOrFail } from '../support/required-tools.ts';
import { send } from './same-bytes-suite.ts';

const missing = skipOrFail(nginxMissing(), 'the nginx rebuild test');

/**
 * Every kind of answer, on days that differ per round (so no round is answered
 * from the answer cache filled by an earlier one): the fast path, a composed
 * range, dated, currency and Hijri answers, on both bases.
 */
function targets(round: number): string[] {
  const day = String(10 + round).padStart(2, '0');
  return [
    '/api/v1/rates/latest',
    '/index.php/api/v1/nisab',
    '/api/v1/meta',
    '/api/v1/rates?start_date=2024-01-01&end_date=2024-01-31&subcategory=1',
    `/api/v1/rates?start_date=2023-11-${day}&end_date=2024-02-${day}`,
    `/index.php/api/v1/rates?start_date=2022-03-${day}&end_date=2023-02-${day}&subcategory=2`,
    `/api/v1/rates/latest?date=2023-06-${day}`,
    `/api/v1/nisab?date=2022-05-${day}&subcategory=2`,
    `/api/v1/rates/latest?currency=GBP&date=2023-07-${day}`,
    `/api/v1/nisab?currency=EUR&date=2023-01-${day}`,
    `/api/v1/rates?start_date=2023-09-${day}&end_date=2023-10-${day}&currency=GBP`,
    `/api/v1/rates/latest?hijri_date=1444-09-${day}`,
    `/api/v1/nisab?hijri_date=1445-02-${day}&subcategory=1`,
  ];
}

describe.skipIf(missing !== null)(`nginx after rebuilds${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let fixture: Fixture;
  let preview: Preview;
  let nginx: NginxServer;

  beforeAll(async () => {
    fixture = await makeFixture();
    await buildSnapshot(fixtureBuild(fixture.db, fixture.out));
    [preview, nginx] = await Promise.all([startPreview({ dir: fixture.out, port: 0 }), startNginx(fixture.out)]);
  });

  afterAll(async () => {
    await Promise.all([preview?.close(), nginx?.stop()]);
    await fixture?.remove();
  });

  async function everyAnswer(round: number, when: string): Promise<void> {
    for (const target of targets(round)) {
      const c = { method: 'GET', target };
      const [n, p] = await Promise.all([send(nginx.url, c), send(preview.url, c)]);
      expect(p.status, `${when}: the preview, ${target}`).toBe(200);
      if (n.status !== 200) throw new Error(`${when}: ${target} answered ${n.status} ${n.body}\n${await errorLog(nginx)}`);
      expect([n.body, n.headers['etag']], `${when}: ${target}`).toEqual([p.body, p.headers['etag']]);
    }
  }

  /** One build of the same day as the first, without the site's prefix (what `npm run build` does). */
  const rebuild = async () => {
    const built = await buildSnapshot(fixtureBuild(fixture.db, fixture.out));
    await built.retired;
  };

  it('answers every kind of request 200 after three same-day builds without --nginx-prefix, and after builds with it', async () => {
    const written = await realpath(fixture.out);
    await everyAnswer(0, 'the tree the site was written for');
    await rebuild();
    await everyAnswer(1, 'one build later');
    await rebuild();
    expect(await realpath(fixture.out)).not.toBe(written);
    await everyAnswer(2, 'two builds later (the tree the site was written for is swept)');
    // The new tree has the same mark: its composed answers are still kept in the answer cache.
    const composed = { method: 'GET', target: targets(2)[4]! };
    await send(nginx.url, composed);
    expect((await send(nginx.url, composed)).headers['x-nisab-path']).toBe('cache HIT');

    // With the prefix: the site is written again for the new tree and nginx reloaded.
    const exitCode = process.exitCode;
    await main(['build', '--db', fixture.db, '--out', fixture.out, '--as-of', AS_OF, '--max-age-days', '3', '--nginx-prefix', nginx.prefix]);
    expect(process.exitCode ?? 0, 'the build failed (see stderr)').toBe(exitCode ?? 0);
    await everyAnswer(3, 'after build --nginx-prefix');
    // nginx's new workers take over within moments of SIGHUP; then two more builds sweep their tree too.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await rebuild();
    await rebuild();
    await everyAnswer(4, 'two builds after build --nginx-prefix');
    await main(['build', '--db', fixture.db, '--out', fixture.out, '--as-of', AS_OF, '--max-age-days', '3', '--nginx-prefix', nginx.prefix]);
    await main(['build', '--db', fixture.db, '--out', fixture.out, '--as-of', AS_OF, '--max-age-days', '3', '--nginx-prefix', nginx.prefix]);
    expect(process.exitCode ?? 0, 'the build failed (see stderr)').toBe(exitCode ?? 0);
    await everyAnswer(5, 'two builds with --nginx-prefix in a row');
  }, 120_000);

  // The fast path answers a revalidation with its own ETag itself (issue 49): after a build of new data
  // without --nginx-prefix, the ETag the site was written for must no longer be answered 304.
  it("answers a revalidation with the ETag of the tree it was written for by the new tree's answer, after a build of new data", async () => {
    const meta = { method: 'GET', target: '/api/v1/meta' };
    const written = (await send(nginx.url, meta)).headers['etag'] as string;
    expect((await send(nginx.url, { ...meta, headers: { 'if-none-match': written } })).status).toBe(304);
    const built = await buildSnapshot(fixtureBuild(fixture.db, fixture.out, { asOf: addDays(AS_OF, 1) }));
    await built.retired;
    const asked = { ...meta, headers: { 'if-none-match': written } };
    const [n, p] = await Promise.all([send(nginx.url, asked), send(preview.url, asked)]);
    expect(p.status).toBe(200);
    expect([n.status, n.body, n.headers['etag']]).toEqual([200, p.body, p.headers['etag']]);
    expect(p.headers['etag']).not.toBe(written);
    // And the new tree's ETag is its 304, by the router until the site is written again.
    const again = await send(nginx.url, { ...meta, headers: { 'if-none-match': p.headers['etag'] as string } });
    expect([again.status, again.headers['x-nisab-path']]).toEqual([304, 'router']);
  }, 60_000);
});
