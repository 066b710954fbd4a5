// `fetch` against real HTTP servers on 127.0.0.1 serving the sources' real
// recorded bodies: the currency API's files as published on npm (four days of
// 2025-12 and 2026-09) and CBN NFEM rows in the API's JSON shape (figures from
// the bukunmialuko/cbn-rates mirror). The servers misbehave on purpose.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { importCategories } from '../../generator/db/import-categories.ts';
import { importCurrencies } from '../../generator/db/import-currencies.ts';
import { importFx } from '../../generator/db/import-fx.ts';
import { importRates } from '../../generator/db/import-rates.ts';
import { importSources } from '../../generator/db/import-sources.ts';
import { importSubcategories } from '../../generator/db/import-subcategories.ts';
import { fetchDays, type FetchOptions } from '../../generator/sources/fetch-days.ts';
import { startPreview } from '../../generator/edges/preview/server.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { describeUserError } from '../../generator/errors.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { contents, useScratch, userError } from '../db/scratch.ts';

const run = promisify(execFile);
const scratch = useScratch();
const FIXTURES = path.join(import.meta.dirname, '../fixtures/sources');
const DATA = path.join(import.meta.dirname, '../../data');
const GRAMS_PER_TROY_OUNCE = 31.1034768;

type Reply = { status: number; body: string; type?: string } | 'hang';
type Handler = (path: string) => Reply | Promise<Reply>;

interface Server {
  base: string;
  hits: string[];
  close(): Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function serve(handler: Handler): Promise<Server> {
  const hits: string[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer(async (req, res) => {
    hits.push(req.url!);
    const reply = await handler(req.url!);
    if (reply === 'hang') return void hanging.add(res);
    res.writeHead(reply.status, { 'content-type': reply.type ?? 'application/json; charset=utf-8' }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const handle: Server = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(handle);
  return handle;
}

const recorded = (file: string) => readFile(path.join(FIXTURES, file), 'utf8');
/** The currency API's file of a date, as the npm package holds it; 404 for a day it does not hold. */
async function currencyFile(date: string): Promise<Reply> {
  try {
    return { status: 200, body: await recorded(`currency-api/usd-${date}.json`) };
  } catch {
    return { status: 404, body: 'Not found', type: 'text/plain' };
  }
}
const dateOf = (url: string) => /(\d{4}-\d{2}-\d{2})/.exec(url)![1]!;
const cbnRows = async () => ({ status: 200, body: await recorded('cbn/GetAllNFEM_Rates.json') });
const HTML = { status: 200, body: '<!DOCTYPE html><html><body>Service temporarily unavailable</body></html>', type: 'text/html' };

async function sourcesDatabase(name = 'test.sqlite') {
  const db = scratch.database(name);
  await importCategories(db, path.join(DATA, 'categories.csv'));
  await importSubcategories(db, path.join(DATA, 'subcategories.csv'));
  await importSources(db, path.join(DATA, 'sources.csv'));
  db.close();
  return path.join(scratch.dir, name);
}

/** A currency API with a primary and a fallback server, and a CBN server. */
async function sources(primary: Handler, fallback: Handler = (url) => currencyFile(dateOf(url)), cbn: Handler = cbnRows) {
  const [p, f, c] = await Promise.all([serve(primary), serve(fallback), serve(cbn)]);
  return {
    primary: p,
    fallback: f,
    cbn: c,
    options: (db: string, dates: string[], more: Partial<FetchOptions> = {}): FetchOptions => ({
      db,
      dates,
      currencyUrls: [`${p.base}/npm/@fawazahmed0/currency-api@{date}/v1/currencies/usd.json`, `${f.base}/{date}/v1/currencies/usd.json`],
      cbnBases: [c.base],
      // Long enough for a local server on a loaded machine (a primary that answered late sent the test to the fallback under load 29).
      policy: { timeoutMs: 3000, retries: 1, retryDelayMs: 10 },
      warn: () => {},
      ...more,
    }),
  };
}

async function xauXag(date: string) {
  const usd = JSON.parse(await recorded(`currency-api/usd-${date}.json`)).usd as Record<string, number>;
  return { gold: Number((1 / usd.xau! / GRAMS_PER_TROY_OUNCE).toFixed(6)), silver: Number((1 / usd.xag! / GRAMS_PER_TROY_OUNCE).toFixed(6)), ngn: usd.ngn! };
}

function stored(db: string) {
  const handle = scratch.open(db);
  try {
    return handle
      .prepare('SELECT drtID, drtDate, drtSubcategoryID, drtInUSD, drtUSDinNaira, drtPriceSource, drtNairaSource, drtNairaDate FROM rates ORDER BY drtID')
      .all();
  } finally {
    handle.close();
  }
}

describe('fetch', () => {
  it("imports a day: gold and silver per gram from the currency API, the CBN's weighted average as the naira rate", async () => {
    const db = await sourcesDatabase();
    const s = await sources((url) => currencyFile(dateOf(url)));
    const { lines } = await fetchDays(s.options(db, ['2026-09-29']));
    const { gold, silver } = await xauXag('2026-09-29');
    expect(gold).toBe(Number((1 / 0.0002421835 / 31.1034768).toFixed(6)));
    expect(stored(db)).toEqual([
      {
        drtID: 1,
        drtDate: '2026-09-29',
        drtSubcategoryID: 1,
        drtInUSD: gold,
        drtUSDinNaira: 1330.4737,
        drtPriceSource: 'currency-api',
        drtNairaSource: 'cbn-nfem',
        drtNairaDate: null,
      },
      {
        drtID: 2,
        drtDate: '2026-09-29',
        drtSubcategoryID: 2,
        drtInUSD: silver,
        drtUSDinNaira: 1330.4737,
        drtPriceSource: 'currency-api',
        drtNairaSource: 'cbn-nfem',
        drtNairaDate: null,
      },
    ]);
    expect(lines).toEqual([`2026-09-29: gold ${gold}, silver ${silver} USD/g; 1330.4737 NGN/USD (cbn-nfem): 2 inserted, 0 updated, 0 unchanged`]);
    expect(s.fallback.hits).toEqual([]);
  });

  for (const [what, reply] of [
    ['answers 500', { status: 500, body: 'Internal Server Error', type: 'text/plain' }],
    ['does not answer in time', 'hang'],
    ['answers an HTML page', HTML],
  ] as const) {
    it(`uses the fallback URL when the first ${what}`, async () => {
      const db = await sourcesDatabase();
      const s = await sources(() => reply);
      const { lines } = await fetchDays(s.options(db, ['2026-09-28']));
      expect(lines[0]).toMatch(/^2026-09-28: .*\(cbn-nfem\): 2 inserted, 0 updated, 0 unchanged$/);
      // A 500 and a timeout may pass and are retried (once here); an HTML page will not.
      expect(s.primary.hits).toHaveLength(reply === HTML ? 1 : 2);
      expect(s.fallback.hits).toEqual(['/2026-09-28/v1/currencies/usd.json']);
      expect(stored(db)).toHaveLength(2);
    });
  }

  it('refuses a body that is not what the source promises, naming the URL and what was wrong', async () => {
    const db = await sourcesDatabase();
    const original = JSON.parse(await recorded('currency-api/usd-2026-09-29.json'));
    const bodies = {
      noGold: { ...original, usd: { ...original.usd, xau: undefined } },
      negative: { ...original, usd: { ...original.usd, xag: -0.0165 } },
      otherDay: { ...original, date: '2026-09-28' },
    };
    const s = await sources(
      () => ({ status: 200, body: JSON.stringify(bodies.noGold) }),
      () => ({ status: 200, body: JSON.stringify(bodies.negative) }),
    );
    const error = await userError(fetchDays(s.options(db, ['2026-09-29'])));
    expect(error.message).toBe('nothing fetched was imported: 1 of 1 days failed');
    expect(error.problems).toEqual([
      '2026-09-29: the currency API has no usable file for 2026-09-29; tried:',
      `  ${s.primary.base}/npm/@fawazahmed0/currency-api@2026-09-29/v1/currencies/usd.json: usd.xau: Invalid input: expected number, received undefined`,
      `  ${s.fallback.base}/2026-09-29/v1/currencies/usd.json: usd.xag: Too small: expected number to be >0`,
    ]);
    const wrongDay = await sources(
      () => ({ status: 200, body: JSON.stringify(bodies.otherDay) }),
      () => HTML,
    );
    const second = await userError(fetchDays(wrongDay.options(db, ['2026-09-29'])));
    expect(second.problems.slice(1)).toEqual([
      `  ${wrongDay.primary.base}/npm/@fawazahmed0/currency-api@2026-09-29/v1/currencies/usd.json: the file is dated 2026-09-28, not 2026-09-29`,
      `  ${wrongDay.fallback.base}/2026-09-29/v1/currencies/usd.json: not JSON but an HTML page (Content-Type text/html)`,
    ]);
    expect(stored(db)).toEqual([]);
  });

  it('back-fills a range: unpublished days said as such, weekends carry the last working day, the rows kept as text with their drtID', async () => {
    const db = await sourcesDatabase();
    const s = await sources(() => ({ status: 404, body: 'Not found', type: 'text/plain' }));
    const dir = path.join(scratch.dir, 'daily');
    const { lines, written } = await fetchDays(s.options(db, ['2026-09-26', '2026-09-27', '2026-09-28', '2026-09-29'], { writeCsv: dir }));
    expect(lines[0]).toMatch(
      /^2026-09-26: no data published that day \(http:\/\/127\.0\.0\.1:\d+\/npm\/@fawazahmed0\/currency-api@2026-09-26\/v1\/currencies\/usd\.json: not published \(HTTP 404\); .*not published \(HTTP 404\)\)$/,
    );
    // Sunday 27 September: the CBN's Friday figure, carried and dated.
    expect(lines[1]).toMatch(
      /^2026-09-27: gold [\d.]+, silver [\d.]+ USD\/g; 1329\.5138 NGN\/USD \(cbn-nfem-carried of 2026-09-25\): 2 inserted, 0 updated, 0 unchanged$/,
    );
    expect(lines[2]).toMatch(/^2026-09-28: .* 1331\.3292 NGN\/USD \(cbn-nfem\): 2 inserted/);
    expect(written).toEqual([path.join(dir, '2026-09.csv')]);
    const text = await readFile(written[0]!, 'utf8');
    expect(text.split('\n').slice(0, 3)).toEqual([
      'drtID,drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira,drtPriceSource,drtNairaSource,drtNairaDate',
      `1,2026-09-27,1,${(await xauXag('2026-09-27')).gold},1329.5138,currency-api,cbn-nfem-carried,2026-09-25`,
      `2,2026-09-27,2,${(await xauXag('2026-09-27')).silver},1329.5138,currency-api,cbn-nfem-carried,2026-09-25`,
    ]);

    // A re-run changes nothing, in the database or in the text.
    const before = contents(scratch.open(db));
    const again = await fetchDays(s.options(db, ['2026-09-27', '2026-09-28', '2026-09-29'], { writeCsv: dir }));
    expect(again.lines.every((line) => line.endsWith(': 0 inserted, 0 updated, 2 unchanged'))).toBe(true);
    expect(contents(scratch.open(db))).toEqual(before);
    expect(await readFile(written[0]!, 'utf8')).toBe(text);

    // Back-filling an earlier day gives it new IDs; no later day is renumbered, and the files rebuild the same database.
    const earlier = await fetchDays(s.options(db, ['2025-12-31'], { writeCsv: dir, acceptJumps: true }));
    expect(earlier.written).toEqual([path.join(dir, '2025-12.csv')]);
    const ids = scratch.open(db).prepare('SELECT drtDate, group_concat(drtID) FROM rates GROUP BY drtDate ORDER BY drtDate').raw().all();
    expect(ids).toEqual([
      ['2025-12-31', '7,8'],
      ['2026-09-27', '1,2'],
      ['2026-09-28', '3,4'],
      ['2026-09-29', '5,6'],
    ]);
    const rebuilt = await sourcesDatabase('rebuilt.sqlite');
    for (const file of ['2025-12.csv', '2026-09.csv']) await importRates(scratch.open(rebuilt), path.join(dir, file));
    expect(stored(rebuilt)).toEqual(stored(db));
  });

  it('--dry-run checks and counts but writes nothing', async () => {
    const db = await sourcesDatabase();
    const s = await sources((url) => currencyFile(dateOf(url)));
    const dir = path.join(scratch.dir, 'daily');
    const { lines, written } = await fetchDays(s.options(db, ['2026-09-29'], { dryRun: true, writeCsv: dir }));
    expect(lines[0]).toMatch(/: would be 2 inserted, 0 updated, 0 unchanged$/);
    expect(written).toEqual([]);
    expect(stored(db)).toEqual([]);
  });

  it('--write-csv with a damaged month file: refused before anything is fetched (the rows were committed and missing from data/daily)', async () => {
    const db = await sourcesDatabase();
    const s = await sources((url) => currencyFile(dateOf(url)));
    const dir = path.join(scratch.dir, 'daily');
    await mkdir(dir);
    await writeFile(path.join(dir, '2026-09.csv'), 'drtID,drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n1,2026-09-01,1,not-a-number,1530\n');
    const before = contents(scratch.open(db));
    const message = describeUserError(await userError(fetchDays(s.options(db, ['2026-09-29'], { writeCsv: dir }))));
    expect(message).toMatch(/2026-09\.csv: cannot change this file; correct it first \(nothing was fetched or imported\)/);
    expect(message).toMatch(/2026-09\.csv:2: drtInUSD: /);
    expect([...s.primary.hits, ...s.fallback.hits, ...s.cbn.hits]).toEqual([]);
    expect(contents(scratch.open(db))).toEqual(before);
  });

  it('--write-csv that cannot be written: the database does not commit, so both hold the new rows or neither', async () => {
    const db = await sourcesDatabase();
    const s = await sources((url) => currencyFile(dateOf(url)));
    const dir = path.join(scratch.dir, 'daily');
    await mkdir(dir);
    // The month file's temporary name taken by a folder: the write fails after the fetch and the import.
    await mkdir(path.join(dir, `2026-09.csv.${process.pid}.tmp`));
    const before = contents(scratch.open(db));
    const message = describeUserError(await userError(fetchDays(s.options(db, ['2026-09-29'], { writeCsv: dir }))));
    expect(message).toMatch(/2026-09\.csv\.\d+\.tmp: cannot write the kept text \((ERR_FS_)?EISDIR\); nothing was imported/);
    expect(s.primary.hits.length).toBeGreaterThan(0);
    expect(contents(scratch.open(db))).toEqual(before);
    expect(existsSync(path.join(dir, '2026-09.csv'))).toBe(false);
  });

  it("falls back to the currency API's naira rate when the CBN fails, and says so", async () => {
    const db = await sourcesDatabase();
    const warnings: string[] = [];
    const s = await sources(
      (url) => currencyFile(dateOf(url)),
      undefined,
      () => HTML,
    );
    await fetchDays(s.options(db, ['2026-09-29'], { warn: (line) => warnings.push(line) }));
    expect(warnings[0]).toMatch(/^the CBN gave no usable NFEM rates; tried:\n {2}http:\/\/127\.0\.0\.1:\d+\/api\/GetAllNFEM_Rates: not JSON but an HTML page/);
    expect(stored(db)).toMatchObject([
      { drtUSDinNaira: (await xauXag('2026-09-29')).ngn, drtNairaSource: 'currency-api', drtNairaDate: null },
      { drtUSDinNaira: (await xauXag('2026-09-29')).ngn, drtNairaSource: 'currency-api', drtNairaDate: null },
    ]);
  });

  it('refuses an implausible jump through the import gate alone (the other metal imported), unless accepted', async () => {
    const db = await sourcesDatabase();
    // The day before, gold entered per troy ounce by mistake (31.1 times the price per gram).
    await importRates(scratch.open(db), await scratch.write('ounce.csv', 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n2026-09-28,1,4129.1,1331.3292\n'));
    const s = await sources((url) => currencyFile(dateOf(url)));
    const { refused } = await fetchDays(s.options(db, ['2026-09-29']));
    expect(refused.join('\n')).toMatch(/^ {2}2026-09-29 gold: drtInUSD: .*--accept-jumps gold$/m);
    expect(stored(db)).toHaveLength(2);
    await fetchDays(s.options(db, ['2026-09-29'], { acceptJumps: true }));
    expect(stored(db)).toHaveLength(3);
  });
});

describe('a source with nothing to ask (issue 43)', () => {
  it("is not configured, not a failure: the CBN with no URL is not asked, the day takes the currency API's own naira rate, and the result says so", async () => {
    const db = await sourcesDatabase();
    const s = await sources((url) => currencyFile(dateOf(url)));
    const warnings: string[] = [];
    const result = await fetchDays(s.options(db, ['2026-09-29'], { cbnBases: [], warn: (line) => warnings.push(line) }));
    expect(result.notConfigured).toEqual(['the CBN: not configured (NISAB_CBN_API gives it no URL), not asked']);
    expect(s.cbn.hits).toEqual([]);
    // The naira rate the recorded file itself holds (usd.ngn), by the text of the fixture.
    const { ngn } = await xauXag('2026-09-29');
    expect(result.lines).toEqual([expect.stringMatching(new RegExp(`^2026-09-29: gold .* USD/g; ${ngn} NGN/USD \\(currency-api\\): 2 inserted`))]);
    expect(warnings.join('\n')).not.toContain('tried:');
    expect(stored(db)).toHaveLength(2);
  });

  it('with no price source to ask, says so and fetches nothing (never "tried:" with nothing after it)', async () => {
    const db = await sourcesDatabase();
    const s = await sources((url) => currencyFile(dateOf(url)));
    const error = await userError(fetchDays(s.options(db, ['2026-09-29'], { currencyUrls: [] })));
    expect(error.message).toBe(
      'no price source is configured (the currency API: not configured (NISAB_CURRENCY_API gives it no URL), not asked); nothing was fetched',
    );
    expect([...s.primary.hits, ...s.fallback.hits, ...s.cbn.hits]).toEqual([]);
    expect(stored(db)).toEqual([]);
  });
});

describe('a snapshot built from fetched days', () => {
  it('keeps every national currency of the day per US dollar with the metals, in one import, and as text that rebuilds the same table', async () => {
    const db = await sourcesDatabase();
    const handle = scratch.open(db);
    await importCurrencies(handle, path.join(DATA, 'currencies.csv'));
    handle.close();
    const s = await sources((url) => currencyFile(dateOf(url)));
    const dir = path.join(scratch.dir, 'fx');
    const { lines, written } = await fetchDays(s.options(db, ['2026-09-28', '2026-09-29'], { writeFxCsv: dir }));
    expect(lines[1]).toMatch(/^2026-09-29: .*\(cbn-nfem\); 159 currencies per US dollar: 2 inserted, 0 updated, 0 unchanged$/);
    expect(written).toEqual([path.join(dir, '2026-09.csv')]);
    const usd = JSON.parse(await recorded('currency-api/usd-2026-09-29.json')).usd as Record<string, number>;
    const fx = () =>
      scratch.open(db).prepare("SELECT fxCurrency, fxPerUSD, fxSource FROM fx_rates WHERE fxDate = '2026-09-29' ORDER BY 1").raw().all() as [
        string,
        number,
        string,
      ][];
    const kept = fx();
    // The national codes only: no crypto-asset, metal or old code, and not the naira or the dollar (the rate record's own).
    expect(kept).toHaveLength(159);
    expect(kept.find((r) => r[0] === 'GBP')).toEqual(['GBP', 0.75538854, 'currency-api']);
    for (const [code, rate] of kept) expect(rate).toBe(usd[code.toLowerCase()]);
    expect(kept.map((r) => r[0])).not.toContain('BTC');
    expect(kept.map((r) => r[0])).not.toContain('XAU');
    expect(kept.map((r) => r[0])).not.toContain('NGN');

    // A jump in one currency refuses that currency alone (test/sources/per-series.test.ts).
    const jumpy = await sources(async (url) => {
      const reply = await currencyFile(dateOf(url));
      if (reply === 'hang' || reply.status !== 200) return reply;
      const file = JSON.parse(reply.body);
      file.usd.gbp *= 10;
      return { status: 200, body: JSON.stringify(file) };
    });
    const fresh = await sourcesDatabase('fresh.sqlite');
    const fh = scratch.open(fresh);
    await importCurrencies(fh, path.join(DATA, 'currencies.csv'));
    fh.close();
    await fetchDays(jumpy.options(fresh, ['2026-09-28']));
    const { refused } = await fetchDays(s.options(fresh, ['2026-09-29']));
    expect(refused).toEqual([
      'refused FX:GBP from 2026-09-29 (1 row); the rest is imported:',
      expect.stringMatching(/^ {2}2026-09-29 GBP: fxPerUSD: 0.75538854 is 1\/10 of the previous rate of GBP \(7\.54957\d* on 2026-09-28\)/),
    ]);
    expect(stored(fresh).map((r) => (r as { drtDate: string }).drtDate)).toEqual(['2026-09-28', '2026-09-28', '2026-09-29', '2026-09-29']);

    // The kept text rebuilds the same table.
    const rebuilt = await sourcesDatabase('rebuilt.sqlite');
    const rh = scratch.open(rebuilt);
    await importCurrencies(rh, path.join(DATA, 'currencies.csv'));
    await importFx(rh, written[0]!);
    const all = (h: ReturnType<typeof scratch.open>) => h.prepare('SELECT * FROM fx_rates ORDER BY fxCurrency, fxDate').all();
    expect(all(rh)).toEqual(all(scratch.open(db)));
  });

  it("answers /rates/latest with the currency API's gold per gram and the CBN's rate of the day, with sources that resolve in /sources", async () => {
    const db = await sourcesDatabase();
    const s = await sources((url) => currencyFile(dateOf(url)));
    await fetchDays(s.options(db, ['2026-09-27', '2026-09-28', '2026-09-29']));
    const out = path.join(scratch.dir, 'public');
    await buildSnapshot(fixtureBuild(db, out, { asOf: '2026-09-29', strict: true, now: new Date('2026-09-29T12:00:00Z') }));
    const preview = await startPreview({ dir: out, port: 0, log: () => {} });
    try {
      const get = async (p: string) => (await fetch(`${preview.url}/api/v1${p}`)).json() as Promise<{ data: unknown }>;
      const latest = (await get('/rates/latest')).data;
      const xau = JSON.parse(await recorded('currency-api/usd-2026-09-29.json')).usd.xau as number;
      expect(latest).toMatchObject({ drtDate: '2026-09-29', drtInUSD: Number((1 / xau / 31.1034768).toFixed(6)), drtUSDinNaira: 1330.4737 });
      expect(latest).toMatchObject({ drtPriceSource: 'currency-api', drtNairaSource: 'cbn-nfem', drtNairaDate: '2026-09-29' });
      const sunday = (await get('/rates/latest?date=2026-09-27')).data;
      expect(sunday).toMatchObject({ drtUSDinNaira: 1329.5138, drtNairaSource: 'cbn-nfem-carried', drtNairaDate: '2026-09-25' });
      const ids = ((await get('/sources')).data as { srcID: string; srcFigure: string }[]).map((x) => [x.srcID, x.srcFigure]);
      expect(ids).toEqual(
        expect.arrayContaining([
          ['currency-api', 'daily-reference'],
          ['cbn-nfem', 'daily-official'],
          ['cbn-nfem-carried', 'carried'],
        ]),
      );
    } finally {
      await preview.close();
    }
  }, 60_000);
});

describe('npm run cli -- fetch', () => {
  it('exits non-zero when every source fails, says what was tried, and leaves the database byte for byte as it was', async () => {
    const db = await sourcesDatabase();
    const down = await serve(() => ({ status: 503, body: 'Service Unavailable', type: 'text/plain' }));
    const before = await readFile(db);
    const result = await run(
      process.execPath,
      ['--import', 'tsx', 'generator/main.ts', 'fetch', '--db', db, '--date', '2026-09-29', '--timeout', '5', '--retries', '1'],
      {
        // A 503 comes at once; the timeout only has to outlast a loaded machine, or an attempt
        // times out before the server counts it.
        env: { ...process.env, NISAB_CURRENCY_API: `${down.base}/a/{date}.json,${down.base}/b/{date}.json`, NISAB_CBN_API: down.base },
      },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      [
        'error: nothing fetched was imported: 1 of 1 days failed',
        '  2026-09-29: the currency API has no usable file for 2026-09-29; tried:',
        `    ${down.base}/a/2026-09-29.json: HTTP 503 Service Unavailable (2 attempts)`,
        `    ${down.base}/b/2026-09-29.json: HTTP 503 Service Unavailable (2 attempts)`,
        '',
      ].join('\n'),
    );
    expect(down.hits).toHaveLength(4);
    expect((await readFile(db)).equals(before)).toBe(true);
    // A child process under tsx: 26 s seen under a load of 24, most of it starting up.
  }, 90_000);
});
