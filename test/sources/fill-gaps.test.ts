// fetch --fill-gaps against local sources on 127.0.0.1: the days without a rate
// since the daily series began are fetched; a day no source has (404 on both
// hosts of the currency API) stays absent and is listed as a gap.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importCategories } from '../../generator/db/import-categories.ts';
import { fetchDays } from '../../generator/sources/fetch-days.ts';
import { fillGaps } from '../../generator/sources/fill-gaps.ts';
import { sourceUrls } from '../../generator/sources/registry.ts';
import { openDatabase } from '../../generator/db/open.ts';
import { importSources } from '../../generator/db/import-sources.ts';
import { importSubcategories } from '../../generator/db/import-subcategories.ts';
import { useScratch } from '../db/scratch.ts';
import { cliWith } from '../support/cli.ts';

const scratch = useScratch();
const FIXTURES = path.join(import.meta.dirname, '../fixtures/sources');
const DATA = path.join(import.meta.dirname, '../../data');
/** The night it runs on: yesterday is 2026-10-01. */
const TODAY = '2026-10-02';
/** Neither host of the currency API has these days. */
const MISSING = new Set(['2026-09-24', '2026-09-25']);

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function serve(handler: (url: string) => Promise<{ status: number; body: string }>): Promise<string> {
  const server = http.createServer(async (req, res) => {
    const reply = await handler(req.url!);
    res.writeHead(reply.status, { 'content-type': reply.status === 200 ? 'application/json' : 'text/plain' }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('fetch --fill-gaps', () => {
  it('fetches every day without a rate since the series began and lists the days no source has', async () => {
    const file = await readFile(path.join(FIXTURES, 'currency-api/usd-2026-09-29.json'), 'utf8');
    const currency = await serve(async (url) => {
      const date = /(\d{4}-\d{2}-\d{2})/.exec(url)?.[1];
      if (date === undefined || MISSING.has(date) || date >= TODAY) return { status: 404, body: 'Not found' };
      return { status: 200, body: file.replace('"date": "2026-09-29"', `"date": "${date}"`) };
    });
    const cbn = await serve(async () => ({ status: 200, body: await readFile(path.join(FIXTURES, 'cbn/GetAllNFEM_Rates.json'), 'utf8') }));
    const env = {
      NISAB_TIME_ZONE: 'Africa/Lagos',
      NISAB_TODAY: TODAY,
      NISAB_CURRENCY_API: `${currency}/a/{date}.json,${currency}/b/{date}.json`,
      NISAB_CBN_API: cbn,
    };
    const setup = scratch.database();
    await importCategories(setup, path.join(DATA, 'categories.csv'));
    await importSubcategories(setup, path.join(DATA, 'subcategories.csv'));
    await importSources(setup, path.join(DATA, 'sources.csv'));
    setup.close();
    const db = path.join(scratch.dir, 'test.sqlite');
    const fetch = (args: string[]) => cliWith(env, ['fetch', ...args, '--db', db, '--timeout', '3', '--retries', '0']);

    // The series begins on 2026-09-20 and has 2026-09-29: 21-28 and 30-1 are gaps (fetched in-process: a child process fewer).
    await fetchDays({ db, dates: ['2026-09-20', '2026-09-29'], ...sourceUrls(env), policy: { timeoutMs: 3000, retries: 0, retryDelayMs: 0 }, warn: () => {} });
    const dry = await fetch(['--fill-gaps', '--dry-run']);
    expect(dry.stdout.trimEnd().split('\n').at(-1)).toBe('2026-09-20 to 2026-10-01: 10 days without a rate (a dry run: nothing written)');

    const filled = await fetch(['--fill-gaps']);
    expect(filled.code, filled.stderr).toBe(0);
    const lines = filled.stdout.trimEnd().split('\n');
    expect(lines.filter((line) => / inserted, /.test(line)).map((line) => line.slice(0, 10))).toEqual([
      '2026-09-21',
      '2026-09-22',
      '2026-09-23',
      '2026-09-26',
      '2026-09-27',
      '2026-09-28',
      '2026-09-30',
      '2026-10-01',
    ]);
    expect(lines).toContain(
      `2026-09-24: no data published that day (${currency}/a/2026-09-24.json: not published (HTTP 404); ${currency}/b/2026-09-24.json: not published (HTTP 404))`,
    );
    const unpublished = (day: string) =>
      `not imported: ${day}: no data published that day (${currency}/a/${day}.json: not published (HTTP 404); ${currency}/b/${day}.json: not published (HTTP 404))`;
    expect(lines.slice(lines.indexOf('2026-09-20 to 2026-10-01: 8 of 10 days without a rate filled, 2 not'))).toEqual([
      '2026-09-20 to 2026-10-01: 8 of 10 days without a rate filled, 2 not',
      // The CBN's file (fixtures/sources/cbn) has working days up to 29 September: the weekend and the days after it carried.
      'imported from currency-api, the naira rate from cbn-nfem: 2026-09-21 to 2026-09-23, 2026-09-28 (4 days)',
      'imported from currency-api, the naira rate from cbn-nfem-carried: 2026-09-26 to 2026-09-27, 2026-09-30 to 2026-10-01 (4 days)',
      unpublished('2026-09-24'),
      unpublished('2026-09-25'),
    ]);

    // Again: only the two are asked for, and stay listed; --since moves the start.
    const again = await fetch(['--fill-gaps']);
    expect(again.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^2026-09-24: no data published that day/),
      expect.stringMatching(/^2026-09-25: no data published that day/),
      '2026-09-20 to 2026-10-01: 0 of 2 days without a rate filled, 2 not',
      unpublished('2026-09-24'),
      unpublished('2026-09-25'),
    ]);
    expect((await fetch(['--fill-gaps', '--since', '2026-09-26'])).stdout).toBe('2026-09-26 to 2026-10-01: no gaps (0 filled)\n');
    expect((await fetch(['--since', '2026-09-26'])).stderr).toBe('error: --since goes with --fill-gaps\n');
  }, 360_000); // 7 s in a quiet .ci/run; timed out at 180 s in one at load 25

  it('imports the other days of a run one day of which failed, and reports both by source and day', async () => {
    // 2026-09-22: both hosts of the currency API fail (HTTP 500), which refuses the whole run it is in.
    const file = await readFile(path.join(FIXTURES, 'currency-api/usd-2026-09-29.json'), 'utf8');
    const currency = await serve(async (url) => {
      const date = /(\d{4}-\d{2}-\d{2})/.exec(url)?.[1];
      if (date === '2026-09-22') return { status: 500, body: 'Internal Server Error' };
      if (date === undefined || MISSING.has(date) || date >= TODAY) return { status: 404, body: 'Not found' };
      return { status: 200, body: file.replace('"date": "2026-09-29"', `"date": "${date}"`) };
    });
    const cbn = await serve(async () => ({ status: 200, body: await readFile(path.join(FIXTURES, 'cbn/GetAllNFEM_Rates.json'), 'utf8') }));
    const setup = scratch.database();
    await importCategories(setup, path.join(DATA, 'categories.csv'));
    await importSubcategories(setup, path.join(DATA, 'subcategories.csv'));
    await importSources(setup, path.join(DATA, 'sources.csv'));
    setup.close();
    const db = path.join(scratch.dir, 'test.sqlite');
    const urls = sourceUrls({ NISAB_CURRENCY_API: `${currency}/a/{date}.json,${currency}/b/{date}.json`, NISAB_CBN_API: cbn });
    const runs: string[][] = [];
    const fetch = (dates: readonly string[]) => {
      runs.push([...dates]);
      return fetchDays({ db, dates, ...urls, policy: { timeoutMs: 3000, retries: 0, retryDelayMs: 0 }, warn: () => {} });
    };
    await fetch(['2026-09-20', '2026-09-29']);
    runs.length = 0;

    // A dry run says what a real run would refuse, and writes nothing.
    const dry = await fillGaps({
      db,
      yesterday: '2026-10-01',
      dryRun: true,
      runDays: 3,
      fetch: (dates) => fetchDays({ db, dates, ...urls, policy: { timeoutMs: 3000, retries: 0, retryDelayMs: 0 }, dryRun: true, warn: () => {} }),
    });
    expect(dry.failed).toBe(1);
    expect(dry.lines[0]).toBe('2026-09-20 to 2026-10-01: 10 days without a rate (a dry run: nothing written)');
    expect(dry.lines[1]).toMatch(/^not imported: 2026-09-22: /);

    // Runs of three days, as runs of 400 on a long history.
    const report = await fillGaps({ db, yesterday: '2026-10-01', dryRun: false, runDays: 3, fetch });
    expect(runs).toEqual([
      ['2026-09-21', '2026-09-22', '2026-09-23'],
      ['2026-09-21', '2026-09-23'],
      ['2026-09-24', '2026-09-25', '2026-09-26'],
      ['2026-09-27', '2026-09-28', '2026-09-30'],
      ['2026-10-01'],
    ]);
    expect(report.failed).toBe(1);
    expect(report.lines.slice(0, 3)).toEqual([
      '2026-09-20 to 2026-10-01: 7 of 10 days without a rate filled, 3 not',
      'imported from currency-api, the naira rate from cbn-nfem: 2026-09-21, 2026-09-23, 2026-09-28 (3 days)',
      'imported from currency-api, the naira rate from cbn-nfem-carried: 2026-09-26 to 2026-09-27, 2026-09-30 to 2026-10-01 (4 days)',
    ]);
    const failed = report.lines.slice(3).join('\n');
    expect(failed).toMatch(/^not imported: 2026-09-22: .*\n( {2}.*HTTP 500.*\n?)+/);
    expect(failed).toMatch(/\nnot imported: 2026-09-24: no data published that day \(.*HTTP 404/);
    expect(failed).toMatch(/\nnot imported: 2026-09-25: no data published that day \(.*HTTP 404/);
    // What the report says is what the database holds (plain SQL).
    const handle = openDatabase(db, { readonly: true });
    try {
      expect(handle.prepare(`SELECT DISTINCT drtDate FROM rates WHERE drtDate BETWEEN '2026-09-21' AND '2026-10-01' ORDER BY drtDate`).pluck().all()).toEqual([
        '2026-09-21',
        '2026-09-23',
        '2026-09-26',
        '2026-09-27',
        '2026-09-28',
        '2026-09-29', // before the gaps were filled
        '2026-09-30',
        '2026-10-01',
      ]);
    } finally {
      handle.close();
    }
  }, 60_000);
});
