// `verify --changed` (issue 49): the nightly reads what the build wrote since the
// last whole verify, not the whole tree. Against a real build of the default data
// and a rebuild as of the next day; which files changed is told by an oracle that is
// not our code: the SHA-256 of every file of both trees, computed here.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePath, paths } from '../../generator/router/layout.ts';
import { DATA_DIR, loadDatabase } from '../../generator/db/default-db.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { partSources, VERIFIED, verifyTree } from '../../generator/snapshot/verify.ts';
import { DEFAULT_AS_OF } from '../support/default-snapshot.ts';
import { fixtureBuild } from '../support/fixture.ts';

// The next day with rates after DEFAULT_AS_OF (data/daily/2025-09.csv has none of the 22nd).
const NEXT_DAY = '2025-09-23';

/** Every file under `dir` by its SHA-256, read from disk. */
async function digests(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const file = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    found.set(
      file,
      createHash('sha256')
        .update(await readFile(path.join(dir, file)))
        .digest('hex'),
    );
  }
  return found;
}

describe('verify --changed', () => {
  let dir: string;
  let db: string;
  let out: string;
  let store: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-verify-changed-'));
    db = path.join(dir, 'source.sqlite');
    out = path.join(dir, 'public');
    store = path.join(dir, '.public.snapshots');
    await loadDatabase(db, DATA_DIR);
  }, 300_000); // 10 s at load 8, 36 s at load 25
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const build = async (asOf: string) => {
    const built = await buildSnapshot(fixtureBuild(db, out, { asOf, now: new Date(`${asOf}T12:00:00Z`) }));
    await built.retired;
  };
  const edit = async (file: string, change: (text: string) => string) => {
    const before = await readFile(path.join(out, file), 'utf8');
    await writeFile(path.join(out, file), change(before));
    expect(await readFile(path.join(out, file), 'utf8')).not.toBe(before);
    return () => writeFile(path.join(out, file), before);
  };

  it('reads only the files the rebuild changed (and those naming them), catches a changed file tampered with, and leaves an unchanged one to the whole verify', async () => {
    await build(DEFAULT_AS_OF);
    // No whole verify yet: --changed verifies every file, says so, and records it.
    const first = await verifyTree(out, { changed: true });
    expect(first.problems).toEqual([]);
    expect(first.note).toMatch(/no record of a whole verify in .*verified\.json; verified every file/);
    expect(first.read).toHaveLength(first.files - 1);
    const verified = JSON.parse(await readFile(path.join(store, VERIFIED), 'utf8'));
    expect(verified.asOf).toBe(DEFAULT_AS_OF);
    const before = await digests(out);

    await build(NEXT_DAY);
    const after = await digests(out);
    // The oracle: the files whose bytes are not the first tree's (new ones included).
    const changed = [...after].filter(([file, digest]) => file !== 'manifest.json' && before.get(file) !== digest).map(([file]) => file);
    const night = await verifyTree(out, { changed: true });
    expect(night.problems).toEqual([]);
    expect(night.note).toBe(`the rest as the whole verify of the snapshot as of ${DEFAULT_AS_OF} read them`);
    expect(night.files).toBe(after.size);
    const read = new Set(night.read);
    for (const file of changed) expect(read, file).toContain(file);
    // Besides them only the files naming them, and the parts (with their blocks' files) one of which changed.
    const naming = ['meta', 'routing', 'latest', 'counts'];
    const partsAgreeing = new Set<string>();
    for (const file of after.keys()) {
      const group = parsePath(file)?.kind === 'part' ? [file, ...partSources(file)] : [];
      if (group.some((each) => changed.includes(each))) for (const each of group) partsAgreeing.add(each);
    }
    const extra = night.read.filter((file) => !changed.includes(file));
    for (const file of extra) expect(naming.includes(parsePath(file)?.kind ?? '') || partsAgreeing.has(file), file).toBe(true);
    // Measured on the default data (2025-09-21 then 23): 1,808 files, 201 changed, 201 read (those naming them changed too).
    expect(night.read.length).toBeLessThan(night.files / 2);
    expect(night.read.length).toBeGreaterThanOrEqual(changed.length);

    // A changed file tampered with: caught by the nightly's verify.
    const month = paths.shard('all', 'month', '2025-09-01');
    expect(changed).toContain(month);
    const restoreMonth = await edit(month, (t) => t.replace(/"drtInUSD":(\d)/, (_, d) => `"drtInUSD":${(Number(d) + 1) % 10}`));
    expect((await verifyTree(out, { changed: true })).problems).toContain(`${month}: content differs from the manifest's hash`);
    await restoreMonth();

    // An unchanged file tampered with: not what --changed reads (it is as the whole verify read it
    // unless changed behind the build's back), but the weekly whole verify finds it.
    const unchanged = [...after.keys()].find((file) => parsePath(file)?.kind === 'shard' && !read.has(file) && before.get(file) === after.get(file))!;
    expect(unchanged).toBeDefined();
    const restoreOld = await edit(unchanged, (t) => t.replace(/"drtInUSD":(\d)/, (_, d) => `"drtInUSD":${(Number(d) + 1) % 10}`));
    expect((await verifyTree(out, { changed: true })).problems).toEqual([]);
    const whole = await verifyTree(out);
    expect(whole.problems).toContain(`${unchanged}: content differs from the manifest's hash`);
    expect(whole.read).toHaveLength(whole.files - 1);
    // A whole verify that failed records nothing: the record is still the first tree's.
    expect(JSON.parse(await readFile(path.join(store, VERIFIED), 'utf8')).asOf).toBe(DEFAULT_AS_OF);
    await restoreOld();

    // The whole verify of the second tree passes and is recorded: nothing is left changed since.
    expect((await verifyTree(out)).problems).toEqual([]);
    const quiet = await verifyTree(out, { changed: true });
    expect(quiet.problems).toEqual([]);
    expect(quiet.note).toBe(`the rest as the whole verify of the snapshot as of ${NEXT_DAY} read them`);
    for (const file of quiet.read) expect(['meta', 'routing', 'latest', 'counts'], file).toContain(parsePath(file)?.kind);

    // A record by other code (a check added since may fail what it passed) is not used.
    const record = JSON.parse(await readFile(path.join(store, VERIFIED), 'utf8'));
    await writeFile(path.join(store, VERIFIED), JSON.stringify({ ...record, generator: 'other' }));
    const other = await verifyTree(out, { changed: true });
    expect(other.note).toMatch(/recorded by other code; verified every file$/);
    expect(other.read).toHaveLength(other.files - 1);
  }, 420_000); // 27 s at load 8 on the shared 2-core machine, 119 s at load 25 beside a 50-year benchmark (the load of data/ besides, in beforeAll)
});
