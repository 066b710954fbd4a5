// The years part and the hawl lookup offline (issue 45), in real Chromium with
// the service worker (page/sw.ts), over the default data built as of 2026-09-29,
// served by the preview (/api/v1) and by a plain static host (the snapshot's
// files only). A statement made online is made again offline with the same
// figures; one for years never asked online says, in the page's words, that it
// cannot be answered offline; the dated answers kept are at most DATED_CAP, the
// oldest dropped. The oracles: the hand-computed case of years-page.test.ts,
// worked from data/rates.csv and data/daily/ (test/client/zakat-years.test.ts):
//   1 Ramadan 1445 (2024-03-11): rate of 2024-02-29, Nisab on gold ₦8,540,200.67
//   1 Ramadan 1446 (2025-03-01): rate of 2025-02-28, ₦11,806,733.83
//   1 Ramadan 1447 (2026-02-18): rate of 2026-02-05, ₦18,392,775.35
//   Maliki, gold, ₦20,000,000 each year: 500,000 + 487,500 + 475,312.50 = ₦1,462,812.50;
// the words of every catalogue, and the Cache API read back.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startPreview } from '../../generator/edges/preview/server.ts';
import { LANGUAGE_INFO, type Lang } from '../../generator/site/i18n/catalogue.ts';
import { PAGE_CATALOGUES } from '../../generator/site/i18n/catalogues.ts';
import { DATED_CAP } from '../../generator/site/page/sw-file.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { useDefaultPage } from '../support/default-page.ts';
import { defaultSnapshot } from '../support/default-snapshot.ts';
import { englishShown } from '../support/english-phrases.ts';
import { visitWithWorker } from '../support/chromium.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { startStatic } from '../support/static-server.ts';

const site = useDefaultPage('2026-09-29');

interface Asked {
  day: string;
  month: string;
  count: string;
}

/** Opens the part if it is closed, fills it (Maliki, gold, Umm al-Qura, ₦20,000,000) and asks; `answered`: wait for rows, else for the refusal. */
async function ask(page: Page, asked: Asked, answered = true) {
  await page.selectOption('#zakat-form select[name=school]', 'maliki');
  await page.selectOption('#zakat-form select[name=standard]', 'gold');
  if (!(await page.$eval('#years', (d) => (d as HTMLDetailsElement).open))) await page.click('#years summary');
  await page.waitForSelector('#years-form', { timeout: 30_000 });
  await page.fill('#years-form input[name=day]', asked.day);
  await page.selectOption('#years-form select[name=month]', asked.month);
  await page.selectOption('#years-form select[name=calendar]', 'umm-al-qura');
  await page.fill('#years-form input[name=count]', asked.count);
  await page.fill('#years-form input[name=cash]', '20000000');
  await page.click('#years-form button[type=submit]');
  await page.waitForSelector(answered ? '#years-result[data-answered="true"]' : '[data-testid=years-not-asked]', { timeout: 60_000 });
}

/** Each row's year, day, Nisab, its rate's day and due; what was taken off; the total and the statement's sources. */
const statement = (page: Page) =>
  page.evaluate(() => ({
    rows: [...document.querySelectorAll('#years-result tbody tr')].map((tr) => [
      Number(tr.getAttribute('data-year')),
      tr.querySelector('[data-hijri]')!.getAttribute('data-date'),
      tr.querySelector('[data-testid=years-nisab]')!.getAttribute('data-value'),
      tr.querySelector('[data-testid=years-nisab]')!.getAttribute('data-rate-date'),
      Number(tr.querySelector('td[data-money]:not([data-testid])')!.getAttribute('data-money')),
      Number(tr.querySelector('[data-testid=years-due]')!.getAttribute('data-money')),
    ]),
    total: Number(document.querySelector('[data-testid=years-total]')!.getAttribute('data-money')),
    sources: document.querySelector('[data-testid=years-sources]')!.textContent,
  }));

const RAMADAN = [
  [1445, '2024-03-11', '8540200.67', '2024-02-29', 0, 500_000],
  [1446, '2025-03-01', '11806733.83', '2025-02-28', 500_000, 487_500],
  [1447, '2026-02-18', '18392775.35', '2026-02-05', 987_500, 475_312.5],
];

/** The paths and queries of every kept copy under /api/ or /v1/. */
const kept = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        if (/^\/(index\.php\/)?(api\/)?v1\//.test(url.pathname)) paths.push(url.pathname + url.search);
      }
    return paths.sort();
  });

async function withContext(run: (context: BrowserContext, page: Page) => Promise<void>) {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
  try {
    await run(context, await context.newPage());
  } finally {
    await context.close();
  }
}

/** Online, the three Ramadans; offline, reloaded, the same statement again; then years never asked, refused in the page's words. */
async function roundTrip(context: BrowserContext, page: Page, url: string, lang: Lang) {
  await visitWithWorker(page, url);
  await ask(page, { day: '1', month: '09', count: '3' });
  const online = await statement(page);
  expect(online.rows).toEqual(RAMADAN);
  expect(online.total).toBe(1_462_812.5);

  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  expect(await page.isVisible('#offline')).toBe(true);
  await ask(page, { day: '1', month: '09', count: '3' });
  // The same figures, days, rate days and sources as online: the answers the worker kept, not a guess.
  expect(await statement(page)).toEqual(online);
  expect(await page.getAttribute('[data-testid=years-reminder]', 'data-hijri')).toBe('1448-09-01');
  expect(englishShown(lang, (await page.textContent('#years-result'))!)).toEqual([]);

  // 1 Muharram of 1446 and 1447 was never asked: refused as a whole, in the page's words, no URL or English message.
  await ask(page, { day: '1', month: '01', count: '2' }, false);
  expect(await page.textContent('[data-testid=years-not-asked]')).toBe(PAGE_CATALOGUES[lang].page.notKept);
  expect(await page.isVisible('#years-result tbody')).toBe(false);
  // The kept statement is still there to ask again.
  await ask(page, { day: '1', month: '09', count: '3' });
  expect((await statement(page)).total).toBe(1_462_812.5);
}

describe('the years part offline (issue 45)', () => {
  it('/ha/ under /api/v1: the statement made online is made again offline; years never asked are refused in Hausa', async () => {
    await withContext(async (context, page) => {
      await roundTrip(context, page, `${site.preview.url}${LANGUAGE_INFO.ha.path}`, 'ha');
      // What was kept for it: the three dated answers and their rates, /meta, /subcategories and the calendars' tables.
      const paths = await kept(page);
      for (const year of [1445, 1446, 1447]) {
        expect(paths).toContain(`/api/v1/nisab?hijri_date=${year}-09-01&calendar=umm-al-qura`);
        expect(paths).toContain(`/api/v1/rates/latest?hijri_date=${year}-09-01&calendar=umm-al-qura&subcategory=1`);
      }
      expect(paths).toEqual(expect.arrayContaining(['/api/v1/meta', '/api/v1/subcategories', '/api/v1/calendars/nigeria', '/v1/routing.json']));
      expect(paths.some((p) => p.includes('1446-01-01') || p.includes('1447-01-01'))).toBe(false);
    });
  }, 180_000); // 11 to 27 s at load 18 to 22

  it('/ar/ on a plain static host: the same, from the snapshot files the worker kept', async () => {
    const host = await startStatic(site.snapshot.out);
    try {
      await withContext(async (context, page) => {
        await roundTrip(context, page, `${host.url}${LANGUAGE_INFO.ar.path}`, 'ar');
        // The files a dated answer is read from (the month of its day, the month ends of its year) and the files module.
        const paths = await kept(page);
        expect(paths).toEqual(
          expect.arrayContaining(['/v1/rates/all/2024/03.json', '/v1/rates/all/2025/03.json', '/v1/rates/all/2026/02.json', '/v1/rates/month-ends/2024.json']),
        );
        expect(paths).toEqual(expect.arrayContaining(['/v1/routing.json', '/v1/nisab.json', '/v1/meta.json', '/v1/subcategories.json']));
      });
    } finally {
      await host.stop();
    }
  }, 180_000); // 11 to 36 s at load 18 to 22

  it(`keeps at most ${DATED_CAP} dated answers, the oldest dropped`, async () => {
    await withContext(async (_context, page) => {
      await visitWithWorker(page, `${site.preview.url}/`);
      // DATED_CAP + 6 days asked one after another through the worker, as the hawl lookup asks them (days of 2025).
      const days = Array.from({ length: DATED_CAP + 6 }, (_, i) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10));
      await page.evaluate(async (list) => {
        for (const day of list) await (await fetch(`/api/v1/nisab?date=${day}`)).text();
      }, days);
      const dated = (await kept(page)).filter((p) => p.startsWith('/api/v1/nisab?date='));
      expect(dated).toEqual(days.slice(6).map((day) => `/api/v1/nisab?date=${day}`));
      // The first render's answers are not dated answers, and stay.
      expect(await kept(page)).toContain('/api/v1/nisab');
    });
  }, 180_000); // 11 to 20 s at load 18 to 22

  it('a new build carries a kept dated answer only when its server says it is unchanged (a 304 to its ETag)', async () => {
    const own = await defaultSnapshot('2026-09-29');
    const server = await startPreview({ dir: own.out, port: 0 });
    try {
      await withContext(async (context, page) => {
        await visitWithWorker(page, `${server.url}/yo/`);
        await ask(page, { day: '1', month: '09', count: '3' });
        expect((await statement(page)).total).toBe(1_462_812.5);
        const [before] = await page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('nisab-page-')));
        // 1445's copy made to differ from what the server holds (as a corrected rate would): another ETag, another Nisab.
        const changed = '/api/v1/nisab?hijri_date=1445-09-01&calendar=umm-al-qura';
        await page.evaluate(
          async ({ name, url }) => {
            const cache = await caches.open(name);
            const copy = (await cache.match(url))!;
            const headers = new Headers(copy.headers);
            headers.set('etag', '"not-this-build"');
            await cache.put(url, new Response((await copy.text()).replace(/"nsbValueInNaira":8540200\.67/g, '"nsbValueInNaira":1'), { headers }));
          },
          { name: before!, url: changed },
        );

        // The same database as of ten days later (the nightly's next build): 1446's and 1447's answers are the same bytes.
        await buildSnapshot(fixtureBuild(path.join(path.dirname(own.out), 'source.sqlite'), own.out, { asOf: '2026-10-09' }));
        await page.reload();
        await expect
          .poll(
            () =>
              page.evaluate(async (old) => {
                const names = (await caches.keys()).filter((name) => name.startsWith('nisab-page-'));
                const registration = await navigator.serviceWorker.getRegistration();
                return names.length === 1 && names[0] !== old && registration?.active?.state === 'activated' && !registration.installing;
              }, before),
            { timeout: 60_000 },
          )
          .toBe(true);
        const paths = await kept(page);
        for (const year of [1446, 1447]) expect(paths).toContain(`/api/v1/nisab?hijri_date=${year}-09-01&calendar=umm-al-qura`);
        expect(paths).not.toContain(changed);
        expect(paths).toEqual(expect.arrayContaining(['/api/v1/meta', '/api/v1/subcategories', '/api/v1/calendars/nigeria', '/v1/routing.json']));

        await context.setOffline(true);
        await page.reload();
        await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
        // Two years, 1446 and 1447, from the carried answers: 2.5 % of 20,000,000 = 500,000; 19,500,000 ≥ 18,392,775.35: 487,500.
        await ask(page, { day: '1', month: '09', count: '2' });
        const two = await statement(page);
        expect(two.rows).toEqual([
          [1446, '2025-03-01', '11806733.83', '2025-02-28', 0, 500_000],
          [1447, '2026-02-18', '18392775.35', '2026-02-05', 500_000, 487_500],
        ]);
        expect(two.total).toBe(987_500);
        // The three years need 1445's, which was not carried: refused, never the altered copy's figure.
        await ask(page, { day: '1', month: '09', count: '3' }, false);
        expect(await page.textContent('[data-testid=years-not-asked]')).toBe(PAGE_CATALOGUES.yo.page.notKept);
      });
    } finally {
      await server.close();
      await own.remove();
    }
  }, 360_000); // 37 to 49 s at load 18 to 22 (a real rebuild)
});
