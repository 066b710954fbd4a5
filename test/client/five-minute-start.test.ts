// The client README's five-minute start, run as written: in a new project that
// holds a copy of client/ (and the generator/ its build reads), `npm install
// ./client`, then the README's TypeScript block as the project's module. npm
// prefers its cache (npm_config_prefer_offline: the tarballs of zod, esbuild and
// typescript come from the cache the repository's own install filled; `npm ci`
// keeps no package metadata, which a fresh machine then fetches from the
// registry, as `npm ci` itself did), and the block's example.org
// bases are answered by the real preview over the real default data: a preload
// hands fetch's requests to it, so the block's text is not changed.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { defaultSnapshot, type DefaultSnapshot } from '../support/default-snapshot.ts';
import { request } from '../support/http.ts';

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, '../..');

/** The README's section "Five-minute start": its sh block and its ts block. */
async function fiveMinuteStart(): Promise<{ install: string; program: string }> {
  const readme = await readFile(path.join(ROOT, 'client/README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Five-minute start'));
  const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].slice(0, 2);
  const sh = blocks.find((b) => b[1] === 'sh')![2]!;
  // "npm install ./client                  # today, in a clone of the repository ..."
  const install = /^(npm install \.\/client)\s+#/m.exec(sh)?.[1];
  if (!install) throw new Error(`client/README.md's five-minute start no longer says how to install from the repository:\n${sh}`);
  return { install, program: blocks.find((b) => b[1] === 'ts')![2]! };
}

/** Sends fetch's requests for the README's example hosts to the preview. */
const REDIRECT = `const real = globalThis.fetch;
const to = process.env.PREVIEW_URL;
globalThis.fetch = (input, init) => {
  const url = String(input instanceof Request ? input.url : input).replace(/^https:\\/\\/(rates|mirror)\\.example\\.org/, to);
  return real(url, init);
};
`;

describe("the client README's five-minute start", () => {
  let snapshot: DefaultSnapshot;
  let preview: Preview;
  let project: string;
  beforeAll(async () => {
    snapshot = await defaultSnapshot();
    preview = await startPreview({ dir: snapshot.out, port: 0 });
    project = await mkdtemp(path.join(os.tmpdir(), 'nisab-five-minutes-'));
  }, 120_000);
  afterAll(async () => {
    await preview?.close();
    await snapshot?.remove();
    await rm(project, { recursive: true, force: true });
  });

  it('installs from the repository with npm install ./client and runs as written', async () => {
    const { install, program } = await fiveMinuteStart();
    const copy = (dir: string) =>
      cp(path.join(ROOT, dir), path.join(project, dir), { recursive: true, filter: (from) => !/[/\\](node_modules|dist)$/.test(from) });
    await Promise.all([copy('client'), copy('generator')]);
    await writeFile(path.join(project, 'package.json'), `${JSON.stringify({ name: 'five-minute-start', private: true, type: 'module' }, null, 2)}\n`);
    const [command, ...args] = install.split(' ');
    const env = { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
    const installed = await run(command!, args, { cwd: project, env }).catch((error: { stderr: string }) => {
      throw new Error(`${install} failed:\n${error.stderr}`);
    });
    expect(installed.stderr).not.toMatch(/ERR!/);

    await writeFile(path.join(project, 'start.mjs'), program);
    await writeFile(path.join(project, 'redirect.mjs'), REDIRECT);
    const { stdout, stderr } = await run(process.execPath, ['--import', './redirect.mjs', 'start.mjs'], {
      cwd: project,
      env: { ...process.env, PREVIEW_URL: preview.url },
    });
    expect(stderr).toBe('');

    // What the block prints, from the API's own answers.
    const gold = JSON.parse((await request(preview.url, '/api/v1/rates/latest')).body).data;
    const cash = JSON.parse((await request(preview.url, '/api/v1/nisab?subcategory=3')).body).data as {
      nsbBasisSubcategoryID: number | null;
      nsbValueInNaira: number;
    }[];
    const onSilver = cash.find((r) => r.nsbBasisSubcategoryID === 2)!;
    const refused = JSON.parse((await request(preview.url, '/api/v1/rates?start_date=2024-02-30')).body);
    expect(stdout).toBe(
      [
        `${gold.drtDate} ${gold.drtInNaira} NGN per ${gold.drtUnit}`,
        `Nisab for cash today: ${onSilver.nsbValueInNaira} NGN`,
        `400 ${refused.message}`,
        '',
      ].join('\n'),
    );
  }, 300_000);
});
