// The snapshot build against real databases and real output trees.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, lstat, readdir, readFile, readlink, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSnapshot, type BuildOptions } from '../../generator/snapshot/build.ts';
import { VERIFIED, verifyTree } from '../../generator/snapshot/verify.ts';
import { UserError } from '../../generator/errors.ts';
import { AS_OF, fixtureBuild, type Fixture } from '../support/fixture.ts';
import { useFixture } from '../support/use-fixture.ts';
import { parsePath, paths } from '../../generator/router/layout.ts';

async function treeHashes(root: string, dir = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(out, await treeHashes(root, rel));
    else
      out[rel] = createHash('sha1')
        .update(await readFile(path.join(root, rel)))
        .digest('hex');
  }
  return out;
}

const options = (fixture: Fixture, out: string, overrides: Partial<BuildOptions> = {}) => fixtureBuild(fixture.db, out, overrides);

const manifestOf = async (out: string) => JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8'));

describe('the snapshot build', () => {
  const fixture = useFixture();

  it('gives a byte-identical tree for the same database as of the same date (the build time aside)', async () => {
    const a = path.join(fixture.dir, 'same-a');
    const b = path.join(fixture.dir, 'same-b');
    await buildSnapshot(options(fixture, a));
    await buildSnapshot(options(fixture, b, { now: new Date('2024-03-16T01:00:00Z') }));
    const [ha, hb] = [await treeHashes(a), await treeHashes(b)];
    const [ma, mb] = [await manifestOf(a), await manifestOf(b)];
    expect(ma.builtAt).not.toBe(mb.builtAt);
    delete ha['manifest.json'];
    delete hb['manifest.json'];
    expect(ha).toEqual(hb);
    expect({ ...ma, builtAt: 0 }).toEqual({ ...mb, builtAt: 0 });
    expect(Object.keys(ha).length).toBeGreaterThan(100);
  });

  it('publishes files that each pass their schema, and verify agrees', async () => {
    const { problems, files } = await verifyTree(fixture.out);
    expect(problems).toEqual([]);
    expect(files).toBeGreaterThan(100);
  });

  it('leaves out every record dated after the as-of date', async () => {
    const hashes = await treeHashes(fixture.out);
    for (const file of Object.keys(hashes).filter((f) => parsePath(f)?.kind === 'shard')) {
      const text = await readFile(path.join(fixture.out, file), 'utf8');
      for (const [, date] of text.matchAll(/"drtDate":"([0-9-]{10})"/g)) expect(date! <= AS_OF, file).toBe(true);
    }
    const db = new Database(fixture.db, { readonly: true });
    expect((db.prepare('SELECT count(*) AS n FROM rates WHERE drtDate > ?').get(AS_OF) as { n: number }).n).toBeGreaterThan(0);
    db.close();
  });

  it('values Nisab at the newest rate, as computed by hand', async () => {
    const rules = JSON.parse(await readFile(path.join(fixture.out, paths.nisabAll), 'utf8')).data;
    const byId = (id: number) => rules.find((r: { nsbID: number }) => r.nsbID === id);
    // gold on 2024-03-15: 62.6132 USD/g at 1530.857 NGN/USD; silver on 2024-03-11: 0.7233 at 1527.933
    expect(byId(1)).toMatchObject({ nsbValueInUSD: 5322.12, nsbValueInNaira: 8147407.72, nsbRateDate: '2024-03-15' }); // 85 g
    expect(byId(2)).toMatchObject({ nsbValueInUSD: 5477.4, nsbValueInNaira: 8385120.32, nsbRateDate: '2024-03-15' }); // 87.48 g
    expect(byId(3)).toMatchObject({ nsbValueInUSD: 430.36, nsbValueInNaira: 657566.59, nsbRateDate: '2024-03-11' }); // 595 g silver
    expect(byId(4)).toMatchObject({ nsbBasisSubcategoryID: 1, nsbValueInUSD: 5322.12, nsbValueInNaira: 8147407.72 }); // cash follows gold
    expect(byId(5)).toMatchObject({ nsbValueInUSD: null, nsbRateDate: null }); // camels: counted in head
    expect(byId(6)).toMatchObject({ nsbValueInUSD: null, nsbValueInNaira: null }); // rikaz: no threshold
  });

  it('rewrites only what a new day changes, shares the rest, and lists the changed paths', async () => {
    const out = path.join(fixture.dir, 'nightly');
    await buildSnapshot(options(fixture, out));
    const before = await treeHashes(out);
    const summary = await buildSnapshot(options(fixture, out, { asOf: '2024-03-16', now: new Date('2024-03-16T00:05:00Z') }));
    const after = await treeHashes(out);
    const differing = Object.keys(after).filter((f) => after[f] !== before[f]);
    expect(summary.changed).toBe(summary.changedPaths.length);
    expect(summary.changedPaths.sort()).toEqual(
      differing
        .filter((f) => f !== 'manifest.json')
        .map((f) => `/${f}`)
        .sort(),
    );
    expect(summary.changed).toBeLessThanOrEqual(60);
    expect(summary.changedPaths).toEqual(expect.arrayContaining(['/' + paths.latest(1), '/' + paths.shard('all', 'month', '2024-03-01'), '/' + paths.meta]));
    // an unchanged file is the very same file as in the previous tree
    const store = path.join(fixture.dir, '.nightly.snapshots');
    const trees = (await readdir(store)).filter((n) => n.startsWith('snap-'));
    expect(trees).toHaveLength(2);
    const inodes = await Promise.all(trees.map((t) => stat(path.join(store, t, paths.shard(1, 'month', '2020-01-01'))).then((s) => s.ino)));
    expect(inodes[0]).toBe(inodes[1]);
  });

  it('removes the tree it retires after the swap, without making the build wait: moved aside at once, then gone', async () => {
    const out = path.join(fixture.dir, 'retiring');
    const store = path.join(fixture.dir, '.retiring.snapshots');
    const trees = async () => (await readdir(store)).filter((n) => /^(snap|trash)-/.test(n)).sort();
    await (await buildSnapshot(options(fixture, out))).retired;
    const [oldest] = await trees();
    await (await buildSnapshot(options(fixture, out, { asOf: '2024-03-16' }))).retired;
    const summary = await buildSnapshot(options(fixture, out, { asOf: '2024-03-17' }));
    // published: the oldest tree is no longer among the snapshots, whether or not its files are gone yet
    expect((await trees()).filter((n) => n.startsWith('snap-'))).toHaveLength(2);
    expect(await trees()).not.toContain(oldest);
    await summary.retired;
    expect(await trees()).toEqual((await trees()).filter((n) => n.startsWith('snap-')));
    expect(path.basename(await readlink(out))).toBe((await trees()).at(-1));
    expect((await verifyTree(out)).problems).toEqual([]);
  });

  describe('incrementally', () => {
    const withoutManifest = async (out: string) => {
      const hashes = await treeHashes(out);
      delete hashes['manifest.json'];
      return hashes;
    };
    const fullBuildOf = async (name: string, overrides: Partial<BuildOptions>) => {
      const out = path.join(fixture.dir, name);
      await buildSnapshot(options(fixture, out, overrides));
      return withoutManifest(out);
    };

    it('gives the tree a full build gives, after a new day and after a corrected past value', async () => {
      const out = path.join(fixture.dir, 'incremental');
      const db = path.join(fixture.dir, 'incremental.sqlite');
      await cp(fixture.db, db);
      const first = await buildSnapshot(options(fixture, out, { db }));
      expect(first.rendered).toBe(first.files - 1);

      const nextDay = await buildSnapshot(options(fixture, out, { db, asOf: '2024-03-16' }));
      // The new day's small answers, its month and their parents, and its five text answers (v1/text/): not the tree.
      expect(nextDay.rendered).toBeLessThan(50);
      expect(await withoutManifest(out)).toEqual(await fullBuildOf('full-next-day', { db, asOf: '2024-03-16' }));

      const handle = new Database(db);
      handle.prepare("UPDATE rates SET drtInUSD = 77.5 WHERE drtSubcategoryID = 2 AND drtDate = '2020-06-01'").run();
      handle.close();
      const corrected = await buildSnapshot(options(fixture, out, { db, asOf: '2024-03-16' }));
      expect(corrected.changedPaths).toEqual(
        expect.arrayContaining([
          '/' + paths.shard(2, 'month', '2020-06-01'),
          '/' + paths.shard('all', 'month', '2020-06-01'),
          '/' + paths.shard(2, 'year', '2020-01-01'),
          '/' + paths.shard(2, 'years', '2023-01-01'),
        ]),
      );
      expect(corrected.changedPaths).not.toContain('/' + paths.shard(1, 'month', '2020-06-01'));
      expect(await withoutManifest(out)).toEqual(await fullBuildOf('full-corrected', { db, asOf: '2024-03-16' }));
    }, 120_000); // 3.2 s in a quiet .ci/run; beside 16 busy processes a test takes up to 7 times as long

    it('renders everything again when the previous tree is not as its manifest says', async () => {
      const out = path.join(fixture.dir, 'damaged');
      await buildSnapshot(options(fixture, out));
      // one file only carried over, one read to join the new day's year
      for (const [missing, asOf] of [
        [paths.shard(1, 'month', '2020-06-01'), '2024-03-16'],
        [paths.shard(1, 'month', '2024-02-01'), '2024-03-17'],
      ] as const) {
        await rm(path.join(out, missing));
        const logged: string[] = [];
        const summary = await buildSnapshot(options(fixture, out, { asOf, log: (line) => logged.push(line) }));
        expect(logged.join('\n')).toContain(`lacks ${missing}`);
        expect(summary.rendered).toBe(summary.files - 1);
        expect((await verifyTree(out)).problems).toEqual([]);
      }
    }, 90_000); // 21 s seen in .ci/run beside 16 busy processes (load 18 to 21), under a third of this
  });

  describe('when it fails', () => {
    let out: string;
    let published: Record<string, string>;
    beforeAll(async () => {
      out = path.join(fixture.dir, 'atomic');
      await buildSnapshot(options(fixture, out));
      published = await treeHashes(out);
    });
    const untouched = async () => {
      expect(await treeHashes(out)).toEqual(published);
      expect((await verifyTree(out)).problems).toEqual([]);
      const leftovers = (await readdir(path.join(fixture.dir, '.atomic.snapshots'))).filter((n) => n.startsWith('tmp-'));
      return leftovers;
    };

    it('leaves the previous snapshot untouched when the database cannot be read', async () => {
      await expect(buildSnapshot(options(fixture, out, { db: path.join(fixture.dir, 'missing.sqlite'), asOf: '2024-03-16' }))).rejects.toThrow(UserError);
      expect(await untouched()).toEqual([]);
    });

    it('leaves it untouched when a row breaks the schema, and names the row', async () => {
      const broken = path.join(fixture.dir, 'broken.sqlite');
      await cp(fixture.db, broken);
      const db = new Database(broken);
      db.prepare("UPDATE nisab_rules SET nsbSourceURL = 'not a url' WHERE nsbID = 3").run();
      db.close();
      const failure = (await buildSnapshot(options(fixture, out, { db: broken, asOf: '2024-03-16' })).catch((e: unknown) => e)) as UserError;
      expect(failure).toBeInstanceOf(UserError);
      expect([failure.message, ...failure.problems].join('\n')).toMatch(/nisab_rules.*3.*nsbSourceURL/s);
      expect(await untouched()).toEqual([]);
    });

    it('leaves it untouched with --strict when the feed is stale', async () => {
      await expect(buildSnapshot(options(fixture, out, { asOf: '2024-04-30', strict: true }))).rejects.toThrow(/stale/);
      expect(await untouched()).toEqual([]);
    });

    it('leaves it whole when the build is killed with SIGKILL at any moment', async () => {
      for (const delay of [150, 600, 900, 1100, 1300, 1500, 1700, 2000, 2500]) {
        const child = spawn(process.execPath, ['--import', 'tsx', 'generator/main.ts', 'build', '--db', fixture.db, '--out', out, '--as-of', '2024-03-18'], {
          stdio: 'ignore',
        });
        const exited = new Promise((resolve) => child.once('exit', resolve));
        await new Promise((resolve) => setTimeout(resolve, delay));
        child.kill('SIGKILL');
        await exited;
        const now = await treeHashes(out);
        // Killed before the swap: the old tree; after it: the new one, complete.
        if (JSON.stringify(now) !== JSON.stringify(published)) {
          expect((await verifyTree(out)).problems, `killed after ${delay} ms`).toEqual([]);
          published = now;
        }
        expect((await lstat(out)).isSymbolicLink()).toBe(true);
        expect(await readlink(out)).toMatch(/^\.atomic\.snapshots\/snap-/);
      }
      // and killed for certain while it writes the new tree
      for (let attempt = 0; attempt < 3; attempt++) {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'generator/main.ts', 'build', '--db', fixture.db, '--out', out, '--as-of', `2024-03-1${attempt}`],
          {
            stdio: 'ignore',
          },
        );
        const exited = new Promise((resolve) => child.once('exit', resolve));
        const store = path.join(fixture.dir, '.atomic.snapshots');
        while (!(await readdir(store)).some((n) => n.startsWith(`tmp-${child.pid}-`)) && child.exitCode === null) await new Promise((r) => setTimeout(r, 1));
        child.kill('SIGKILL');
        await exited;
        const now = await treeHashes(out);
        // On a loaded machine the build can swap before the kill lands: then the new tree, complete.
        if (JSON.stringify(now) !== JSON.stringify(published)) {
          expect((await verifyTree(out)).problems).toEqual([]);
          published = now;
        }
      }
      // the next build sweeps what the killed ones left (in the background, after its swap)
      await (await buildSnapshot(options(fixture, out, { asOf: '2024-03-19' }))).retired;
      const names = await readdir(path.join(fixture.dir, '.atomic.snapshots'));
      expect(names.filter((n) => n.startsWith('tmp-'))).toEqual([]);
      // Two trees at most, beside the record a passing verify keeps (verify --changed reads it).
      expect(names.filter((n) => n !== VERIFIED).length).toBeLessThanOrEqual(2);
      // twelve real CLI builds, each compiling the program with tsx first: 54 s seen on the loaded 2-core machine
    }, 210_000); // 56 s seen in .ci/run beside 16 busy processes (load 17 to 24), under a third of this
  });

  it('replaces a plain folder made before with a managed snapshot, unless something was left in it by hand', async () => {
    const out = path.join(fixture.dir, 'plain');
    await cp(fixture.out, out, { recursive: true, dereference: true });
    // replacing the folder would sweep the file with it (issue 11: build deletes only what it made)
    await writeFile(path.join(out, 'stray.txt'), 'left by hand');
    await expect(buildSnapshot(options(fixture, out, { asOf: '2024-03-16' }))).rejects.toThrow(/stray\.txt, which its manifest\.json does not list/);
    expect(await readFile(path.join(out, 'stray.txt'), 'utf8')).toBe('left by hand');
    await rm(path.join(out, 'stray.txt'));
    await buildSnapshot(options(fixture, out, { asOf: '2024-03-16' }));
    expect((await lstat(out)).isSymbolicLink()).toBe(true);
    expect((await verifyTree(out)).problems).toEqual([]);
    await rm(out);
  });
});
