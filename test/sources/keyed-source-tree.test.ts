// A keyed price source left unconfigured, rehearsed on a copy of the whole tree
// (issue 48, the fifth rehearsal): the steps of docs/making-changes.md "A new
// source" for a rehearsal's source that needs a key in its address (`metals-api`,
// no default URL: an operator without a key leaves NISAB_METALS_API unset). The
// copy's real tsc names the adapter the entry loads while it is missing; the
// copy's real CLI (init, import, fetch) against real HTTP servers on 127.0.0.1
// serving the recorded bodies of test/fixtures/sources refuses the rows of a
// source /sources does not hold, by the source's id, while its row is left out;
// with every step, the keyed source prices a day the currency API has not
// published, and with its variable unset it is "not configured, not asked": a
// night the currency API has not published yet is no failure (exit 0), as it was
// before the source was added. The oracle is the recorded file's own figures.
import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorOf, type Edit } from '../support/rehearsed-language.ts';
import { copyTree, run, typecheck } from '../support/tree-copy.ts';

const ID = 'metals-api';
const FIXTURES = path.join(import.meta.dirname, '../fixtures/sources');
/** The recorded day: the currency API's file and the CBN's last NFEM row (test/fixtures/sources). */
const RECORDED = '2026-09-29';
/** A day the rehearsal's keyed source publishes and the currency API has not. */
const KEYED_DAY = '2026-09-28';
const KEY = 'rehearsal-key';

/** Step 1, the entry at the end of PRICE_SOURCES: a keyed source has no default URL. */
const ENTRY = `  }),
  priceSource({
    id: '${ID}',
    name: 'the metals API',
    env: 'NISAB_METALS_API',
    option: 'metalsUrls',
    about: 'URL templates with {date} and your access key',
    defaults: [],
    templates: true,
    metals: [
      { slug: 'gold', field: 'xau' },
      { slug: 'silver', field: 'xag' },
    ],
    usdPerGram,
    make: (urls, { policy }) => loaded('${ID}', async () => (await import('./metals-api.ts')).metalsApi(urls, policy)),
  }),
] as const;

/** Where the naira per US dollar comes from`;

/** Step 2, the adapter: `{"date": "...", "rates": {"xau": ..., "xag": ...}}`, troy ounces per US dollar. */
const ADAPTER = `import { z } from 'zod';
import { isoDate } from '../model/schemas.ts';
import type { HttpPolicy } from './http.ts';
import { attemptLine, firstUsable, readWith, SourceError, type DailySource, type DayAnswer, type PriceDay } from './source.ts';

const perDollar = z.number().finite().positive();
const Day = z.object({ date: isoDate, rates: z.object({ xau: perDollar, xag: perDollar }) });

export function metalsApi(templates: readonly string[], policy: HttpPolicy): DailySource<PriceDay> {
  return {
    id: '${ID}',
    async day(date: string): Promise<DayAnswer<PriceDay>> {
      const answer = await firstUsable(
        templates.map((template) => template.replaceAll('{date}', date)),
        policy,
        (json) => {
          const day = readWith(Day, json);
          if ('problem' in day) return day;
          return day.value.date === date ? { value: { date, figures: day.value.rates } } : { problem: \`the file is dated \${day.value.date}, not \${date}\` };
        },
      );
      if ('value' in answer) return { published: true, url: answer.url, value: answer.value };
      if (answer.attempts.every((a) => a.notFound)) return { published: false, why: answer.attempts.map((a) => attemptLine(a.url, 'not published (HTTP 404)')).join('; ') };
      throw new SourceError(\`the metals API has no usable file for \${date}; tried:\`, answer.attempts.map((a) => attemptLine(a.url, a.problem)));
    },
  };
}
`;

/** Step 3, its entry of /sources. */
const SOURCE_ROW = `${ID},A rehearsal's keyed metals API,https://example.org/metals-api,CC0 1.0,"A rehearsal's keyed source: gold and silver per US dollar, one file per day.",daily-reference\n`;

const closers: (() => Promise<void>)[] = [];
/** A server on 127.0.0.1 answering `reply(url)` (null: 404); its base URL and the paths asked. */
async function serve(reply: (url: string) => string | null): Promise<{ base: string; asked: string[] }> {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url!);
    const body = reply(req.url!);
    if (body === null) res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked };
}

describe(`a keyed price source (${ID}) in a copy of the whole tree`, () => {
  let dir: string;
  let edit: Edit;
  let figures: { xau: number; xag: number };
  let env: Record<string, string>;
  let keyed: { base: string; asked: string[] };
  /** The copy's CLI, its clock the day after the recorded one, on the copy's scratch database. */
  const cli = (args: string[], extra: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', 'generator/main.ts', ...args, '--db', 'scratch.sqlite'], {
      cwd: dir,
      env: { ...process.env, NISAB_DB: undefined, NISAB_METALS_API: undefined, NISAB_TODAY: '2026-09-30', NISAB_TIME_ZONE: 'Africa/Lagos', ...env, ...extra },
    }).then(
      (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
      (failed: { code: number; stdout: string; stderr: string }) => ({ code: failed.code, stdout: failed.stdout, stderr: failed.stderr }),
    );
  const priced = (date: string) =>
    new Database(path.join(dir, 'scratch.sqlite'), { readonly: true })
      .prepare('SELECT drtPriceSource AS source, count(*) AS n FROM rates WHERE drtDate = ? GROUP BY drtPriceSource')
      .all(date);

  beforeAll(async () => {
    dir = await copyTree('keyed-source-');
    edit = editorOf(dir);
    const file = await readFile(path.join(FIXTURES, `currency-api/usd-${RECORDED}.json`), 'utf8');
    const usd = (JSON.parse(file) as { usd: { xau: number; xag: number } }).usd;
    figures = { xau: usd.xau, xag: usd.xag };
    // The currency API has published only RECORDED; the CBN's recorded NFEM rows run to RECORDED.
    const currency = await serve((url) => (url.includes(RECORDED) ? file : null));
    const cbnRows = await readFile(path.join(FIXTURES, 'cbn/GetAllNFEM_Rates.json'), 'utf8');
    const cbn = await serve(() => cbnRows);
    // The keyed source answers only with its key, and only KEYED_DAY.
    keyed = await serve((url) => (url.includes(`key=${KEY}`) && url.includes(KEYED_DAY) ? JSON.stringify({ date: KEYED_DAY, rates: figures }) : null));
    env = { NISAB_CURRENCY_API: `${currency.base}/{date}.json`, NISAB_CBN_API: cbn.base };
  }, 120_000); // copying 9 MB: seconds
  afterAll(async () => {
    for (const close of closers.splice(0)) await close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('with the entry alone, tsc names the adapter it loads, in the registry, and nothing else', async () => {
    await edit('generator/sources/registry.ts', [['  }),\n] as const;\n\n/** Where the naira per US dollar comes from', ENTRY]]);
    const errors = await typecheck(dir);
    expect(errors.length, errors.join('\n')).toBeGreaterThan(0);
    for (const error of errors) expect(error).toMatch(/^generator\/sources\/registry\.ts\(\d+,\d+\): error TS\d+: .*'\.\/metals-api\.ts'/);
  }, 600_000); // the copy's first tsc of the whole tree: 84 s seen at load 27 for the other rehearsals

  it('with its adapter it compiles; while /sources lacks its row, a day it prices is refused by the source’s id, and nothing is written', async () => {
    await writeFile(path.join(dir, 'generator/sources/metals-api.ts'), ADAPTER);
    expect(await typecheck(dir)).toEqual([]);
    expect((await cli(['init'])).code).toBe(0);
    for (const [kind, file] of [
      ['categories', 'categories.csv'],
      ['subcategories', 'subcategories.csv'],
      ['sources', 'sources.csv'],
      ['currencies', 'currencies.csv'],
    ]) {
      const done = await cli(['import', kind!, `data/${file}`]);
      expect(done.code, done.stderr).toBe(0);
    }
    const refused = await cli(['fetch', '--date', KEYED_DAY, '--retries', '0', '--timeout', '5'], {
      NISAB_METALS_API: `${keyed.base}/{date}.json?key=${KEY}`,
    });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`unknown source "${ID}"`);
    expect(refused.stderr).not.toMatch(/\n\s+at /); // an error, not a stack trace
    expect(priced(KEYED_DAY)).toEqual([]);
  }, 600_000); // a re-check (incremental) and six CLI runs: 135 s at load 10

  it('with its row, it prices a day the currency API has not published; unset, it is not configured and a night not yet published is no failure', async () => {
    await appendFile(path.join(dir, 'data/sources.csv'), SOURCE_ROW);
    expect((await cli(['import', 'sources', 'data/sources.csv'])).code).toBe(0);

    const withKey = await cli(['fetch', '--date', KEYED_DAY, '--retries', '0', '--timeout', '5'], { NISAB_METALS_API: `${keyed.base}/{date}.json?key=${KEY}` });
    expect(withKey.code, withKey.stderr).toBe(0);
    expect(withKey.stdout).toMatch(new RegExp(`^${KEYED_DAY}: gold [\\d.]+, silver [\\d.]+ USD/g; [\\d.]+ NGN/USD \\(cbn-nfem\\): 2 inserted`, 'm'));
    expect(priced(KEYED_DAY)).toEqual([{ source: ID, n: 2 }]);
    // Its figure is the file's: a troy ounce per 1 / xau US dollars, 31.1034768 g to the ounce.
    const gold = new Database(path.join(dir, 'scratch.sqlite'), { readonly: true })
      .prepare("SELECT drtInUSD FROM rates JOIN subcategories ON drtSubcategoryID = sctID WHERE drtDate = ? AND sctSlug = 'gold'")
      .pluck()
      .get(KEYED_DAY) as number;
    expect(gold).toBeCloseTo(1 / figures.xau / 31.1034768, 5);

    const asked = keyed.asked.length;
    const unset = await cli(['fetch', '--from', RECORDED, '--to', '2026-09-30', '--retries', '0', '--timeout', '5']);
    expect(unset.code, unset.stderr).toBe(0);
    expect(unset.stdout).toContain('the metals API: not configured (NISAB_METALS_API gives it no URL), not asked');
    expect(unset.stdout).toMatch(new RegExp(`^${RECORDED}: .*: 2 inserted`, 'm'));
    expect(priced(RECORDED)).toEqual([{ source: 'currency-api', n: 2 }]);
    expect(unset.stdout).toMatch(/^2026-09-30: no data published that day \(/m);
    expect(unset.stderr).not.toMatch(/fail|tried:/i);
    expect(keyed.asked.length).toBe(asked);
  }, 600_000);
});
