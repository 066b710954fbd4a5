// The phone's first screen (issue 49, CONTRACT §12), in real Chromium at 390 × 844:
// on every page of LANGUAGES, with scripts off and on, the gold Nisab in naira is
// wholly inside it, below today's Hijri dates and the price per gram, and an old
// rate's warning comes after the figures rather than pushing them down (the
// default data as of 2025-10-29, whose newest rate is of 2025-10-19). The title
// names the rate's day. Oracles: the element's box against the screen's size, and
// the dates written here by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { LANGUAGE_INFO, LANGUAGES } from '../../generator/site/i18n/catalogue.ts';
import { useDefaultPage } from '../support/default-page.ts';
import { defaultSnapshot, type DefaultSnapshot } from '../support/default-snapshot.ts';

const site = useDefaultPage();
const SCREEN = { width: 390, height: 844 };

let late: DefaultSnapshot;
let latePreview: Preview;
beforeAll(async () => {
  late = await defaultSnapshot('2025-10-29');
  latePreview = await startPreview({ dir: late.out, port: 0 });
});
afterAll(async () => {
  await latePreview?.close();
  await late?.remove();
});

// Written by hand: the default snapshot's rate is of 21 September 2025; the late one's of 19 October 2025.
const TITLES: Record<string, [string, string]> = {
  en: ['on 21 September 2025', 'on 19 October 2025'],
  ha: ['na 21 ga Satumba, 2025', 'na 19 ga Oktoba, 2025'],
  ar: ['في 21 سبتمبر 2025م', 'في 19 أكتوبر 2025م'],
  // Yorùbá names the Gregorian month by its number, as its press does (yo.ts).
  yo: ['ní 21 oṣù Kẹsàn-án, 2025', 'ní 19 oṣù Kẹwàá, 2025'],
};

describe('the gold Nisab on the first screen (390 × 844)', () => {
  for (const lang of LANGUAGES) {
    const path = LANGUAGE_INFO[lang].path;
    for (const stale of [false, true])
      for (const javaScriptEnabled of [false, true]) {
        it(`${path}: wholly inside it, scripts ${javaScriptEnabled ? 'on' : 'off'}${stale ? ", an old rate's warning shown" : ''}`, async () => {
          const base = stale ? latePreview.url : site.preview.url;
          const context = await site.browser.newContext({ javaScriptEnabled, viewport: SCREEN });
          const page = await context.newPage();
          await page.goto(base + path);
          if (javaScriptEnabled) await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
          const box = await page.$eval('[data-testid=nisab-gold-naira]', (e) => {
            const r = e.getBoundingClientRect();
            return { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right };
          });
          const where = `${base}${path}, scripts ${javaScriptEnabled ? 'on' : 'off'}`;
          expect(box.top, where).toBeGreaterThanOrEqual(0);
          expect(box.bottom, where).toBeLessThanOrEqual(SCREEN.height);
          expect(box.left, where).toBeGreaterThanOrEqual(0);
          expect(box.right, where).toBeLessThanOrEqual(SCREEN.width);
          // Today's dates and the price per gram are above it; the warning, when there is one, below.
          for (const id of ['hijri-date', 'nigeria-hijri-date', 'per-gram']) {
            const bottom = await page.$eval(`#${id}`, (e) => e.getBoundingClientRect().bottom + scrollY);
            expect(bottom, `${where} #${id}`).toBeLessThanOrEqual(box.top);
          }
          expect(await page.isVisible('#stale'), where).toBe(stale);
          if (stale) expect(await page.$eval('#stale', (e) => e.getBoundingClientRect().top + scrollY), where).toBeGreaterThan(box.bottom);
          expect(await page.title(), where).toContain(TITLES[lang]![stale ? 1 : 0]);
          await page.screenshot({ path: `tmp/first-screen-${lang}${stale ? '-stale' : ''}-${javaScriptEnabled ? 'js' : 'nojs'}.png` });
          await context.close();
        }, 90_000); // the four of a language took 57 s together beside 7 other sessions; each about a quarter of that
      }
  }
});
