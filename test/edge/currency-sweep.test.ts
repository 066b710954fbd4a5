// Issue 43: the figures an edge composes itself, on the real data. With
// currency=, every rate record gets its rate per US dollar and its value in the
// currency written at request time (router/in-currency.ts); njs 0.7.9 wrote some
// of them in another form than V8 (1.7191428499999999 for 1.71914285, BAM in
// September 2026) under the same ETag: 38 of the 3,864 month ranges of 2026
// (every currency × month × metal) on main before the fix. Here the default
// snapshot, built from data/ as the nightly builds it, is asked every
// published currency over 2026 for both metals (optionSweep) on every edge at
// once, each held to the preview's status, bytes and ETag. One range a year,
// not one a month: a year's answer composes every record of its months, each
// the same way (in-currency.ts rewrites a record alone), at a twelfth of the
// requests (the month ranges took 301 s under a load of 35, the year 2026
// finds the same records). The oracle is the preview's answer,
// whose figures are V8's own JSON, as the build writes every file.
//
// Issue 49: a closed decade's FX files are one file per currency
// (v1/fx/{code}/{yyy}0s.json), whose lines each edge parses only for the
// range's years (router/in-currency.ts currencyTable). So every currency is also
// asked a year of the 2010s (one line of its decade file) and a year across
// the decade's end (the 2010s file's last line, then the open decade's 2020
// file), where the data's metals are monthly.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.ts';
import { paths } from '../../generator/router/layout.ts';
import type { RoutingIndex } from '../../generator/model/schemas.ts';
import { EDGES, PREVIEW, type RunningEdge } from '../support/edges.ts';
import { request, type Answer } from '../support/http.ts';
import { skipOrFail } from '../support/required-tools.ts';
import { optionSweep } from './differential-cases.ts';

// After the last rate of data/ (2026-09-29): every month of 2026 is in the data or after it.
const AS_OF = '2026-11-30';
const YEAR = '2026';
const PERIODS: [string, string][] = [
  [`${YEAR}-01-01`, `${YEAR}-12-31`],
  ['2015-01-01', '2015-12-31'],
  // 366 days, the longest a currency= range may be (answer-options.ts rangeCap).
  ['2019-07-01', '2020-06-30'],
];

const edges = EDGES.filter((edge) => edge !== PREVIEW && skipOrFail(edge.missing(), `the currency sweep on ${edge.name}`) === null);

let work: string;
let tree: string;
const running: { name: string; edge: RunningEdge }[] = [];
let preview: RunningEdge;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'nisab-sweep-'));
  const out = path.join(work, 'public');
  const exitCode = process.exitCode;
  await main(['build', '--out', out, '--as-of', AS_OF]);
  expect(process.exitCode ?? 0, 'the build failed (see stderr)').toBe(exitCode ?? 0);
  tree = await realpath(out);
  preview = await PREVIEW.start(tree);
  for (const edge of edges) running.push({ name: edge.name, edge: await edge.start(tree) });
  // The build and four servers: 54 s under a load of 35, 115 s beside a typecheck.
}, 360_000);

afterAll(async () => {
  await Promise.all([preview?.stop(), ...running.map((r) => r.edge.stop())]);
  if (work) await rm(work, { recursive: true, force: true });
});

function get(base: string, target: string): Promise<Answer> {
  return request(base, target, { headers: { connection: 'close' } });
}

describe('every currency × 2026, 2015 and 2019–2020 × both metals on the default snapshot (issues 43 and 49)', () => {
  it('every edge answers each as the preview does: status, bytes and ETag', async () => {
    const index = JSON.parse(await readFile(path.join(tree, paths.routing), 'utf8')) as RoutingIndex;
    const cases = optionSweep(index, PERIODS, [1, 2]);
    // The closed decade's files are what the older periods read.
    const decadeFiles = Object.keys(index.currencies ?? {}).filter((code) => existsSync(path.join(tree, paths.fx(code, '2015-01-01', AS_OF))));
    expect(paths.fx('GBP', '2015-01-01', AS_OF)).toBe('v1/fx/GBP/2010s.json');
    expect(decadeFiles.length).toBeGreaterThan(10);
    // 161 currencies in data/ today; every one published is asked.
    expect(Object.keys(index.currencies ?? {}).length).toBeGreaterThan(100);
    const differences: string[] = [];
    let answered = 0;
    let valued = 0;
    let next = 0;
    const started = performance.now();
    // Six at a time, each case to every server at once.
    const worker = async () => {
      for (let c = cases[next++]; c !== undefined; c = cases[next++]) {
        const [reference, ...others] = await Promise.all([get(preview.url, c.target), ...running.map((r) => get(r.edge.url, c.target))]);
        if (reference!.status === 200) answered++;
        if (valuedInDecade(c.target, reference!.body, decadeFiles)) valued++;
        others.forEach((answer, i) => {
          const same = answer.status === reference!.status && answer.headers.etag === reference!.headers.etag && answer.bytes.equals(reference!.bytes);
          if (!same)
            differences.push(`${running[i]!.name}: ${c.target}: ${answer.status} ${answer.headers.etag} ${firstDifference(answer.body, reference!.body)}`);
        });
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    console.log(`currency sweep: ${cases.length} cases × ${running.length + 1} servers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // Every published currency answers its months (an empty list after the data); none refused.
    expect(answered).toBe(cases.length);
    // Each currency with a decade file has every record of 2015 and of 2019–2020 valued in it, from that file.
    expect(valued).toBe(decadeFiles.length * 2 * 2);
    expect(differences.length, `${differences.length} of ${cases.length * running.length} differ:\n${differences.slice(0, 10).join('\n')}`).toBe(0);
    // 322 cases × 4 servers: 25 to 93 s under a load of 20 to 48; 972 cases (with the
    // decade's periods, whose records are monthly): 36 to 40 s at a load of 7 to 11.
  }, 600_000);

  it('values the 2010s from the decade file as data/fx-monthly holds them, on every edge', async () => {
    // The oracle is data/'s own text: each record of a month valued at that month's H.10 average.
    const csv = (await readFile(path.join(import.meta.dirname, '../../data/fx-monthly/2015.csv'), 'utf8')).trim().split('\n').slice(1);
    const gbp = new Map(
      csv
        .map((line) => line.split(','))
        .filter((f) => f[1] === 'GBP')
        .map((f) => [f[0]!, f[2]!]),
    );
    expect(gbp.size).toBe(12);
    const target = '/api/v1/rates?subcategory=1&currency=GBP&start_date=2015-01-01&end_date=2015-12-31';
    for (const server of [{ name: 'preview', edge: preview }, ...running]) {
      const answer = await get(server.edge.url, target);
      expect(answer.status, server.name).toBe(200);
      const records = (JSON.parse(answer.body) as { data: Record<string, unknown>[] }).data;
      expect(records.length, server.name).toBe(12);
      for (const record of records) {
        const month = `${String(record.drtDate).slice(0, 7)}-01`;
        expect([record.drtCurrencyDate, String(record.drtUSDinCurrency)], `${server.name}: ${record.drtDate}`).toEqual([month, gbp.get(month)]);
        // Rounded to the penny: the product of the record's own two figures.
        expect(
          Math.abs((record.drtInCurrency as number) - (record.drtInUSD as number) * Number(gbp.get(month))),
          `${server.name}: ${record.drtDate}`,
        ).toBeLessThan(0.0051);
      }
    }
  });
});

/** Whether a case is an older period in a currency with a decade file, answered with records all valued in that currency. */
function valuedInDecade(target: string, body: string, decadeFiles: string[]): boolean {
  const query = new URL(target, 'http://x').searchParams;
  if (!decadeFiles.includes(query.get('currency') ?? '') || query.get('start_date')!.startsWith(YEAR)) return false;
  const records = (JSON.parse(body) as { data: { drtInCurrency: number | null }[] }).data;
  return records.length >= 12 && records.every((record) => typeof record.drtInCurrency === 'number');
}

/** Where two bodies part, with some text of each around it. */
function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `at ${at}: ${JSON.stringify(a.slice(Math.max(0, at - 40), at + 40))} where the preview has ${JSON.stringify(b.slice(Math.max(0, at - 40), at + 40))}`;
}
