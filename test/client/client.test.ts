// The typed client (client/) against the real preview server over the fixture
// snapshot: every endpoint function, the ETag cache, the error type, the
// fall-back base, and the package bundled on its own as app builders get it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  NisabApiError,
  zakatDue,
  type NigeriaMonth,
  type NisabRuleInCurrency,
  type Rate,
  type RateInCurrency,
  type Source,
} from '../../client/src/index.ts';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import {
  AS_OF,
  FX_CODES,
  makeFixture,
  oracleCalendar,
  oracleCurrencies,
  oracleInCurrency,
  oracleRates,
  SUBCATEGORIES,
  type Fixture,
} from '../support/fixture.ts';
import { startStatic } from '../support/static-server.ts';

let fixture: Fixture;
let preview: Preview;
let base: string;

beforeAll(async () => {
  fixture = await makeFixture();
  preview = await startPreview({ dir: fixture.out, port: 0 });
  base = `${preview.url}/api/v1`;
});
afterAll(async () => {
  await preview?.close();
  await fixture?.remove();
});

/** A fetch that records the status of every answer it gets. */
function recordingFetch() {
  const statuses: number[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    statuses.push(response.status);
    return response;
  };
  return { statuses, fetchImpl };
}

describe('the typed client against the preview server', () => {
  it('has one function per endpoint, answering what the API answers', async () => {
    const api = createClient({ baseUrl: base });
    expect(await api.latest()).toEqual(oracleRates(fixture.db, AS_OF, { subcategory: SUBCATEGORIES.gold }).at(-1));
    expect((await api.latest({ subcategory: 'silver' })).drtSubcategoryID).toBe(SUBCATEGORIES.silver);
    const range = await api.rates({ start_date: '2021-06-01', end_date: '2021-07-10', subcategory: SUBCATEGORIES.gold });
    expect(range.data).toEqual(oracleRates(fixture.db, AS_OF, { start: '2021-06-01', end: '2021-07-10', subcategory: SUBCATEGORIES.gold }));
    expect(range.count).toBe(range.data.length);
    const rules = await api.nisab({ subcategory: SUBCATEGORIES.cash });
    expect(rules.map((r) => r.nsbID)).toEqual([4]);
    expect((await api.subcategories()).find((s) => s.sctIsDefault)!.sctSlug).toBe('gold');
    expect((await api.meta()).asOf).toBe(AS_OF);
    const dated: Rate = await api.latest({ date: '2021-06-20' });
    expect(dated.drtDate).toBe('2021-06-09'); // the newest on or before, across the gap
  });

  it('lists the sources, and every rate names one of them', async () => {
    const api = createClient({ baseUrl: base });
    const sources: Source[] = await api.sources();
    const handle = new Database(fixture.db, { readonly: true });
    try {
      expect(sources).toEqual(handle.prepare('SELECT srcID, srcName, srcURL, srcLicence, srcDescription, srcFigure FROM sources ORDER BY srcID').all());
    } finally {
      handle.close();
    }
    const ids = new Set(sources.map((s) => s.srcID));
    const { data } = await api.rates({ start_date: '2024-01-01' });
    expect(data.length).toBeGreaterThan(0);
    expect(data.filter((r) => !ids.has(r.drtPriceSource) || !ids.has(r.drtNairaSource))).toEqual([]);
    // Nigeria's declared months name reports of /sources too.
    const months: NigeriaMonth[] = await api.nigeriaCalendar();
    expect(months).toEqual(oracleCalendar(fixture.db));
    expect(months.filter((m) => !ids.has(m.calSource))).toEqual([]);
  });

  it('revalidates with the ETag: a second ask costs a 304 and gives the same records', async () => {
    const { statuses, fetchImpl } = recordingFetch();
    const api = createClient({ baseUrl: base, fetch: fetchImpl });
    const first = await api.rates({ start_date: '2024-01-01', end_date: '2024-03-15' });
    const second = await api.rates({ start_date: '2024-01-01', end_date: '2024-03-15' });
    expect(statuses).toEqual([200, 304]);
    expect(second).toEqual(first);
    const uncached = recordingFetch();
    const plain = createClient({ baseUrl: base, fetch: uncached.fetchImpl, etagCache: false });
    await plain.meta();
    await plain.meta();
    expect(uncached.statuses).toEqual([200, 200]);
  });

  it('asks in a currency (docs/API.md §2c): the records carry its fields, and currencies() lists the codes it takes', async () => {
    const api = createClient({ baseUrl: base });
    expect(await api.currencies()).toEqual(oracleCurrencies(fixture.db, AS_OF));
    expect((await api.currencies()).map((c) => c.curCode)).toEqual(FX_CODES);
    const gold = oracleRates(fixture.db, AS_OF, { subcategory: SUBCATEGORIES.gold }) as Record<string, unknown>[];
    const latest: RateInCurrency = await api.latest({ currency: 'GBP' });
    expect(latest).toEqual(oracleInCurrency(fixture.db, AS_OF, 'GBP', [gold.at(-1)!])[0]);
    const query = { start_date: '2021-06-01', end_date: '2021-07-10', currency: 'EUR' } as const;
    const range = await api.rates(query);
    expect(range.data).toEqual(
      oracleInCurrency(fixture.db, AS_OF, 'EUR', oracleRates(fixture.db, AS_OF, { start: query.start_date, end: query.end_date }) as Record<string, unknown>[]),
    );
    const rules: NisabRuleInCurrency[] = await api.nisab({ date: '2021-06-20', currency: 'NGN' });
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect([rule.nsbCurrency, rule.nsbValueInCurrency]).toEqual(['NGN', rule.nsbValueInNaira]);
    // Without currency, the plain records.
    expect(Object.keys(await api.latest())).not.toContain('drtCurrency');
    await expect(api.rates({ currency: 'GBP' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^with currency, a range may span/) });
    await expect(api.nisab({ currency: 'XYZ' })).rejects.toMatchObject({ status: 404 });
  });

  it("throws NisabApiError with the envelope's message and status", async () => {
    const api = createClient({ baseUrl: base });
    const failure = await api.rates({ start_date: '2024-02-30' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NisabApiError);
    expect(failure).toMatchObject({ status: 400, name: 'NisabApiError' });
    expect((failure as Error).message).toMatch(/^start_date must be a real date/);
    await expect(api.latest({ subcategory: 999 })).rejects.toMatchObject({ status: 404 });
    await expect(api.rates({ start_date: '2024-03-01', end_date: '2024-02-01' })).rejects.toMatchObject({ status: 400 });
  });

  it('falls back to the next base when one cannot be reached', async () => {
    const closed = await startPreview({ dir: fixture.out, port: 0 });
    await closed.close();
    const api = createClient({ baseUrl: `${closed.url}/api/v1`, fallbackBaseUrls: [`${preview.url}/index.php/api/v1`] });
    expect((await api.meta()).asOf).toBe(AS_OF);
    const alone = createClient({ baseUrl: `${closed.url}/api/v1` });
    await expect(alone.meta()).rejects.toMatchObject({ status: 0, name: 'NisabApiError' });
    expect(() => createClient()).toThrow(/give a baseUrl/);
  });

  it("answers from the snapshot's files on a plain static host, as the API would", async () => {
    const host = await startStatic(fixture.out);
    try {
      const { fetchImpl } = recordingFetch();
      const asked: string[] = [];
      const files = createClient({
        baseUrl: `${host.url}/api/v1`,
        staticRoot: host.url,
        fetch: (input, init) => {
          asked.push(String(input));
          return fetchImpl(input, init);
        },
      });
      const api = createClient({ baseUrl: base });
      expect(await files.meta()).toEqual(await api.meta());
      expect(files.answersFromFiles()).toBe(true);
      expect(await files.subcategories()).toEqual(await api.subcategories());
      expect(await files.sources()).toEqual(await api.sources());
      expect(await files.nigeriaCalendar()).toEqual(await api.nigeriaCalendar());
      expect(await files.latest({ subcategory: 'silver' })).toEqual(await api.latest({ subcategory: 'silver' }));
      expect(await files.latest({ date: '2021-06-20' })).toEqual(await api.latest({ date: '2021-06-20' })); // across the gap
      for (const query of [
        {},
        { start_date: '2019-12-25', end_date: '2024-02-29', subcategory: 1 },
        { start_date: '2021-06-01', end_date: '2021-07-10' },
        { start_date: '2030-01-01' },
      ]) {
        expect(await files.rates(query), JSON.stringify(query)).toEqual(await api.rates(query));
      }
      expect(await files.nisab({ date: '2021-03-31' })).toEqual(await api.nisab({ date: '2021-03-31' }));
      expect(await files.nisab({ subcategory: 'cash' })).toEqual(await api.nisab({ subcategory: 'cash' }));
      // In a currency too: the files of v1/fx/ are read as the edges read them.
      expect(await files.latest({ currency: 'GBP' })).toEqual(await api.latest({ currency: 'GBP' }));
      expect(await files.nisab({ date: '2021-06-20', currency: 'EUR' })).toEqual(await api.nisab({ date: '2021-06-20', currency: 'EUR' }));
      expect(await files.currencies()).toEqual(await api.currencies());
      // The API's errors, with its messages.
      const [fromFiles, fromApi] = await Promise.all([files, api].map((c) => c.rates({ start_date: '2024-02-30' }).catch((error: unknown) => error)));
      expect(fromFiles).toBeInstanceOf(NisabApiError);
      expect(fromFiles).toMatchObject({ status: 400, message: (fromApi as Error).message });
      await expect(files.latest({ subcategory: 999 })).rejects.toMatchObject({ status: 404 });
      // The missing API was asked once: after that, only files.
      expect(asked.filter((url) => url.includes('/api/v1'))).toEqual([`${host.url}/api/v1/meta`]);
      // A host with neither says so, naming both.
      const nothing = createClient({ baseUrl: `${host.url}/api/v1`, staticRoot: `${host.url}/nowhere` });
      const failure = (await nothing.meta().catch((error: unknown) => error)) as NisabApiError;
      expect(failure).toBeInstanceOf(NisabApiError);
      expect(failure.message).toMatch(
        /api\/v1\/meta answered 404 without a JSON envelope; the snapshot's files did not answer either: .*nowhere\/v1\/routing.json answered 404/,
      );
    } finally {
      await host.stop();
    }
  });

  it('computes zakat on the published rules', async () => {
    const api = createClient({ baseUrl: base });
    const [rules, subcategories, gold] = await Promise.all([api.nisab(), api.subcategories(), api.latest()]);
    const published = { rules, subcategories, rates: new Map([[gold.drtSubcategoryID, gold]]) };
    const nisab = rules.find((r) => r.nsbID === 4)!.nsbValueInNaira!;
    expect(zakatDue(published, { cash: Math.floor(nisab) - 1 }, 'gold').totalMoney).toBe(0);
    expect(nisab).toBeLessThan(20_000_000);
    expect(zakatDue(published, { cash: 20_000_000 }, 'gold').totalMoney).toBe(500_000); // 2.5 %
    expect(zakatDue(published, {}, 'gold', null, { camels: 12 }).lines[0]!.due).toMatchObject({ kind: 'animals', options: [[{ item: 'sheep', count: 2 }]] }); // the fixture's table: 1 sheep per 5 beyond 10
  });

  it('works bundled on its own, as the published package is', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-client-'));
    try {
      const outfile = path.join(dir, 'index.js');
      await esbuild.build({ entryPoints: ['client/src/index.ts'], bundle: true, format: 'esm', platform: 'neutral', outfile, logLevel: 'silent' });
      const bundled = (await import(pathToFileURL(outfile).href)) as typeof import('../../client/src/index.ts');
      expect((await bundled.createClient({ baseUrl: base }).latest()).drtDate).toBe(AS_OF);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
