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
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { importCategories } from '../../generator/db/import-categories.ts';
import { importCurrencies } from '../../generator/db/import-currencies.ts';
import { importSources } from '../../generator/db/import-sources.ts';
import { importSubcategories } from '../../generator/db/import-subcategories.ts';
import { type FetchOptions, fetchDays } from '../../generator/sources/fetch-days.ts';
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

async function database(): Promise<string> {
  const db = scratch.database();
  await importCategories(db, path.join(DATA, 'categories.csv'));
  await importSubcategories(db, path.join(DATA, 'subcategories.csv'));
  await importSources(db, path.join(DATA, 'sources.csv'));
  await importCurrencies(db, path.join(DATA, 'currencies.csv'));
  db.close();
  return path.join(scratch.dir, 'test.sqlite');
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
  }, 60_000);
});
