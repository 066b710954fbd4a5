// A kind of file whose Cache-Control is not the static default reaches the
// edges that the static seam's table (generator/router/static.ts STATIC_KINDS)
// configures rather than runs: Cloudflare's `_headers`, in the real asset
// server (workerd through miniflare, which joins a header two rules set with a
// comma unless the second detaches it first), and nginx's map of Cache-Control
// by extension. Today every kind has the default (docs/API.md §6); this is the
// row a change would edit.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_KINDS } from '../../generator/router/static.ts';
import { cloudflareFiles } from '../../generator/snapshot/cloudflare-files.ts';
import { CONNECTION_LIMITS, nginxConf } from '../../generator/edges/nginx/conf.ts';
import { request } from '../support/http.ts';
import { startWorkerd, type WorkerdServer } from '../support/workerd-server.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

describe('a kind of file with a Cache-Control of its own', () => {
  let dir: string;
  let server: WorkerdServer;
  let headers: string;
  const css = STATIC_KINDS['css']!;

  beforeAll(async () => {
    css.cache = IMMUTABLE;
    try {
      dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-static-kinds-'));
      const files = await cloudflareFiles();
      headers = files.get('_headers')!;
      await writeFile(path.join(dir, '_headers'), headers);
      await writeFile(path.join(dir, '_routes.json'), files.get('_routes.json')!);
      await writeFile(path.join(dir, '_worker.js'), 'export default { fetch() { return new Response("worker") } };\n');
      await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>x</title>\n');
      await writeFile(path.join(dir, 'page.css'), 'body{}\n');
      await writeFile(path.join(dir, 'widget.js'), 'void 0;\n');
      server = await startWorkerd(dir);
    } finally {
      css.cache = REVALIDATE;
    }
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("is sent with its own on Cloudflare's assets, once, and the other kinds keep the default", async () => {
    expect(headers).toContain(`/*.css\n  Content-Type: text/css; charset=utf-8\n  ! Cache-Control\n  Cache-Control: ${IMMUTABLE}\n`);
    const [sheet, script, page] = [await request(server.url, '/page.css'), await request(server.url, '/widget.js'), await request(server.url, '/')];
    expect([sheet.status, sheet.headers['cache-control'], sheet.headers['content-type']]).toEqual([200, IMMUTABLE, 'text/css; charset=utf-8']);
    expect([script.status, script.headers['cache-control']]).toEqual([200, REVALIDATE]);
    expect([page.status, page.headers['cache-control'], page.headers['access-control-allow-origin']]).toEqual([200, REVALIDATE, '*']);
  });

  it("is a row of nginx's Cache-Control map by extension", () => {
    css.cache = IMMUTABLE;
    try {
      const conf = nginxConf({
        prefix: '/p',
        dir: '/d',
        tree: '/t',
        mark: 'v1/mark/0.json',
        listen: '127.0.0.1:1',
        backend: '/p/backend.sock',
        composer: '/p/compose.sock',
        njsModule: '/m.so',
        user: null,
        fast: new Map(),
        bodies: new Map(),
        etags: {},
        cacheControl: { digits: 6, rows: [] },
        largestFile: 0,
        limits: CONNECTION_LIMITS,
      });
      const map = conf.slice(conf.indexOf('map $uri $nisab_static_cache {'), conf.indexOf('}', conf.indexOf('map $uri $nisab_static_cache {')));
      expect(map).toContain(`default '${REVALIDATE}';`);
      expect(map).toContain(`"~*\\.css$" '${IMMUTABLE}';`);
      expect(map).not.toContain('.js$');
    } finally {
      css.cache = REVALIDATE;
    }
  });
});
