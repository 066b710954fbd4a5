// The local preview: http-server for static files, with the router in front of
// it as its `before` middleware, so local answers are the edge's answers.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import httpServer from 'http-server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { paths } from '../core/layout.ts';
import { respondWith } from '../core/respond.ts';
import type { RoutingIndex } from '../core/router.ts';

export interface PreviewOptions {
  dir: string;
  port: number;
  host?: string;
  log?: (line: string) => void;
}

export interface Preview {
  url: string;
  close(): Promise<void>;
}

// union (under http-server) hands middleware its own stream objects; these are the parts used.
type Req = IncomingMessage;
type Res = ServerResponse & { emit(event: 'next'): boolean };

function sha1Hex(text: string): Promise<string> {
  return Promise.resolve(createHash('sha1').update(text).digest('hex'));
}

/**
 * The routing index of a tree, parsed once: published trees are never modified
 * (a build makes a new one), and a plain folder is caught by the file's mtime.
 */
function indexCache() {
  let cached: { key: string; index: RoutingIndex } | null = null;
  return async (tree: string): Promise<RoutingIndex> => {
    const file = path.join(tree, paths.routing);
    const key = `${tree}:${(await fs.stat(file)).mtimeMs}`;
    if (cached?.key !== key) cached = { key, index: JSON.parse(await fs.readFile(file, 'utf8')) as RoutingIndex };
    return cached.index;
  };
}

/** The API part: answers requests under the bases, hands the rest on to the static server. */
function apiMiddleware(root: string, log: (line: string) => void) {
  const indexOf = indexCache();
  return (req: Req, res: Res) => {
    const started = performance.now();
    // One tree per request: a build that swaps the link meanwhile does not mix snapshots.
    const answer = fs.realpath(root).then(async (tree) =>
      respondWith(
        { method: req.method ?? 'GET', url: req.url ?? '/', ifNoneMatch: req.headers['if-none-match'] ?? null },
        await indexOf(tree),
        { read: (file) => fs.readFile(path.join(tree, file), 'utf8'), sha1Hex, now: Date.now },
      ),
    );
    answer.then(
      (response) => {
        if (response === null) {
          res.emit('next');
          return;
        }
        res.removeHeader('accept-ranges');
        res.writeHead(response.status, { ...response.headers, 'content-length': String(Buffer.byteLength(response.body)) });
        res.end(response.sendBody ? response.body : undefined);
        log(`${req.method} ${req.url} ${response.status} ${(performance.now() - started).toFixed(1)}ms`);
      },
      (error: Error) => {
        // A snapshot file missing or unreadable: the tree is broken, not the request.
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
        res.end(JSON.stringify({ success: false, message: 'the snapshot is not readable; build it again' }) + '\n');
        log(`${req.method} ${req.url} 503 ${error.message}`);
      },
    );
  };
}

export function startPreview(options: PreviewOptions): Promise<Preview> {
  const root = path.resolve(options.dir);
  const log = options.log ?? (() => {});
  const server = httpServer.createServer({
    root,
    cache: 'public, max-age=0, must-revalidate',
    showDir: 'false',
    headers: { 'Access-Control-Allow-Origin': '*' },
    before: [apiMiddleware(root, log)],
  });
  const inner = (server as unknown as { server: import('node:http').Server }).server;
  return new Promise((resolve, reject) => {
    inner.once('error', reject);
    inner.listen(options.port, options.host ?? '127.0.0.1', () => {
      const address = inner.address() as AddressInfo;
      resolve({
        url: `http://${address.address}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            inner.close(() => done());
            inner.closeAllConnections?.();
          }),
      });
    });
  });
}
