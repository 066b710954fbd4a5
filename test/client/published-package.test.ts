// What `npm publish` would send, and that it installs and loads as a developer
// would use it: npm's own dry run of client/ in a copy of the tree (the build
// reads generator/model and generator/router, which the bundle carries), then the packed tarball
// installed into a new project (npm prefers its cache, as the five-minute start
// does) and loaded from ESM, from CommonJS (Node's require of an ES module, on
// the Node versions that have it unflagged: 20.19+, 22.12+, 24) and by tsc.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, '../..');
const NPM_ENV = {
  ...process.env,
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

interface PackResult {
  name: string;
  version: string;
  files: { path: string }[];
}

describe('the client package as npm publishes it', () => {
  let tree: string;
  let tarball: string;
  let files: string[];
  beforeAll(async () => {
    tree = await mkdtemp(path.join(os.tmpdir(), 'nisab-publish-'));
    const copy = (dir: string) =>
      cp(path.join(ROOT, dir), path.join(tree, dir), { recursive: true, filter: (from) => !/[/\\](node_modules|dist)$/.test(from) });
    // The client reads generator/model and generator/router alone: they import nothing above them.
    await Promise.all([copy('client'), copy('generator/model'), copy('generator/router'), copy('node_modules/zod')]);
    // The client's build runs esbuild and tsc: the repository's own, found from the copy as from client/
    // (each with its platform's binary package: @esbuild/*, @typescript/*).
    await Promise.all(
      ['esbuild', 'typescript', '@esbuild', '@typescript', '.bin'].map((name) =>
        cp(path.join(ROOT, 'node_modules', name), path.join(tree, 'node_modules', name), { recursive: true, verbatimSymlinks: true }),
      ),
    );
  }, 180_000);
  afterAll(async () => {
    if (tree) await rm(tree, { recursive: true, force: true });
  });

  it('passes npm publish --dry-run and sends the built ESM, its types, the README and the licence, nothing else', async () => {
    const client = path.join(tree, 'client');
    const dry = await run('npm', ['publish', '--dry-run', '--json'], { cwd: client, env: NPM_ENV, maxBuffer: 64 * 1024 * 1024 });
    const result = JSON.parse(dry.stdout.slice(dry.stdout.indexOf('{'))) as Record<string, PackResult>;
    const pack = result['nisab-rates-client']!;
    files = pack.files.map((f) => f.path).sort();
    expect(files.filter((f) => !/^dist\/types\/.+\.d\.ts$/.test(f))).toEqual(['LICENSE', 'README.md', 'dist/index.js', 'package.json']);
    // The declarations of the client and of the core records it re-exports; no source, no test.
    expect(files).toContain('dist/types/client/src/index.d.ts');
    expect(files.some((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'))).toBe(false);

    const packed = await run('npm', ['pack', '--json', '--pack-destination', tree], { cwd: client, env: NPM_ENV, maxBuffer: 64 * 1024 * 1024 });
    const { filename } = (JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string }[])[0]!;
    tarball = path.join(tree, filename);
    expect((await readdir(tree)).includes(filename)).toBe(true);
  }, 420_000); // npm's prepare runs esbuild and tsc on the client: 116 s seen at a load of 34, under a third of this

  it('installs into a new project and loads from ESM, from CommonJS and in TypeScript', async () => {
    const project = path.join(tree, 'project');
    await mkdir(project);
    await writeFile(path.join(project, 'package.json'), `${JSON.stringify({ name: 'uses-the-client', private: true, type: 'module' }, null, 2)}\n`);
    await run('npm', ['install', tarball], { cwd: project, env: NPM_ENV });

    await writeFile(
      path.join(project, 'esm.mjs'),
      "import { createClient, zakatDue } from 'nisab-rates-client';\nconsole.log(typeof createClient, typeof zakatDue);\n",
    );
    await writeFile(
      path.join(project, 'cjs.cjs'),
      "const { createClient, zakatDue } = require('nisab-rates-client');\nconsole.log(typeof createClient, typeof zakatDue);\n",
    );
    for (const script of ['esm.mjs', 'cjs.cjs']) {
      const { stdout } = await run(process.execPath, [script], { cwd: project });
      expect(stdout, script).toBe('function function\n');
    }

    // A type error in the user's code is found, so the declarations are read, not ignored.
    await writeFile(
      path.join(project, 'use.ts'),
      [
        "import { createClient, type Rate } from 'nisab-rates-client';",
        "const api = createClient({ baseUrl: 'https://rates.example.org/api/v1' });",
        'export async function naira(): Promise<number> {',
        '  const gold: Rate = await api.latest();',
        '  return gold.drtInNaira;',
        '}',
        'export const wrong: string = (0 as unknown as Rate).drtInNaira;',
        '',
      ].join('\n'),
    );
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const args = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--lib', 'es2022,dom', 'use.ts'];
    const checked = await run(process.execPath, [tsc, ...args], { cwd: project }).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
    expect(checked.trim().split('\n')).toEqual([expect.stringMatching(/^use\.ts\(7,14\): error TS2322: Type 'number' is not assignable to type 'string'\./)]);
  }, 300_000);
});
