// docs/API.md as one set of cases, run unchanged against every server that
// serves a snapshot (test/support/edges.ts EDGES: preview, workerd both ways, nginx).
// Expected rates come from SQL on the fixture database, not from our own code.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AS_OF,
  FX_CODES,
  DAILY_FROM,
  GAP,
  makeFixture,
  oracleAnnouncements,
  oracleCalendar,
  oracleGaps,
  oracleCurrencies,
  oracleInCurrency,
  oracleLatestOn,
  oracleRateAge,
  oracleRates,
  oracleSources,
  SUBCATEGORIES,
  type Fixture,
} from '../support/fixture.ts';
import { money } from '../../generator/router/money.ts';
import { paths } from '../../generator/router/layout.ts';
import type { Edge, RunningEdge } from '../support/edges.ts';
import { rawRequest, request, type Answer } from '../support/http.ts';
import { staticSuite } from './static-suite.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The suite on one edge of test/support/edges.ts (contract.test.ts runs it on each). */
export function contractSuite(edge: Edge): void {
  describe(`the contract, served by ${edge.name}`, () => {
    let fixture: Fixture;
    let server: RunningEdge;
    const get = (path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> => request(server.url, path, init);
    const data = async (path: string) => JSON.parse((await get(path)).body).data;
    const expectError = async (path: string, status: number, message?: RegExp, method = 'GET') => {
      const answer = await get(path, { method });
      expect(answer.status, path).toBe(status);
      const body = JSON.parse(answer.body);
      expect(Object.keys(body).sort()).toEqual(['message', 'success']);
      expect(body.success).toBe(false);
      if (message) expect(body.message).toMatch(message);
      return answer;
    };
    const expectRates = async (query: string, oracle: Parameters<typeof oracleRates>[2]) => {
      const answer = await get(`/api/v1/rates${query}`);
      expect(answer.status, query).toBe(200);
      const body = JSON.parse(answer.body);
      const expected = oracleRates(fixture.db, fixture.asOf, oracle);
      expect(body.data, query).toEqual(expected);
      expect(body.count).toBe(expected.length);
      return body;
    };

    beforeAll(async () => {
      fixture = await makeFixture();
      server = await edge.start(fixture.out);
    });
    afterAll(async () => {
      await server?.stop();
      await fixture?.remove();
    });

    describe('§1 base addresses', () => {
      const paths = [
        '/rates/latest',
        '/rates/latest?subcategory=2',
        '/rates?start_date=2020-02-20&end_date=2020-03-05',
        '/rates',
        '/nisab',
        '/nisab?subcategory=5',
        '/subcategories',
        '/sources',
        '/meta',
        '/rates?subcategory=abc',
        '/nope',
      ];
      it('answers both base forms byte for byte the same', async () => {
        for (const path of paths) {
          const a = await get(`/api/v1${path}`);
          const b = await get(`/index.php/api/v1${path}`);
          expect(b.status, path).toBe(a.status);
          expect(b.body, path).toBe(a.body);
          expect(b.headers['etag'], path).toBe(a.headers['etag']);
        }
      });
      it('ignores a trailing slash', async () => {
        for (const path of ['/rates/latest', '/rates', '/meta', '/nisab']) {
          expect((await get(`/api/v1${path}/?subcategory=1`)).body).toBe((await get(`/api/v1${path}?subcategory=1`)).body);
        }
      });
      it('is case-sensitive and answers 404 envelopes for unknown paths under a base', async () => {
        await expectError('/api/v1/Rates', 404, /no endpoint/);
        await expectError('/api/v1/rates/LATEST', 404);
        await expectError('/api/v1/rates/latest/1', 404);
        await expectError('/api/v1', 404);
        await expectError('/api/v1/', 404);
        await expectError('/index.php/api/v1/unknown/deeper?x=1', 404);
      });
      it('serves static content outside the bases', async () => {
        const page = await get('/');
        expect(page.status).toBe(200);
        expect(page.body).toContain('<html');
        const openapi = await get('/openapi.json');
        expect(JSON.parse(openapi.body).openapi).toBe('3.1.0');
        // The developers' page (linked from the payers' page) links the contract, published with the snapshot rather than a link out of it.
        expect(page.body).toContain('href="/developers/"');
        const developers = await get('/developers/');
        expect(developers.status).toBe(200);
        expect(developers.body).toContain('href="/API.md"');
        const contract = await get('/API.md');
        expect(contract.status).toBe(200);
        expect(contract.body).toMatch(/^# The API: the public contract/);
        for (const answer of [page, openapi, contract]) {
          expect(answer.headers['access-control-allow-origin']).toBe('*');
          expect(answer.headers['cache-control']).toMatch(/max-age=0/);
        }
      });
    });

    describe('§2 endpoints', () => {
      it('GET /rates/latest is the newest gold rate up to the as-of date', async () => {
        const expected = oracleRates(fixture.db, fixture.asOf, { subcategory: SUBCATEGORIES.gold }).at(-1);
        expect(await data('/api/v1/rates/latest')).toEqual(expected);
        expect((await data('/api/v1/rates/latest')).drtDate).toBe(AS_OF);
      });
      it("GET /rates/latest?subcategory=ID is that subcategory's newest rate", async () => {
        for (const id of [SUBCATEGORIES.silver, SUBCATEGORIES.platinum]) {
          expect(await data(`/api/v1/rates/latest?subcategory=${id}`)).toEqual(oracleRates(fixture.db, fixture.asOf, { subcategory: id }).at(-1));
        }
      });
      it('GET /rates/latest for a subcategory without a published rate is 404', async () => {
        await expectError(`/api/v1/rates/latest?subcategory=${SUBCATEGORIES.cash}`, 404, /no published rate/);
      });
      it('GET /rates without filters lists every rate of every subcategory', async () => {
        await expectRates('', {});
      });
      it('GET /nisab lists every rule; ?subcategory filters; a known subcategory without rules is []', async () => {
        const all = await data('/api/v1/nisab');
        expect(all.map((r: { nsbID: number }) => r.nsbID)).toEqual([1, 2, 3, 4, 5, 6]);
        const gold = await data(`/api/v1/nisab?subcategory=${SUBCATEGORIES.gold}`);
        expect(gold.map((r: { nsbID: number }) => r.nsbID)).toEqual([1, 2]);
        const empty = await get(`/api/v1/nisab?subcategory=${SUBCATEGORIES.empty}`);
        expect(empty.status).toBe(200);
        expect(JSON.parse(empty.body)).toEqual({ success: true, data: [], count: 0 });
        await expectError('/api/v1/nisab?subcategory=99', 404);
      });
      it('GET /subcategories lists them with exactly one default, gold', async () => {
        const list = await data('/api/v1/subcategories');
        expect(list.map((s: { sctID: number }) => s.sctID)).toEqual([1, 2, 3, 5, 9, 11, 12]);
        expect(list.filter((s: { sctIsDefault: boolean }) => s.sctIsDefault).map((s: { sctSlug: string }) => s.sctSlug)).toEqual(['gold']);
        for (const s of list)
          expect(Object.keys(s)).toEqual(expect.arrayContaining(['sctID', 'sctSlug', 'sctName', 'sctUnit', 'sctHasDailyRate', 'sctIsDefault']));
      });
      it('GET /sources lists every source, and every rate names sources it lists', async () => {
        const sources = await data('/api/v1/sources');
        expect(sources).toEqual(oracleSources(fixture.db));
        const ids = new Set(sources.map((s: { srcID: string }) => s.srcID));
        for (const rate of await data('/api/v1/rates')) {
          expect(ids.has(rate.drtPriceSource) && ids.has(rate.drtNairaSource), JSON.stringify(rate)).toBe(true);
        }
      });
      it("GET /calendars/nigeria lists Nigeria's declared month starts oldest first, each with a source of /sources (§2b)", async () => {
        const months = await data('/api/v1/calendars/nigeria');
        expect(months).toEqual(oracleCalendar(fixture.db));
        expect(months.length).toBeGreaterThan(10);
        const ids = new Set((await data('/api/v1/sources')).map((s: { srcID: string }) => s.srcID));
        for (const month of months) expect(ids.has(month.calSource), month.calMonth).toBe(true);
        // 1 Muharram 1443 was declared for 10 August 2021; the fixture's gold rate of that day is dated so.
        expect(months).toContainEqual(expect.objectContaining({ calMonth: '1443-01', calFirstDay: '2021-08-10' }));
        expect(await data('/api/v1/rates/latest?date=2021-08-10')).toMatchObject({ drtHijriDate: '1443-01-02', drtHijriDateNigeria: '1443-01-01' });
      });
      it('GET /meta tells the as-of date, coverage per subcategory and a content id', async () => {
        const meta = await data('/api/v1/meta');
        expect(meta.asOf).toBe(AS_OF);
        // 1 Ramadan 1445 was declared for 11 March 2024: the as-of date, 15 March, is its 5th day.
        expect(meta).toMatchObject({ asOfHijri: '1445-09-05', asOfHijriNigeria: '1445-09-05' });
        expect(meta.contentId).toMatch(/^[0-9a-f]{40}$/);
        const gold = meta.subcategories.find((s: { sctID: number }) => s.sctID === 1);
        const rows = oracleRates(fixture.db, fixture.asOf, { subcategory: 1 }) as { drtDate: string }[];
        expect(gold).toMatchObject({ firstDate: rows[0]!.drtDate, lastDate: rows.at(-1)!.drtDate, count: rows.length });
        expect(meta.gaps).toBe('/gaps');
      });
      it('GET /announcements lists the announced figures up to the as-of date, each beside its rule valued as SQL and /nisab?date= of its day value it (§2d)', async () => {
        const announced = (await data('/api/v1/announcements')) as Record<string, unknown>[];
        expect(announced.map(({ annComputedNote, ...rest }) => rest)).toEqual(oracleAnnouncements(fixture.db, fixture.asOf));
        // Kano's figure of 2025-08-18 is after the as-of date; the diyyah has no rule of the fixture's.
        expect(announced.map((a) => a.annID)).toEqual([1, 2, 5, 11]);
        expect(announced.find((a) => a.annID === 5)).toMatchObject({
          annRuleID: null,
          annComputedInNaira: null,
          annDifferencePercent: null,
          annRateDate: null,
        });
        for (const a of announced) {
          expect(a.annComputedNote === null, String(a.annID)).toBe(a.annComputedInNaira !== null);
          if (a.annRuleID === null) continue;
          const rule = ((await data(`/api/v1/nisab?date=${a.annDate}`)) as Record<string, unknown>[]).find((r) => r.nsbID === a.annRuleID)!;
          expect([a.annComputedInNaira, a.annRateDate], String(a.annID)).toEqual([rule.nsbValueInNaira, rule.nsbRateDate]);
          expect(a.annComputedInNaira).not.toBeNull();
        }
        expect(await data('/v1/announcements.json')).toEqual(announced);
      });

      it('GET /gaps lists every day without a rate of each daily series, as SQL finds them, and /meta counts them', async () => {
        const gaps = await data('/api/v1/gaps');
        const expected = oracleGaps(fixture.db, fixture.asOf);
        expect(gaps).toEqual(expected);
        // Gold's gap inside its series; silver's six days a week, and its newest rate (a Monday) four days before the as-of date.
        expect(gaps).toContainEqual({ gapSubcategoryID: 1, gapFrom: GAP.from, gapTo: GAP.to, gapDays: 25 });
        expect(gaps.at(-1)).toEqual({ gapSubcategoryID: 2, gapFrom: '2024-03-12', gapTo: AS_OF, gapDays: 4 });
        expect(gaps.filter((g: { gapSubcategoryID: number }) => g.gapSubcategoryID === 11)).toEqual([]);
        const meta = await data('/api/v1/meta');
        const bySub = (id: number) => meta.subcategories.find((s: { sctID: number }) => s.sctID === id);
        const sum = (id: number) => expected.filter((g) => g.gapSubcategoryID === id).reduce((n, g) => n + g.gapDays, 0);
        expect(bySub(1)).toMatchObject({ dailyFrom: DAILY_FROM.gold, daysWithoutRate: sum(1) });
        expect(bySub(2)).toMatchObject({ dailyFrom: '2022-01-03', daysWithoutRate: sum(2) });
        // Platinum has daily rates in its definition but no daily price source; cash has no rates.
        expect(bySub(11)).toMatchObject({ dailyFrom: null, daysWithoutRate: null });
        expect(bySub(3)).toMatchObject({ dailyFrom: null, daysWithoutRate: null });
      });
      it('HEAD answers as GET without a body', async () => {
        for (const path of ['/api/v1/rates/latest', '/api/v1/rates?start_date=2020-01-01&end_date=2020-01-31', '/api/v1/rates?start_date=x']) {
          const got = await get(path);
          const head = await get(path, { method: 'HEAD' });
          expect(head.status).toBe(got.status);
          expect(head.body).toBe('');
          expect(head.headers['etag']).toBe(got.headers['etag']);
          expect(head.headers['content-type']).toBe(got.headers['content-type']);
        }
      });
      it('OPTIONS answers 204 with CORS headers', async () => {
        const answer = await get('/api/v1/rates?start_date=2020-01-01', { method: 'OPTIONS' });
        expect(answer.status).toBe(204);
        expect(answer.body).toBe('');
        expect(answer.headers['access-control-allow-origin']).toBe('*');
        expect(answer.headers['access-control-allow-methods']).toMatch(/GET/);
      });
      it('any other method is a 405 envelope with Allow', async () => {
        for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
          const answer = await expectError('/api/v1/rates/latest', 405, /not allowed/, method);
          expect(answer.headers['allow']).toBe('GET, HEAD, OPTIONS');
        }
      });
    });

    describe('§2 parameters', () => {
      it('drops empty values before anything else', async () => {
        expect((await get('/api/v1/rates?subcategory=&start_date=')).body).toBe((await get('/api/v1/rates')).body);
        expect((await get('/api/v1/rates/latest?subcategory=')).body).toBe((await get('/api/v1/rates/latest')).body);
        expect((await get('/api/v1/rates?start_date=2020-01-01&start_date=')).body).toBe((await get('/api/v1/rates?start_date=2020-01-01')).body);
      });
      it('answers 400 to one of its own parameters given twice with values', async () => {
        await expectError('/api/v1/rates?start_date=2020-01-01&start_date=2020-01-02', 400, /start_date is given more than once/);
        await expectError('/api/v1/rates?subcategory=1&subcategory=1', 400, /subcategory/);
        await expectError('/api/v1/nisab?subcategory=1&subcategory=2', 400, /subcategory/);
      });
      it('ignores unknown parameters, however often they repeat', async () => {
        expect((await get('/api/v1/rates?x=1&x=2&foo&subcategory=2&bar=')).body).toBe((await get('/api/v1/rates?subcategory=2')).body);
        expect((await get('/api/v1/meta?start_date=nonsense')).status).toBe(200);
      });
      it('reports the first problem in the order method, path, malformed, order, unknown subcategory', async () => {
        await expectError('/api/v1/nope?start_date=bad', 405, undefined, 'POST');
        await expectError('/api/v1/nope?start_date=bad', 404);
        await expectError('/api/v1/rates?start_date=bad&subcategory=99', 400, /start_date/);
        await expectError('/api/v1/rates?start_date=2020-02-01&end_date=2020-01-01&subcategory=99', 400, /must not be after/);
        await expectError('/api/v1/rates?start_date=2020-01-01&end_date=2020-02-01&subcategory=99', 404, /does not exist/);
      });
    });

    describe('§2 filters of /rates', () => {
      it('rejects dates that are not real zero-padded calendar dates, naming the parameter', async () => {
        for (const bad of [
          '2024-02-30',
          '2023-02-29',
          '2024-2-5',
          '20240205',
          '2024-02-05T00:00',
          '2024-13-01',
          '0000-01-01',
          'today',
          '2024-02-05%20',
          '2024-02-05%0A',
          '%0A2024-02-05',
          '%FF',
        ]) {
          await expectError(`/api/v1/rates?start_date=${bad}`, 400, /^start_date must be a real date in YYYY-MM-DD form/);
          await expectError(`/api/v1/rates?end_date=${bad}`, 400, /^end_date must be/);
        }
      });
      it('accepts real leap days', async () => {
        await expectRates('?start_date=2020-02-29&end_date=2020-02-29', { start: '2020-02-29', end: '2020-02-29' });
        await expectRates('?start_date=2024-02-29&end_date=2024-03-01&subcategory=11', { start: '2024-02-29', end: '2024-03-01', subcategory: 11 });
      });
      it('includes both bounds', async () => {
        const body = await expectRates('?start_date=2020-01-06&end_date=2020-01-13&subcategory=2', { start: '2020-01-06', end: '2020-01-13', subcategory: 2 });
        expect(body.data.map((r: { drtDate: string }) => r.drtDate)).toEqual(['2020-01-06', '2020-01-13']);
      });
      it('with only start_date runs to the newest record; with only end_date from the oldest', async () => {
        await expectRates('?start_date=2023-12-30', { start: '2023-12-30' });
        await expectRates('?end_date=2020-01-02', { end: '2020-01-02' });
      });
      it('crosses year, decade and gap boundaries exactly', async () => {
        for (const [start, end] of [
          ['2019-12-31', '2020-01-01'],
          ['2019-12-25', '2021-06-30'],
          ['2021-06-01', '2021-07-10'],
          ['2020-11-15', '2022-02-10'],
          ['2019-01-01', '2030-01-01'],
        ]) {
          for (const sub of [null, 1, 2, 11])
            await expectRates(`?start_date=${start}&end_date=${end}${sub ? `&subcategory=${sub}` : ''}`, { start, end, subcategory: sub });
        }
      });
      it('answers 400 when start_date is after end_date', async () => {
        await expectError(
          '/api/v1/rates?start_date=2021-01-02&end_date=2021-01-01',
          400,
          /^start_date \(2021-01-02\) must not be after end_date \(2021-01-01\)$/,
        );
      });
      it('answers 200 with data [] and count 0 for a range without records', async () => {
        for (const query of [
          '?start_date=2000-01-01&end_date=2000-12-31',
          `?start_date=2024-03-16`,
          `?start_date=${GAP.from}&end_date=${GAP.to}&subcategory=1`,
          '?subcategory=3',
        ]) {
          const answer = await get(`/api/v1/rates${query}`);
          expect(answer.status, query).toBe(200);
          expect(JSON.parse(answer.body), query).toEqual({ success: true, data: [], count: 0 });
        }
      });
      it('rejects a malformed subcategory with 400 and an unknown one with 404', async () => {
        for (const bad of ['0', '-1', '+1', '01', '1.0', '1e3', '1234567890', 'Gold', 'gold-', '-gold', 'gold%20', '%201', '1%00', '1%0A', 'gold%0A']) {
          await expectError(`/api/v1/rates?subcategory=${bad}`, 400, /^subcategory must be a subcategory's ID \(a positive whole number/);
          await expectError(`/api/v1/rates/latest?subcategory=${bad}`, 400);
        }
        await expectError('/api/v1/rates?subcategory=999999999', 404, /subcategory 999999999 does not exist/);
        await expectError('/api/v1/rates?subcategory=no-such-thing', 404, /subcategory no-such-thing does not exist/);
        await expectError('/api/v1/rates/latest?subcategory=4', 404);
      });
      it('takes a subcategory by its slug as by its ID (§2a)', async () => {
        for (const [endpoint, query] of [
          ['/rates/latest', ''],
          ['/rates', '&start_date=2019-12-01&end_date=2020-01-31'],
          ['/nisab', ''],
        ]) {
          const byId = await get(`/api/v1${endpoint}?subcategory=2${query}`);
          const bySlug = await get(`/api/v1${endpoint}?subcategory=silver${query}`);
          expect(byId.status, endpoint).toBe(200);
          expect(bySlug.body, endpoint).toBe(byId.body);
          expect(bySlug.headers['etag'], endpoint).toBe(byId.headers['etag']);
        }
      });
      it('orders by drtDate then drtSubcategoryID, and count equals the length of data', async () => {
        const body = JSON.parse((await get('/api/v1/rates?start_date=2019-12-30&end_date=2020-01-06')).body);
        const keys = body.data.map((r: { drtDate: string; drtSubcategoryID: number }) => `${r.drtDate}/${r.drtSubcategoryID}`);
        expect(keys).toEqual([...keys].sort());
        expect(body.count).toBe(body.data.length);
        expect(keys).toContain('2019-12-31/11');
      });
      it('matches SQL for random ranges and subcategories', async () => {
        const day = fc.integer({ min: 0, max: 365 * 6 }).map((n) => new Date(Date.UTC(2019, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
        await fc.assert(
          fc.asyncProperty(fc.option(day), fc.option(day), fc.constantFrom(null, 1, 2, 3, 11), async (a, b, sub) => {
            const [start, end] = a && b && a > b ? [b, a] : [a, b];
            const query = [start && `start_date=${start}`, end && `end_date=${end}`, sub && `subcategory=${sub}`].filter(Boolean).join('&');
            await expectRates(query ? `?${query}` : '', { start, end, subcategory: sub });
          }),
          { numRuns: 60 },
        );
      });
    });

    describe('§2b answers by Hijri date', () => {
      it('answers hijri_date byte for byte as the date of that Hijri day, in Umm al-Qura or in the months Nigeria declared', async () => {
        for (const [hijri, date] of [
          ['/nisab?hijri_date=1442-07-28', '/nisab?date=2021-03-12'], // Umm al-Qura, the default
          ['/nisab?hijri_date=1442-08-01&calendar=umm-al-qura', '/nisab?date=2021-03-14'],
          ['/nisab?hijri_date=1442-08-01&calendar=nigeria', '/nisab?date=2021-03-15'], // declared a day later
          ['/nisab?hijri_date=1443-01-01&calendar=nigeria&subcategory=gold', '/nisab?date=2021-08-10&subcategory=gold'],
          ['/nisab?hijri_date=1447-09-01', '/nisab?date=2026-02-18'], // after the as-of date: as of it
          ['/rates/latest?hijri_date=1443-01-01&calendar=nigeria', '/rates/latest?date=2021-08-10'],
          // Day 30 of Shawwal 1442 exists: Dhul Qa'dah 1442 was declared for 12 June 2021, 30 days after 13 May.
          ['/nisab?hijri_date=1442-10-30&calendar=nigeria', '/nisab?date=2021-06-11'],
          ['/rates/latest?hijri_date=1441-01-01&calendar=nigeria&subcategory=2', '/rates/latest?date=2019-09-01&subcategory=2'], // no silver rate yet: 404
        ]) {
          const [a, b] = [await get(`/api/v1${hijri}`), await get(`/api/v1${date}`)];
          expect(a.status, hijri).toBe(b.status);
          expect(a.body, hijri).toBe(b.body);
        }
      });
      it('refuses hijri_date with date, a malformed one or calendar, a day its month does not have (400), and a month the calendar does not hold (404)', async () => {
        for (const [path, status, message] of [
          ['/nisab?hijri_date=1447-09-01&date=2026-02-18', 400, 'give date or hijri_date, not both'],
          ['/nisab?hijri_date=1447-13-01', 400, 'hijri_date must be a Hijri date in YYYY-MM-DD form (month 01-12, day 01-30), e.g. 1447-09-01'],
          ['/rates/latest?hijri_date=1447-9-1', 400, 'hijri_date must be a Hijri date in YYYY-MM-DD form (month 01-12, day 01-30), e.g. 1447-09-01'],
          ['/nisab?hijri_date=1447-09-01&calendar=gregorian', 400, 'calendar must be one of umm-al-qura, nigeria'],
          ['/nisab?hijri_date=1446-12-30', 400, 'hijri_date 1446-12-30 does not exist: month 1446-12 has 29 days in the umm-al-qura calendar'],
          [
            '/nisab?hijri_date=1442-08-30&calendar=nigeria&subcategory=nothing',
            400,
            'hijri_date 1442-08-30 does not exist: month 1442-08 has 29 days in the nigeria calendar',
          ],
          [
            '/nisab?hijri_date=1443-03-30&calendar=nigeria',
            404,
            "hijri_date 1443-03-30: the length of month 1443-03 in the nigeria calendar is not known yet (the next month's declared first day is not in the data)",
          ],
          [
            // Rabi' al-Awwal 1444: neither its declaration nor a stated day of it was found (docs/calendar.md)
            '/rates/latest?hijri_date=1444-03-01&calendar=nigeria',
            404,
            'hijri_date 1444-03-01: the declared first day of month 1444-03 is not in the nigeria calendar (the months it holds are listed at /api/v1/calendars/nigeria)',
          ],
          ['/nisab?hijri_date=1299-12-01', 404, 'hijri_date 1299-12-01 is outside the years the umm-al-qura table covers (1300 to 1600)'],
        ] as const) {
          const answer = await get(`/api/v1${path}`);
          expect([answer.status, JSON.parse(answer.body)], path).toEqual([status, { success: false, message }]);
        }
      });
    });

    describe('§2c currencies', () => {
      type Rate = Record<string, unknown>;
      const inCurrency = (code: string, rates: Rate[]) => oracleInCurrency(fixture.db, fixture.asOf, code, rates);
      const YEARS = ['2019', '2020', '2021', '2022', '2023', '2024'];
      it('GET /currencies lists every published currency with its coverage and sources', async () => {
        const list = await data('/api/v1/currencies');
        expect(list).toEqual(oracleCurrencies(fixture.db, fixture.asOf));
        expect(list.map((c: { curCode: string }) => c.curCode)).toEqual(FX_CODES);
      });
      it('adds the currency fields to every record of every year, in every currency, as SQL has them', async () => {
        for (const code of FX_CODES) {
          for (const year of YEARS) {
            const query = `start_date=${year}-01-01&end_date=${year}-12-31`;
            const answer = await get(`/api/v1/rates?${query}&currency=${code}`);
            expect(answer.status, `${code} ${year}`).toBe(200);
            const body = JSON.parse(answer.body);
            const plain = oracleRates(fixture.db, fixture.asOf, { start: `${year}-01-01`, end: `${year}-12-31` }) as Rate[];
            expect(body.data, `${code} ${year}`).toEqual(inCurrency(code, plain));
            expect(body.count).toBe(plain.length);
          }
        }
      });
      it('currency=NGN equals the Naira fields and currency=USD the dollar fields, for every record', async () => {
        for (const year of YEARS) {
          for (const rate of await data(`/api/v1/rates?start_date=${year}-01-01&end_date=${year}-12-31&currency=NGN`)) {
            expect([rate.drtUSDinCurrency, rate.drtInCurrency, rate.drtCurrencyDate, rate.drtCurrencySource]).toEqual([
              rate.drtUSDinNaira,
              rate.drtInNaira,
              rate.drtNairaDate,
              rate.drtNairaSource,
            ]);
          }
          for (const rate of await data(`/api/v1/rates?start_date=${year}-01-01&end_date=${year}-12-31&currency=USD`)) {
            expect([rate.drtUSDinCurrency, rate.drtInCurrency, rate.drtCurrencyDate, rate.drtCurrencySource]).toEqual([
              1,
              money([rate.drtInUSD]),
              rate.drtDate,
              'us-dollar',
            ]);
          }
        }
      });
      it('adds them to the latest and dated records, and values the Nisab in the currency at the same record', async () => {
        for (const code of ['GBP', 'EUR', 'JPY', 'NGN', 'USD']) {
          const latest = await data(`/api/v1/rates/latest?currency=${code}`);
          expect(latest, code).toEqual(inCurrency(code, [oracleLatestOn(fixture.db, fixture.asOf, AS_OF, 1)!])[0]);
          for (const [date, sub] of [
            ['2020-01-03', 1],
            ['2021-06-20', 1],
            ['2021-06-15', 2],
            ['2023-07-01', 11],
            ['2024-01-05', 11],
          ] as const) {
            const dated = await data(`/api/v1/rates/latest?date=${date}&subcategory=${sub}&currency=${code}`);
            expect(dated, `${code} ${date} ${sub}`).toEqual(inCurrency(code, [oracleLatestOn(fixture.db, fixture.asOf, date, sub)!])[0]);
          }
          for (const date of [null, '2019-01-01', '2020-01-03', '2021-06-20', '2023-07-01', AS_OF]) {
            const rules = await data(`/api/v1/nisab?currency=${code}${date ? `&date=${date}` : ''}`);
            const plain = await data(`/api/v1/nisab${date ? `?date=${date}` : ''}`);
            const gold = oracleLatestOn(fixture.db, fixture.asOf, date ?? AS_OF, 1);
            const goldIn = gold === null ? null : inCurrency(code, [gold])[0]!;
            for (let i = 0; i < rules.length; i++) {
              const rule = rules[i];
              // The rule's own fields are the plain answer's; the currency's two come last.
              const { nsbCurrency, nsbValueInCurrency, ...rest } = rule;
              expect(rest, `${code} ${date} ${rule.nsbID}`).toEqual(plain[i]);
              expect(Object.keys(rule).slice(-2)).toEqual(['nsbCurrency', 'nsbValueInCurrency']);
              expect(nsbCurrency).toBe(code);
              if (rule.nsbValueInUSD === null) expect(nsbValueInCurrency).toBeNull();
              if (code === 'NGN') expect(nsbValueInCurrency).toBe(rule.nsbValueInNaira);
              if (rule.nsbID === 1) {
                const expected =
                  goldIn === null || goldIn.drtUSDinCurrency === null ? null : money([85, goldIn.drtInUSD as number, goldIn.drtUSDinCurrency as number]);
                expect(nsbValueInCurrency, `${code} ${date}`).toBe(expected);
              }
            }
          }
        }
      });
      it('answers the same bytes on both bases, with an ETag that a later request revalidates', async () => {
        for (const path of [
          '/nisab?currency=GBP&date=2021-06-20',
          '/rates/latest?currency=EUR',
          '/rates?start_date=2021-06-01&end_date=2021-07-31&currency=GBP',
        ]) {
          const a = await get(`/api/v1${path}`);
          const b = await get(`/index.php/api/v1${path}`);
          expect(b.body, path).toBe(a.body);
          expect(a.headers['etag'], path).toMatch(/^"[0-9a-f]{40}"$/);
          expect(b.headers['etag']).toBe(a.headers['etag']);
          expect((await get(`/api/v1${path}`, { headers: { 'If-None-Match': a.headers['etag']! } })).status, path).toBe(304);
        }
        // Another currency, another ETag; without currency, the answer of before.
        expect((await get('/api/v1/rates/latest?currency=GBP')).headers['etag']).not.toBe((await get('/api/v1/rates/latest?currency=EUR')).headers['etag']);
        expect((await get('/api/v1/rates/latest?currency=')).body).toBe((await get('/api/v1/rates/latest')).body);
      });
      it('answers 400 for a malformed or repeated currency or a range too long for it, 404 for one not published', async () => {
        for (const endpoint of ['/rates/latest', '/rates', '/nisab']) {
          for (const bad of ['gbp', 'GB', 'POUND', 'GBP%0A', 'G%20P']) {
            await expectError(`/api/v1${endpoint}?currency=${bad}`, 400, /^currency must be an ISO 4217 code in three capital letters, e\.g\. GBP/);
          }
          await expectError(`/api/v1${endpoint}?currency=GBP&currency=EUR`, 400, /^currency is given more than once/);
          await expectError(
            `/api/v1${endpoint}?currency=XAU`,
            404,
            /^currency XAU is not published; the published currencies are listed at \/api\/v1\/currencies$/,
          );
          // A malformed date answers before a currency not published.
          if (endpoint !== '/rates') await expectError(`/api/v1${endpoint}?currency=CHF&date=2021-02-30`, 400, /^date must be/);
        }
        await expectError(
          '/api/v1/rates?currency=GBP',
          400,
          /^with currency, a range may span at most 366 days of published rates \(this one spans 2019-12-20 to 2024-03-15\)/,
        );
        await expectError('/api/v1/rates?currency=GBP&start_date=2021-01-01&end_date=2022-01-02', 400, /at most 366 days/);
        expect((await get('/api/v1/rates?currency=GBP&start_date=2021-01-01&end_date=2022-01-01')).status).toBe(200);
        // Not a parameter of these: ignored.
        expect((await get('/api/v1/subcategories?currency=gbp')).body).toBe((await get('/api/v1/subcategories')).body);
      });
    });

    describe('§2a dated answers', () => {
      const latestOn = (date: string, sub = 1) => oracleLatestOn(fixture.db, fixture.asOf, date, sub);
      it('GET /rates/latest?date=D is the newest record on or before D: on a record, in a gap, across a month and a year', async () => {
        for (const [date, sub] of [
          ['2020-03-10', 1],
          ['2021-06-20', 1],
          ['2021-07-01', 1],
          ['2021-06-15', 2],
          ['2020-01-01', 2],
          ['2022-05-04', 11],
          ['2020-01-01', 11],
          ['2024-01-05', 11],
        ] as const) {
          const answer = await get(`/api/v1/rates/latest?date=${date}&subcategory=${sub}`);
          expect(answer.status, `${date}/${sub}`).toBe(200);
          expect(JSON.parse(answer.body).data, `${date}/${sub}`).toEqual(latestOn(date, sub));
        }
        // the gap in gold: 2021-06-10 .. 2021-07-04 answers the record before it
        expect((await data('/api/v1/rates/latest?date=2021-06-20')).drtDate).toBe('2021-06-09');
      });
      it('answers a date on or after the newest record, or after the as-of date, as the undated answer, byte for byte', async () => {
        const undated = await get('/api/v1/rates/latest?subcategory=2');
        for (const date of [AS_OF, '2024-03-16', '2099-12-31']) {
          const dated = await get(`/api/v1/rates/latest?subcategory=2&date=${date}`);
          expect(dated.body, date).toBe(undated.body);
          expect(dated.headers['etag'], date).toBe(undated.headers['etag']);
        }
        expect(await get(`/api/v1/nisab?date=${AS_OF}`).then((a) => a.body)).toBe((await get('/api/v1/nisab')).body);
        expect(await get('/api/v1/nisab?date=2099-01-01&subcategory=1').then((a) => a.body)).toBe((await get('/api/v1/nisab?subcategory=1')).body);
      });
      it('answers 404 for a date before the first record of the subcategory', async () => {
        await expectError('/api/v1/rates/latest?date=2019-12-19', 404, /no rate dated on or before 2019-12-19/);
        await expectError('/api/v1/rates/latest?date=2019-12-30&subcategory=11', 404);
        await expectError('/api/v1/rates/latest?date=2020-01-01&subcategory=12', 404, /has no published rate/);
      });
      it('values each Nisab rule at the newest rate on or before the date of the metal that measures it', async () => {
        for (const date of ['2021-06-20', '2020-02-29', '2023-01-01']) {
          const rules = await data(`/api/v1/nisab?date=${date}`);
          const gold = latestOn(date, 1)!;
          const silver = latestOn(date, 2)!;
          const byId = Object.fromEntries(rules.map((r: { nsbID: number }) => [r.nsbID, r]));
          expect(byId[1].nsbRateDate, date).toBe(gold.drtDate);
          expect(byId[3].nsbRateDate, date).toBe(silver.drtDate);
          expect(byId[4].nsbRateDate, date).toBe(gold.drtDate);
          expect(byId[1].nsbValueInUSD, date).toBeCloseTo(85 * (gold.drtInUSD as number), 2);
          expect(byId[6].nsbRateDate, date).toBeNull();
        }
        const before = await data('/api/v1/nisab?date=2019-01-01');
        for (const rule of before) expect(rule).toMatchObject({ nsbValueInUSD: null, nsbValueInNaira: null, nsbRateDate: null, nsbRateAgeDays: null });
        const one = await data('/api/v1/nisab?date=2021-06-20&subcategory=gold');
        expect(one.map((r: { nsbID: number }) => r.nsbID)).toEqual([1, 2]);
      });
      it('says how old the rate behind each Nisab value is on the day answered (nsbRateAgeDays), in SQL', async () => {
        // The fixture's rules: 1, 2 and 4 valued by gold, 3 by silver, the others not valued.
        const measuredBy: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 1 };
        for (const date of [null, '2019-01-01', '2020-01-20', GAP.from, '2021-06-20', GAP.to, '2023-01-01', AS_OF, '2099-01-01']) {
          const day = date ?? AS_OF;
          for (const rule of await data(`/api/v1/nisab${date === null ? '' : `?date=${date}`}`)) {
            const by = measuredBy[rule.nsbID as number];
            const expected = by === undefined ? null : oracleRateAge(fixture.db, fixture.asOf, day, by);
            expect(rule.nsbRateAgeDays, `${date} rule ${rule.nsbID}`).toBe(expected);
          }
        }
        // In a gap of gold, the age grows a day a day; by a Hijri date, the age of that day.
        const inGap = await data('/api/v1/nisab?date=2021-06-20&subcategory=1');
        expect(inGap[0].nsbRateAgeDays).toBe(oracleRateAge(fixture.db, fixture.asOf, '2021-06-20', 1));
        expect(inGap[0].nsbRateAgeDays).toBeGreaterThan(7);
        const hijri = await get('/api/v1/nisab?hijri_date=1442-11-10&subcategory=1');
        expect(hijri.body).toBe((await get(`/api/v1/nisab?date=2021-06-20&subcategory=1`)).body);
      });
      it('rejects a malformed or repeated date with 400, and an unknown subcategory with 404', async () => {
        for (const endpoint of ['/rates/latest', '/nisab']) {
          for (const bad of ['2024-02-30', '2024-2-5', 'yesterday', '2024-02-05%0A'])
            await expectError(`/api/v1${endpoint}?date=${bad}`, 400, /^date must be a real date/);
          await expectError(`/api/v1${endpoint}?date=2021-01-01&date=2021-02-01`, 400, /^date is given more than once/);
          await expectError(`/api/v1${endpoint}?date=2021-01-01&subcategory=no-such`, 404);
        }
      });
      it('sends the contract headers on dated answers, and 304 for their ETag', async () => {
        const answer = await get('/index.php/api/v1/nisab?date=2021-06-20');
        expect(answer.headers['content-type']).toBe(JSON_TYPE);
        expect(answer.headers['access-control-allow-origin']).toBe('*');
        expect(answer.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
        expect(answer.headers['etag']).toMatch(/^"[0-9a-f]{40}"$/);
        expect((await get('/api/v1/nisab?date=2021-06-20')).body).toBe(answer.body);
        expect((await get('/api/v1/nisab?date=2021-06-20', { headers: { 'If-None-Match': answer.headers['etag']! } })).status).toBe(304);
        const head = await get('/api/v1/rates/latest?date=2021-06-20', { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(head.body).toBe('');
      });
    });

    describe('§3 records', () => {
      it('rate records carry the contract fields with drtInNaira rounded to 2 decimals', async () => {
        const list = await data('/api/v1/rates?start_date=2020-01-01&end_date=2020-01-31');
        for (const r of list) {
          expect(Object.keys(r)).toEqual(
            expect.arrayContaining(['drtID', 'drtSubcategoryID', 'drtDate', 'drtInUSD', 'drtUSDinNaira', 'drtInNaira', 'drtUnit']),
          );
          expect(Math.abs(r.drtInNaira - r.drtInUSD * r.drtUSDinNaira)).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(r.drtUnit).toBe('gram');
        }
      });
      it('Nisab rules carry their value at the newest rate of the metal they follow', async () => {
        const latestGold = await data('/api/v1/rates/latest');
        const [cash] = await data(`/api/v1/nisab?subcategory=${SUBCATEGORIES.cash}`);
        expect(cash).toMatchObject({
          nsbBasisSubcategoryID: 1,
          nsbRateDate: latestGold.drtDate,
          nsbValueInUSD: Math.round(85 * latestGold.drtInUSD * 100) / 100,
        });
        const [rikaz] = await data(`/api/v1/nisab?subcategory=${SUBCATEGORIES.rikaz}`);
        expect(rikaz).toMatchObject({ nsbValueInUSD: null, nsbValueInNaira: null, nsbRateDate: null });
        const [camels] = await data(`/api/v1/nisab?subcategory=${SUBCATEGORIES.camels}`);
        expect(camels.nsbBrackets).toHaveLength(3);
      });
    });

    describe('§4 envelope', () => {
      it('has count exactly when data is a list, and no data on failure', async () => {
        expect(Object.keys(JSON.parse((await get('/api/v1/rates/latest')).body)).sort()).toEqual(['data', 'success']);
        expect(Object.keys(JSON.parse((await get('/api/v1/meta')).body)).sort()).toEqual(['data', 'success']);
        for (const path of ['/api/v1/rates', '/api/v1/nisab', '/api/v1/subcategories']) {
          expect(Object.keys(JSON.parse((await get(path)).body)).sort()).toEqual(['count', 'data', 'success']);
        }
      });
    });

    describe('§5 status codes', () => {
      it('never answers a hostile request under a base with a 5xx, HTML or a file from outside', async () => {
        const hostile = [
          '/api/v1/rates/..%2f..%2fmanifest.json',
          '/api/v1/rates?subcategory=../../etc/passwd',
          '/api/v1/rates?start_date=' + 'x'.repeat(4000),
          '/api/v1/rates?%=%&start_date=%E0%A4%A',
          '/api/v1/rates?start_date=2020-01-01&start_date=2020-01-01&start_date=2020-01-01',
          '/index.php/api/v1/rates/latest?subcategory=1%00',
          '/api/v1/nisab?subcategory=1;rm',
        ];
        for (const path of hostile) {
          const answer = await get(path);
          expect(answer.status, path).toBeLessThan(500);
          expect(answer.headers['content-type'], path).toBe(JSON_TYPE);
          expect(() => JSON.parse(answer.body), path).not.toThrow();
          expect(answer.body, path).not.toContain('root:');
        }
      });
      it('never leaks a file through dot segments or doubled slashes, which some servers resolve before routing', async () => {
        // workerd (like Cloudflare) resolves `..` and merges `//` before any code runs, so such a
        // request may arrive outside the bases; whoever answers, nothing from outside the snapshot shows.
        for (const path of ['/api/v1/../../../../etc/passwd', '/api/v1/%2e%2e/%2e%2e/etc/passwd', '/index.php/api/v1/../../../etc/passwd', '/api/v1//rates']) {
          const answer = await get(path);
          expect(answer.status, path).toBeLessThan(500);
          expect(answer.body, path).not.toMatch(/root:|<html|\n\s+at /i);
          if (answer.headers['content-type'] === JSON_TYPE) expect(() => JSON.parse(answer.body), path).not.toThrow();
        }
      });
    });

    describe('§6 headers', () => {
      it('sends the JSON content type, CORS and Cache-Control on every envelope', async () => {
        for (const path of [
          '/api/v1/rates/latest',
          '/api/v1/rates?start_date=2020-01-01&end_date=2020-02-15',
          '/api/v1/rates?start_date=bad',
          '/api/v1/nope',
        ]) {
          const answer = await get(path);
          expect(answer.headers['content-type'], path).toBe(JSON_TYPE);
          expect(answer.headers['access-control-allow-origin'], path).toBe('*');
          expect(answer.headers['cache-control'], path).toMatch(/max-age=\d+/);
        }
      });
      it('never lets an answer be cached past the next nightly build', async () => {
        const meta = await data('/api/v1/meta');
        const answer = await get('/api/v1/rates/latest');
        const maxAge = Number(/max-age=(\d+)/.exec(answer.headers['cache-control']!)![1]);
        const secondsLeft = Math.max(0, (Date.parse(meta.validUntil) - Date.now()) / 1000);
        expect(maxAge).toBeLessThanOrEqual(Math.ceil(secondsLeft));
      });
      it('sends an ETag on every 200, equal for equal bodies, and 304 for a matching If-None-Match', async () => {
        const whole = await get('/api/v1/rates?start_date=2020-02-01&end_date=2020-02-29&subcategory=1');
        // the same month, cut from the year shard instead of served as the month file
        const sliced = await get('/api/v1/rates?start_date=2020-02-01&end_date=2020-02-29&subcategory=1&unused=1');
        const composed = await get('/api/v1/rates?start_date=2020-01-31&end_date=2020-02-29&subcategory=2');
        expect(whole.headers['etag']).toMatch(/^"[0-9a-f]{40}"$/);
        expect(sliced.headers['etag']).toBe(whole.headers['etag']);
        const sameBody = await get('/api/v1/rates?start_date=2020-02-01&end_date=2020-03-01&subcategory=11');
        const sameBody2 = await get('/api/v1/rates?start_date=2020-02-29&end_date=2020-02-29&subcategory=11');
        expect(sameBody.body).toBe(sameBody2.body);
        expect(sameBody.headers['etag']).toBe(sameBody2.headers['etag']);
        for (const answer of [whole, composed]) {
          const path =
            answer === whole
              ? '/api/v1/rates?start_date=2020-02-01&end_date=2020-02-29&subcategory=1'
              : '/api/v1/rates?start_date=2020-01-31&end_date=2020-02-29&subcategory=2';
          const again = await get(path, { headers: { 'if-none-match': answer.headers['etag']! } });
          expect(again.status).toBe(304);
          expect(again.body).toBe('');
          expect(again.headers['access-control-allow-origin']).toBe('*');
          expect((await get(path, { headers: { 'if-none-match': '"nope"' } })).status).toBe(200);
        }
      });
      it('sends CORS and Cache-Control on 204, 304, 404 and 405 too', async () => {
        for (const [path, method] of [
          ['/api/v1/meta', 'OPTIONS'],
          ['/api/v1/nope', 'GET'],
          ['/api/v1/meta', 'DELETE'],
        ] as const) {
          const answer = await get(path, { method });
          expect(answer.headers['access-control-allow-origin'], `${method} ${path}`).toBe('*');
          expect(answer.headers['cache-control'], `${method} ${path}`).toBeDefined();
        }
      });
    });

    describe('requests no client should send (issue 11): the same answer on every server', () => {
      const expectEnvelope = (answer: Answer, where: string) => {
        expect(answer.status, where).toBeLessThan(500);
        expect(answer.headers['content-type'], where).toBe(JSON_TYPE);
        expect(answer.headers['access-control-allow-origin'], where).toBe('*');
        expect(answer.headers['cache-control'], where).toBeDefined();
        const body = JSON.parse(answer.body);
        expect(body.success, where).toBe(false);
        // No server path, page or stack trace.
        expect(answer.body, where).not.toMatch(/\/tmp\/|\/home\/|<html|\n\s+at /i);
      };
      it('refuses a value ending in a newline (PCRE $ and njs Number() would take it)', async () => {
        await expectError('/api/v1/rates?start_date=2020-01-01%0A', 400, /^start_date must be/);
        await expectError('/api/v1/rates?end_date=2020-01-31%0A&start_date=2020-01-01', 400, /^end_date must be/);
        await expectError('/api/v1/rates?subcategory=1%0A', 400, /^subcategory must be/);
        await expectError('/api/v1/rates/latest?subcategory=2%0D%0A', 400, /^subcategory must be/);
      });
      it('answers paths just outside a base, and missing static files, with a JSON 404, CORS and Cache-Control', async () => {
        for (const path of ['/api/v1x', '/api/v1x/meta', '//api/v1/meta', '/api/v1%2fmeta', '/nope.json', '/v1/rates/latest/99.json', '/index.php']) {
          const answer = await get(path);
          expect(answer.status, path).toBe(404);
          expectEnvelope(answer, path);
          expect(answer.headers['cache-control'], path).toMatch(/max-age=0/);
        }
      });
      it("answers NUL in a path with an envelope, never a 500 page showing the server's folders", async () => {
        for (const path of ['/%00', '/api/v1%00/meta', '/api/v1/%00', '/v1/%00.json']) expectEnvelope(await get(path), path);
      });
      it('resolves dot segments before routing, as a URL parser (and so Cloudflare) does', async () => {
        const meta = await get('/api/v1/meta');
        for (const path of ['/api/v1/x/../meta', '/api/v1/./meta', '/index.php/api/v1/rates/../meta', '/api/v1/%2e/meta', '/x/../api/v1/meta']) {
          const answer = await get(path);
          expect([answer.status, answer.body, answer.headers['etag']], path).toEqual([200, meta.body, meta.headers['etag']]);
        }
        // Out of the base: static content of the snapshot, never a file from outside it.
        const file = await get(`/api/v1/../../${paths.meta}`);
        expect([file.status, file.body], 'the meta file through dot segments').toEqual([200, (await get(`/${paths.meta}`)).body]);
        for (const path of ['/api/v1/../nope', '/api/v1/../../../../../etc/passwd']) {
          const answer = await get(path);
          expect(answer.status, path).toBeGreaterThanOrEqual(400);
          expectEnvelope(answer, path);
        }
      });
      it('ignores headers that name an internal status, tree or request', async () => {
        const target = '/api/v1/rates?start_date=2020-01-05&end_date=2020-02-03';
        const plain = await get(target);
        for (const headers of <Record<string, string>[]>[
          { 'x-nisab-refused': '/x/503' },
          { 'x-nisab-refused': '/_nisab/refused/200', 'x-nisab-uri': '/api/v1/nope', 'x-nisab-method': 'POST' },
          { 'x-nisab-tree': '/etc', 'x-nisab-request-line': 'GET /api/v1/nope HTTP/1.1' },
        ]) {
          const answer = await get(target, { headers });
          expect([answer.status, answer.body, answer.headers['etag']], JSON.stringify(headers)).toEqual([plain.status, plain.body, plain.headers['etag']]);
        }
      });
      // The request line is parsed by an edge that owns its framing (the preview, nginx); workerd's is Miniflare's, so
      // these are not asked of it (registered only where they apply, never counted as skipped).
      if (edge.ownsFraming) {
        it('reads an absolute-form request line as its path', async () => {
          const host = new URL(server.url).host;
          const answer = await rawRequest(
            server.url,
            `GET http://${host}/api/v1/rates/latest?subcategory=2 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
          );
          expect([answer.status, answer.body]).toEqual([200, (await get('/api/v1/rates/latest?subcategory=2')).body]);
        });
        it('answers a request line too long with 414 or 431 in an envelope (never 494)', async () => {
          const answer = await rawRequest(server.url, `GET /api/v1/rates?start_date=${'x'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
          expect([414, 431], String(answer.status)).toContain(answer.status);
          expectEnvelope(answer, 'a 40 KB request line');
        });
        it('answers malformed request lines with a JSON envelope and CORS', async () => {
          for (const line of ['GET /api/v1/meta HTTP/1.2', 'get /api/v1/meta HTTP/1.1', 'GET /api/v1/meta HTTP/1.1\nHost: x\nX: \u00ff']) {
            const answer = await rawRequest(server.url, `${line}\r\nHost: x\r\nConnection: close\r\n\r\n`);
            if (answer.status === 200) continue; // a server may take it as the request it plainly is
            expect(answer.status, line).toBeGreaterThanOrEqual(400);
            expectEnvelope(answer, line);
          }
        });
      }
    });

    staticSuite(get);

    describe('§7 snapshots', () => {
      it('publishes nothing dated after the as-of date', async () => {
        const all = await data('/api/v1/rates');
        expect(all.every((r: { drtDate: string }) => r.drtDate <= AS_OF)).toBe(true);
        expect(JSON.parse((await get('/api/v1/rates?start_date=2024-03-16&end_date=2024-03-31')).body).count).toBe(0);
      });
      it('answers latest and the range from its date from the same build', async () => {
        const latest = await data('/api/v1/rates/latest');
        const range = await data(`/api/v1/rates?start_date=${latest.drtDate}&subcategory=1`);
        expect(range).toEqual([latest]);
      });
    });
  });
}
