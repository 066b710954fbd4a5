// Issue 25: SIGTERM and SIGINT end every command cleanly. Real child processes,
// stopped at a known moment of their work (NISAB_TEST_PAUSE, or a source that
// stalls mid-body): each exits at once with the signal's status and a message
// saying what it left, the database as it was, no half-written output and no
// temporary file.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readlink } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../generator/db/open.ts';
import { makeFixture, type Fixture } from '../support/fixture.ts';
import { contents, useScratch } from '../db/scratch.ts';

interface Stopped {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs the CLI, sends SIGNAL once `ready` says (from its stderr, or a promise), and waits for the end. */
function stopWhen(args: string[], env: Record<string, string>, ready: RegExp | Promise<unknown>, signal: NodeJS.Signals): Promise<Stopped> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'generator/main.ts', ...args], {
    env: { ...process.env, NISAB_DB: undefined, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let sent = false;
  const send = () => {
    if (!sent) child.kill(signal);
    sent = true;
  };
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (ready instanceof RegExp && ready.test(stderr)) send();
  });
  if (!(ready instanceof RegExp)) void ready.then(send);
  return new Promise((resolve) => child.once('exit', (code, exitSignal) => resolve({ code, signal: exitSignal, stderr })));
}

const sha1 = (file: string) => createHash('sha1').update(readFileSync(file)).digest('hex');
const leftovers = async (dir: string) => (await readdir(dir)).filter((name) => /\.tmp|-journal$|-wal$|^tmp-/.test(name));

describe('a stopped import', () => {
  const scratch = useScratch();

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} mid-import (rows staged, nothing committed): exits ${signal === 'SIGTERM' ? 143 : 130}, the database as it was, no journal left`, async () => {
      const db = await scratch.seededDatabase();
      const before = contents(db);
      db.close();
      const dbFile = path.join(scratch.dir, 'test.sqlite');
      const csv = await scratch.write('rates.csv', 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n2024-03-01,1,65.1,1500\n2024-03-02,1,65.2,1501\n');
      const bytes = sha1(dbFile);
      const stopped = await stopWhen(['import', 'rates', csv, '--db', dbFile], { NISAB_TEST_PAUSE: 'import' }, /paused at import/, signal);
      expect(stopped.stderr).toMatch(new RegExp(`error: stopped by ${signal}; nothing was imported; the database is as it was`));
      expect(stopped.code).toBe(signal === 'SIGTERM' ? 143 : 130);
      expect(sha1(dbFile)).toBe(bytes);
      expect(contents(scratch.open(dbFile))).toEqual(before);
      expect(await leftovers(scratch.dir)).toEqual([]);
    });
  }

  it('SIGTERM while it commits: the import finishes, says so and exits 143 with the rows in', async () => {
    const db = await scratch.seededDatabase();
    db.close();
    const dbFile = path.join(scratch.dir, 'test.sqlite');
    const csv = await scratch.write('rates.csv', 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n2024-03-01,1,65.1,1500\n');
    const stopped = await stopWhen(['import', 'rates', csv, '--db', dbFile], { NISAB_TEST_PAUSE: 'commit' }, /paused at commit/, 'SIGTERM');
    expect(stopped.stderr).toMatch(/error: SIGTERM came while the command was committing; it finished first/);
    expect(stopped.code).toBe(143);
    expect(contents(scratch.open(dbFile)).rates).toHaveLength(1);
    expect(await leftovers(scratch.dir)).toEqual([]);
  });

  it('a named pipe is refused at once (importing one hung and ignored SIGTERM)', async () => {
    const { execFileSync } = await import('node:child_process');
    await scratch.seededDatabase();
    const pipe = path.join(scratch.dir, 'pipe.csv');
    execFileSync('mkfifo', [pipe]);
    // Nothing ever writes to the pipe: the command must not wait for it.
    const stopped = await stopWhen(['import', 'rates', pipe, '--db', path.join(scratch.dir, 'test.sqlite')], {}, new Promise(() => {}), 'SIGTERM');
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(/pipe\.csv:1: file: is not a regular file \(a named pipe\)/);
  });
});

describe('a stopped fetch and build', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await makeFixture();
  });
  afterAll(async () => {
    await fixture?.remove();
  });

  it('SIGTERM mid-download: exits 143 at once, nothing imported, no month file or temporary file written', async () => {
    let reached: () => void = () => {};
    const midBody = new Promise<void>((resolve) => {
      reached = resolve;
    });
    // Headers and half a body, then nothing: the fetch would wait its whole timeout.
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"date":"2024-03-16","usd":{', () => reached());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const daily = path.join(path.dirname(fixture.db), 'daily');
    const bytes = sha1(fixture.db);
    try {
      const stopped = await stopWhen(
        ['fetch', '--date', '2024-03-16', '--db', fixture.db, '--write-csv', daily, '--timeout', '600', '--retries', '0'],
        { NISAB_CURRENCY_API: `${base}/{date}.json`, NISAB_CBN_API: `${base}/cbn/{date}` },
        midBody,
        'SIGTERM',
      );
      expect(stopped.stderr).toMatch(/error: stopped by SIGTERM; nothing fetched was imported; the database and the month files are as they were/);
      expect(stopped.code).toBe(143);
    } finally {
      server.closeAllConnections();
      server.close();
    }
    expect(sha1(fixture.db)).toBe(bytes);
    expect(existsSync(daily) ? await readdir(daily) : []).toEqual([]);
    expect(await leftovers(path.dirname(fixture.db))).toEqual([]);
  });

  it('SIGINT mid-write of a snapshot: exits 130, the half-written tree removed, OUT still serving the old one', async () => {
    const store = path.join(path.dirname(fixture.out), `.${path.basename(fixture.out)}.snapshots`);
    const served = await readlink(fixture.out);
    const trees = (await readdir(store)).sort();
    const stopped = await stopWhen(
      ['build', '--db', fixture.db, '--out', fixture.out, '--as-of', '2024-03-17'],
      { NISAB_TEST_PAUSE: 'publish' },
      /paused at publish/,
      'SIGINT',
    );
    expect(stopped.stderr).toMatch(/error: stopped by SIGINT; nothing was published; --out serves what it served before/);
    expect(stopped.code).toBe(130);
    expect(await readlink(fixture.out)).toBe(served);
    expect((await readdir(store)).sort()).toEqual(trees);
    expect(await leftovers(path.dirname(fixture.db))).toEqual([]);
    // and the database the build read is untouched, its next build whole
    openDatabase(fixture.db).close();
  });

  it('Ctrl-C on `npm run cli -- build` (SIGINT to the whole process group): the message, no build.lock, no half tree', async () => {
    // Under tsx's own runner a signal to the group reached node twice, and tsx killed it with SIGKILL when it did
    // not answer within 30 ms: build.lock was left in 8 of 9 tries, without a message. The script now runs node itself.
    const store = path.join(path.dirname(fixture.out), `.${path.basename(fixture.out)}.snapshots`);
    const served = await readlink(fixture.out);
    const trees = (await readdir(store)).sort();
    const child = spawn('npm', ['run', '--silent', 'cli', '--', 'build', '--db', fixture.db, '--out', fixture.out, '--as-of', '2024-03-17'], {
      // Paused in a synchronous stretch, as planning and linking are: the signal is handled after it.
      env: { ...process.env, NISAB_DB: undefined, NISAB_TEST_PAUSE: 'publish-busy' },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/paused at publish/.test(stderr) && !stderr.includes('sent')) {
        stderr += '(sent)\n';
        process.kill(-child.pid!, 'SIGINT');
      }
    });
    const ended = await new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`${code ?? signal}`)));
    expect(stderr).toMatch(/error: stopped by SIGINT; nothing was published; --out serves what it served before/);
    // npm ends as its script did: 130, or by the SIGINT itself.
    expect(['130', 'SIGINT']).toContain(ended);
    expect(await readlink(fixture.out)).toBe(served);
    expect((await readdir(store)).sort()).toEqual(trees);
    expect(trees).not.toContain('build.lock');
  }, 120_000); // 3.1 s in a quiet .ci/run; beside 16 busy processes a test takes up to 7 times as long
});
