// The page's calendar sections in real Chromium (issue 21), against the preview
// over a snapshot of the real default data (as of 2025-09-21): the hawl lookup
// gives the days docs/API.md §2b fixes (1 Ramadan 1447 is 18 February 2026 by
// Umm al-Qura; 1 Muharram 1443 was declared on 10 August 2021 in Nigeria, a day
// after Umm al-Qura's) with the Nisab the API answers for those days; NMCN's
// notice shows the API's figures in every language, and printing the page
// prints the notice alone, on one A4 page. The oracle is the API's own answer
// (/nisab?date=D) and dates written here by hand from the sources.
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { NisabRule } from '../../generator/model/schemas.ts';
import { useDefaultPage } from '../support/default-page.ts';
import { nginxMissing, startNginx } from '../support/nginx-server.ts';
import { skipOrFail } from '../support/required-tools.ts';
import { startStatic } from '../support/static-server.ts';
import { startWorkerd } from '../support/workerd-server.ts';

const site = useDefaultPage();

async function nisab(query: string): Promise<NisabRule[]> {
  const response = await fetch(`${site.preview.url}/api/v1/nisab?${query}`);
  expect(response.status, query).toBe(200);
  return ((await response.json()) as { data: NisabRule[] }).data;
}

/** The default rule of gold (subcategory 1, 85 g) and of silver (2, 595 g) in an answer. */
const defaults = (rules: NisabRule[]) => [1, 2].map((id) => rules.find((r) => r.nsbSubcategoryID === id && r.nsbIsDefault)!.nsbValueInNaira);

interface Opened {
  page: Page;
  problems: string[];
  requests: string[];
}

async function ready(path: string, width = 1280, base = site.preview.url): Promise<Opened> {
  const page = await site.browser.newPage({ viewport: { width, height: 900 } });
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  page.on('request', (request) => {
    const url = request.url();
    requests.push(url.slice(base.length));
    if (!url.startsWith(base)) problems.push(`outside the site: ${url}`);
  });
  await page.goto(base + path);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  return { page, problems, requests };
}

/** Submits the Hijri form and waits for the answer. */
async function hijri(page: Page, day: number, month: number, year: number) {
  await page.evaluate(() => delete document.getElementById('hawl-result')!.dataset.answered);
  await page.fill('#hawl-hijri input[name=day]', String(day));
  await page.selectOption('#hawl-hijri select[name=month]', String(month));
  await page.fill('#hawl-hijri input[name=year]', String(year));
  await page.click('#hawl-hijri button');
  await page.waitForSelector('#hawl-result[data-answered="true"]', { timeout: 30_000 });
}

/** Each calendar's line of the answer: [Hijri date, Gregorian day, gold Nisab, silver Nisab] as the page marks them. */
async function lines(page: Page): Promise<Record<string, (string | number | null)[]>> {
  const rows = await page.$$eval('#hawl-result tbody tr', (trs) =>
    trs.map((tr) => {
      const value = (testid: string) => tr.querySelector(`[data-testid=${testid}]`)?.getAttribute('data-value') ?? null;
      return [
        tr.getAttribute('data-calendar')!,
        tr.querySelector('[data-testid=hawl-hijri]')!.getAttribute('data-hijri'),
        tr.querySelector('[data-testid=hawl-date]')!.getAttribute('data-date'),
        value('hawl-gold'),
        value('hawl-silver'),
      ] as const;
    }),
  );
  return Object.fromEntries(
    rows.map(([calendar, ...rest]) => [calendar, rest.map((v) => (v === null || v === '' || Number.isNaN(Number(v)) ? v : Number(v)))]),
  );
}

describe('the hawl lookup', () => {
  it('gives 1 Ramadan 1447 as 18 February 2026 in both calendars, with the Nisab the API answers for that day', async () => {
    const { page, problems, requests } = await ready('/');
    // Nothing of the lookup is asked before it is used: the first render stays as BENCHMARKS.md measures it.
    const lookup = (r: string) => r.includes('/assets/hawl-') || r.includes('routing.json') || r.includes('calendars');
    expect(requests.filter(lookup)).toEqual([]);
    await hijri(page, 1, 9, 1447);
    // Then its module (in the page's language) and its two tables, once.
    expect(requests.filter(lookup)).toEqual(['/assets/hawl-en.js', '/v1/routing.json', '/api/v1/calendars/nigeria']);
    const expected = defaults(await nisab('date=2026-02-18'));
    expect(await lines(page)).toEqual({
      nigeria: ['1447-09-01', '2026-02-18', ...expected],
      'umm-al-qura': ['1447-09-01', '2026-02-18', ...expected],
    });
    expect(await page.textContent('#hawl-result tr[data-calendar=umm-al-qura] [data-testid=hawl-date]')).toBe('18 February 2026');
    // The API was asked by Hijri date, in each calendar.
    expect(requests).toContain('/api/v1/nisab?hijri_date=1447-09-01');
    expect(requests).toContain('/api/v1/nisab?hijri_date=1447-09-01&calendar=nigeria');
    expect(await page.textContent('#hawl-result')).toContain('GET /api/v1/nisab?hijri_date=1447-09-01&calendar=nigeria');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('gives 1 Muharram 1443 as 10 August 2021 in Nigeria and 9 August by Umm al-Qura, each with its own Nisab', async () => {
    const { page, problems } = await ready('/');
    await hijri(page, 1, 1, 1443);
    const shown = await lines(page);
    expect(shown).toEqual({
      nigeria: ['1443-01-01', '2021-08-10', ...defaults(await nisab('date=2021-08-10'))],
      'umm-al-qura': ['1443-01-01', '2021-08-09', ...defaults(await nisab('date=2021-08-09'))],
    });
    // The same figures as the API's answer by Hijri date.
    expect(shown.nigeria!.slice(2)).toEqual(defaults(await nisab('hijri_date=1443-01-01&calendar=nigeria')));
    // The Nigerian month names the report of its declaration (GET /calendars/nigeria's calSource).
    expect(await page.getAttribute('#hawl-result tr[data-calendar=nigeria] [data-testid=hawl-declared]', 'data-source')).toBe('nigeria-moon-1443-01');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says a Nigerian month whose declaration is not in the data is not known, and does not guess it', async () => {
    const { page, problems } = await ready('/');
    // The first month after a declared one that GET /calendars/nigeria does not hold (the data grows as reports are found).
    const response = await fetch(`${site.preview.url}/api/v1/calendars/nigeria`);
    const declared = new Set(((await response.json()) as { data: { calMonth: string }[] }).data.map((m) => m.calMonth));
    const next = (month: string) => {
      const [y, m] = month.split('-').map(Number) as [number, number];
      return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    };
    const missing = [...declared].map(next).find((month) => !declared.has(month))!;
    const [year, month] = missing.split('-').map(Number) as [number, number];
    expect((await fetch(`${site.preview.url}/api/v1/nisab?hijri_date=${missing}-01&calendar=nigeria`)).status).toBe(404);
    await hijri(page, 1, month, year);
    const shown = await lines(page);
    expect(shown.nigeria!.slice(1)).toEqual(['', null, null]);
    const monthName = (await page.$$eval('#hawl-hijri select[name=month] option', (options) => options.map((o) => o.textContent)))[month - 1];
    expect(await page.textContent('#hawl-result tr[data-calendar=nigeria]')).toContain(
      `Not known: the declared first day of ${monthName} ${year} AH is not in the data`,
    );
    // Umm al-Qura still answers, as the API does for that day.
    const uq = shown['umm-al-qura']!;
    expect(uq[0]).toBe(`${missing}-01`);
    expect(uq.slice(2)).toEqual(defaults(await nisab(`date=${uq[1]}`)));
    expect(uq.slice(2)).toEqual(defaults(await nisab(`hijri_date=${missing}-01`)));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('gives a Gregorian day its Hijri date in both calendars, and that day’s Nisab', async () => {
    const { page, problems } = await ready('/ha/', 390);
    // 1 Sha'ban 1442 began on 15 March 2021 in Nigeria, on 14 March by Umm al-Qura (the sources).
    await page.fill('#hawl-gregorian input[name=date]', '2021-03-15');
    await page.click('#hawl-gregorian button');
    await page.waitForSelector('#hawl-result[data-answered="true"]', { timeout: 30_000 });
    const expected = defaults(await nisab('date=2021-03-15'));
    expect(await lines(page)).toEqual({
      nigeria: ['1442-08-01', '2021-03-15', ...expected],
      'umm-al-qura': ['1442-08-02', '2021-03-15', ...expected],
    });
    expect(await page.textContent('#hawl-result tr[data-calendar=nigeria] [data-testid=hawl-hijri]')).toContain("1 ga Sha'aban, 1442 BH");
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no horizontal scrolling').toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says how old the rate of each Nisab is on that day, and warns past 7 days (a gap of the daily series)', async () => {
    const { page, problems } = await ready('/', 1280);
    const ages = async (date: string) => {
      await page.evaluate(() => delete document.getElementById('hawl-result')!.dataset.answered);
      await page.fill('#hawl-gregorian input[name=date]', date);
      await page.click('#hawl-gregorian button');
      await page.waitForSelector('#hawl-result[data-answered="true"]', { timeout: 30_000 });
      const row = '#hawl-result tr[data-calendar=umm-al-qura]';
      return {
        gold: await page.getAttribute(`${row} [data-testid=hawl-gold-age]`, 'data-days'),
        silver: await page.getAttribute(`${row} [data-testid=hawl-silver-age]`, 'data-days'),
        warned: await page.locator(`${row} [data-testid=hawl-gold-old]`).count(),
        text: await page.textContent(row),
      };
    };
    // The API's nsbRateAgeDays: no rate from 2 to 9 September 2025, so on the 9th the rate of the 1st is 8 days old.
    const api = async (date: string) => (await nisab(`date=${date}`)).find((r) => r.nsbSubcategoryID === 1 && r.nsbIsDefault)!.nsbRateAgeDays;
    expect(await api('2025-09-09')).toBe(8);
    const ninth = await ages('2025-09-09');
    expect(ninth).toMatchObject({ gold: '8', silver: '8', warned: 1 });
    expect(ninth.text).toContain('a rate 8 days old');
    expect(ninth.text).toContain('no rate was published in the 8 days since');
    // On the 1st, a rate of that day; on the 8th, 7 days: said, not warned.
    expect(await ages('2025-09-01')).toMatchObject({ gold: '0', warned: 0 });
    expect(await ages('2025-09-08')).toMatchObject({ gold: '7', warned: 0 });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the hawl lookup on a plain static host (the files only, no /api/v1)', () => {
  it("answers from the snapshot's files with the API's router: the same day and Nisab", async () => {
    const host = await startStatic(site.snapshot.out);
    try {
      const { page, problems } = await ready('/', 1280, host.url);
      await hijri(page, 1, 1, 1443);
      expect((await lines(page)).nigeria).toEqual(['1443-01-01', '2021-08-10', ...defaults(await nisab('date=2021-08-10'))]);
      // The page's first question found no API at either base (/api/v1/nisab, /index.php/api/v1/nisab), once; nothing else went wrong.
      const missing = 'console error: Failed to load resource: the server responded with a status of 404 (Not Found)';
      expect(problems).toEqual([missing, missing]);
      await page.close();
    } finally {
      await host.stop();
    }
  });
});

// The lookup's module is a static file and its questions go to the edge's own API: on every serving form.
describe.each([
  ['nginx', startNginx],
  ['workerd (Cloudflare Pages)', startWorkerd],
])('the hawl lookup on %s', (name, start) => {
  it.skipIf(name === 'nginx' && skipOrFail(nginxMissing(), 'the page served by nginx') !== null)('gives the same day and Nisab', async () => {
    const server = await start(site.snapshot.out);
    try {
      const { page, problems } = await ready('/ar/', 390, server.url);
      await hijri(page, 1, 1, 1443);
      expect((await lines(page)).nigeria).toEqual(['1443-01-01', '2021-08-10', ...defaults(await nisab('date=2021-08-10'))]);
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await server.stop();
    }
  });
});

describe("NMCN's notice", () => {
  // NMCN's four figures (docs/fiqh.md): the Nisab (rule 1, 85 g of gold), the minimum dowry (28) and the theft
  // threshold (29) of a quarter dinar, the diyyah of 1,000 dinars (30); beside them 200 dirhams (3), the Maliki
  // three dirhams for the dowry (32) and theft (34), and 12,000 dirhams (36).
  const RULES = { nisab: [1, 3], dowry: [28, 32], theft: [29, 34], diyyah: [30, 36] };
  const cases = [
    {
      path: '/',
      title: "This month's figures, on NMCN's measures",
      dated: "28 Rabi' al-Awwal 1447 AH (Nigeria) · 29 Rabi' al-Awwal 1447 AH (Umm al-Qura) · 21 September 2025",
    },
    {
      path: '/ha/',
      title: "Alƙaluman wannan wata, bisa ma'aunan NMCN",
      dated: "28 ga Rabi'ul Awwal, 1447 BH (Najeriya) · 29 ga Rabi'ul Awwal, 1447 BH (Ummul Qura) · 21 ga Satumba, 2025",
    },
    {
      path: '/ar/',
      title: 'أرقام هذا الشهر بمقاييس لجنة رؤية الهلال النيجيرية',
      dated: '28 ربيع الأول 1447هـ (تقويم نيجيريا) · 29 ربيع الأول 1447هـ (تقويم أم القرى) · 21 سبتمبر 2025م',
    },
  ];
  for (const c of cases) {
    it(`${c.path} shows the API's four figures and the dirham measures, dated in both calendars`, async () => {
      const { page, problems } = await ready(c.path, 390);
      const rules = await nisab('');
      await page.waitForSelector('#notice[data-shown="true"]');
      expect(await page.textContent('#notice-title')).toBe(c.title);
      expect(await page.textContent('#notice-date')).toBe(c.dated);
      const shown = await page.$$eval('#notice-table tbody tr', (trs) =>
        trs.map((tr) => [tr.getAttribute('data-row'), ...[...tr.querySelectorAll('td')].map((td) => [Number(td.dataset.rule), Number(td.dataset.value)])]),
      );
      const value = (id: number) => [id, rules.find((r) => r.nsbID === id)!.nsbValueInNaira];
      expect(shown).toEqual(Object.entries(RULES).map(([row, [gold, silver]]) => [row, value(gold!), value(silver!)]));
      // The figure as written: the Naira amount of the API, to the kobo.
      const nisabText = (await page.textContent('#notice-table tr[data-row=nisab] td strong'))!;
      expect(nisabText.replace(/[^0-9.]/g, '')).toBe(rules.find((r) => r.nsbID === 1)!.nsbValueInNaira!.toFixed(2));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no horizontal scrolling').toBeLessThanOrEqual(390);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('shows the newest figure of each kind the bodies announced, beside ours for its day, in every language (GET /announcements)', async () => {
    const response = await fetch(`${site.preview.url}/api/v1/announcements`);
    const announced = (await response.json()).data as {
      annID: number;
      annValueInNaira: number;
      annComputedInNaira: number | null;
      annDifferencePercent: number | null;
    }[];
    // As of 2025-09-21: Kano's Nisab, dowry and diyya of 2025-08-18, and NMCN's theft threshold of 2023-06-30 (data/announcements.csv).
    const newest = [
      ['nisab', 15],
      ['minimum-dowry', 16],
      ['theft-threshold', 13],
      ['diyyah', 17],
    ] as const;
    for (const path of ['/', '/ha/', '/ar/']) {
      const { page, problems } = await ready(path, 390);
      // Asked when the notice's table is on screen (issue 49).
      await page.locator('#notice-table').scrollIntoViewIfNeeded();
      await page.waitForSelector('#notice-announced:not([hidden])');
      const shown = await page.$$eval('#notice-announced-table tbody tr', (trs) =>
        trs.map((tr) => [
          tr.getAttribute('data-kind'),
          Number(tr.getAttribute('data-announcement')),
          ...[...tr.querySelectorAll('td')].map((td) => td.dataset.value),
        ]),
      );
      expect(shown, path).toEqual(
        newest.map(([kind, id]) => {
          const a = announced.find((x) => x.annID === id)!;
          return [kind, id, String(a.annValueInNaira), String(a.annComputedInNaira), String(a.annDifferencePercent)];
        }),
      );
      // Kano's ₦985,000, written in the page's own figures.
      expect((await page.textContent('#notice-announced-table tr[data-kind=nisab] td strong'))!.replace(/[^0-9.]/g, ''), path).toBe('985000.00');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no horizontal scrolling').toBeLessThanOrEqual(390);
      expect(problems).toEqual([]);
      await page.close();
    }
  }, 120_000); // 3.2 s in a quiet .ci/run; beside 16 busy processes a test takes up to 7 times as long

  it('is what the page prints, alone, on one A4 page', async () => {
    const { page, problems } = await ready('/');
    await page.waitForSelector('#notice[data-shown="true"]');
    await page.emulateMedia({ media: 'print' });
    expect(await page.isVisible('#notice-table')).toBe(true);
    expect(await page.isVisible('#notice-printed')).toBe(true);
    expect(await page.textContent('#notice-printed')).toBe(`Printed from ${site.preview.url}/`);
    for (const hidden of ['#nisab', '#hawl', '#chart', '#calculator', '#api', 'header.top', 'footer', '#notice-print'])
      expect(await page.isVisible(hidden), hidden).toBe(false);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    await mkdir('tmp', { recursive: true });
    const { writeFile } = await import('node:fs/promises');
    await writeFile('tmp/notice-a4.pdf', pdf);
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? [];
    expect(pages.length).toBe(1);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.isVisible('#notice-print')).toBe(true);
    expect(await page.isVisible('#notice-printed')).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });
});
