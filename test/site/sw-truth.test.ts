// The service worker tells the truth (issue 43), in real Chromium against the
// preview over snapshots of the real default data, rebuilt for real (as of
// 2025-09-21, then of 2025-10-29, whose newest gold rate is of 2025-10-19):
// only a failed network means "offline"; a storage failure (the origin's quota
// overridden through the DevTools protocol) serves the network's answer and
// keeps the old set; one page's new build never deletes what another page's
// worker still answers from; a captive portal's HTML, an answer of 19 MB and
// one the Cache API refuses (`Vary: *`) are never kept; the precache waits for
// the page's load event (issue 49). The oracles: the server's own answers (read
// here without the browser), the builds' own dates, the words of every
// catalogue of LANGUAGES, and the Cache API read back.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { NisabRule } from '../../generator/model/schemas.ts';
import { startPreview } from '../../generator/edges/preview/server.ts';
import { LANGUAGES } from '../../generator/site/i18n/catalogue.ts';
import { PAGE_CATALOGUES } from '../../generator/site/i18n/catalogues.ts';
import { KEEP_CAP } from '../../generator/site/page/sw-file.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { defaultSnapshot } from '../support/default-snapshot.ts';
import { useDefaultPage } from '../support/default-page.ts';
import { visitWithWorker } from '../support/chromium.ts';
import { fixtureBuild } from '../support/fixture.ts';

const site = useDefaultPage();

/** The first words of each language's offline notice ("You are offline", "Ba ka da intanet", ...), up to its colon. */
const OFFLINE_WORDS = LANGUAGES.map((lang) => PAGE_CATALOGUES[lang].page.offline('1 January 2025', 1, '1').split(':')[0]!);

/** Rebuilds the snapshot's own database as of 2025-10-29 into the folder its preview serves (the nightly's next build). */
const rebuild = (out: string) => buildSnapshot(fixtureBuild(path.join(path.dirname(out), 'source.sqlite'), out, { asOf: '2025-10-29' }));

/** Waits until the page's worker is active with nothing installing, and `count` caches are left: none of `gone`, all of `kept`. */
async function waitForSets(page: Page, sets: { count: number; gone: string[]; kept: string[] }) {
  await expect
    .poll(
      () =>
        page.evaluate(async ({ count, gone, kept }) => {
          const registration = await navigator.serviceWorker.getRegistration();
          const names = (await caches.keys()).filter((name) => name.startsWith('nisab-page-'));
          const ready = registration?.active?.state === 'activated' && !registration.installing && !registration.waiting;
          return ready && names.length === count && !names.some((name) => gone.includes(name)) && kept.every((name) => names.includes(name));
        }, sets),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The names of the worker's caches. */
const cacheNames = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('nisab-page-')).sort());

/** Everything kept under /api/ or /v1/ in every cache: its path, type, size and body. */
const keptAnswers = (page: Page) =>
  page.evaluate(async () => {
    const kept: { cache: string; path: string; type: string | null; bytes: number; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        if (!/^\/(index\.php\/)?(api\/)?v1\//.test(url.pathname)) continue;
        const response = (await cache.match(request))!;
        const body = await response.text();
        kept.push({ cache: name, path: url.pathname + url.search, type: response.headers.get('content-type'), bytes: new Blob([body]).size, body });
      }
    }
    return kept;
  });

/** The page as the new build wrote it, online, with no word of "offline" in any language. */
async function expectOnlineNewBuild(page: Page) {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  expect(await page.getAttribute('h1', 'data-date')).toBe('2025-10-19');
  expect(await page.isVisible('#offline')).toBe(false);
  // biome-ignore lint/performance/useDomNodeTextContent: the words a reader sees, as rendered
  const text = await page.evaluate(() => document.body.innerText);
  for (const words of OFFLINE_WORDS) expect(text).not.toContain(words);
}

async function expectOffline(page: Page, date: string) {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  expect(await page.getAttribute('h1', 'data-date')).toBe(date);
  expect(await page.isVisible('#offline')).toBe(true);
}

/** A snapshot of the default data of its own, its preview and a browser context, for a test that rebuilds; all removed after. */
async function ownSite(run: (mine: { out: string; url: string; context: BrowserContext; page: Page }) => Promise<void>) {
  const own = await defaultSnapshot();
  const server = await startPreview({ dir: own.out, port: 0 });
  const context = await site.browser.newContext({ viewport: { width: 390, height: 800 }, serviceWorkers: 'allow' });
  try {
    await run({ out: own.out, url: server.url, context, page: await context.newPage() });
  } finally {
    await context.close();
    await server.close();
    await own.remove();
  }
}

describe('storage full (Storage.overrideQuotaForOrigin)', () => {
  it('online, the page is the new build three visits running and never says offline; offline, the old set is still whole', async () => {
    await ownSite(async ({ out, url, context, page }) => {
      await visitWithWorker(page, `${url}/`);
      expect(await page.getAttribute('h1', 'data-date')).toBe('2025-09-21');
      const before = await cacheNames(page);
      expect(before.length).toBe(1);

      // The origin's quota set to what it already uses: nothing more can be stored (the probe proves it).
      const cdp = await context.newCDPSession(page);
      const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: url, quotaSize: usage });
      const probe = await page.evaluate(async () => {
        try {
          await (await caches.open('probe')).put('/probe', new Response('x'.repeat(100_000)));
          return 'stored';
        } catch (error) {
          return (error as Error).name;
        } finally {
          await caches.delete('probe');
        }
      });
      expect(probe).toBe('QuotaExceededError');

      await rebuild(out);
      for (let visitNo = 0; visitNo < 3; visitNo++) {
        await page.reload();
        await expectOnlineNewBuild(page);
      }
      // The new build's worker could not keep its set: the old one stays, whole.
      await context.setOffline(true);
      await page.reload();
      await expectOffline(page, '2025-09-21');
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: url });
    });
  }, 240_000); // 15 to 58 s in six runs at load 13 to 46
});

describe('two pages across a rebuild', () => {
  it('/ takes the new build and /ha/ still opens offline with its own; then /ha/ takes it too', async () => {
    await ownSite(async ({ out, url, context, page }) => {
      await visitWithWorker(page, `${url}/`);
      await visitWithWorker(page, `${url}/ha/`);
      // Sorted: the English page's set, then the Hausa page's.
      const visited = await cacheNames(page);
      expect(visited.length).toBe(2);

      await rebuild(out);
      await page.goto(`${url}/`);
      await expectOnlineNewBuild(page);
      // The English page's new worker has taken over: its own new set in place of its old one, the Hausa page's left.
      await waitForSets(page, { count: 2, gone: [visited[0]!], kept: [visited[1]!] });

      await context.setOffline(true);
      await page.goto(`${url}/ha/`);
      await expectOffline(page, '2025-09-21');
      await page.goto(`${url}/`);
      await expectOffline(page, '2025-10-19');

      // Online again, /ha/ takes the new build too; one set per page is left, the old ones gone.
      await context.setOffline(false);
      await page.goto(`${url}/ha/`);
      await expectOnlineNewBuild(page);
      await waitForSets(page, { count: 2, gone: visited, kept: [] });
      await context.setOffline(true);
      await page.reload();
      await expectOffline(page, '2025-10-19');
    });
  }, 240_000); // 19 to 43 s in five runs at load 13 to 46
});

/**
 * A real server on 127.0.0.1 in front of the preview, as a hotel's or a mobile operator's captive portal stands
 * between a phone and the site: it passes everything through, except the answers under /api/ and /v1/ while `mode`
 * says otherwise.
 */
async function portal(upstream: string) {
  const state = { mode: 'pass' as 'pass' | 'html' | 'huge' | 'vary' };
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const answer = /^\/(index\.php\/)?(api\/)?v1\//.test(req.url ?? '');
    if (answer && state.mode === 'html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Wi-Fi</title><p>Sign in to continue: buy 1 hour for ₦200.</p>');
      return;
    }
    if (answer && state.mode === 'huge') {
      // 19 MB of a well-formed success envelope, sent chunked (no length to refuse it by).
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.write('{"success":true,"data":[');
      const row = JSON.stringify({ nsbID: 1, filler: 'x'.repeat(1_000) });
      for (let i = 0; i < 19_000; i++) res.write(i === 0 ? row : `,${row}`);
      res.end(']}');
      return;
    }
    const forward = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent: false }, (up) => {
      const headers = { ...up.headers };
      if (answer && state.mode === 'vary') headers.vary = '*';
      res.writeHead(up.statusCode ?? 502, headers);
      up.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('what is kept', () => {
  it("never a captive portal's HTML, an answer of 19 MB or one with Vary: *; offline, the figures are the real ones", async () => {
    const genuine = await (await fetch(`${site.preview.url}/api/v1/nisab`)).text();
    const gold = (JSON.parse(genuine) as { data: NisabRule[] }).data.find((r) => r.nsbSubcategoryID === 1 && r.nsbIsDefault)!;
    const front = await portal(site.preview.url);
    let context: BrowserContext | undefined;
    try {
      context = await site.browser.newContext({ viewport: { width: 390, height: 800 }, serviceWorkers: 'allow' });
      const page = await context.newPage();
      await visitWithWorker(page, `${front.url}/`);
      // Once more, through the worker: what the page asks is then kept by the worker's fetch, whatever its install's
      // own fetches met (twice in full-suite runs under load the install's copy of /nisab was missing; alone, never).
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
      const keptNisab = async () => (await keptAnswers(page)).filter((k) => k.path === '/api/v1/nisab').map((k) => k.body);
      expect(await keptNisab(), (await keptAnswers(page)).map((k) => k.path).join(', ')).toEqual([genuine]);

      // Each answer asked by the page through its worker, as the page's client asks it; the worker decides what to
      // keep before it answers an answer, so what the Cache API holds afterwards is its decision.
      const ask = () =>
        page.evaluate(async () => {
          const response = await fetch('/api/v1/nisab');
          return { type: response.headers.get('content-type'), kept: response.headers.get('x-nisab-kept'), bytes: (await response.arrayBuffer()).byteLength };
        });
      front.state.mode = 'html';
      expect(await ask()).toEqual({ type: 'text/html; charset=utf-8', kept: null, bytes: expect.any(Number) });
      front.state.mode = 'huge';
      const huge = await ask();
      expect(huge.bytes).toBeGreaterThan(19_000_000);
      expect(huge.kept).toBe(null);
      front.state.mode = 'vary';
      expect(await ask()).toEqual({ type: 'application/json; charset=utf-8', kept: null, bytes: Buffer.byteLength(genuine) });
      // Online with answers the Cache API refuses to keep, the page is the network's and never says offline.
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
      expect(await page.isVisible('#offline')).toBe(false);

      // Nothing kept under /api/ or /v1/ is HTML or over the cap; /nisab is still the server's own.
      const kept = await keptAnswers(page);
      expect(kept.length).toBeGreaterThan(0);
      for (const k of kept) {
        expect(k.type, k.path).toMatch(/^application\/json/);
        expect(k.bytes, k.path).toBeLessThanOrEqual(KEEP_CAP);
      }
      expect(await keptNisab()).toEqual([genuine]);

      front.state.mode = 'html';
      await context.setOffline(true);
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
      expect(Number(await page.getAttribute('[data-testid=nisab-gold-naira]', 'data-value'))).toBe(gold.nsbValueInNaira);
      expect(await page.isVisible('#offline')).toBe(true);
    } finally {
      await context?.close();
      await front.close();
    }
  }, 150_000); // 12 to 41 s in six runs at load 13 to 46
});

describe('the precache waits for the page', () => {
  it("registers the worker only after the page's load event", async () => {
    const context = await site.browser.newContext({ serviceWorkers: 'allow' });
    try {
      // The page's own call, observed: whether the load event had fired when it registers.
      await context.addInitScript(() => {
        const seen = window as unknown as { loaded?: boolean; registeredAfterLoad?: boolean };
        addEventListener('load', () => (seen.loaded = true));
        const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
        navigator.serviceWorker.register = (url, options) => {
          seen.registeredAfterLoad = seen.loaded === true;
          return register(url, options);
        };
      });
      const page = await context.newPage();
      await visitWithWorker(page, `${site.preview.url}/ha/`);
      expect(await page.evaluate(() => (window as unknown as { registeredAfterLoad?: boolean }).registeredAfterLoad)).toBe(true);
    } finally {
      await context.close();
    }
  }, 90_000); // 5 to 18 s in six runs at load 13 to 46
});
