// The OpenAPI document: `redocly lint --extends recommended` (the real CLI from
// npm) passes on it, it names every answer of every endpoint (405 and 503
// included) with its headers, and its static paths cover every file a
// snapshot publishes under v1/.
import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../generator/router/endpoints.ts';
import { openApiDocument } from '../../generator/site/openapi.ts';
import { makeFixture, type Fixture } from '../support/fixture.ts';

const run = promisify(execFile);
// Its structure does not depend on the sources (the credits of info.description do: tested on a built one below).
const document = openApiDocument([]) as unknown as {
  paths: Record<string, { get: { responses: Record<string, { $ref?: string; headers?: Record<string, unknown> }> } }>;
  components: { schemas: Record<string, unknown> };
};

let fixture: Fixture;
let dir: string;
beforeAll(async () => {
  fixture = await makeFixture();
  dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-openapi-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  if (fixture) await fixture.remove();
});

describe('openapi.json', () => {
  it('passes redocly lint with the recommended rules', async () => {
    // The built one, with its credits.
    const file = path.join(dir, 'openapi.json');
    await writeFile(file, await readFile(path.join(fixture.out, 'openapi.json'), 'utf8'));
    const redocly = path.resolve('node_modules/.bin/redocly');
    const result = await run(redocly, ['lint', '--extends', 'recommended', '--format', 'stylish', file], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    }).catch((error: { stdout: string; stderr: string }) => ({ stdout: error.stdout, stderr: `${error.stderr}\nFAILED` }));
    expect(result.stderr + result.stdout).toContain('Your API description is valid');
    expect(result.stderr + result.stdout).not.toMatch(/FAILED|You have \d+ warnings?/);
  }, 60_000);

  it("credits every source of the snapshot's /sources with its licence, and no other (the reference page reads them)", async () => {
    const built = JSON.parse(await readFile(path.join(fixture.out, 'openapi.json'), 'utf8')) as { info: { description: string } };
    const sources = JSON.parse(await readFile(path.join(fixture.out, 'v1', 'sources.json'), 'utf8')).data as {
      srcName: string;
      srcURL: string | null;
      srcLicence: string;
    }[];
    expect(sources.length).toBeGreaterThan(5);
    const [, credits] = built.info.description.split('\n## Credits\n');
    const lines = credits!.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toHaveLength(sources.length);
    // Each line: the source's name (markup escaped), linked to its address, then its licence.
    const plain = (markdown: string) => markdown.replace(/\\(.)/g, '$1');
    sources.forEach((source, i) => {
      const line = lines[i]!;
      expect(plain(line), source.srcName).toContain(source.srcName);
      expect(plain(line).endsWith(`: ${source.srcLicence}`), source.srcName).toBe(true);
      if (source.srcURL !== null) expect(line, source.srcName).toContain(`](${source.srcURL.replace(/\(/g, '%28').replace(/\)/g, '%29')})`);
    });
    expect(built.info.description).toMatch(/World Bank/);
    expect(built.info.description).toMatch(/Central Bank of Nigeria/);
  });

  it('documents every endpoint with 200, 304, 405 and 503 and the contract headers', () => {
    for (const endpoint of ENDPOINTS) {
      const responses = document.paths[endpoint.path]!.get.responses;
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '304', '405', '503', ...Object.keys(endpoint.errors)]));
      expect(Object.keys(responses['200']!.headers!)).toEqual(['ETag', 'Cache-Control', 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers']);
    }
    expect(document.components.schemas).not.toHaveProperty('Category');
  });

  it('has a static path for every file a snapshot publishes under v1/', async () => {
    const templates = Object.keys(document.paths)
      .filter((p) => p.startsWith('/v1/'))
      .map((p) => new RegExp(`^${p.replace(/\./g, '\\.').replace(/\{[a-z]+\}/g, '[^/]+')}$`));
    const files = (await readdir(path.join(fixture.out, 'v1'), { recursive: true }))
      .map((f) => `/v1/${String(f).split(path.sep).join('/')}`)
      // The edges' own files (routing index, mark, the worker's parts and counts) are not answers, nor are the downloads (docs/API.md §9).
      .filter(
        (f) =>
          f.endsWith('.json') &&
          f !== '/v1/routing.json' &&
          !f.startsWith('/v1/mark/') &&
          !f.startsWith('/v1/downloads/') &&
          !f.startsWith('/v1/fx/') &&
          !f.startsWith('/v1/parts/'),
      );
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((f) => !templates.some((t) => t.test(f)))).toEqual([]);
  });
});
