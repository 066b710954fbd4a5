// A night judged per series (issue 31): a figure that fails its plausibility gate
// is refused alone and reported, the rest of the night imported. Real HTTP
// servers on 127.0.0.1 serve the currency API's recorded files of 2026-09-27 to
// 2026-09-29 and the CBN's recorded NFEM rows (test/fixtures/sources). The
// history before a jump is those same recorded files with one currency scaled
// back: the Lebanese pound's official rate moved from 1,507.5 to 15,000 per US
// dollar on 2023-02-01 (9.95 times; Banque du Liban), so the night before the
// "jump" holds LBP at a tenth of the recorded figure; the Sierra Leonean leone
// dropped three zeros on 2022-07-01 (Bank of Sierra Leone; the recorded files
// still carry the old code, SLL, at 1,000 times SLE), so the night before a
// redenomination holds SLE at 1,000 times.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { importCategories } from '../../generator/db/import-categories.ts';
import { importCurrencies } from '../../generator/db/import-currencies.ts';
import { importSources } from '../../generator/db/import-sources.ts';
import { importSubcategories } from '../../generator/db/import-subcategories.ts';
import { importFx } from '../../generator/db/import-fx.ts';
import { importRates } from '../../generator/db/import-rates.ts';
import { startPreview } from '../../generator/edges/preview/server.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { type FetchOptions, fetchDays } from '../../generator/sources/fetch-days.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { useScratch } from '../db/scratch.ts';

const scratch = useScratch();
const FIXTURES = path.join(import.meta.dirname, '../fixtures/sources');
const DATA = path.join(import.meta.dirname, '../../data');
const recorded = (file: string) => readFile(path.join(FIXTURES, file), 'utf8');

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

type Scale = Record<string, Record<string, number>>;

/** The currency API's recorded file of each date, each `scale[date][code]` multiplying that code's figure; 404 for a day without a file. */
async function serve(respond: (url: string) => Promise<{ status: number; body: string }>): Promise<string> {
  const server = http.createServer(async (req, res) => {
    const reply = await respond(req.url!);
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function sources(scale: Scale) {
  const currency = await serve(async (url) => {
    const date = /(\d{4}-\d{2}-\d{2})/.exec(url)![1]!;
    let body: string;
    try {
      body = await recorded(`currency-api/usd-${date}.json`);
    } catch {
      return { status: 404, body: 'Not found' };
    }
    const file = JSON.parse(body) as { usd: Record<string, number> };
    for (const [code, factor] of Object.entries(scale[date] ?? {})) file.usd[code] = file.usd[code]! * factor;
    return { status: 200, body: JSON.stringify(file) };
  });
  const cbn = await serve(async () => ({ status: 200, body: await recorded('cbn/GetAllNFEM_Rates.json') }));
  const env = { ...process.env, NISAB_CURRENCY_API: `${currency}/{date}/usd.json`, NISAB_CBN_API: cbn };
  return Object.assign(
    (db: string, dates: string[], more: Partial<FetchOptions> = {}): FetchOptions => ({
      db,
      dates,
      currencyUrls: [`${currency}/{date}/usd.json`],
      cbnBases: [cbn],
      policy: { timeoutMs: 3000, retries: 1, retryDelayMs: 10 },
      warn: () => {},
      ...more,
    }),
    { env },
  );
}

const run = promisify(execFile);
async function cli(args: string[], env: NodeJS.ProcessEnv) {
  return run(process.execPath, ['--import', 'tsx', 'generator/main.ts', ...args], { env }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

async function database(name = 'test.sqlite'): Promise<string> {
  const db = scratch.database(name);
  await importCategories(db, path.join(DATA, 'categories.csv'));
  await importSubcategories(db, path.join(DATA, 'subcategories.csv'));
  await importSources(db, path.join(DATA, 'sources.csv'));
  await importCurrencies(db, path.join(DATA, 'currencies.csv'));
  db.close();
  return path.join(scratch.dir, name);
}

/** What the database holds of a day, by plain SQL. */
function held(db: string, date: string) {
  const handle = scratch.open(db);
  try {
    return {
      metals: handle.prepare('SELECT drtSubcategoryID, drtInUSD, drtUSDinNaira FROM rates WHERE drtDate = ? ORDER BY 1').raw().all(date),
      fx: new Map(handle.prepare('SELECT fxCurrency, fxPerUSD FROM fx_rates WHERE fxDate = ?').raw().all(date) as [string, number][]),
    };
  } finally {
    handle.close();
  }
}

async function usdOf(date: string): Promise<Record<string, number>> {
  return (JSON.parse(await recorded(`currency-api/usd-${date}.json`)) as { usd: Record<string, number> }).usd;
}

const ounce = 31.1034768;

/** The refusals outstanding, by plain SQL. */
function refusals(db: string) {
  const handle = scratch.open(db);
  try {
    return handle.prepare('SELECT rfsSeries, rfsDate, rfsField, rfsValue, rfsRefusedOn FROM refusals ORDER BY rfsDate, rfsSeries').raw().all();
  } finally {
    handle.close();
  }
}

interface PublishedMeta {
  contentId: string;
  refused: { series: string; date: string; field: string; value: number; reason: string; refusedOn: string }[];
}

/** Builds the snapshot of `db` as of 2026-09-29 (strict: every file checked against its schema) and answers /meta on the preview, under both bases. */
async function metaOf(db: string, out: string): Promise<PublishedMeta> {
  await buildSnapshot(fixtureBuild(db, out, { asOf: '2026-09-29', strict: true, now: new Date('2026-09-29T12:00:00Z') }));
  const preview = await startPreview({ dir: out, port: 0, log: () => {} });
  try {
    const [api, php] = await Promise.all(['/api/v1/meta', '/index.php/api/v1/meta'].map((p) => fetch(`${preview.url}${p}`).then((r) => r.text())));
    expect(php).toBe(api);
    return (JSON.parse(api!) as { data: PublishedMeta }).data;
  } finally {
    await preview.close();
  }
}

describe('fetch judges a night per series', () => {
  it('imports the metals, the naira and every other currency of a night when the Lebanese pound jumps 10 times, and reports LBP refused', async () => {
    const db = await database();
    const options = await sources({ '2026-09-28': { lbp: 0.1 } });
    await fetchDays(options(db, ['2026-09-28']));
    const usd = await usdOf('2026-09-29');
    expect(held(db, '2026-09-28').fx.get('LBP')).toBeCloseTo((await usdOf('2026-09-28')).lbp! / 10, 6);

    const night = await fetchDays(options(db, ['2026-09-29']));
    const day = held(db, '2026-09-29');
    // Gold and silver per gram from the recorded xau and xag; the CBN's rate of 2026-09-29 (GetAllNFEM_Rates.json).
    expect(day.metals).toEqual([
      [1, Number((1 / usd.xau! / ounce).toFixed(6)), 1330.4737],
      [2, Number((1 / usd.xag! / ounce).toFixed(6)), 1330.4737],
    ]);
    // 159 national currencies in the recorded file (fetch.test.ts); every one but LBP, each as published.
    expect(day.fx.size).toBe(158);
    expect(day.fx.has('LBP')).toBe(false);
    for (const [code, rate] of day.fx) expect(rate).toBe(usd[code.toLowerCase()]);
    expect(night.refused).toEqual([
      'refused FX:LBP from 2026-09-29 (1 row); the rest is imported:',
      expect.stringMatching(
        /^ {2}2026-09-29 LBP: fxPerUSD: 89715\.62423287 is 10 times the previous rate of LBP \(8957\.9466\d* on 2026-09-28\).*--accept-jumps FX:LBP$/,
      ),
    ]);
    expect(night.lines[0]).toMatch(/^2026-09-29: .*: 2 inserted, 0 updated, 0 unchanged$/);

    // Accepted by name: LBP comes in, and nothing else is lifted.
    const accepted = await fetchDays(options(db, ['2026-09-29'], { acceptJumps: new Set(['FX:LBP']) }));
    expect(accepted.refused).toEqual([]);
    expect(held(db, '2026-09-29').fx.get('LBP')).toBe(usd.lbp);
  });

  it('refuses a redenomination alone (1,000 old leones become one), and takes it when named', async () => {
    const db = await database();
    const options = await sources({ '2026-09-28': { sle: 1000 } });
    await fetchDays(options(db, ['2026-09-28']));
    const fxDir = path.join(scratch.dir, 'fx');
    const dailyDir = path.join(scratch.dir, 'daily');
    const night = await fetchDays(options(db, ['2026-09-29'], { writeFxCsv: fxDir, writeCsv: dailyDir }));
    expect(night.refused[0]).toBe('refused FX:SLE from 2026-09-29 (1 row); the rest is imported:');
    expect(night.refused[1]).toMatch(/^ {2}2026-09-29 SLE: fxPerUSD: 22\.91486807 is 1\/1000\.7 of the previous rate of SLE \(22929\.8183\d* on 2026-09-28\)/);
    const day = held(db, '2026-09-29');
    expect(day.metals).toHaveLength(2);
    expect(day.fx.size).toBe(158);
    // The kept text holds what the database holds: no VES of 2026-09-29.
    const text = await readFile(path.join(fxDir, '2026-09.csv'), 'utf8');
    expect(text).toContain('2026-09-29,GBP,');
    expect(text).not.toContain('2026-09-29,SLE,');
    expect(await readFile(path.join(dailyDir, '2026-09.csv'), 'utf8')).toContain('2026-09-29,1,');

    await fetchDays(options(db, ['2026-09-29'], { acceptJumps: new Set(['FX:SLE']), writeFxCsv: fxDir }));
    expect(held(db, '2026-09-29').fx.get('SLE')).toBe((await usdOf('2026-09-29')).sle);
    expect(await readFile(path.join(fxDir, '2026-09.csv'), 'utf8')).toContain('2026-09-29,SLE,22.91486807');
  });

  it('imports seven revisiting nights after an accepted jump: a stored row fetched again unchanged is not judged again', async () => {
    const db = await database();
    const options = await sources({ '2026-09-27': { lbp: 0.1 } });
    await fetchDays(options(db, ['2026-09-27']));
    await fetchDays(options(db, ['2026-09-28'], { acceptJumps: new Set(['FX:LBP']) }));
    const lbp = held(db, '2026-09-28').fx.get('LBP');
    expect(lbp).toBe((await usdOf('2026-09-28')).lbp);
    // The nightly: yesterday and today, and the 7 days before again (--revisit 7).
    for (let night = 29; night <= 35; night++) {
      const today = new Date(Date.UTC(2026, 8, night));
      const dates = Array.from({ length: 9 }, (_, i) => new Date(today.getTime() - (8 - i) * 86_400_000).toISOString().slice(0, 10));
      const result = await fetchDays(options(db, dates));
      expect(result.refused, dates.at(-1)).toEqual([]);
    }
    expect(held(db, '2026-09-28').fx.get('LBP')).toBe(lbp);
    expect(held(db, '2026-09-29').fx.get('LBP')).toBe((await usdOf('2026-09-29')).lbp);
  });

  it('does not judge again the stored rows a revisit fetches unchanged: IRR, VED and VES of 2026-09-27, accepted after nine months', async () => {
    const db = await database();
    const options = await sources({});
    await fetchDays(options(db, ['2025-12-31']));
    // The rial moved 32.7 times between the two recorded files (docs/currencies.md): accepted, as the default data is.
    await fetchDays(options(db, ['2026-09-27'], { acceptJumps: true }));
    const night = await fetchDays(options(db, ['2026-09-27', '2026-09-28', '2026-09-29']));
    expect(night.refused).toEqual([]);
    expect(night.lines[0]).toMatch(/^2026-09-27: .*: 0 inserted, 0 updated, 2 unchanged$/);
    expect(held(db, '2026-09-29').fx.get('IRR')).toBe((await usdOf('2026-09-29')).irr);
  });

  it('refuses a metal alone: gold entered per troy ounce the day before leaves silver, the naira and the currencies imported', async () => {
    const db = await database();
    const options = await sources({ '2026-09-28': { xau: 1 / ounce } });
    await fetchDays(options(db, ['2026-09-28'], { acceptJumps: new Set(['gold']) }));
    const night = await fetchDays(options(db, ['2026-09-29']));
    expect(night.refused[0]).toBe('refused gold from 2026-09-29 (1 row); the rest is imported:');
    // The day before: xau scaled to ounces per dollar per gram, so its "price per gram" is 1/xau, the price per troy ounce.
    const perOunce = Number((1 / (await usdOf('2026-09-28')).xau!).toFixed(6));
    expect(night.refused[1]).toContain(`2026-09-29 gold: drtInUSD: ${Number((1 / (await usdOf('2026-09-29')).xau! / ounce).toFixed(6))} is 1/31.6 of`);
    expect(night.refused[1]).toContain(`(${perOunce} on 2026-09-28)`);
    expect(night.refused[1]).toMatch(/--accept-jumps gold$/);
    const day = held(db, '2026-09-29');
    expect(day.metals.map((m) => (m as number[])[0])).toEqual([2]);
    expect(day.fx.size).toBe(159);
  });

  it('keeps the refused figure in the database and publishes it in /meta until it is accepted or corrected', async () => {
    const db = await database();
    const out = path.join(scratch.dir, 'public');
    const jumped = await sources({ '2026-09-28': { lbp: 0.1 } });
    await fetchDays(jumped(db, ['2026-09-28'], { today: '2026-09-28' }));
    const empty = await metaOf(db, out);
    expect(empty.refused).toEqual([]);

    await fetchDays(jumped(db, ['2026-09-29'], { today: '2026-09-29' }));
    const lbp = (await usdOf('2026-09-29')).lbp!;
    expect(refusals(db)).toEqual([['FX:LBP', '2026-09-29', 'fxPerUSD', lbp, '2026-09-29']]);
    // The next night's revisit refuses the same figure again: it stays refused since the 29th.
    await fetchDays(jumped(db, ['2026-09-28', '2026-09-29'], { today: '2026-09-30' }));
    expect(refusals(db)).toEqual([['FX:LBP', '2026-09-29', 'fxPerUSD', lbp, '2026-09-29']]);
    // A dry run records nothing it would refuse.
    const other = await sources({ '2026-09-28': { lbp: 0.1 }, '2026-09-29': { gbp: 10 } });
    await fetchDays(other(db, ['2026-09-29'], { today: '2026-09-30', dryRun: true }));
    expect(refusals(db)).toHaveLength(1);

    const published = await metaOf(db, out);
    expect(published.refused).toEqual([
      {
        series: 'FX:LBP',
        date: '2026-09-29',
        field: 'fxPerUSD',
        value: lbp,
        reason: expect.stringMatching(/^89715\.62423287 is 10 times the previous rate of LBP \(8957\.9466\d* on 2026-09-28\).*--accept-jumps FX:LBP$/),
        refusedOn: '2026-09-29',
      },
    ]);
    // /meta is not among the files the content id hashes; the refusal changes it all the same.
    expect(published.contentId).not.toBe(empty.contentId);

    // Accepted by name: no longer outstanding, and the snapshot is the one it would be without the refusal.
    await fetchDays(jumped(db, ['2026-09-29'], { today: '2026-09-30', acceptJumps: new Set(['FX:LBP']) }));
    expect(refusals(db)).toEqual([]);
    expect((await metaOf(db, out)).refused).toEqual([]);

    // Corrected at the source instead: a later fetch of a figure the gate passes ends the refusal too.
    const corrected = await database('corrected.sqlite');
    await fetchDays(jumped(corrected, ['2026-09-28'], { today: '2026-09-28' }));
    await fetchDays(jumped(corrected, ['2026-09-29'], { today: '2026-09-29' }));
    expect(refusals(corrected)).toHaveLength(1);
    const fixed = await sources({ '2026-09-28': { lbp: 0.1 }, '2026-09-29': { lbp: 0.1 } });
    const night = await fetchDays(fixed(corrected, ['2026-09-29'], { today: '2026-09-30' }));
    expect(night.refused).toEqual([]);
    expect(refusals(corrected)).toEqual([]);
  }, 60_000);

  it('ends a refusal when a file import brings in the day of its series (import fx, import rates)', async () => {
    const db = await database();
    const options = await sources({ '2026-09-28': { lbp: 0.1, xau: 1 / ounce } });
    await fetchDays(options(db, ['2026-09-28'], { today: '2026-09-28', acceptJumps: new Set(['gold']) }));
    await fetchDays(options(db, ['2026-09-29'], { today: '2026-09-29' }));
    expect(refusals(db).map((r) => (r as unknown[]).slice(0, 3))).toEqual([
      ['FX:LBP', '2026-09-29', 'fxPerUSD'],
      ['gold', '2026-09-29', 'drtInUSD'],
    ]);
    const file = path.join(scratch.dir, 'lbp.csv');
    await writeFile(file, `fxDate,fxCurrency,fxPerUSD,fxSource\n2026-09-29,LBP,${(await usdOf('2026-09-29')).lbp},currency-api\n`);
    const handle = scratch.open(db);
    try {
      await importFx(handle, file, { acceptJumps: new Set(['FX:LBP']), today: '2026-09-30' });
    } finally {
      handle.close();
    }
    expect(refusals(db).map((r) => (r as unknown[])[0])).toEqual(['gold']);
    // Gold of the 29th by hand, accepted: the naira rate of the day as the CBN published it (GetAllNFEM_Rates.json).
    const rates = path.join(scratch.dir, 'gold.csv');
    await writeFile(
      rates,
      `drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n2026-09-29,1,${Number((1 / (await usdOf('2026-09-29')).xau! / ounce).toFixed(6))},1330.4737\n`,
    );
    const again = scratch.open(db);
    try {
      await importRates(again, rates, { acceptJumps: new Set(['gold']), today: '2026-09-30' });
    } finally {
      again.close();
    }
    expect(refusals(db)).toEqual([]);
  });

  it('npm run cli -- fetch: exits 0 with the refused series at the end of its summary; --accept-jumps takes names, and refuses a word that names none', async () => {
    const db = await database();
    const options = await sources({ '2026-09-28': { lbp: 0.1 } });
    await fetchDays(options(db, ['2026-09-28']));
    const summary = path.join(scratch.dir, 'summary.md');
    const night = await cli(['fetch', '--db', db, '--date', '2026-09-29', '--summary', summary], options.env);
    expect(night.code).toBe(0);
    // The job summary of the nightly's run ($GITHUB_STEP_SUMMARY).
    expect((await readFile(summary, 'utf8')).split('\n').slice(0, 4)).toEqual([
      '### fetch refused a series',
      '',
      '- **refused FX:LBP from 2026-09-29 (1 row); the rest is imported:**',
      expect.stringMatching(/^ {2}- 2026-09-29 LBP: fxPerUSD: .*--accept-jumps FX:LBP$/),
    ]);
    const lines = night.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^2026-09-29: .*: 2 inserted, 0 updated, 0 unchanged$/);
    expect(lines.slice(-2)[0]).toBe('refused FX:LBP from 2026-09-29 (1 row); the rest is imported:');
    expect(lines.slice(-1)[0]).toMatch(/--accept-jumps FX:LBP$/);

    const misspelt = await cli(['fetch', '--db', db, '--date', '2026-09-29', '--accept-jumps', 'FX:LBP,rates.csv'], options.env);
    expect(misspelt.code).toBe(1);
    expect(misspelt.stderr).toMatch(/"rates\.csv" names no series/);
    const unknown = await cli(['fetch', '--db', db, '--date', '2026-09-29', '--accept-jumps', 'gld'], options.env);
    expect(unknown.stderr).toMatch(/^error: --accept-jumps gld: no such series here/);

    const accepted = await cli(['fetch', '--db', db, '--date', '2026-09-29', '--accept-jumps', 'fx:lbp', '--accept-jumps', 'gold,naira'], options.env);
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).not.toMatch(/refused/);
    expect(held(db, '2026-09-29').fx.get('LBP')).toBe((await usdOf('2026-09-29')).lbp);
  }, 300_000); // 41 s at load 6 and over 90 s at load 25 since each CLI call proves the kept database row by row (issue 43)
});
