// dailynisab.org's existing clients pointed at us (issue 44, CONTRACT §12), each
// reproduced by the shape of its own parsing, on every edge: a dashboard that
// scrapes the home page's #hijri-date and #nigeria-hijri-date, a scraper of the
// day's gold and silver price per gram in naira, a strict per-gram decoder of the
// legacy path, and a reader that takes drtInUSD per troy ounce (asking
// unit=troy-ounce). Each asserts what that client's users would see, computed
// here by hand from the data files with plain decimal arithmetic, never by our code:
//
// data/daily/2025-09.csv, 2025-09-21 (the default snapshot's day):
//   gold   drtInUSD 118.477038, drtUSDinNaira 1487.8962 -> 118.477038 × 1487.8962 = 176,281.5346… -> ₦176,281.53 per gram
//   silver drtInUSD 1.385376,   drtUSDinNaira 1487.8962 -> 1.385376 × 1487.8962   =   2,061.2956… -> ₦2,061.30 per gram
//   gold per troy ounce: 118.477038 × 31.1034768 = 3,685.0478027… -> 3685.047803 (6 places);
//     × 1487.8962 = 5,482,968.6167… -> ₦5,482,968.62; the reader divides by its own 31.1035:
//     3685.047803 / 31.1035 = 118.4769… US$ and 5482968.62 / 31.1035 = ₦176,281.40 a gram
//   silver per troy ounce: 1.385376 × 31.1034768 = 43.0900098… -> 43.09001; × 1487.8962 = ₦64,113.46
// With build --legacy-unit troy-ounce, the Django reader asks /index.php/api/v1/rates/latest without unit= and
// reads drtInUSD per troy ounce: 3685.047803 / 31.1035 = 118.4769496… US$ a gram, × 1487.8962 = ₦176,281.40 a
// gram (and drtInNaira / 31.1035 = 5482968.62 / 31.1035 = ₦176,281.40); without the setting it would show
// 176281.53 / 31.1035 = ₦5,667.58 a gram.
// 2025-09-21 is 29 Rabi' al-Awwal 1447 by Umm al-Qura; Nigeria declared 1 Rabi' al-Awwal 1447 on 2025-08-25
// (data/calendar-nigeria.csv), so the day is its 28th.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../client/src/client.ts';
import { paths } from '../../generator/router/layout.ts';
import { LANGUAGES } from '../../generator/site/i18n/catalogue.ts';
import { LANGUAGE_INFO } from '../../generator/site/i18n/catalogue.ts';
import { DEFAULT_AS_OF, defaultSnapshot, type DefaultSnapshot } from '../support/default-snapshot.ts';
import { EDGES, forEachEdge, type RunningEdge } from '../support/edges.ts';

let snapshot: DefaultSnapshot;
/** The same data built with --legacy-unit troy-ounce (CONTRACT §12). */
let perOunce: DefaultSnapshot;
beforeAll(async () => {
  [snapshot, perOunce] = await Promise.all([defaultSnapshot(), defaultSnapshot(DEFAULT_AS_OF, { legacyUnit: 'troy-ounce' })]);
});
afterAll(async () => {
  await snapshot?.remove();
  await perOunce?.remove();
});

/** The scraper's own way: the text of the element with that id, tags stripped, as its regex-based parser reads it. */
function textOfId(html: string, id: string): string | null {
  const found = new RegExp(`<([a-z]+)[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return found ? found[2]!.replace(/<[^>]+>/g, '').trim() : null;
}

/** What the price scraper takes for "gold per gram": the first naira figure of the element saying per gram. */
function pricePerGram(html: string, metal: 'gold' | 'silver'): number | null {
  const found = new RegExp(`data-testid="per-gram-${metal}"[^>]*>([^<]*)<`).exec(html);
  const figure = found ? /([0-9][0-9,]*\.[0-9]{2})/.exec(found[1]!) : null;
  return figure ? Number(figure[1]!.replace(/,/g, '')) : null;
}

const HIJRI: Record<string, { world: string; nigeria: string }> = {
  en: { world: "29 Rabi' al-Awwal 1447 AH", nigeria: "28 Rabi' al-Awwal 1447 AH" },
  ha: { world: "29 ga Rabi'ul Awwal, 1447 BH", nigeria: "28 ga Rabi'ul Awwal, 1447 BH" },
  ar: { world: '29 ربيع الأول 1447هـ', nigeria: '28 ربيع الأول 1447هـ' },
  // Yorùbá writes the month as the Nigerian Muslim press does (yo.ts), the year with AH.
  yo: { world: "29 Rabi'ul Awwal, 1447 AH", nigeria: "28 Rabi'ul Awwal, 1447 AH" },
};

forEachEdge(EDGES, "dailynisab.org's page scrapers", (edge) => {
  describe(`dailynisab.org's page scrapers on ${edge.name}`, () => {
    let server: RunningEdge;
    beforeAll(async () => {
      server = await edge.start(snapshot.out);
    });
    afterAll(async () => {
      await server?.stop();
    });

    // The SwiftUI calculator: `{success, data: {drtInUSD, drtDate}}` decoded strictly, drtInUSD read per gram.
    it("the legacy path's /rates/latest decodes as the strict per-gram client expects, per gram", async () => {
      const body = (await (await fetch(`${server.url}/index.php/api/v1/rates/latest`)).json()) as { success: unknown; data: Record<string, unknown> };
      expect(body.success).toBe(true);
      expect(typeof body.data.drtInUSD).toBe('number');
      expect(body.data).toMatchObject({ drtInUSD: 118.477038, drtDate: '2025-09-21', drtUnit: 'gram' });
      // Its gold Nisab: 85 g × 118.477038 = 10,070.54823 US dollars.
      expect(Math.round(85 * (body.data.drtInUSD as number) * 100) / 100).toBe(10070.55);
      // unit=gram is the same bytes as no unit.
      const plain = await (await fetch(`${server.url}/index.php/api/v1/rates/latest`)).text();
      expect(await (await fetch(`${server.url}/index.php/api/v1/rates/latest?unit=gram`)).text()).toBe(plain);
    });

    // The Django site: drtInUSD taken per troy ounce and divided by 31.1035; asked with unit=troy-ounce it is right.
    it('unit=troy-ounce gives the per-ounce reader per-ounce figures, gold and silver', async () => {
      const gold = (await (await fetch(`${server.url}/api/v1/rates/latest?unit=troy-ounce`)).json()).data as Record<string, number | string>;
      expect(gold).toMatchObject({
        drtInUSD: 3685.047803,
        drtInNaira: 5482968.62,
        drtUnit: 'troy-ounce',
        drtGramsPerUnit: 31.1034768,
        drtUSDinNaira: 1487.8962,
      });
      expect(Math.round(((gold.drtInNaira as number) / 31.1035) * 100) / 100).toBe(176281.4);
      const both = (await (await fetch(`${server.url}/api/v1/rates?date=2025-09-21&unit=troy-ounce`)).json()) as {
        data: Record<string, unknown>[];
        count: number;
      };
      expect(both.count).toBe(2);
      expect(both.data.map((r) => [r.drtSubcategoryID, r.drtInUSD, r.drtInNaira])).toEqual([
        [1, 3685.047803, 5482968.62],
        [2, 43.09001, 64113.46],
      ]);
    });

    it('the first hour: date=D on /rates is that day; a wrong unit and a wrong-case slug are 400s naming them', async () => {
      const day = (await (await fetch(`${server.url}/api/v1/rates?date=2025-09-21`)).json()) as { data: Record<string, unknown>[]; count: number };
      expect(day.data.map((r) => [r.drtDate, r.drtSubcategoryID, r.drtInNaira])).toEqual([
        ['2025-09-21', 1, 176281.53],
        ['2025-09-21', 2, 2061.3],
      ]);
      expect(await (await fetch(`${server.url}/api/v1/rates?date=2025-09-21`)).text()).toBe(
        await (await fetch(`${server.url}/api/v1/rates?start_date=2025-09-21&end_date=2025-09-21`)).text(),
      );
      const unit = await fetch(`${server.url}/api/v1/rates/latest?unit=ounce`);
      expect(unit.status).toBe(400);
      expect((await unit.json()).message).toBe('unit must be one of gram, troy-ounce');
      const slug = await fetch(`${server.url}/api/v1/rates/latest?subcategory=Silver`);
      expect(slug.status).toBe(400);
      expect((await slug.json()).message).toMatch(/; slugs are lower-case: did you mean silver\?$/);
    });

    for (const lang of LANGUAGES) {
      const path = LANGUAGE_INFO[lang].path;
      it(`${path}: today's Hijri dates in #hijri-date and #nigeria-hijri-date, and the price per gram before the Nisab`, async () => {
        const response = await fetch(server.url + path);
        expect(response.status).toBe(200);
        const html = await response.text();
        // The zakah app's dashboard card: "World: … / Nigeria: …".
        expect(textOfId(html, 'hijri-date')).toBe(HIJRI[lang]!.world);
        expect(textOfId(html, 'nigeria-hijri-date')).toBe(HIJRI[lang]!.nigeria);
        // The price scraper: the day's price per gram, not the 85 g Nisab taken for one.
        expect(pricePerGram(html, 'gold')).toBe(176281.53);
        expect(pricePerGram(html, 'silver')).toBe(2061.3);
        expect(textOfId(html, 'per-gram')).toContain({ en: 'per gram', ha: 'kowane giram', ar: 'للغرام', yo: 'fún gíráàmù kan' }[lang]!);
        expect(html.indexOf('id="per-gram"')).toBeLessThan(html.indexOf('data-testid="nisab-gold-naira"'));
        expect(html.indexOf('id="hijri-date"')).toBeLessThan(html.indexOf('data-testid="nisab-gold-naira"'));
      });
    }
  });
});

forEachEdge(EDGES, "dailynisab.org's per-ounce reader against build --legacy-unit troy-ounce", (edge) => {
  describe(`the per-ounce reader against a --legacy-unit troy-ounce snapshot on ${edge.name}`, () => {
    let server: RunningEdge;
    beforeAll(async () => {
      server = await edge.start(perOunce.out);
    });
    afterAll(async () => {
      await server?.stop();
    });
    const get = (target: string, init?: RequestInit) => fetch(server.url + target, init);

    // The Django site, unchanged: /index.php/api/v1/rates/latest without unit=, drtInUSD taken per troy ounce.
    it("the legacy base's /rates/latest answers per troy ounce: the reader's users see the day's gram price", async () => {
      const response = await get('/index.php/api/v1/rates/latest');
      expect(response.status).toBe(200);
      const text = await response.text();
      const data = (JSON.parse(text) as { data: Record<string, number | string> }).data;
      expect(data).toMatchObject({ drtDate: '2025-09-21', drtInUSD: 3685.047803, drtInNaira: 5482968.62, drtUnit: 'troy-ounce', drtUSDinNaira: 1487.8962 });
      // The reader's own arithmetic: per ounce / 31.1035, in naira at the day's rate.
      const usdPerGram = (data.drtInUSD as number) / 31.1035;
      expect(Math.round(usdPerGram * 1e6) / 1e6).toBe(118.47695);
      expect(Math.round(usdPerGram * (data.drtUSDinNaira as number) * 100) / 100).toBe(176281.4);
      expect(Math.round(((data.drtInNaira as number) / 31.1035) * 100) / 100).toBe(176281.4);
      // The same composed answer, and the same ETag, as unit=troy-ounce gives on /api/v1.
      const asked = await get('/api/v1/rates/latest?unit=troy-ounce');
      expect(await asked.text()).toBe(text);
      expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
      expect(response.headers.get('etag')).toBe(asked.headers.get('etag'));
      const again = await get('/index.php/api/v1/rates/latest', { headers: { 'If-None-Match': response.headers.get('etag')! } });
      expect(again.status).toBe(304);
      await again.arrayBuffer();
      // A trailing slash is the same request.
      expect(await (await get('/index.php/api/v1/rates/latest/')).text()).toBe(text);
    });

    it("the legacy base's /rates answers per troy ounce, a day, a range and the whole history", async () => {
      const day = (await (await get('/index.php/api/v1/rates?date=2025-09-21')).json()) as { data: Record<string, unknown>[]; count: number };
      expect(day.data.map((r) => [r.drtSubcategoryID, r.drtInUSD, r.drtInNaira, r.drtUnit])).toEqual([
        [1, 3685.047803, 5482968.62, 'troy-ounce'],
        [2, 43.09001, 64113.46, 'troy-ounce'],
      ]);
      // Whole files and long ranges too (nginx's fast path, the worker's byte pipe): the answer of unit=troy-ounce.
      for (const query of ['', '?subcategory=gold', '?start_date=2025-01-01&end_date=2025-09-21', '?subcategory=2&start_date=2024-01-01']) {
        const legacy = await get(`/index.php/api/v1/rates${query}`);
        const asked = await get(`/api/v1/rates${query}${query === '' ? '?' : '&'}unit=troy-ounce`);
        expect(legacy.status, query).toBe(200);
        const text = await legacy.text();
        expect(text, query).toBe(await asked.text());
        expect(legacy.headers.get('etag'), query).toBe(asked.headers.get('etag'));
        expect(text, query).not.toContain('"drtUnit":"gram"');
      }
    });

    // The page's own client falls back to the legacy base when /api/v1 cannot be reached: it must still chart per gram.
    it('the typed client, fallen back to the legacy base, still reads per gram', async () => {
      const client = createClient({ baseUrl: 'http://127.0.0.1:1/api/v1', fallbackBaseUrls: [`${server.url}/index.php/api/v1`], etagCache: false });
      expect(await client.latest()).toMatchObject({ drtDate: '2025-09-21', drtInUSD: 118.477038, drtInNaira: 176281.53, drtUnit: 'gram' });
      const day = await client.rates({ start_date: '2025-09-21', end_date: '2025-09-21' });
      expect(day.data.map((r) => [r.drtSubcategoryID, r.drtInUSD, r.drtInNaira, r.drtUnit])).toEqual([
        [1, 118.477038, 176281.53, 'gram'],
        [2, 1.385376, 2061.3, 'gram'],
      ]);
      // Asked for the ounce, it is answered per ounce there too.
      expect(await client.latest({ unit: 'troy-ounce' })).toMatchObject({ drtInUSD: 3685.047803, drtUnit: 'troy-ounce' });
    });

    it('a unit given is answered as given, and /api/v1 is unchanged: per gram, the bytes of the default snapshot', async () => {
      const gram = await (await get('/index.php/api/v1/rates/latest?unit=gram')).text();
      const plain = await (await get('/api/v1/rates/latest')).text();
      expect(gram).toBe(plain);
      expect(JSON.parse(plain).data).toMatchObject({ drtInUSD: 118.477038, drtInNaira: 176281.53, drtUnit: 'gram' });
      // The files /api/v1 answers are those of the snapshot built without the setting.
      expect(plain).toBe(await readFile(path.join(snapshot.out, paths.latest(1)), 'utf8'));
      const range = '/rates?start_date=2025-09-01&end_date=2025-09-21';
      expect(await (await get(`/index.php/api/v1${range}&unit=gram`)).text()).toBe(await (await get(`/api/v1${range}`)).text());
      // Other endpoints answer alike on both bases.
      for (const target of ['/meta', '/nisab', '/subcategories']) {
        expect(await (await get(`/index.php/api/v1${target}`)).text(), target).toBe(await (await get(`/api/v1${target}`)).text());
      }
    });
  });
});
