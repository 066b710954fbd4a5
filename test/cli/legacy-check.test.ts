// The switch-over check (CONTRACT §12, docs/going-live.md): `legacy-check FILE`
// on an answer saved from dailynisab.org's /index.php/api/v1/rates/latest, per
// gram and per troy ounce, against the default snapshot of 2025-09-21, run as an
// operator runs it. Oracle: data/daily/2025-09.csv's gold row of that day
// (drtInUSD 118.477038, drtUSDinNaira 1487.8962, drtInNaira 176,281.53) and the
// saved answers written here by hand; a troy ounce is 31.1034768 g, so per ounce
// the day's gold is 3,685.05 US dollars (118.477038 × 31.1034768 = 3,685.0478).
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliWith } from '../support/cli.ts';
import { defaultSnapshot, type DefaultSnapshot } from '../support/default-snapshot.ts';

let snapshot: DefaultSnapshot;
let dir: string;
beforeAll(async () => {
  snapshot = await defaultSnapshot();
  dir = await mkdtemp(path.join(os.tmpdir(), 'legacy-check-'));
});
afterAll(async () => {
  await snapshot?.remove();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function saved(name: string, data: Record<string, unknown>): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify({ success: true, data }));
  return file;
}

describe('legacy-check', () => {
  it('names a per-gram answer per gram and lists the fields that differ', async () => {
    // The shape dailynisab.org's seed answers: its own id, the same price, a naira figure of its own.
    const file = await saved('gram.json', { drtID: 7, drtInUSD: 118.48, drtDate: '2025-09-21', drtInNaira: 176000, drtUnit: 'gram' });
    const result = await cli('legacy-check', file, '--out', snapshot.out);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toContain('per gram');
    expect(lines[0]).toContain('of 2025-09-21');
    expect(result.stdout).toContain('  drtID: theirs 7, ours 505');
    expect(result.stdout).toContain('  drtInUSD: theirs 118.48, ours 118.477038');
    expect(result.stdout).toContain('  drtInNaira: theirs 176000, ours 176281.53');
    expect(result.stdout).toContain('  drtUSDinNaira: not in theirs, ours 1487.8962');
    expect(result.stdout).not.toContain('drtUnit:');
    expect(result.stdout).not.toContain('drtDate:');
  }, 120_000);

  it('names a per-ounce answer per troy ounce', async () => {
    const file = await saved('ounce.json', { drtInUSD: 3685.05, drtDate: '2025-09-21' });
    const result = await cli('legacy-check', file, '--out', snapshot.out);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toContain('per troy ounce');
    expect(result.stdout).toContain('  drtInUSD: theirs 3685.05, ours 118.477038');
  }, 120_000);

  it('says unknown for a figure neither per gram nor per ounce, and refuses what is not such an answer', async () => {
    const file = await saved('kilo.json', { drtInUSD: 118477.04, drtDate: '2025-09-21' });
    expect((await cli('legacy-check', file, '--out', snapshot.out)).stdout.split('\n')[0]).toContain('unknown');
    const wrong = await saved('wrong.json', { drtInUSD: 'dear', drtDate: '2025-09-21' });
    const refused = await cli('legacy-check', wrong, '--out', snapshot.out);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('data.drtInUSD is not a positive number');
    expect(refused.stderr).not.toContain('    at ');
    const missing = await cli('legacy-check', path.join(dir, 'none.json'), '--out', snapshot.out);
    expect(missing.stderr).toContain('none.json: no such file');
  }, 120_000);

  // The other switch-over tool (CONTRACT §12): build --legacy-unit takes only a unit unit= names besides the gram.
  it('build --legacy-unit refuses an unknown unit, naming the option and the units it takes, and writes nothing', async () => {
    const out = path.join(dir, 'legacy-out');
    for (const value of ['ounce', 'gram', 'Troy-Ounce']) {
      const refused = await cli('build', '--out', out, '--as-of', '2025-09-21', '--legacy-unit', value);
      expect(refused.code, value).not.toBe(0);
      expect(refused.stderr, value).toContain(
        `error: option '--legacy-unit <unit>' argument '${value}' is invalid. must be one of troy-ounce (or left unset: per gram)`,
      );
      expect(refused.stderr, value).not.toContain('    at ');
      expect(existsSync(out), value).toBe(false);
    }
    // The same word from the nightly's repository variable, which names the variable.
    const fromEnv = await cliWith({ NISAB_LEGACY_UNIT: 'ounce' }, ['build', '--out', out, '--as-of', '2025-09-21']);
    expect(fromEnv.code).not.toBe(0);
    expect(fromEnv.stderr).toContain("value 'ounce' from env 'NISAB_LEGACY_UNIT' is invalid. must be one of troy-ounce");
    expect(existsSync(out)).toBe(false);
  }, 360_000); // four refused builds: 120 s at load 4 (a CI run beside it)

  // The nightly passes its repository variable NISAB_LEGACY_UNIT: set, the routing index says so; empty (unset), per gram.
  it('build reads NISAB_LEGACY_UNIT when the option is not given, an empty one being per gram', async () => {
    const routing = async (value: string) => {
      const out = path.join(dir, `env-${value || 'empty'}`);
      const built = await cliWith({ NISAB_LEGACY_UNIT: value }, ['build', '--out', out, '--as-of', '2025-09-21']);
      expect(built.code, built.stderr).toBe(0);
      return JSON.parse(await readFile(path.join(out, 'v1', 'routing.json'), 'utf8')) as { legacyUnit?: string | null };
    };
    expect((await routing('troy-ounce')).legacyUnit).toBe('troy-ounce');
    expect((await routing('')).legacyUnit ?? null).toBe(null);
  }, 480_000); // two builds of the default data: 166 s at load 4 (a CI run beside it)
});
