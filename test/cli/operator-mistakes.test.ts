// Issue 11, operator mistakes: each gets a message that says what to do, not a
// wrong answer or an "internal error".
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/cli.ts';
import { UserError } from '../../generator/errors.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { checkAsOfNotFuture } from '../../generator/clock.ts';
import { fixtureBuild, makeFixture, type Fixture } from '../support/fixture.ts';

describe('operator mistakes', () => {
  let fixture: Fixture;
  let dir: string;
  beforeAll(async () => {
    fixture = await makeFixture();
    dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-mistakes-'));
  });
  afterAll(async () => {
    await fixture.remove();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses an --as-of after today (2100-01-01 published a max-age of 73 years)', async () => {
    const now = new Date('2024-03-15T23:30:00Z'); // already the 16th in Lagos
    expect(checkAsOfNotFuture('2024-03-16', 'Africa/Lagos', now)).toBe('2024-03-16');
    expect(() => checkAsOfNotFuture('2024-03-17', 'Africa/Lagos', now)).toThrow(/--as-of 2024-03-17 is after today \(2024-03-16 in Africa\/Lagos\)/);
    const result = await cli('build', '--db', fixture.db, '--out', path.join(dir, 'future'), '--as-of', '2100-01-01');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: --as-of 2100-01-01 is after today/);
  });

  it('buildSnapshot itself refuses an as-of after its today (every caller, not only the CLI), and publishes nothing', async () => {
    const out = path.join(dir, 'future-core');
    for (const [asOf, now] of [
      ['2024-03-16', '2024-03-15T22:59:59Z'], // 23:59:59 of the 15th in Lagos
      ['2024-03-17', '2024-03-15T23:30:00Z'],
      ['2100-01-01', '2024-03-15T12:00:00Z'],
    ] as const) {
      const error = await buildSnapshot(fixtureBuild(fixture.db, out, { asOf, now: new Date(now) })).catch((e: unknown) => e);
      expect(error, asOf).toBeInstanceOf(UserError);
      expect((error as UserError).message).toMatch(new RegExp(`--as-of ${asOf} is after today`));
      expect(existsSync(out)).toBe(false);
      expect(existsSync(path.join(dir, '.future-core.snapshots'))).toBe(false);
    }
    // the day itself, from its first minute in Lagos (still the 15th in UTC)
    await buildSnapshot(fixtureBuild(fixture.db, out, { asOf: '2024-03-16', now: new Date('2024-03-15T23:00:00Z') }));
    expect(existsSync(out)).toBe(true);
  });

  it('--strict checks every subcategory with daily rates and names each stale one', async () => {
    // as of 2024-03-15 gold is fresh; silver's newest is 2024-03-11, platinum's 2024-02-29
    const error = (await buildSnapshot(fixtureBuild(fixture.db, path.join(dir, 'strict'), { strict: true })).catch((e: unknown) => e)) as UserError;
    expect(error).toBeInstanceOf(UserError);
    expect(error.problems.join('\n')).toMatch(/subcategory 2 \(silver\) is from 2024-03-11, 4 days/);
    expect(error.problems.join('\n')).toMatch(/subcategory 11 \(platinum\) is from 2024-02-29, 15 days/);
    expect(error.problems.join('\n')).not.toMatch(/gold/);
  });

  it('says what to do about a folder or a device as --db, and an unwritable database', async () => {
    // Four commands at once: each is a child process whose start-up is most of its time (27 s one after the other under
    // a load of 22), and each refuses before it writes anything.
    const [folder, build, device, proc] = await Promise.all([
      cli('init', '--db', dir),
      cli('build', '--db', dir, '--out', path.join(dir, 'x')),
      cli('init', '--db', '/dev/null'),
      cli('init', '--db', '/proc/version'),
    ]);
    expect(folder.stderr).toMatch(/^error: --db .* is a folder; name the database file in it/);
    expect(build.stderr).toMatch(/^error: --db .* is a folder/);
    expect(device.stderr).toMatch(/^error: --db \/dev\/null is not a regular file/);
    expect(proc.stderr).toMatch(/^error: \/proc\/version: cannot write the database .*check the permissions, or name another file with --db/);
    expect(proc.stderr).not.toMatch(/internal error/);
  });

  it('nginx refuses a --prefix nginx.conf cannot name (it was an internal error)', async () => {
    for (const prefix of [path.join(dir, 'a$b'), path.join(dir, "a'b")]) {
      const result = await cli('nginx', '--dir', fixture.out, '--port', '8080', '--prefix', prefix);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^error: --prefix .*: nginx's configuration cannot name a path with ' \$ \\ or a line break in it/);
    }
  });

  it('preview refuses a --dir that is not there, and a port in use', async () => {
    const missing = await cli('preview', '--dir', '/nonexistent', '--port', '0');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: --dir \/nonexistent: no snapshot there; build one first/);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((blocker.address() as net.AddressInfo).port);
      const taken = await cli('preview', '--dir', fixture.out, '--port', port);
      expect(taken.code).toBe(1);
      expect(taken.stderr).toMatch(new RegExp(`^error: port ${port} is in use; stop what listens there or choose another with --port`));
    } finally {
      blocker.close();
    }
  });
});
