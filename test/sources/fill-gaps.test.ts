// fetch --fill-gaps against local sources on 127.0.0.1: the days without a rate
// since the daily series began are fetched; a day no source has (404 on both
// hosts of the currency API) stays absent and is listed as a gap.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importCategories } from '../../generator/db/import-categories.ts';
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

    // The series begins on 2026-09-20 and has 2026-09-29: 21-28 and 30-1 are gaps.
    for (const date of ['2026-09-20', '2026-09-29']) expect((await fetch(['--date', date])).code).toBe(0);
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
    expect(lines.at(-1)).toBe('2026-09-20 to 2026-10-01: 8 of 10 days without a rate filled; no source has the other 2: 2026-09-24, 2026-09-25');

    // Again: only the two are asked for, and stay listed; --since moves the start.
    const again = await fetch(['--fill-gaps']);
    expect(again.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^2026-09-24: no data published that day/),
      expect.stringMatching(/^2026-09-25: no data published that day/),
      '2026-09-20 to 2026-10-01: 0 of 2 days without a rate filled; no source has the other 2: 2026-09-24, 2026-09-25',
    ]);
    expect((await fetch(['--fill-gaps', '--since', '2026-09-26'])).stdout).toBe('2026-09-26 to 2026-10-01: no gaps (0 filled)\n');
    expect((await fetch(['--since', '2026-09-26'])).stderr).toBe('error: --since goes with --fill-gaps\n');
  }, 120_000);
});
