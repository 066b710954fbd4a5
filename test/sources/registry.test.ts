// A new source is one entry of the registry (generator/sources/registry.ts).
// Here the registry gains a second price source, a mirror of the currency API's
// files on another server with its own entry of /sources, and nothing else
// changes: fetch asks it when the first has not published a day, stamps the
// rows it prices with its id, and says why when neither has the day. Real HTTP
// servers on 127.0.0.1 serve the recorded bodies of test/fixtures/sources.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importCategories } from '../../generator/db/import-categories.ts';
import { importSources } from '../../generator/db/import-sources.ts';
import { importSubcategories } from '../../generator/db/import-subcategories.ts';
import { importCurrencies } from '../../generator/db/import-currencies.ts';
import { fetchDays, type FetchOptions } from '../../generator/sources/fetch-days.ts';
import { PRICE_SOURCES } from '../../generator/sources/registry.ts';
import { useScratch } from '../db/scratch.ts';

const MIRROR = 'currency-api-mirror';

vi.mock('../../generator/sources/registry.ts', async (importOriginal) => {
  const registry = await importOriginal<typeof import('../../generator/sources/registry.ts')>();
  const [currencyApi] = registry.PRICE_SOURCES;
  const mirror = { ...currencyApi, id: 'currency-api-mirror', name: 'the mirror', env: 'NISAB_MIRROR_API', option: 'mirrorUrls' };
  return { ...registry, PRICE_SOURCES: [currencyApi, mirror] };
});

const scratch = useScratch();
const FIXTURES = path.join(import.meta.dirname, '../fixtures/sources');
const DATA = path.join(import.meta.dirname, '../../data');

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A server answering `reply(path)`; its base URL and the paths asked. */
async function serve(reply: (url: string) => Promise<{ status: number; body: string }>) {
  const hits: string[] = [];
  const server = http.createServer(async (req, res) => {
    hits.push(req.url!);
    const { status, body } = await reply(req.url!);
    res.writeHead(status, { 'content-type': status === 200 ? 'application/json' : 'text/plain' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

const notFound = () => Promise.resolve({ status: 404, body: 'Not found' });
const recorded = async (file: string) => ({ status: 200, body: await readFile(path.join(FIXTURES, file), 'utf8') });

async function database(): Promise<string> {
  const db = scratch.database();
  await importCategories(db, path.join(DATA, 'categories.csv'));
  await importSubcategories(db, path.join(DATA, 'subcategories.csv'));
  await importSources(db, path.join(DATA, 'sources.csv'));
  await importSources(
    db,
    await scratch.write(
      'mirror.csv',
      `srcID,srcName,srcURL,srcLicence,srcDescription,srcFigure\n${MIRROR},A mirror of the currency API,https://example.org/mirror,CC0,the currency API's daily file from another server,daily-reference\n`,
    ),
  );
  await importCurrencies(db, path.join(DATA, 'currencies.csv'));
  db.close();
  return path.join(scratch.dir, 'test.sqlite');
}

describe('a second price source, added as one registry entry', () => {
  it('prices a day the first has not published, with its own id on the rows, and says why when neither has the day', async () => {
    expect(PRICE_SOURCES.map((entry) => entry.id)).toEqual(['currency-api', MIRROR]);
    const db = await database();
    const first = await serve(notFound);
    const mirror = await serve((url) => (url.includes('2026-09-29') ? recorded('currency-api/usd-2026-09-29.json') : notFound()));
    const cbn = await serve(() => recorded('cbn/GetAllNFEM_Rates.json'));
    // The second source's URLs come under its own option, as the CLI reads them from NISAB_MIRROR_API.
    const options = {
      db,
      dates: ['2026-09-28', '2026-09-29'],
      currencyUrls: [`${first.base}/{date}.json`],
      mirrorUrls: [`${mirror.base}/{date}.json`],
      cbnBases: [cbn.base],
      policy: { timeoutMs: 5_000, retries: 0, retryDelayMs: 0 },
      warn: () => {},
    } as FetchOptions;

    const { lines } = await fetchDays(options);
    expect(lines[0]).toBe(
      `2026-09-28: no data published that day (${first.base}/2026-09-28.json: not published (HTTP 404); ${mirror.base}/2026-09-28.json: not published (HTTP 404))`,
    );
    expect(lines[1]).toMatch(
      /^2026-09-29: gold [\d.]+, silver [\d.]+ USD\/g; 1330\.4737 NGN\/USD \(cbn-nfem\); \d+ currencies per US dollar: 2 inserted, 0 updated, 0 unchanged$/,
    );
    expect(first.hits).toEqual(['/2026-09-28.json', '/2026-09-29.json']);
    expect(mirror.hits).toEqual(['/2026-09-28.json', '/2026-09-29.json']);

    const stored = scratch.open(db);
    expect(stored.prepare('SELECT drtDate, drtSubcategoryID, drtPriceSource, drtNairaSource FROM rates ORDER BY drtID').raw().all()).toEqual([
      ['2026-09-29', 1, MIRROR, 'cbn-nfem'],
      ['2026-09-29', 2, MIRROR, 'cbn-nfem'],
    ]);
    expect(stored.prepare('SELECT DISTINCT fxSource FROM fx_rates').pluck().all()).toEqual([MIRROR]);
  });
});
