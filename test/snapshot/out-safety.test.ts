// Issue 11, data loss: build never deletes what it did not create, one build at a
// time per snapshot store (two at once leave a whole, verified snapshot), a kill
// while replacing a plain snapshot folder leaves one serving, and the leftovers
// of a killed default-database rebuild are swept.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, lstat, mkdir, readdir, readFile, readlink, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureDefaultDatabase } from '../../generator/db/default-db.ts';
import { UserError } from '../../generator/errors.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { lockStore } from '../../generator/snapshot/store.ts';
import { verifyTree } from '../../generator/snapshot/verify.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { useFixture } from '../support/use-fixture.ts';

async function hashes(root: string, dir = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(out, await hashes(root, rel));
    else
      out[rel] = createHash('sha1')
        .update(await readFile(path.join(root, rel)))
        .digest('hex');
  }
  return out;
}

function cliBuild(db: string, out: string, asOf: string, swapDelayMs = 0) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'generator/main.ts', 'build', '--db', db, '--out', out, '--as-of', asOf], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NISAB_TEST_SWAP_DELAY_MS: String(swapDelayMs) },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.once('exit', (code) => resolve({ code, output })));
  return { child, done };
}

describe('build and the folders it did not create', () => {
  const fixture = useFixture();

  it('refuses an --out that is an ordinary folder, a file, the current folder or a foreign link, and leaves it as it was', async () => {
    const project = path.join(fixture.dir, 'docs');
    await mkdir(project);
    await writeFile(path.join(project, 'notes.md'), 'mine');
    const elsewhere = path.join(fixture.dir, 'link-elsewhere');
    await symlink(project, elsewhere);
    // the folder that holds the database (`--out data`)
    const data = path.join(fixture.dir, 'data');
    await mkdir(data);
    await cp(fixture.db, path.join(data, 'rates.sqlite'));
    // a link to an ordinary folder that is empty, and a link to the database
    const emptyFolder = path.join(fixture.dir, 'empty-ordinary');
    await mkdir(emptyFolder);
    const toEmpty = path.join(fixture.dir, 'link-to-empty');
    await symlink(emptyFolder, toEmpty);
    const toDb = path.join(fixture.dir, 'link-to-db');
    await symlink(fixture.db, toDb);
    // a project folder with a snapshot's manifest.json copied into it
    const forged = path.join(fixture.dir, 'forged');
    await cp(fixture.out, forged, { recursive: true, dereference: true });
    await writeFile(path.join(forged, 'v1', 'notes.md'), 'mine');
    for (const [out, pattern] of [
      [project, /--out .*docs is a folder with 1 entries \(notes\.md\) and no snapshot manifest\.json; build only replaces a snapshot it made/],
      [`${project}/`, /--out .*docs\/ is a folder with 1 entries/],
      [data, /--out .*data is a folder with 1 entries \(rates\.sqlite\) and no snapshot manifest\.json/],
      [fixture.db, /is a file \(\d+ bytes\), not a folder/],
      ['.', /--out \. is the current folder/],
      ['..', /--out \.\. is a folder with \d+ entries/],
      ['/', /--out \/ is the current folder \(or the root\)/],
      [elsewhere, /is a link to .*docs, not to a snapshot this tool made/],
      [toEmpty, /is a link to .*empty-ordinary, not to a snapshot this tool made/],
      [toDb, /is a link to .*source\.sqlite, not to a snapshot this tool made/],
      [forged, /--out .*forged is a folder with \d+ entries .* and v1\/notes\.md, which its manifest\.json does not list/],
    ] as const) {
      // (the current folder, its parent and the root are too big to hash, and refused before anything is read)
      const whole = (['.', '..', '/'] as string[]).includes(out);
      const snapshot = async () => (whole ? null : (await stat(out)).isDirectory() ? await hashes(out) : (await readFile(out)).toString('base64'));
      const before = await snapshot();
      const error = await buildSnapshot(fixtureBuild(fixture.db, out)).catch((e: unknown) => e);
      expect(error, String(out)).toBeInstanceOf(UserError);
      expect((error as UserError).message).toMatch(pattern);
      expect(await snapshot()).toEqual(before);
    }
    for (const link of [elsewhere, toEmpty, toDb]) expect((await lstat(link)).isSymbolicLink()).toBe(true);
    // nothing was created beside them either
    expect((await readdir(fixture.dir)).filter((name) => name.endsWith('.snapshots') && name !== '.public.snapshots')).toEqual([]);
  });

  it('the command says the same for what an operator types (--out ., data, docs, docs/, the database): exit 1, one message, all left as it was', async () => {
    const project = path.join(fixture.dir, 'project');
    await mkdir(path.join(project, 'data'), { recursive: true });
    await mkdir(path.join(project, 'docs'));
    await cp(fixture.db, path.join(project, 'data', 'source.sqlite'));
    await writeFile(path.join(project, 'docs', 'notes.md'), 'mine');
    const before = await hashes(project);
    const main = path.resolve('generator/main.ts');
    // The five commands at once: each is a child process whose start-up is most of its time (18 s each under a load of 24,
    // one after the other), and each refuses before it writes anything, so none can see another's work.
    const outs = ['.', 'data', 'docs', 'docs/', 'data/source.sqlite'];
    const results = await Promise.all(
      outs.map(
        // run from the project folder, as an operator would (this repository's own data/ is never at stake)
        (out) =>
          new Promise<{ code: number | null; stderr: string }>((resolve) => {
            const child = spawn(
              process.execPath,
              ['--import', import.meta.resolve('tsx'), main, 'build', '--db', 'data/source.sqlite', '--out', out, '--as-of', '2024-03-15'],
              {
                cwd: project,
                env: { ...process.env, NODE_OPTIONS: '' },
                stdio: ['ignore', 'ignore', 'pipe'],
              },
            );
            let stderr = '';
            child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
            child.once('exit', (code) => resolve({ code, stderr }));
          }),
      ),
    );
    for (const [i, out] of outs.entries()) {
      const result = results[i]!;
      expect(result.code, `--out ${out}: ${result.stderr}`).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`^error: --out ${out.replace('.', '\\.')} (is the current folder|is a folder with|is a file)`));
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(await hashes(project)).toEqual(before);
  }, 360_000); // timed out at 120 s in a .ci/run at load 25

  it('publishes into an empty folder, and replaces a plain snapshot folder it made', async () => {
    const empty = path.join(fixture.dir, 'empty');
    await mkdir(empty);
    await buildSnapshot(fixtureBuild(fixture.db, empty));
    expect((await lstat(empty)).isSymbolicLink()).toBe(true);
    expect((await verifyTree(empty)).problems).toEqual([]);
  }, 180_000); // timed out at the default 60 s in a .ci/run at load 25

  it('runs two builds into one --out at once, many times: each pair leaves a whole snapshot that verifies', async () => {
    const out = path.join(fixture.dir, 'pairs');
    const store = path.join(fixture.dir, '.pairs.snapshots');
    // Three pairs: each order of holding (a held, b held, a again), not more, since each build is a real CLI process.
    for (let pair = 0; pair < 3; pair++) {
      // One of each pair (in turn) holds still just before its swap: without the lock the
      // other one sweeps its finished tree and the link ends up pointing at nothing.
      const a = cliBuild(fixture.db, out, `2024-03-${10 + pair}`, pair % 2 === 0 ? 1500 : 0);
      const b = cliBuild(fixture.db, out, `2024-03-${16 - pair}`, pair % 2 === 1 ? 1500 : 0);
      const [ra, rb] = await Promise.all([a.done, b.done]);
      expect(ra.code, ra.output).toBe(0);
      expect(rb.code, rb.output).toBe(0);
      expect((await verifyTree(out)).problems, `pair ${pair}`).toEqual([]);
      const target = path.resolve(fixture.dir, await readlink(out));
      expect(existsSync(target)).toBe(true);
      expect((await readdir(store)).filter((name) => name === 'build.lock')).toEqual([]);
    }
    // six real CLI builds (one of each pair held 1.5 s before its swap); with ten: 113 s in .ci/run at load 18 to 21,
    // and over 420 s at load 20 beside three sessions' Chromium and tsc runs
  }, 600_000);

  it("makes a second build wait for the lock, and says so; a dead build's lock is taken over", async () => {
    const out = path.join(fixture.dir, 'locked');
    const store = path.join(fixture.dir, '.locked.snapshots');
    await mkdir(store, { recursive: true });
    const release = await lockStore(store);
    const lines: string[] = [];
    const error = await buildSnapshot(fixtureBuild(fixture.db, out, { lockWaitMs: 300, log: (line) => lines.push(line) })).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /another build \(process \d+\) is still publishing into this --out .*build\.lock.*delete that file if no build is running/,
    );
    expect(lines.join('\n')).toMatch(/waiting for another build/);
    expect(existsSync(out)).toBe(false);
    release();
    // a lock left by a killed build (a pid that no longer runs)
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    await writeFile(path.join(store, 'build.lock'), `${dead.pid}\n`);
    await utimes(path.join(store, 'build.lock'), new Date(0), new Date(0));
    await buildSnapshot(fixtureBuild(fixture.db, out));
    expect((await verifyTree(out)).problems).toEqual([]);
    expect(existsSync(path.join(store, 'build.lock'))).toBe(false);
  }, 180_000); // two in-process builds: timed out at the default 60 s in a .ci/run at load 20

  it('leaves a snapshot serving when killed at any moment while replacing a plain snapshot folder', async () => {
    const out = path.join(fixture.dir, 'plain');
    for (const delay of [500, 900, 1200, 1500, 1800, 2500]) {
      await rm(out, { recursive: true, force: true });
      await cp(fixture.out, out, { recursive: true, dereference: true });
      const old = await hashes(out);
      const { child, done } = cliBuild(fixture.db, out, '2024-03-18');
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill('SIGKILL');
      await done;
      expect(existsSync(out), `killed after ${delay} ms`).toBe(true);
      if ((await lstat(out)).isSymbolicLink()) expect((await verifyTree(out)).problems, `killed after ${delay} ms`).toEqual([]);
      else expect(await hashes(out)).toEqual(old);
      // and the next build completes from there
      await buildSnapshot(fixtureBuild(fixture.db, out, { asOf: '2024-03-19' }));
      expect((await lstat(out)).isSymbolicLink()).toBe(true);
      await rm(out, { recursive: true, force: true });
    }
  }, 300_000); // 81 s seen in .ci/run beside 16 busy processes (load 18 to 21), under a third of this
});

describe('the default database', () => {
  const fixture = useFixture();

  it("sweeps what a killed rebuild left (a dead process's .tmp, an old unnamed one), never a live one's", async () => {
    const db = path.join(fixture.dir, 'default.sqlite');
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    const leftovers = [`default.sqlite.${dead.pid}-1111.tmp`, `default.sqlite.${dead.pid}-1111.tmp-journal`, 'default.sqlite.0b7e2c1a-aaaa.tmp'];
    for (const name of leftovers) await writeFile(path.join(fixture.dir, name), 'half');
    await utimes(path.join(fixture.dir, 'default.sqlite.0b7e2c1a-aaaa.tmp'), new Date(0), new Date(0));
    const live = `default.sqlite.${process.pid}-2222.tmp`;
    await writeFile(path.join(fixture.dir, live), 'in progress');
    await ensureDefaultDatabase(db, fixture.dir);
    const names = await readdir(fixture.dir);
    for (const name of leftovers) expect(names).not.toContain(name);
    expect(names).toContain(live);
    expect(names).toContain('default.sqlite');
  });
});
