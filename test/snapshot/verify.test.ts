// `verify` against trees corrupted by hand: each problem is found and named.
import { createHash } from 'node:crypto';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyTree } from '../../generator/snapshot/verify.ts';
import { useFixture } from '../support/use-fixture.ts';
import { paths } from '../../generator/router/layout.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('verify', () => {
  const fixture = useFixture();
  let n = 0;
  /** A private copy of the published tree (no shared hard links), changed by `damage`. */
  async function damaged(damage: (dir: string) => Promise<void>): Promise<string[]> {
    const dir = path.join(fixture.dir, `copy-${n++}`);
    await cp(fixture.out, dir, { recursive: true, dereference: true });
    await damage(dir);
    return (await verifyTree(dir)).problems;
  }
  /** The manifest made to match the files as they now are, as someone covering their tracks would. */
  async function rehash(dir: string, files: string[]): Promise<void> {
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
    for (const file of files) {
      const text = await readFile(path.join(dir, file), 'utf8');
      manifest.files[file] = { sha1: createHash('sha1').update(text).digest('hex'), bytes: Buffer.byteLength(text) };
    }
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  }
  const edit = async (dir: string, file: string, change: (text: string) => string) =>
    writeFile(path.join(dir, file), change(await readFile(path.join(dir, file), 'utf8')));

  it('passes the tree as built', async () => {
    expect(await damaged(async () => {})).toEqual([]);
  });

  it('catches a part or a month count out of step with the answers, even when the manifest is updated to match', async () => {
    const part = 'v1/parts/all/2020-2023.txt';
    const half = 'v1/parts/1/2015-5y.txt';
    const counts = paths.counts(2);
    const problems = await damaged(async (dir) => {
      await edit(dir, part, (t) => t.replace('"drtInUSD":5', '"drtInUSD":6'));
      await rm(path.join(dir, 'v1/parts/all/2024/01-02.txt'));
      await edit(dir, counts, (t) => t.replace(/,([0-9]+)\]/, (_, n) => `,${Number(n) + 1}]`));
      await rehash(dir, [part, counts]);
      const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
      delete manifest.files['v1/parts/all/2024/01-02.txt'];
      await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    });
    expect(problems).toContain(`${part}: not the records of its block as the block's file holds them`);
    expect(problems).toContain('v1/parts/all/2024/01-02.txt: missing (v1/rates/all/2024/01-02.json has records)');
    expect(problems.some((p) => p.startsWith(`${counts}: not the counts of the scope's month files`))).toBe(true);
    expect(problems.some((p) => p.startsWith(half))).toBe(false);
  });

  it('names its problems, never "Maximum call stack size exceeded", however many there are (a tree of 287,569 files failed so)', async () => {
    const problems = await damaged(async (dir) => {
      // A routing index naming 150,000 files that are not there: one problem each.
      await edit(dir, paths.routing, (t) => {
        const index = JSON.parse(t);
        for (let i = 0; i < 150_000; i++) index.etags[`v1/fx/XXX/${i}.json`] = '"x"';
        return JSON.stringify(index);
      });
      await rehash(dir, [paths.routing]);
    });
    expect(problems.filter((p) => /^v1\/routing\.json: names v1\/fx\/XXX\/\d+\.json, which is missing$/.test(p))).toHaveLength(150_000);
  }, 90_000); // 21 s seen in .ci/run beside 16 busy processes (load 17 to 24), under a third of this

  // Issue 31: the worker holds each part it pipes to the length these give it; a wrong one would refuse good parts.
  it("catches month byte lengths that are not the month files' records", async () => {
    const counts = paths.counts(1);
    const problems = await damaged(async (dir) => {
      await edit(dir, counts, (t) => t.replace(/("bytes":\[[0-9]+,)([0-9]+)/, (_, head, n) => `${head}${Number(n) + 1}`));
      await rehash(dir, [counts]);
    });
    expect(problems.some((p) => p.startsWith(`${counts}: not the byte lengths of the scope's month files' records`))).toBe(true);
    expect(problems.some((p) => p.startsWith(`${counts}: not the counts`))).toBe(false);
  });

  it('catches a changed price', async () => {
    const problems = await damaged((dir) => edit(dir, paths.shard(1, 'month', '2020-02-01'), (t) => t.replace('"drtInUSD":5', '"drtInUSD":6')));
    expect(problems).toContain(`${paths.shard(1, 'month', '2020-02-01')}: content differs from the manifest's hash`);
  });

  it('catches a missing file and a stray one', async () => {
    const problems = await damaged(async (dir) => {
      await rm(path.join(dir, paths.latest(2)));
      await writeFile(path.join(dir, 'v1/extra.json'), '{}');
    });
    expect(problems).toContain(`${paths.latest(2)}: listed in the manifest but missing`);
    expect(problems).toContain('v1/extra.json: not listed in the manifest');
  });

  it('catches a broken schema, a wrong count and a record out of place, even when the manifest is updated to match', async () => {
    const problems = await damaged(async (dir) => {
      await edit(dir, paths.shard(2, 'year', '2020-01-01'), (t) => t.replace(/"count":\d+/, '"count":1'));
      await edit(dir, paths.nisab(1), (t) => t.replace('"nsbRatePercent":2.5', '"nsbRatePercent":"2.5"'));
      await edit(dir, paths.shard('all', 'month', '2021-01-01'), (t) => t.replace('"drtDate":"2021-01-05"', '"drtDate":"2021-02-05"'));
      await edit(dir, paths.subcategories, (t) => t.replaceAll(',\n', ','));
      await rehash(dir, [paths.shard(2, 'year', '2020-01-01'), paths.nisab(1), paths.shard('all', 'month', '2021-01-01'), paths.subcategories]);
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        `${paths.shard(2, 'year', '2020-01-01')}: (root): count must equal the number of items in data`,
        expect.stringMatching(new RegExp(`^${escapeRegExp(paths.nisab(1))}: data\\.0\\.nsbRatePercent: `)),
        expect.stringMatching(
          new RegExp(`^${escapeRegExp(paths.shard('all', 'month', '2021-01-01'))}: data\\.\\d+: 2021-02-05 lies outside this shard's month`),
        ),
        expect.stringMatching(new RegExp(`^${escapeRegExp(paths.subcategories)}: not in the canonical form`)),
        // The files changed, so the mark no longer names them (the nginx site would take them for the tree it holds).
        expect.stringMatching(/^v1\/mark\/[0-9a-f]{40}\.json: the snapshot's mark must be v1\/mark\/[0-9a-f]{40}\.json alone/),
      ]),
    );
  });

  it('catches a record with its fields in another order than the published one (as njs wrote dated Nisab rules), even when the manifest is updated to match', async () => {
    const problems = await damaged(async (dir) => {
      await edit(dir, paths.latest(1), (t) => t.replace(/"drtID":(\d+),"drtSubcategoryID":1,/, '"drtSubcategoryID":1,"drtID":$1,'));
      await edit(dir, paths.nisab(1), (t) => t.replace(/"nsbID":(\d+),"nsbSubcategoryID":1,/, '"nsbSubcategoryID":1,"nsbID":$1,'));
      await rehash(dir, [paths.latest(1), paths.nisab(1)]);
    });
    for (const file of [paths.latest(1), paths.nisab(1)])
      expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${escapeRegExp(file)}: not in the canonical form`)));
  });

  it('catches a file larger than the CDN serves, even when the manifest is updated to match', async () => {
    const problems = await damaged(async (dir) => {
      await writeFile(path.join(dir, 'API.md'), 'x'.repeat(26 * 1024 * 1024));
      await rehash(dir, ['API.md']);
    });
    expect(problems).toEqual(['API.md: 26.00 MiB, more than the 25.00 MiB a CDN serves as one file']);
  });

  it('says plainly when there is no snapshot', async () => {
    expect((await verifyTree(path.join(fixture.dir, 'nothing'))).problems).toEqual([
      `${path.join(fixture.dir, 'nothing')}: no snapshot here (build one with: npm run cli -- build --out ${path.join(fixture.dir, 'nothing')})`,
    ]);
  });
});
