// The widget (/widget.js, docs/API.md §9) as a mosque's website embeds it: a
// page served from ANOTHER origin (a second server on another 127.0.0.1 port)
// whose Content-Security-Policy allows our origin alone, in each language. It
// must show the API's gold and silver Nisab and the rate's date, log no error
// (a CSP violation is one), set no cookie and ask nothing but our origin.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { paths } from '../../generator/router/layout.ts';
import { LANGUAGES } from '../../generator/site/i18n/catalogue.ts';
import { strictPolicy, useEmbeddingSite } from '../support/embedding-site.ts';
import { watched } from '../support/chromium.ts';

/** The embedding site's page for each query (?lang=, ?currency=, ?policy=), with the CSP header a careful site sends. */
const widgetPage = (apiOrigin: string, query: URLSearchParams) => {
  const lang = query.get('lang') ?? 'en';
  const currency = query.get('currency') ?? 'NGN';
  // ?policy=: a site that already has a policy of its own (default-src 'self'), with or without the two directives
  // the developers' page tells it to add (html.ts embedPolicy; written out here by hand).
  const policies: Record<string, string> = {
    strict: strictPolicy(apiOrigin),
    self: "default-src 'self'",
    'self-plus-two': `default-src 'self'; script-src 'self' ${apiOrigin}; connect-src 'self' ${apiOrigin}`,
  };
  return {
    policy: policies[query.get('policy') ?? 'strict'] ?? '',
    body: `<div data-nisab-widget data-lang="${lang}" data-currency="${currency.replace(/[^A-Z]/g, '')}"></div>
<script src="${apiOrigin}/widget.js" async></script>`,
  };
};
// The default data on the preview, under that site.
const site = useEmbeddingSite(undefined, widgetPage);

async function api<T>(query: string): Promise<T> {
  return ((await (await fetch(`${site.preview.url}/api/v1${query}`)).json()) as { data: T }).data;
}

interface Rule {
  nsbIsDefault: boolean;
  nsbValueInNaira: number | null;
}

describe('the widget on another origin under a strict CSP', () => {
  it('is one classic script of at most 15 kB gzipped, with nothing eval-like and no cookie', async () => {
    const text = await readFile(path.join(site.snapshot.out, 'widget.js'), 'utf8');
    expect(gzipSync(text, { level: 9 }).length).toBeLessThanOrEqual(15 * 1024);
    expect(text).not.toMatch(/\beval\(|new Function|setTimeout\(["'`]|document\.cookie|innerHTML|import\(/);
  });

  // Written by hand for the snapshot's fixed day, 2025-09-21: 29 Rabi' al-Awwal 1447 by Umm al-Qura, 28 in
  // Nigeria's calendar (its month began a day later: data/calendar-nigeria.csv, issue 21).
  const cases = [
    { lang: 'en', dir: 'ltr', date: "Rate of 21 September 2025 · 29 Rabi' al-Awwal 1447 AH (Umm al-Qura) · 28 Rabi' al-Awwal 1447 AH (Nigeria)", link: '/' },
    {
      lang: 'ha',
      dir: 'ltr',
      date: "Farashin ranar 21 ga Satumba, 2025 · 29 ga Rabi'ul Awwal, 1447 BH (Ummul Qura) · 28 ga Rabi'ul Awwal, 1447 BH (Najeriya)",
      link: '/ha/',
    },
    { lang: 'ar', dir: 'rtl', date: 'سعر يوم 21 سبتمبر 2025م · 29 ربيع الأول 1447هـ (تقويم أم القرى) · 28 ربيع الأول 1447هـ (تقويم نيجيريا)', link: '/ar/' },
    {
      lang: 'yo',
      dir: 'ltr',
      date: "Iye ti 21 oṣù Kẹsàn-án, 2025 · 29 Rabi'ul Awwal, 1447 AH (Umm al-Qura) · 28 Rabi'ul Awwal, 1447 AH (Nàìjíríà)",
      link: '/yo/',
    },
  ] as const;
  for (const c of cases) {
    it(`shows the API's gold and silver Nisab in ${c.lang}, asking our origin alone`, async () => {
      const context = await site.browser.newContext();
      const page = await context.newPage();
      const { problems, asked } = watched(page);
      const at = `${site.host.url}/?lang=${c.lang}`;
      await page.goto(at);
      await page.waitForSelector('[data-nisab-widget][data-nisab-widget-ready]', { timeout: 30_000 });
      expect(await page.getAttribute('[data-nisab-widget]', 'data-nisab-widget-ready')).toBe('true');

      for (const slug of ['gold', 'silver']) {
        const rule = (await api<Rule[]>(`/nisab?subcategory=${slug}`)).find((r) => r.nsbIsDefault)!;
        // Playwright's CSS selectors pierce the open shadow root.
        const shown = page.locator(`[data-nisab="${slug}"]`);
        expect(Number(await shown.getAttribute('data-value'))).toBe(rule.nsbValueInNaira);
        expect((await shown.textContent())!.replace(/[^0-9.]/g, '')).toBe(rule.nsbValueInNaira!.toFixed(2));
      }
      expect(await page.locator('.w .date').textContent()).toBe(c.date);
      // The rate is of the as-of day (nsbRateAgeDays 0): no line on its age.
      expect(await page.locator('.w .old').count()).toBe(0);
      expect(await page.locator('.w').getAttribute('dir')).toBe(c.dir);
      expect(await page.locator('.w .sources').textContent()).toContain('Central Bank of Nigeria');
      expect(await page.locator('.w a.more').getAttribute('href')).toBe(`${site.preview.url}${c.link}`);
      // Shares the text answer of its language (docs/API.md §10) through WhatsApp's link, loading nothing from WhatsApp.
      const text = await (await fetch(`${site.preview.url}/${paths.textAnswer(c.lang)}`)).text();
      expect(await page.locator('.w a.share').getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(text.trimEnd())}`);
      // Its style is its own: the shadow root adopted it, the page has none.
      expect(await page.evaluate(() => document.querySelector('[data-nisab-widget]')!.shadowRoot!.adoptedStyleSheets.length)).toBe(1);
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('[data-nisab-widget]')!.shadowRoot!.querySelector('.w')!).borderTopStyle)).toBe(
        'solid',
      );

      expect(asked.filter((url) => url !== at && !url.startsWith(`${site.preview.url}/`))).toEqual([]);
      expect(asked.filter((url) => url.startsWith(`${site.preview.url}/`)).length).toBeGreaterThan(1);
      expect(await context.cookies()).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

// The developers' page tells a site with a policy to add our origin to script-src and connect-src (issue 32).
describe("the widget under a site's own default-src 'self'", () => {
  for (const [policy, shows] of [
    ['self', false],
    ['self-plus-two', true],
  ] as const) {
    it(`${shows ? 'shows the Nisab' : 'is refused'} with ${policy === 'self' ? "default-src 'self' alone" : 'script-src and connect-src of our origin added'}`, async () => {
      const context = await site.browser.newContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      await page.goto(`${site.host.url}/?lang=en&policy=${policy}`);
      if (shows) {
        await page.waitForSelector('[data-nisab-widget][data-nisab-widget-ready]', { timeout: 30_000 });
        const rule = (await api<Rule[]>('/nisab?subcategory=gold')).find((r) => r.nsbIsDefault)!;
        expect(Number(await page.locator('[data-nisab="gold"]').getAttribute('data-value'))).toBe(rule.nsbValueInNaira);
        expect(problems).toEqual([]);
      } else {
        await page.waitForFunction(() => document.readyState === 'complete');
        expect(await page.locator('[data-nisab-widget-ready]').count()).toBe(0);
        expect(problems.join('\n')).toContain('Content Security Policy');
      }
      await context.close();
    });
  }
});

// data-currency (docs/API.md §2c, §11): on 2026-09-29 the example values in pounds
// (GBP 0.75538854 per US dollar), so GBP is published.
describe('the widget in another currency', () => {
  const inGbp = useEmbeddingSite('2026-09-29', widgetPage, { browser: () => site.browser });

  const nisab = async (query: string) =>
    ((await (await fetch(`${inGbp.preview.url}/api/v1${query}`)).json()) as { data: (Rule & { nsbValueInCurrency?: number | null })[] }).data.find(
      (r) => r.nsbIsDefault,
    )!;

  /** The widget's page with data-currency=`code`: what it shows, and what the console said. */
  async function shown(code: string) {
    const context = await inGbp.browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(`${inGbp.host.url}/?lang=en&currency=${code}`);
    await page.waitForSelector('[data-nisab-widget][data-nisab-widget-ready]', { timeout: 30_000 });
    const figures: Record<string, { value: number; text: string }> = {};
    for (const slug of ['gold', 'silver']) {
      const at = page.locator(`[data-nisab="${slug}"]`);
      figures[slug] = { value: Number(await at.getAttribute('data-value')), text: (await at.textContent())! };
    }
    const ready = await page.getAttribute('[data-nisab-widget]', 'data-nisab-widget-ready');
    await context.close();
    return { ready, figures, problems };
  }

  it("with data-currency=GBP shows the API's nsbValueInCurrency in pounds", async () => {
    const { ready, figures, problems } = await shown('GBP');
    expect(ready).toBe('true');
    for (const slug of ['gold', 'silver']) {
      const rule = await nisab(`/nisab?subcategory=${slug}&currency=GBP`);
      expect(rule.nsbValueInCurrency).toBeGreaterThan(0);
      expect(figures[slug]!.value).toBe(rule.nsbValueInCurrency);
      expect(figures[slug]!.text).toContain('GBP');
      expect(figures[slug]!.text.replace(/[^0-9.]/g, '')).toBe(rule.nsbValueInCurrency!.toFixed(2));
    }
    expect(problems).toEqual([]);
  });

  it('with a code the API does not publish shows the Naira (the 404 is the only message)', async () => {
    const { ready, figures, problems } = await shown('XYZ');
    expect(ready).toBe('true');
    for (const slug of ['gold', 'silver']) expect(figures[slug]!.value).toBe((await nisab(`/nisab?subcategory=${slug}`)).nsbValueInNaira);
    expect(
      problems.every((text) => /404/.test(text)),
      problems.join('\n'),
    ).toBe(true);
  });
});

// docs/site.md: past OLD_RATE_AFTER_DAYS (7) the widget says how old the rate is, as the API counts it.
// The default data as of 2025-10-29: its newest rate is of 2025-10-19 (data/daily/2025-10.csv, none until
// 2025-11-01), 10 days before; the lines are written here by hand.
describe('the widget over an old rate', () => {
  const late = useEmbeddingSite('2025-10-29', widgetPage, { browser: () => site.browser });

  it('says its age in each language', async () => {
    const rule = (
      (await (await fetch(`${late.preview.url}/api/v1/nisab?subcategory=gold`)).json()) as { data: (Rule & { nsbRateAgeDays: number })[] }
    ).data.find((r) => r.nsbIsDefault)!;
    expect(rule.nsbRateAgeDays).toBe(10);
    const lines: Record<string, string | null> = {};
    for (const lang of LANGUAGES) {
      const context = await late.browser.newContext();
      const page = await context.newPage();
      // The browser's clock does not decide it.
      await page.clock.setFixedTime(new Date('2040-06-01T12:00:00Z'));
      await page.goto(`${late.host.url}/?lang=${lang}`);
      await page.waitForSelector('[data-nisab-widget][data-nisab-widget-ready="true"]', { timeout: 30_000 });
      lines[lang] = await page.locator('.w .old').textContent();
      await context.close();
    }
    expect(lines).toEqual({
      en: 'This rate is 10 days old: no newer one has been published.',
      ha: 'Farashin nan ya yi kwana 10: ba a wallafa sabo ba tukuna.',
      ar: 'عمر هذا السعر 10 أيام: لم يُنشر سعر أحدث منه.',
      yo: 'Iye yìí ti pé ọjọ́ 10: a kò tíì tẹ èyí tí ó tuntun jù jáde.',
    });
  });
});
