// Every shell block of the README and docs/ that runs the CLI is run here
// exactly as written, in a fresh copy of the project with its own copy of
// data/, so a documented command that stops working fails a test. Two things
// the harness supplies, and says so: the installed node_modules (`npm ci`
// lines are what .ci/run itself ran before the tests), and the outside world:
// the day is fixed (NISAB_TODAY) and the sources are local servers serving the
// recorded bodies of test/fixtures/sources, as in the nightly's test.
import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, '../..');
const FIXTURES = path.join(ROOT, 'test/fixtures/sources');

/** The day every block runs on: three days after the embedded daily data ends (build --strict allows three). */
const TODAY = '2026-10-02';

interface Block {
  file: string;
  line: number;
  text: string;
}

/** The documents a newcomer reads: the README and every file of docs/. */
async function documents(): Promise<string[]> {
  const docs = (await readdir(path.join(ROOT, 'docs'))).filter((name) => name.endsWith('.md')).sort();
  return ['README.md', ...docs.map((name) => `docs/${name}`)];
}

/** The shell blocks (```sh, ```bash) that run the CLI (`npm run cli`, `npm run build`). */
function cliBlocks(file: string, markdown: string): Block[] {
  const blocks: Block[] = [];
  const fence = /^([ \t]*)```(?:sh|bash|shell)\n([\s\S]*?)^[ \t]*```/gm;
  for (let match = fence.exec(markdown); match !== null; match = fence.exec(markdown)) {
    const indent = match[1] ?? '';
    const text = (match[2] ?? '')
      .split('\n')
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n');
    if (!/npm run (cli|build)\b/.test(text)) continue;
    blocks.push({ file, line: markdown.slice(0, match.index).split('\n').length + 1, text });
  }
  return blocks;
}

/** The lines the harness answers itself: installing (done by .ci/run before the tests) and the test command (this run). */
function asRun(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/^npm ci\b.*?(&&\s*|$)/, '').replace(/^npm test\b.*$/, ''))
    .join('\n');
}

let work: string;
const servers: http.Server[] = [];

async function serve(handler: (url: string) => Promise<{ status: number; body: string }>): Promise<string> {
  const server = http.createServer(async (req, res) => {
    const reply = await handler(req.url ?? '');
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' }).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let sourcesEnv: Record<string, string>;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'shell-blocks-'));
  const recordedDays = (await readdir(path.join(FIXTURES, 'currency-api'))).map((name) => /usd-(\d{4}-\d{2}-\d{2})\.json/.exec(name)?.[1]);
  const currency = await serve(async (url) => {
    const day = /(\d{4}-\d{2}-\d{2})/.exec(url)?.[1];
    if (day === undefined || !recordedDays.includes(day)) return { status: 404, body: 'Not found' };
    return { status: 200, body: await readFile(path.join(FIXTURES, `currency-api/usd-${day}.json`), 'utf8') };
  });
  const cbn = await serve(async () => ({ status: 200, body: await readFile(path.join(FIXTURES, 'cbn/GetAllNFEM_Rates.json'), 'utf8') }));
  sourcesEnv = { NISAB_CURRENCY_API: `${currency}/{date}.json`, NISAB_CBN_API: cbn };
});

afterAll(async () => {
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(work, { recursive: true, force: true });
});

/** A fresh copy of the project: its code linked, its data/ copied, nothing built. */
async function freshCopy(name: string): Promise<string> {
  const dir = path.join(work, name);
  await mkdir(dir);
  for (const entry of ['generator', 'client', 'scripts', 'node_modules', 'tsconfig.json']) await symlink(path.join(ROOT, entry), path.join(dir, entry));
  for (const entry of ['package.json', 'package-lock.json']) await cp(path.join(ROOT, entry), path.join(dir, entry));
  await cp(path.join(ROOT, 'data'), path.join(dir, 'data'), { recursive: true, filter: (source) => !/default\.sqlite/.test(source) });
  // As root, the nginx block's site refuses a snapshot that nginx's workers (nobody) could not read: open the way down to it
  // (the run's temporary root itself is opened once, by test/support/temp-root.ts).
  for (let up = dir; up.startsWith(os.tmpdir() + path.sep); up = path.dirname(up)) await chmod(up, (await stat(up)).mode | 0o005);
  return dir;
}

/**
 * What a block leaves behind, beyond exiting 0: a block that publishes without the
 * currencies or Nigeria's calendar ran "as written" too (issue 33). The expected
 * figures come from the copy's own data files, read as text.
 */
const LEAVES: Record<string, (dir: string) => Promise<void>> = {
  'docs/operating.md': async (dir) => {
    const json = async (file: string) => JSON.parse(await readFile(path.join(dir, 'public', file), 'utf8'));
    const lines = async (file: string) => (await readFile(path.join(dir, 'data', file), 'utf8')).trim().split('\n').length - 1;
    const currencies = (await json('v1/currencies.json')).data as { curCode: string; curMonthlyFirst: string | null }[];
    // data/currencies.csv: every code has rates (NGN and USD are the records' own).
    expect(currencies.map((c) => c.curCode).sort()).toEqual(
      (await readFile(path.join(dir, 'data/currencies.csv'), 'utf8'))
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0])
        .sort(),
    );
    expect(currencies.find((c) => c.curCode === 'GBP')?.curMonthlyFirst).toBe('2005-01');
    // data/fx/2026-07.csv: 2026-07-15,GBP,0.74586441,currency-api.
    expect((await json('v1/fx/GBP/2026.json')).rates['2026-07-15']).toEqual([0.74586441, 0]);
    expect((await json('v1/calendars/nigeria.json')).count).toBe(await lines('calendar-nigeria.csv'));
  },
};

const all: Block[] = [];
for (const file of await documents()) all.push(...cliBlocks(file, await readFile(path.join(ROOT, file), 'utf8')));

describe('every shell block of the README and docs/ that runs the CLI runs as written', () => {
  it('finds the blocks (the README, operating, deploying and going live each have one)', () => {
    const files = new Set(all.map((block) => block.file));
    for (const file of ['README.md', 'docs/operating.md', 'docs/deploying.md', 'docs/going-live.md']) expect(files, file).toContain(file);
  });

  it('keeps the currencies wherever a fetch keeps its rows as text, as the nightly does (--write-fx-csv with --write-csv)', async () => {
    const nightly = await readFile(path.join(ROOT, '.github/workflows/nightly.yml'), 'utf8');
    const fetches = [...all.map((block) => block.text), nightly].flatMap((text) => text.split('\n').filter((line) => /cli -- fetch .*--write-csv/.test(line)));
    expect(fetches.length).toBeGreaterThan(2);
    for (const line of fetches) expect(line).toMatch(/--write-fx-csv data\/fx/);
    // And the back-fill commits what it wrote.
    const goingLive = await readFile(path.join(ROOT, 'docs/going-live.md'), 'utf8');
    expect(goingLive).toMatch(/git add data\/daily data\/fx /);
  });

  it.each(all.map((block) => [`${block.file}:${block.line}`, block] as const))(
    '%s',
    async (_name, block) => {
      const dir = await freshCopy(`${block.file.replace(/\W/g, '-')}-${block.line}`);
      const env = { ...process.env, ...sourcesEnv, NISAB_TODAY: TODAY, NISAB_TIME_ZONE: 'Africa/Lagos', NISAB_DB: undefined, CI: 'true' };
      try {
        await run('bash', ['-euo', 'pipefail', '-c', asRun(block.text)], { cwd: dir, env, timeout: 540_000, maxBuffer: 64 * 1024 * 1024 });
      } catch (error) {
        const e = error as { code: number; stdout: string; stderr: string };
        expect.fail(`${block.file}:${block.line} exited ${e.code}\n${e.stderr.slice(-3000)}`);
      }
      await LEAVES[block.file]?.(dir);
    },
    600_000,
  );
});
