// The Cloudflare files the build writes (Pages and Workers with static assets),
// and what only workerd shows: _routes.json's routing, compression, a broken
// tree's 503. The answers themselves: same-bytes-suite.ts and the contract suite.
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { main } from '../../generator/cli.ts';
import { request as send } from '../support/http.ts';
import { startWorkerd, type WorkerdServer } from '../support/workerd-server.ts';
import { paths } from '../../generator/router/layout.ts';
import { COMPATIBILITY_DATE, WRANGLER_VERSION } from '../../generator/snapshot/cloudflare-files.ts';

const AS_OF = '2025-09-01';

interface Reply {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

/** One request over a fresh connection, the path sent exactly as given. */
async function request(base: string, method: string, target: string, headers: Record<string, string> = {}): Promise<Reply> {
  const answer = await send(base, target, { method, headers: { connection: 'close', ...headers } });
  return { status: answer.status, headers: answer.headers, body: answer.bytes };
}

let work: string;
let snapshot: string;
let preview: Preview;
let workerd: WorkerdServer;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'nisab-workerd-'));
  const out = path.join(work, 'public');
  const exitCode = process.exitCode;
  await main(['build', '--out', out, '--as-of', AS_OF]);
  expect(process.exitCode ?? 0, 'the build failed (see stderr)').toBe(exitCode ?? 0);
  snapshot = await realpath(out);
  [preview, workerd] = await Promise.all([startPreview({ dir: out, port: 0 }), startWorkerd(out)]);
});

afterAll(async () => {
  await Promise.all([preview?.close(), workerd?.stop()]);
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the Cloudflare Pages files of a snapshot', () => {
  it('_routes.json sends exactly the API bases to the worker', async () => {
    const routes = JSON.parse(await readFile(path.join(snapshot, '_routes.json'), 'utf8'));
    expect(routes).toEqual({ version: 1, include: ['/api/*', '/index.php/*'], exclude: [] });
  });

  it('_headers exists and gives the static files CORS and revalidation', async () => {
    expect(existsSync(path.join(snapshot, '_headers'))).toBe(true);
    const text = await readFile(path.join(snapshot, '_headers'), 'utf8');
    expect(text).toMatch(/^\/\*\n/);
    expect(text).toMatch(/^ +Access-Control-Allow-Origin: \*$/m);
    expect(text).toMatch(/^ +Cache-Control: .*max-age=0/m);
  });

  it('_worker.js is one ES module with a default fetch handler and no imports', async () => {
    const source = await readFile(path.join(snapshot, '_worker.js'), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source).toMatch(/export\s*\{[^}]*\bas default\b[^}]*\}|export default/);
  });
});

describe('the Workers with static assets files of a snapshot', () => {
  it('wrangler.jsonc names the worker, the tree as assets bound as ASSETS, the API bases to run first and the tested compatibility date', async () => {
    const text = await readFile(path.join(snapshot, 'wrangler.jsonc'), 'utf8');
    const config = JSON.parse(text.replace(/^\/\/.*$/gm, ''));
    expect(config).toMatchObject({
      main: '_worker.js',
      compatibility_date: COMPATIBILITY_DATE,
      no_bundle: true,
      assets: { directory: '.', binding: 'ASSETS', run_worker_first: ['/api/*', '/index.php/*'] },
    });
    expect(text).toContain(`npx wrangler@${WRANGLER_VERSION} deploy`);
  });

  it('.assetsignore keeps the worker and the deploy files out of the assets, and _headers in', async () => {
    const ignored = (await readFile(path.join(snapshot, '.assetsignore'), 'utf8')).split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['_worker.js', '_routes.json', 'wrangler.jsonc']));
    expect(ignored).not.toContain('_headers');
  });
});

describe('workerd', () => {
  it('compresses for clients that ask, and the decompressed bytes are the same', async () => {
    const target = '/api/v1/rates?start_date=2015-01-01&end_date=2024-12-31';
    const [w, p] = await Promise.all([request(workerd.url, 'GET', target, { 'accept-encoding': 'gzip' }), request(preview.url, 'GET', target)]);
    expect(w.status).toBe(200);
    const body = w.headers['content-encoding'] === 'gzip' ? gunzipSync(w.body) : w.body;
    expect(body.equals(p.body)).toBe(true);
  });
});

describe('_routes.json in workerd', () => {
  // A copy of the snapshot whose worker marks every answer it gives: what it
  // marks went through the worker, what it does not came straight from the assets.
  let probe: WorkerdServer;
  let probeDir: string;

  beforeAll(async () => {
    probeDir = path.join(work, 'probe');
    await cp(snapshot, probeDir, { recursive: true });
    await copyFile(path.join(snapshot, '_worker.js'), path.join(probeDir, 'real-worker.mjs'));
    await writeFile(
      path.join(probeDir, '_worker.js'),
      `import real from './real-worker.mjs';
export default {
  async fetch(request, env, ctx) {
    const response = await real.fetch(request, env, ctx);
    const marked = new Response(response.body, response);
    marked.headers.set('x-served-by', 'worker');
    return marked;
  },
};
`,
    );
    probe = await startWorkerd(probeDir);
  });

  afterAll(async () => {
    await probe?.stop();
  });

  it('API paths under both bases invoke the worker', async () => {
    for (const target of ['/api/v1/rates/latest', '/index.php/api/v1/meta', '/api/v1/nope', '/api/anything', '/index.php/other']) {
      const reply = await request(probe.url, 'GET', target);
      expect(reply.headers['x-served-by'], target).toBe('worker');
    }
    // Still the real answers, through the real worker.
    const latest = await request(probe.url, 'GET', '/api/v1/rates/latest');
    expect(latest.body.equals(await readFile(path.join(snapshot, paths.latest(1))))).toBe(true);
  });

  it('the landing page, the OpenAPI document and the /v1 files come from the assets without the worker', async () => {
    for (const target of ['/', '/openapi.json', '/' + paths.meta, '/' + paths.latest(1), '/' + paths.shard('all', 'month', '2024-03-01')]) {
      const reply = await request(probe.url, 'GET', target);
      expect(reply.status, target).toBe(200);
      expect(reply.headers['x-served-by'], target).toBeUndefined();
    }
    const named = await request(probe.url, 'GET', '/index.html');
    expect([named.status, named.headers['x-served-by']]).toEqual([307, undefined]);
  });

  // Issue 31: the preview and nginx type static files as the assets do; /widget.js said no charset on nginx.
  it('static files have the same Content-Type from the assets as from the preview (text with charset=utf-8)', async () => {
    for (const [target, type] of [
      ['/widget.js', 'text/javascript; charset=utf-8'],
      ['/', 'text/html; charset=utf-8'],
      ['/' + paths.meta, 'application/json; charset=utf-8'],
    ] as const) {
      const [w, p] = await Promise.all([request(workerd.url, 'GET', target), request(preview.url, 'GET', target)]);
      expect([w.status, w.headers['content-type'], p.headers['content-type']], target).toEqual([200, type, type]);
    }
  });

  it('a snapshot file missing under the worker gives a 503 envelope, not a crash', async () => {
    await rm(path.join(probeDir, paths.routing));
    const broken = await startWorkerd(probeDir);
    try {
      const reply = await request(broken.url, 'GET', '/api/v1/rates/latest');
      expect(reply.status).toBe(503);
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(reply.headers['access-control-allow-origin']).toBe('*');
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(reply.body.toString())).toEqual({ success: false, message: 'the snapshot is not readable; build it again' });
    } finally {
      await broken.stop();
    }
  });
});
