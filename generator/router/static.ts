// Static content (every path outside the API bases): what a path names in a
// snapshot and how it is answered, decided once for every edge. The preview
// answers through answerStatic with its own stat and open; Cloudflare's
// `_headers` and nginx's types, charset and Cache-Control are written from
// STATIC_KINDS (snapshot/cloudflare-files.ts, nginx/conf.ts), so a kind of file has the same
// headers wherever it is served. A new edge that serves files itself calls
// answerStatic (docs/making-changes.md "A new edge").
//
// Router core: keep to what nginx's njs 0.7.9 runs (promises, no async/await,
// no destructuring, spread, for-of, classes, ?., ??, Map/Set).
import { renderError } from './envelope.ts';

/**
 * Revalidated with its ETag on every use, so nothing outlives the next build:
 * no static file has a content hash in its name (docs/API.md §6). It is also
 * what Cloudflare's asset server sends of itself (workers-shared
 * CACHE_CONTROL_BROWSER), for the paths `_headers` names no kind for.
 */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/** How a kind of file is sent: its media type, whether `; charset=utf-8` follows it, its Cache-Control. */
export interface StaticKind {
  type: string;
  charset: boolean;
  cache: string;
}

/**
 * Every kind of file a snapshot holds, by extension: the one table the edges'
 * headers come from. Text says its charset (a host page in another charset
 * still reads the widget's ₦ and Arabic; Cloudflare's asset server adds it to
 * text/* too), and so does JSON: a `/v1/` file is the same bytes as an API
 * answer, sent with the same type (docs/API.md §6).
 */
export const STATIC_KINDS: { [extension: string]: StaticKind } = {
  html: { type: 'text/html', charset: true, cache: REVALIDATE },
  js: { type: 'text/javascript', charset: true, cache: REVALIDATE },
  mjs: { type: 'text/javascript', charset: true, cache: REVALIDATE },
  css: { type: 'text/css', charset: true, cache: REVALIDATE },
  json: { type: 'application/json', charset: true, cache: REVALIDATE },
  csv: { type: 'text/csv', charset: true, cache: REVALIDATE },
  md: { type: 'text/markdown', charset: true, cache: REVALIDATE },
  txt: { type: 'text/plain', charset: true, cache: REVALIDATE },
  ics: { type: 'text/calendar', charset: true, cache: REVALIDATE },
  svg: { type: 'image/svg+xml', charset: false, cache: REVALIDATE },
  png: { type: 'image/png', charset: false, cache: REVALIDATE },
};

/** A file of any other extension (or none). */
export const OTHER_KIND: StaticKind = { type: 'application/octet-stream', charset: false, cache: REVALIDATE };

/** The kind of a file by its name (a path ending in `/` is its folder's index.html). */
export function kindOf(file: string): StaticKind {
  const name = file.slice(file.lastIndexOf('/') + 1);
  if (name === '') return STATIC_KINDS['html'] as StaticKind;
  const dot = name.lastIndexOf('.');
  const kind = dot > 0 ? STATIC_KINDS[name.slice(dot + 1).toLowerCase()] : undefined;
  return kind === undefined ? OTHER_KIND : kind;
}

export function contentType(kind: StaticKind): string {
  return kind.charset ? kind.type + '; charset=utf-8' : kind.type;
}

/** On every static answer, found or not (a missing file, a redirect, a refused method too). */
export const STATIC_HEADERS: { [name: string]: string } = {
  'access-control-allow-origin': '*',
  'cache-control': REVALIDATE,
};

/** The file a folder's path answers with. */
export const INDEX_FILE = 'index.html';

/**
 * Files at the root of a snapshot that configure its deployment and are never
 * served (Cloudflare never serves them either: `.assetsignore`, and `_headers`
 * by its own rule); dot files anywhere are not served at all.
 */
export const UNSERVED_FILES = ['_worker.js', '_routes.json', '_headers', 'wrangler.jsonc'];

const JSON_TYPE = 'application/json; charset=utf-8';
export const STATIC_NOT_FOUND_MESSAGE = 'there is nothing at this path';
const RANGE_MESSAGE = 'the requested range is not satisfiable';

/** What one request asks of a static path. */
export interface StaticRequest {
  method: string;
  /** The request target, its dot segments resolved as a URL parser does (normalizeTarget). */
  target: string;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  range: string | null;
}

/** A file or folder of the tree as the edge found it. */
export interface StaticEntry {
  folder: boolean;
  size: number;
  mtimeMs: number;
  /** What tells this file from another that had the same path, size and time (its inode on a disk). */
  id: string;
}

/** How an edge reads its tree: the whole of the I/O answerStatic needs. */
export interface StaticIO<E extends StaticEntry, B> {
  /** The file or folder at PATH (relative to the tree's root, no leading slash; '' the root), or null. */
  stat(path: string): Promise<E | null>;
  /** Bytes START to END (inclusive) of a file stat found: called only when they are sent. */
  open(entry: E, start: number, end: number): B;
}

export interface StaticAnswer<E, B> {
  status: number;
  headers: { [name: string]: string };
  /** The body when it is an envelope (404, 405, 416); '' otherwise. */
  text: string;
  /** The file's bytes to send (from io.open), or null. */
  body: B | null;
  /** The file the answer is about, or null. */
  file: E | null;
}

function hasControlOrBackslash(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * The path of the tree a static target names ('' the root, folders ending in
 * `/`), or null when it names nothing that is served: undecodable, a NUL or
 * control character, an encoded slash or backslash (no file name holds one), a
 * dot segment or dot file, a deployment file.
 */
export function staticPath(target: string): string | null {
  const queryAt = target.search(/[?#]/);
  const raw = queryAt === -1 ? target : target.slice(0, queryAt);
  if (raw.charAt(0) !== '/' || /%(2f|5c)/i.test(raw)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch (_error) {
    return null;
  }
  if (hasControlOrBackslash(decoded) || /\/\./.test(decoded) || /\/\//.test(decoded)) return null;
  const relative = decoded.slice(1);
  if (UNSERVED_FILES.indexOf(relative) !== -1) return null;
  return relative;
}

function envelope<E, B>(status: number, message: string, extra: { [name: string]: string } | null): StaticAnswer<E, B> {
  const headers: { [name: string]: string } = {
    'content-type': JSON_TYPE,
    'access-control-allow-origin': STATIC_HEADERS['access-control-allow-origin'] as string,
    'cache-control': STATIC_HEADERS['cache-control'] as string,
  };
  if (extra !== null) for (const name in extra) headers[name] = extra[name] as string;
  return { status: status, headers: headers, text: renderError(message), body: null, file: null };
}

/** A static path that names no file of the snapshot: JSON like every other answer, with the static headers. */
export function staticNotFound<E, B>(): StaticAnswer<E, B> {
  return envelope<E, B>(404, STATIC_NOT_FOUND_MESSAGE, null);
}

/** The 405 of a static file: only GET and HEAD read one. */
export function staticMethodNotAllowed<E, B>(method: string): StaticAnswer<E, B> {
  const shown = /^[A-Za-z-]{1,20}$/.test(method) ? 'method ' + method : 'this method';
  return envelope<E, B>(405, shown + ' is not allowed here; use GET or HEAD', { allow: 'GET, HEAD' });
}

/** Weak: the edge's stat names a version of the file, not its bytes. */
export function staticEtag(entry: StaticEntry): string {
  return 'W/"' + entry.id + '-' + entry.size + '-' + new Date(entry.mtimeMs).toISOString() + '"';
}

/** If-None-Match against an ETag, by weak comparison (RFC 9110 §13.1.2): any of a list, or `*`. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const own = etag.indexOf('W/') === 0 ? etag.slice(2) : etag;
  const candidates = ifNoneMatch.split(',');
  for (let i = 0; i < candidates.length; i++) {
    let candidate = (candidates[i] as string).trim();
    if (candidate === '*') return true;
    if (candidate.indexOf('W/') === 0) candidate = candidate.slice(2);
    if (candidate === own) return true;
  }
  return false;
}

/** If-None-Match decides when given; If-Modified-Since only without it (RFC 9110 §13.2.2). */
function notModified(request: StaticRequest, etag: string, lastModified: string): boolean {
  if (request.ifNoneMatch !== null && request.ifNoneMatch !== '') return etagMatches(request.ifNoneMatch, etag);
  if (request.ifModifiedSince === null || request.ifModifiedSince === '') return false;
  const since = Date.parse(request.ifModifiedSince);
  return !Number.isNaN(since) && since >= Date.parse(lastModified);
}

/**
 * The first range of a Range header (`bytes=START-END`, `bytes=START-`, or the
 * last N bytes `bytes=-N`), 'unsatisfiable' when it starts past the end, null
 * when none was asked or the header is not a byte range (ignored, RFC 9110 §14.2).
 */
export function byteRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (header === null) return null;
  const match = /^\s*bytes\s*=\s*(\d*)-(\d*)\s*(,|$)/.exec(header);
  if (match === null || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const last = Number(match[2]);
    if (last === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - last), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(size - 1, Number(match[2]));
  if (start >= size || start > end) return 'unsatisfiable';
  return { start: start, end: end };
}

/** The answer for a file found: conditions, range, headers, and its bytes when they are sent. */
function fileAnswer<E extends StaticEntry, B>(request: StaticRequest, file: E, name: string, io: StaticIO<E, B>): StaticAnswer<E, B> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return staticMethodNotAllowed<E, B>(request.method);
  const kind = kindOf(name);
  const etag = staticEtag(file);
  const lastModified = new Date(file.mtimeMs).toUTCString();
  const headers: { [name: string]: string } = {
    'access-control-allow-origin': STATIC_HEADERS['access-control-allow-origin'] as string,
    'accept-ranges': 'bytes',
    'cache-control': kind.cache,
    'last-modified': lastModified,
    etag: etag,
  };
  const range = byteRange(request.range, file.size);
  if (range === 'unsatisfiable') {
    const refused = envelope<E, B>(416, RANGE_MESSAGE, { 'content-range': 'bytes */' + file.size });
    refused.file = file;
    return refused;
  }
  if (range === null && notModified(request, etag, lastModified)) return { status: 304, headers: headers, text: '', body: null, file: file };
  const start = range === null ? 0 : range.start;
  const end = range === null ? file.size - 1 : range.end;
  const length = Math.max(0, end - start + 1);
  if (range !== null) headers['content-range'] = 'bytes ' + start + '-' + end + '/' + file.size;
  headers['content-length'] = String(length);
  headers['content-type'] = contentType(kind);
  const send = request.method !== 'HEAD' && length > 0;
  return { status: range === null ? 200 : 206, headers: headers, text: '', body: send ? io.open(file, start, end) : null, file: file };
}

/**
 * The answer to a static target: the file it names (a folder's index.html for
 * a path ending in `/`), a 307 to the folder's path with its slash for one
 * without, the 404 envelope for a path that names nothing (whatever the
 * method, as under a base), the 405 envelope for a method other than GET and
 * HEAD on a file, 304 for a matching If-None-Match (or, without one, an
 * If-Modified-Since not before the file), one byte range.
 */
export function answerStatic<E extends StaticEntry, B>(request: StaticRequest, io: StaticIO<E, B>): Promise<StaticAnswer<E, B>> {
  const relative = staticPath(request.target);
  if (relative === null) return Promise.resolve(staticNotFound<E, B>());
  const folderPath = relative === '' || relative.charAt(relative.length - 1) === '/';
  if (folderPath) {
    return io.stat(relative + INDEX_FILE).then(function (index) {
      if (index === null || index.folder) return staticNotFound<E, B>();
      return fileAnswer(request, index, INDEX_FILE, io);
    });
  }
  return io.stat(relative).then(function (found) {
    if (found === null) return staticNotFound<E, B>();
    if (!found.folder) return fileAnswer(request, found, relative, io);
    return io.stat(relative + '/' + INDEX_FILE).then(function (index): StaticAnswer<E, B> {
      if (index === null || index.folder) return staticNotFound<E, B>();
      if (request.method !== 'GET' && request.method !== 'HEAD') return staticMethodNotAllowed<E, B>(request.method);
      const queryAt = request.target.indexOf('?');
      const pathname = queryAt === -1 ? request.target : request.target.slice(0, queryAt);
      const query = queryAt === -1 ? '' : request.target.slice(queryAt);
      const headers: { [name: string]: string } = { location: pathname + '/' + query };
      for (const name in STATIC_HEADERS) headers[name] = STATIC_HEADERS[name] as string;
      return { status: 307, headers: headers, text: '', body: null, file: null };
    });
  });
}
