// The local preview: node:http with the router for the bases and the
// snapshot's files for the rest, so local answers are the edge's answers.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { paths } from '../../router/layout.ts';
import { edgeError, respondWith, unreadable } from '../../router/respond.ts';
import { ALLOWED_METHODS, apiPath, methodNotAllowed, normalizeTarget, type ApiResponse } from '../../router/router.ts';
import type { RoutingIndex } from '../../model/schemas.ts';
import { sendStatic } from './static-files.ts';

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

type Req = IncomingMessage;
type Res = ServerResponse;

function sha1Hex(text: string): Promise<string> {
  return Promise.resolve(createHash('sha1').update(text).digest('hex'));
}

/** Bytes of file text the preview keeps per tree: the small, often-read files, not a history. */
const KEPT_BYTES = 16 * 1024 * 1024;

/**
 * Reading a tree's files. A published tree (in a `.<name>.snapshots` store) is
 * never modified, a build makes a new one, so its routing index is kept, and its
 * files up to KEPT_BYTES (least recently read dropped first), for as long as it
 * is the one served: keeping every file read would hold the whole history once
 * a client asked for it. A plain folder is read from disk each time, its index
 * parsed again when its mtime changes.
 */
function treeReader() {
  let kept: KeptTree | null = null;
  let plain: { key: string; index: RoutingIndex } | null = null;
  const readSerially = serialReader();
  return async (tree: string) => {
    const readFile = (file: string) => readSerially(path.join(tree, file));
    if (!path.basename(path.dirname(tree)).endsWith('.snapshots')) {
      const key = `${tree}:${(await fs.stat(path.join(tree, paths.routing))).mtimeMs}`;
      if (plain?.key !== key) plain = { key, index: JSON.parse(await readFile(paths.routing)) as RoutingIndex };
      return { index: plain.index, read: readFile };
    }
    if (kept?.tree !== tree) kept = { tree, index: JSON.parse(await readFile(paths.routing)) as RoutingIndex, texts: new Map(), reading: new Map(), bytes: 0 };
    const store = kept;
    return { index: kept.index, read: (file: string) => readKept(store, file, readFile) };
  };
}

interface KeptTree {
  tree: string;
  index: RoutingIndex;
  texts: Map<string, string>;
  reading: Map<string, Promise<string>>;
  bytes: number;
}

/**
 * One disk read at a time, into one buffer reused for every file: a
 * whole-history answer reads up to eight block files, and reading them at
 * once (fs.readFile) held each file's bytes until a collection as well as
 * its text (2.5× the answer in memory on its first request).
 */
function serialReader(): (file: string) => Promise<string> {
  let turn: Promise<unknown> = Promise.resolve();
  let scratch = Buffer.alloc(0);
  const readText = async (file: string) => {
    const handle = await fs.open(file, 'r');
    try {
      const size = (await handle.stat()).size;
      if (scratch.length < size) scratch = Buffer.allocUnsafe(size);
      let filled = 0;
      while (filled < size) {
        const { bytesRead } = await handle.read(scratch, filled, size - filled, filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return scratch.toString('utf8', 0, filled);
    } finally {
      await handle.close();
    }
  };
  return (file) => {
    const text = turn.then(() => readText(file));
    turn = text.catch(() => {});
    return text;
  };
}

/** A file of a published tree, from the texts kept when it is there (see treeReader). */
function readKept(store: KeptTree, file: string, readFile: (file: string) => Promise<string>): Promise<string> {
  const found = store.texts.get(file);
  if (found !== undefined) {
    // Map order is the eviction order: a file read again moves to the back.
    store.texts.delete(file);
    store.texts.set(file, found);
    return Promise.resolve(found);
  }
  // Requests for the same file at the same moment share one read.
  const reading = store.reading.get(file);
  if (reading) return reading;
  const pending = readFile(file).then((text) => {
    store.reading.delete(file);
    if (text.length <= KEPT_BYTES / 4 && !store.texts.has(file)) {
      store.texts.set(file, text);
      store.bytes += text.length;
      for (const [name, old] of store.texts) {
        if (store.bytes <= KEPT_BYTES) break;
        store.texts.delete(name);
        store.bytes -= old.length;
      }
    }
    return text;
  });
  pending.catch(() => store.reading.delete(file));
  store.reading.set(file, pending);
  return pending;
}

/** Writes one of the core's answers (router, 503, static 404). */
function send(req: Req, res: Res, response: ApiResponse): void {
  const parts = response.parts ?? [response.body];
  const length = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  res.writeHead(response.status, { ...response.headers, 'content-length': String(length) });
  void sendParts(res, response.sendBody && req.method !== 'HEAD' ? parts : []);
}

/** Characters written at once: each write is encoded into a buffer of its own, and a part can be a whole decade file. */
const WRITE_CHARS = 1 << 20;

/** Part by part, a MiB at a time, waiting for the socket to drain: a composed whole-history answer is never one string or buffer. */
async function sendParts(res: Res, parts: string[]): Promise<void> {
  for (const part of parts) {
    for (let at = 0; at < part.length; ) {
      let end = Math.min(at + WRITE_CHARS, part.length);
      // Never between the two halves of a surrogate pair: each half alone would be written as U+FFFD.
      if (end < part.length && /[\uD800-\uDBFF]/.test(part[end - 1]!)) end++;
      if (res.destroyed) return;
      if (!res.write(part.slice(at, end))) await new Promise<void>((resume) => res.once('drain', resume).once('close', resume));
      at = end;
    }
  }
  res.end();
}

/**
 * Answers one request from one tree (the link resolved once, so a build that
 * swaps it meanwhile does not mix snapshots): the router under the bases,
 * the tree's files outside them as the core's static seam answers them
 * (static-files.ts).
 */
function handler(root: string, log: (line: string) => void) {
  const reader = treeReader();
  return (req: Req, res: Res) => {
    const started = performance.now();
    const target = normalizeTarget(req.url ?? '/');
    const done = (response: ApiResponse, note = '') => {
      send(req, res, response);
      log(`${req.method} ${req.url} ${response.status} ${(performance.now() - started).toFixed(1)}ms${note}`);
    };
    const serveStatic = async (tree: string) => {
      const answer = await sendStatic(tree, target, req, res);
      log(`${req.method} ${req.url} ${answer.status} ${(performance.now() - started).toFixed(1)}ms`);
    };
    const answer = fs.realpath(root).then(async (tree) => {
      if (apiPath(target) === null) return serveStatic(tree);
      const { index, read } = await reader(tree);
      const request = { method: req.method ?? 'GET', url: target, ifNoneMatch: req.headers['if-none-match'] ?? null };
      const response = await respondWith(request, index, { read, sha1Hex, now: Date.now });
      return response === null ? serveStatic(tree) : done(response);
    });
    // A snapshot file missing or unreadable: the tree is broken, not the request.
    answer.catch((error: Error) => (res.headersSent ? res.destroy() : done(unreadable(), ` ${error.message}`)));
  };
}

/**
 * A request Node cannot parse (a header too large, raw bytes, HTTP/1.2, a
 * lower-case method, LF-only lines) still gets a JSON envelope with CORS, as on nginx.
 */
function refuseMalformed(error: NodeJS.ErrnoException & { code?: string }, socket: Duplex): void {
  if (!socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const answer = tooLarge ? edgeError(431, 'the request headers are too large') : edgeError(400, 'the request is malformed');
  endWith(socket, answer, tooLarge ? 'Request Header Fields Too Large' : 'Bad Request');
}

/**
 * CONNECT asks for a tunnel, which Node hands to a 'connect' listener with the
 * bare socket (without one it closed the connection without a word): the 405
 * envelope every other method the API does not take gets, and the connection closed.
 */
function refuseConnect(req: IncomingMessage, socket: Duplex): void {
  if (!socket.writable) return;
  const answer = edgeError(405, methodNotAllowed(req.method ?? 'CONNECT'));
  endWith(socket, { ...answer, headers: { ...answer.headers, allow: ALLOWED_METHODS } }, 'Method Not Allowed');
}

function endWith(socket: Duplex, answer: ApiResponse, reason: string): void {
  const headers = Object.entries({ ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)), connection: 'close' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${answer.status} ${reason}\r\n${headers}\r\n${answer.body}`);
}

export function startPreview(options: PreviewOptions): Promise<Preview> {
  const root = path.resolve(options.dir);
  const log = options.log ?? (() => {});
  // Node answers these itself with an empty body and no CORS header; nginx answers
  // an unknown Expect and an HTTP/1.1 request without Host as if all were well.
  const inner = http.createServer({ requireHostHeader: false }, handler(root, log));
  inner.on('clientError', refuseMalformed);
  inner.on('connect', refuseConnect);
  inner.on('checkExpectation', (req, res) => inner.emit('request', req, res));
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
