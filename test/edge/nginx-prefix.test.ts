// Issue 25: nginx --prefix is refused where its configuration, logs and cache
// would be served publicly and swept by the next build (inside the snapshot or
// its store, or the snapshot folder itself), and at /.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeNginxSite } from '../../generator/edges/nginx/site.ts';
import { UserError } from '../../generator/errors.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { storeOf } from '../../generator/snapshot/store.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { readableByNobody } from '../support/nginx-server.ts';
import { useFixture } from '../support/use-fixture.ts';

describe('nginx --prefix', () => {
  const fixture = useFixture();
  beforeAll(async () => {
    await buildSnapshot(fixtureBuild(fixture.db, fixture.out));
  });

  it('refused inside the live snapshot, its store, the --dir link itself and at / (it was accepted, served publicly and deleted by the next build)', async () => {
    const tree = realpathSync(fixture.out);
    for (const [prefix, pattern] of [
      [path.join(fixture.out, 'nginx'), /inside the snapshot/],
      [path.join(tree, 'nginx'), /inside the snapshot/],
      [path.join(storeOf(fixture.out), 'nginx'), /inside the snapshot/],
      [fixture.out, /inside the snapshot/],
      ['/', /not the root folder/],
    ] as const) {
      const error = await writeNginxSite({ dir: fixture.out, port: 8080, prefix }).catch((e: unknown) => e);
      expect(error, prefix).toBeInstanceOf(UserError);
      expect((error as UserError).message).toMatch(pattern);
      if (prefix !== '/' && prefix !== fixture.out) expect(existsSync(prefix), prefix).toBe(false);
    }
  });

  // Issue 31: it said "internal error".
  const canMount = process.getuid?.() === 0 && spawnSync('mount', ['--version']).status === 0;
  it.skipIf(!canMount)(`on a read-only mount, says so in one line${canMount ? '' : ' (skipped: mounting a read-only file system needs root)'}`, async () => {
    const mount = mkdtempSync(path.join(os.tmpdir(), 'nisab-ro-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', mount], { encoding: 'utf8' });
    try {
      if (mounted.status !== 0) throw new Error(`mount: ${mounted.stderr}`);
      await readableByNobody(fixture.out);
      const prefix = path.join(mount, 'nginx');
      const error = await writeNginxSite({ dir: fixture.out, port: 8080, prefix }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UserError);
      expect((error as UserError).message).toBe(
        `--prefix ${prefix}: cannot write ${prefix} (EROFS: a read-only file system); nginx's configuration, logs and cache live there: choose a writable folder, e.g. /srv/nisab-nginx`,
      );
    } finally {
      spawnSync('umount', [mount]);
      rmdirSync(mount);
    }
  });
});
