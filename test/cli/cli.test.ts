// The real command, end to end: what an operator types and reads.
import { SCHEMA_VERSION } from '../../generator/db/migrations.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.ts';
import { program } from '../../generator/cli.ts';

describe('the command line', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a database, imports, builds, verifies and says what it did', async () => {
    const db = path.join(dir, 'ops.sqlite');
    expect((await cli('init', '--db', db)).stdout).toMatch(`schema version 0 -> ${SCHEMA_VERSION}`);
    expect((await cli('init', '--db', db)).stdout).toMatch(`schema version ${SCHEMA_VERSION}, nothing to do`);
    for (const [kind, file] of [
      ['categories', 'categories.csv'],
      ['subcategories', 'subcategories.csv'],
      ['sources', 'sources.csv'],
      ['rates', 'rates.csv'],
      ['nisab', 'nisab.json'],
    ]) {
      const result = await cli('import', kind!, path.join('data', file!), '--db', db);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^data/${file}: (\\d+) rows, \\1 inserted, 0 updated, 0 unchanged\n$`));
    }
    const out = path.join(dir, 'site');
    const built = await cli('build', '--db', db, '--out', out, '--as-of', '2025-09-02');
    expect(built.code, built.stderr).toBe(0);
    expect(built.stdout).toMatch(/^built .*site: \d+ files, [\d.]+ MB, \d+ changed, 0 removed, [\d.]+ s\n$/);
    expect(built.stderr).toBe('');
    const verified = await cli('verify', '--out', out);
    expect(verified.stdout).toMatch(/site: \d+ files, all good/);
    // nine CLI processes one after the other (each import needs the one before), each compiling the program with tsx first:
    // 66 s seen under a load of 22
  }, 300_000); // 82 s seen in .ci/run beside 16 busy processes (load 18 to 21), under a third of this

  it('warns about a stale feed, and fails on it with --strict', async () => {
    const out = path.join(dir, 'stale');
    // The first build of a fresh clone may build the default database first and say so on a line
    // of its own: the warnings are looked for at the start of a line (m), not of the output.
    // The daily records are sparse in 2025: none between 2025-10-04 and 2025-10-19.
    const warned = await cli('build', '--out', out, '--as-of', '2025-10-15');
    expect(warned.code).toBe(0);
    expect(warned.stderr).toMatch(/^warning: the newest rate of the default subcategory \(1, gold\) is from 2025-10-04, 11 days before 2025-10-15/m);
    // silver prices a published Nisab too: its staleness is named as well
    expect(warned.stderr).toMatch(/\nwarning: the newest rate of subcategory 2 \(silver\) is from 2025-10-04/);
    // Rabi' al-Thani 1447, the Umm al-Qura month of 2025-10-15, is declared in data/calendar-nigeria.csv (23 September 2025).
    expect(warned.stderr).not.toMatch(/Nigeria's calendar/);
    // Jumada al-Ula 1447 (Umm al-Qura: from 23 October 2025) is not: the build names it, and publishes.
    const undeclared = await cli('build', '--out', out, '--as-of', '2025-11-10');
    expect(undeclared.code, undeclared.stderr).toBe(0);
    expect(undeclared.stderr).toMatch(
      /\nwarning: Nigeria's calendar has no declared start of Jumada al-Ula 1447 \(1447-05\), the Umm al-Qura month of 2025-11-10 \(begun 2025-10-23\); add the Sultan's declaration with: npm run cli -- calendar add 1447-05 FIRST-DAY --source URL/,
    );
    const strict = await cli('build', '--out', out, '--as-of', '2025-10-16', '--strict');
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/^error: the feed is stale; nothing was published \(--strict\)/m);
  }, 210_000); // 51 s seen in .ci/run beside 16 busy processes (load 18 to 21), under a third of this

  it('names what is wrong in one message, without a stack trace', async () => {
    const cases: [string[], RegExp][] = [
      [['build', '--as-of', '2024-02-30'], /option '--as-of <date>' argument '2024-02-30' is invalid\. must be a real date in YYYY-MM-DD form/],
      [['build', '--db', path.join(dir, 'none.sqlite'), '--out', path.join(dir, 'x')], /none\.sqlite/],
      [['build', '--time-zone', 'Mars/Olympus', '--out', path.join(dir, 'x')], /unknown time zone "Mars\/Olympus"/],
      [['preview', '--port', '99999'], /must be a port number/],
      [['import', 'rates', path.join(dir, 'missing.csv'), '--db', path.join(dir, 'ops.sqlite')], /missing\.csv/],
      [['verify', '--out', path.join(dir, 'nothing')], /no snapshot here/],
    ];
    // Six real CLI processes at once, each compiling the program with tsx first: one after the other they
    // took 42 s beside 16 busy processes (load 18 to 21), and over 150 s at load 13 to 15 with 4 more sessions.
    const results = await Promise.all(cases.map(([args]) => cli(...args)));
    cases.forEach(([args, message], i) => {
      const result = results[i]!;
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result.stderr, args.join(' ')).not.toMatch(/\n\s+at /);
    });
  }, 150_000);

  it('refuses a bad import file naming file, line and field, and writes nothing', async () => {
    const db = path.join(dir, 'ops.sqlite');
    const bad = path.join(dir, 'bad.csv');
    await writeFile(bad, 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n2025-09-01,1,100,1500\n2025-09-31,1,100,1500\n2025-09-02,1,-3,1500\n');
    const result = await cli('import', 'rates', bad, '--db', db);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${bad}:3: drtDate:`);
    expect(result.stderr).toContain(`${bad}:4: drtInUSD:`);
    const after = await cli('build', '--db', db, '--out', path.join(dir, 'after'), '--as-of', '2025-09-02', '--max-age-days', '0');
    expect(after.stderr).toMatch(/is from 2025-08-31/); // the good row of 2025-09-01 was not imported either
  }, 120_000); // 4.1 s in a quiet .ci/run; beside 16 busy processes a test takes up to 7 times as long

  it('documents every command with an example', () => {
    for (const command of program().commands) {
      expect(command.description(), command.name()).not.toBe('');
      let after = '';
      command.configureOutput({ writeOut: (s) => (after += s) });
      command.outputHelp();
      expect(after, command.name()).toMatch(/Example:\n {2}npm run cli -- /);
    }
  });
});

describe('npm run preview', () => {
  it('serves a snapshot, logs each request in one line and stops cleanly on Ctrl-C', async () => {
    const { spawn } = await import('node:child_process');
    const { makeFixture } = await import('../support/fixture.ts');
    const { request } = await import('../support/http.ts');
    const fixture = await makeFixture();
    const child = spawn(process.execPath, ['--import', 'tsx', 'generator/main.ts', 'preview', '--dir', fixture.out, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    const url = await new Promise<string>((resolve) =>
      child.stdout.on('data', (c) => {
        stdout += c;
        const m = /on (http:\/\/[\d.:]+)/.exec(stdout);
        if (m) resolve(m[1]!);
      }),
    );
    expect((await request(url, '/api/v1/rates/latest')).status).toBe(200);
    expect((await request(url, '/api/v1/rates?start_date=bad')).status).toBe(400);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/^GET \/api\/v1\/rates\/latest 200 [\d.]+ms$/m);
    expect(stdout).toMatch(/^GET \/api\/v1\/rates\?start_date=bad 400 [\d.]+ms$/m);
    expect(stdout).toMatch(/stopped\n$/);
    expect(stderr).toBe('');
    await fixture.remove();
  }, 90_000); // 20 s seen in .ci/run beside 16 busy processes (load 17 to 24), under a third of this
});
