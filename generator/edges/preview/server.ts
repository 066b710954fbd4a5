// The local preview: http-server for static files, with the router in front of
// it as its `before` middleware, so local answers are the edge's answers.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import httpServer from 'http-server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { paths } from '../../core/layout.ts';
import { respondWith } from '../../core/respond.ts';
import { apiPath } from '../../core/router.ts';
import type { RoutingIndex } from '../../core/schemas.ts';

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
 * Reading a tree's files. A published tree (in a `.<name>.snapshots` store) is
 * never modified, a build makes a new one, so its routing index and files are
 * kept in memory for as long as it is the one served. A plain folder is read
 * from disk each time, its index parsed again when its mtime changes.
 */
function treeReader() {
  let kept: { tree: string; index: RoutingIndex; texts: Map<string, Promise<string>> } | null = null;
  let plain: { key: string; index: RoutingIndex } | null = null;
  return async (tree: string) => {
    const readFile = (file: string) => fs.readFile(path.join(tree, file), 'utf8');
    if (!path.basename(path.dirname(tree)).endsWith('.snapshots')) {
      const key = `${tree}:${(await fs.stat(path.join(tree, paths.routing))).mtimeMs}`;
      if (plain?.key !== key) plain = { key, index: JSON.parse(await readFile(paths.routing)) as RoutingIndex };
      return { index: plain.index, read: readFile };
    }
    if (kept?.tree !== tree) kept = { tree, index: JSON.parse(await readFile(paths.routing)) as RoutingIndex, texts: new Map() };
    const texts = kept.texts;
    const read = (file: string) => {
      let text = texts.get(file);
      if (!text) {
        text = readFile(file);
        texts.set(file, text);
        text.catch(() => texts.delete(file));
      }
      return text;
    };
    return { index: kept.index, read };
  };
}

async function sendParts(res: Res, parts: string[]): Promise<void> {
  for (const part of parts) {
    if (res.destroyed) return;
    if (!res.write(part)) await new Promise<void>((resume) => (res.once('drain', resume), res.once('close', resume)));
  }
  res.end();
}

/** The API part: answers requests under the bases, hands the rest on to the static server. */
function apiMiddleware(root: string, log: (line: string) => void) {
  const reader = treeReader();
  return (req: Req, res: Res) => {
    if (apiPath(req.url ?? '/') === null) {
      res.emit('next');
      return;
    }
    const started = performance.now();
    // One tree per request: a build that swaps the link meanwhile does not mix snapshots.
    const answer = fs.realpath(root).then(async (tree) => {
      const { index, read } = await reader(tree);
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', ifNoneMatch: req.headers['if-none-match'] ?? null };
      return respondWith(request, index, { read, sha1Hex, now: Date.now });
    });
    answer.then(
      (response) => {
        if (response === null) {
          res.emit('next');
          return;
        }
        res.removeHeader('accept-ranges');
        const length = response.parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
        res.writeHead(response.status, { ...response.headers, 'content-length': String(length) });
        // Part by part, waiting for the socket to drain: a whole-history answer is never one string or buffer.
        sendParts(res, response.sendBody ? response.parts : []).then(() =>
          log(`${req.method} ${req.url} ${response.status} ${(performance.now() - started).toFixed(1)}ms`),
        );
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
