// The nightly's Workers deploy, up to where an account is needed: the pinned
// wrangler (the devDependency the workflow's `npx --yes wrangler@...` resolves
// to) reads the snapshot's own wrangler.jsonc and packs the upload with
// --dry-run, offline. It once refused the tree (a module rule against a
// LICENSE.txt under assets/), which no workerd test could see.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WRANGLER_VERSION } from '../../generator/snapshot/cloudflare-files.ts';

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, '../..');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-deploy-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it(`wrangler ${WRANGLER_VERSION} deploy --dry-run takes the snapshot's wrangler.jsonc as it is: the worker uploaded unchanged, the tree untouched`, async () => {
  const out = path.join(dir, 'public');
  await run(process.execPath, ['--import', 'tsx', 'generator/main.ts', 'build', '--out', out], { cwd: ROOT, env: { ...process.env, NISAB_DB: undefined } });
  const tree = await realpath(out);
  const before = (await readdir(tree)).sort();
  const pkg = JSON.parse(await readFile(path.join(ROOT, 'node_modules/wrangler/package.json'), 'utf8')) as { version: string };
  expect(pkg.version).toBe(WRANGLER_VERSION);

  const dist = path.join(dir, 'dist');
  const { stdout } = await run(
    path.join(ROOT, 'node_modules/.bin/wrangler'),
    ['deploy', '--dry-run', '--config', path.join(tree, 'wrangler.jsonc'), '--name', 'nisab-api-test', '--outdir', dist],
    {
      cwd: dir,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_API_TOKEN: undefined, CLOUDFLARE_ACCOUNT_ID: undefined },
    },
  );
  expect(stdout).toMatch(/Read \d+ files from the assets directory/);
  expect(stdout).toMatch(/env\.ASSETS\s+Assets/);
  expect(stdout).toContain('--dry-run: exiting now.');
  expect(await readFile(path.join(dist, '_worker.js'), 'utf8')).toBe(await readFile(path.join(tree, '_worker.js'), 'utf8'));
  expect((await readdir(tree)).sort()).toEqual(before);
  const verified = await run(process.execPath, ['--import', 'tsx', 'generator/main.ts', 'verify', '--out', out], { cwd: ROOT });
  expect(verified.stdout).toMatch(/all good/);
  // three child processes one after the other (a build of the default data, wrangler's bundling, verify): 86 s seen under a load of 16
}, 300_000);
