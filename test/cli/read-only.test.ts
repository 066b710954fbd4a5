// Issue 11, read-only paths: a database, an --out folder, its snapshot store or
// the published tree that this user may not write gets a message that names the
// path and says what to do (no "internal error", no stack trace), and nothing is
// left half-written: the database's bytes, the folders' listings and the
// published link are as they were.
//
// chmod does not stop root, and CI may run as root: then the commands run as the
// user nobody, for whom it does (a real refusal, not a simulated one). The tests
// are skipped, saying why, only where that user cannot be taken or cannot read
// this checkout.
import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, copyFile, mkdir, mkdtemp, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../generator/errors.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { verifyTree } from '../../generator/snapshot/verify.ts';
import { fetchDays } from '../../generator/sources/fetch-days.ts';
import { fixtureBuild, makeFixture, type Fixture } from '../support/fixture.ts';
import { useFixture } from '../support/use-fixture.ts';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/** Why the tests cannot run here, or null. */
function unprivilegedUnavailable(): string | null {
  if (!asRoot) return null;
  const probe = spawnSync(
    process.execPath,
    ['-e', `require('fs').accessSync(${JSON.stringify(path.resolve('generator/main.ts'))}, require('fs').constants.R_OK)`],
    {
      uid: NOBODY,
      gid: NOBODY,
    },
  );
  if (probe.error) return `running as root, and this process cannot become the user nobody (${probe.error.message}); chmod does not stop root`;
  if (probe.status !== 0) return 'running as root, and the user nobody cannot read this checkout; chmod does not stop root';
  return null;
}
const skipReason = unprivilegedUnavailable();
if (skipReason) console.warn(`test/cli/read-only.test.ts skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('read-only paths', () => {
  let fixture: Fixture;
  let dir: string;
  /** The CLI, as a user that chmod stops. */
  const cli = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const env = { ...process.env, NISAB_DB: undefined, TMPDIR: path.join(dir, 'tmp'), HOME: path.join(dir, 'tmp') };
      const user = asRoot ? { uid: NOBODY, gid: NOBODY } : {};
      execFile(process.execPath, ['--import', 'tsx', 'generator/main.ts', ...args], { env, ...user }, (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  /** Makes a path the test user's own (the test process may be root). */
  const own = async (file: string) => {
    if (asRoot) await chown(file, NOBODY, NOBODY);
  };
  const clear = (result: { code: number; stderr: string }, pattern: RegExp) => {
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(pattern);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
  };

  beforeAll(async () => {
    fixture = await makeFixture();
    // The other user passes through the run's temporary root: test/support/temp-root.ts opens it (o+rx) for every test.
    dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-read-only-'));
    await own(dir);
    await chmod(dir, 0o755);
    await mkdir(path.join(dir, 'tmp'));
    await own(path.join(dir, 'tmp'));
  });
  afterAll(async () => {
    // folders made read-only here must be writable again to be removed (for a test run as nobody's peer)
    spawnSync('chmod', ['-R', 'u+rwX', dir]);
    await rm(dir, { recursive: true, force: true });
    await fixture.remove();
  });

  /** A copy of the fixture database in a folder of its own, both the test user's. */
  async function database(name: string): Promise<{ folder: string; db: string }> {
    const folder = path.join(dir, name);
    await mkdir(folder);
    await own(folder);
    const db = path.join(folder, 'source.sqlite');
    await copyFile(fixture.db, db);
    await own(db);
    return { folder, db };
  }

  // Each case is a real CLI process (tsx compiles the program each time: seconds on a loaded machine).
  it('a read-only database, or one in a read-only folder: import and init refuse and name it; build only reads, so it builds', async () => {
    const csv = path.join(dir, 'rates.csv');
    await writeFile(csv, 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n2024-03-21,1,55,1530\n');
    await chmod(csv, 0o644);

    const file = await database('read-only-file');
    await chmod(file.db, 0o444);
    const folder = await database('read-only-folder');
    await chmod(folder.folder, 0o555);
    for (const { folder: where, db } of [file, folder]) {
      const [hash, listing] = [sha1(db), await readdir(where)];
      clear(
        await cli('import', 'rates', csv, '--db', db),
        new RegExp(`^error: ${db}: cannot write the database .*check the permissions, or name another file with --db`),
      );
      expect(sha1(db)).toBe(hash);
      expect(await readdir(where)).toEqual(listing); // no journal left behind
    }

    const created = path.join(folder.folder, 'new.sqlite');
    clear(await cli('init', '--db', created), new RegExp(`^error: ${created}: cannot create the database .*write access to the folder ${folder.folder}`));
    expect(existsSync(created)).toBe(false);

    const unreadable = await database('unreadable');
    await chmod(unreadable.db, 0o000);
    clear(
      await cli('build', '--db', unreadable.db, '--out', path.join(unreadable.folder, 'public'), '--as-of', '2024-03-15'),
      new RegExp(`^error: ${unreadable.db}: cannot open the database .*read access`),
    );
    expect(await readdir(unreadable.folder)).toEqual(['source.sqlite']);

    const out = path.join(file.folder, 'public');
    const built = await cli('build', '--db', file.db, '--out', out, '--as-of', '2024-03-15');
    expect(built.code, built.stderr).toBe(0);
    expect((await verifyTree(out)).problems).toEqual([]);
  }, 360_000); // timed out at 180 s in a .ci/run beside four other sessions' suites (load 25)

  it('a read-only folder for --out, a read-only snapshot store, a read-only published tree', async () => {
    const { db } = await database('db');
    await chmod(db, 0o644);
    const build = (out: string) => cli('build', '--db', db, '--out', out, '--as-of', '2024-03-15');

    // --out in a folder this user may not write (there was no store yet)
    const closed = path.join(dir, 'closed');
    await mkdir(closed);
    await own(closed);
    await chmod(closed, 0o555);
    clear(
      await build(path.join(closed, 'public')),
      new RegExp(`^error: cannot write the folder that holds --out ${closed}/public, ${closed} \\(EACCES\\).*Nothing was published`),
    );
    expect(await readdir(closed)).toEqual([]);

    // a published snapshot, then its store made read-only
    const site = path.join(dir, 'site');
    await mkdir(site);
    await own(site);
    const out = path.join(site, 'public');
    const store = path.join(site, '.public.snapshots');
    expect((await build(out)).code).toBe(0);
    const serving = await readlink(out);
    const stored = await readdir(store);
    await chmod(store, 0o555);
    clear(await build(out), new RegExp(`^error: cannot write the snapshot store ${store} \\(EACCES\\)`));
    expect(await readlink(out)).toBe(serving);
    expect(await readdir(store)).toEqual(stored);

    // the store writable, the folder holding --out not (the new link cannot be put there):
    // it was an internal error that left a finished tree in the store
    await chmod(store, 0o755);
    await chmod(site, 0o555);
    clear(await build(out), new RegExp(`^error: cannot write the folder that holds --out ${out}, ${site} \\(EACCES\\)`));
    expect(await readlink(out)).toBe(serving);
    expect(await readdir(store)).toEqual(stored);
    expect(await readdir(site)).toEqual(['.public.snapshots', 'public']);
    await chmod(site, 0o755);

    // the published tree read-only: the next build writes a new tree beside it and publishes
    spawnSync('chmod', ['-R', 'a-w', path.resolve(site, serving)]);
    const next = await cli('build', '--db', db, '--out', out, '--as-of', '2024-03-15');
    expect(next.code, next.stderr).toBe(0);
    expect(await readlink(out)).not.toBe(serving);
    expect((await verifyTree(out)).problems).toEqual([]);
  }, 360_000); // timed out at 180 s in a .ci/run beside four other sessions' suites (load 25)
});

// Paths under /proc: nobody writes there, root included, so these run everywhere, in process.
describe.skipIf(!existsSync('/proc/self'))('paths no user can write', () => {
  const fixture = useFixture();

  it('build --out in /proc: a message naming the folder, nothing published', async () => {
    const error = await buildSnapshot(fixtureBuild(fixture.db, '/proc/nisab-out')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toMatch(
      /^cannot write (the folder that holds --out \/proc\/nisab-out, \/proc|the snapshot store \/proc\/\.nisab-out\.snapshots) \(E[A-Z]+\).*Nothing was published/,
    );
  });

  it('an --out in folders that do not exist yet: they are made, as before', async () => {
    const out = path.join(fixture.dir, 'new', 'deeper', 'public');
    await buildSnapshot(fixtureBuild(fixture.db, out));
    expect((await verifyTree(out)).problems).toEqual([]);
  });

  it('fetch --write-csv into /proc: refused before anything is fetched or imported', async () => {
    const db = path.join(fixture.dir, 'fetch.sqlite');
    await copyFile(fixture.db, db);
    const before = sha1(db);
    const options = {
      db,
      dates: ['2024-03-21'],
      currencyUrls: ['http://127.0.0.1:9/{date}'],
      cbnBases: ['http://127.0.0.1:9'],
      policy: { timeoutMs: 100, retries: 0, retryDelayMs: 0 },
      writeCsv: '/proc/nisab-daily',
      warn: () => {},
    };
    const error = await fetchDays(options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toMatch(/^--write-csv \/proc\/nisab-daily: cannot write there \(E[A-Z]+\).*Nothing was fetched or imported/);
    expect(sha1(db)).toBe(before);
  });
});

function sha1(file: string): string {
  return createHash('sha1').update(readFileSync(file)).digest('hex');
}
