// The nginx edge: the njs module (Debian's njs 0.7.9) that runs the shared
// router for the requests under an API base that the generated configuration
// (site.ts) does not answer itself from memory or a file. Bundled from
// this file with the router core, so keep to the same subset (no destructuring,
// spread, for-of, classes, optional chaining, Map/Set, named imports).
//
// Files are read with njs `fs` from one tree per request, resolved once, so a
// build that swaps the link meanwhile does not mix two snapshots. The routing
// index of the tree the configuration was written for is preloaded
// (js_preload_object); any other tree's index is read from the tree.
import crypto from 'crypto';
import fs from 'fs';
import { paths, SNAPSHOT_PATH_FORM } from '../../router/layout.ts';
import { assembleBytes, listedRange } from '../../router/list-bytes.ts';
import { edgeError, respondTo, staticNotFound, unreadable, type SnapshotIO } from '../../router/respond.ts';
import { staticMethodNotAllowed, staticPath, type StaticAnswer } from '../../router/static.ts';
import { apiPath, etagOf, finalize, normalizeTarget, route, type ApiRequest, type ApiResponse } from '../../router/router.ts';
import type { RoutingIndex } from '../../model/schemas.ts';
import { SPOOL_BYTES, SPOOL_SECONDS } from './spool.ts';

interface NginxRequest {
  method: string;
  variables: { [name: string]: string | undefined };
  headersIn: { [name: string]: string | undefined };
  /** Every header line as sent, [name, value], in order (repeated names included). */
  rawHeadersIn: string[][];
  headersOut: { [name: string]: string | undefined };
  status: number;
  return(status: number, body?: string): void;
  sendHeader(): void;
  send(part: string): void;
  finish(): void;
  internalRedirect(uri: string): void;
}

/** PREFIX/snapshot.json, preloaded by the configuration: the tree written for, its index and its mark (v1/mark/HEX.json). */
declare const nisab_snapshot: { tree: string; index: RoutingIndex; mark: string };
// njs 0.7 byte strings: decoding a shard as UTF-8 costs more than the rest of
// the request; the core only cuts shards at ASCII characters.
declare const String: StringConstructor & { bytesFrom?(bytes: Uint8Array): string };
declare const process: { pid: number };
/** njs 0.7's fs: file descriptors, and a string written as it is (a byte string: its bytes). */
interface NjsFs {
  openSync(path: string, flags: string): number;
  writeSync(fd: number, data: string | Uint8Array): number;
  closeSync(fd: number): void;
  readdirSync(path: string): string[];
  mkdirSync(path: string): void;
  rmdirSync(path: string): void;
  unlinkSync(path: string): void;
}

/** A file of `tree` as bytes; throws for a path not of layout.ts' form (relative, no dot segments). */
function readBytes(tree: string, path: string): Uint8Array {
  if (!SNAPSHOT_PATH_FORM.test(path)) throw new Error('refused to read ' + path);
  return fs.readFileSync(tree + '/' + path) as unknown as Uint8Array;
}

/** Bytes as the module's text: a byte string, one character a byte. */
function textOf(bytes: Uint8Array): string {
  return String.bytesFrom ? String.bytesFrom(bytes) : bytes.toString();
}

/**
 * textOf for a view into a file's bytes (list-bytes.ts decodes its first and
 * last lines and counts lines in it): njs 0.7.9's String.bytesFrom gives the
 * bytes of the whole buffer under a view, so the view is cut from that text,
 * made once for the last buffer asked.
 */
function viewDecoder(): (bytes: Uint8Array) => string {
  let buffer: ArrayBufferLike | null = null;
  let text = '';
  return function (bytes) {
    if (!String.bytesFrom) return bytes.toString();
    if (bytes.buffer !== buffer) {
      buffer = bytes.buffer;
      text = String.bytesFrom(bytes);
    }
    return text.length === bytes.length ? text : text.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
  };
}

function snapshotIO(tree: string): SnapshotIO {
  return {
    read: function (path) {
      try {
        return Promise.resolve(textOf(readBytes(tree, path)));
      } catch (e) {
        return Promise.reject(e);
      }
    },
    sha1Hex: function (text) {
      return Promise.resolve(crypto.createHash('sha1').update(text).digest('hex'));
    },
    now: Date.now,
  };
}

/** A part of an answer: text, or the bytes of a file (a composed range's, see routed). */
type Part = string | Uint8Array;

function send(r: NginxRequest, response: ApiResponse<Part>, spool?: string): void {
  const names = Object.keys(response.headers);
  for (let i = 0; i < names.length; i++) r.headersOut[names[i] as string] = response.headers[names[i] as string] as string;
  // For HEAD nginx sends the headers of this body (its Content-Length) and leaves the body out.
  if (response.status === 204 || response.status === 304) r.return(response.status);
  else if (response.parts === null || (response.parts.length < 2 && typeof response.parts[0] === 'string')) {
    const body = response.parts === null ? response.body : (response.parts[0] as string);
    if (spool && response.status === 200 && spooled(r, spool, [body], -1)) r.return(200);
    else r.return(response.status, body);
  } else {
    // Counted once, and only when it could be SPOOL_BYTES or fewer: more characters is more bytes.
    const bytes = charsOf(response.parts) > SPOOL_BYTES ? -1 : bytesOf(response.parts);
    if (spool && response.status === 200 && spooled(r, spool, response.parts, bytes)) r.return(200);
    else sendParts(r, response.status, response.parts, bytes === -1 ? bytesOf(response.parts) : bytes);
  }
}

/** At most the parts' bytes: a character is one byte or more (and a byte string's, String.bytesFrom's, exactly one). */
function charsOf(parts: Part[]): number {
  let chars = 0;
  for (let i = 0; i < parts.length; i++) chars += (parts[i] as Part).length;
  return chars;
}

/**
 * The parts' bytes, as Buffer.byteLength counts them. It decodes every byte,
 * which cost njs more than cutting and joining the shards of a long answer; a
 * part without a byte over 0x7f (a PCRE scan) has as many bytes as characters,
 * whether it is a byte string or not.
 */
function bytesOf(parts: Part[]): number {
  let length = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Part;
    length += typeof part === 'string' && /[^\x00-\x7f]/.test(part) ? Buffer.byteLength(part) : part.length;
  }
  return length;
}

/**
 * A long answer written to a new file of the spool, and the backend told to
 * serve that file (X-Accel-Redirect, see conf.ts): this request, and all the
 * memory njs took to compose it, ends now rather than when the front has read
 * the answer (with many asked at once, that was every one of them composed
 * before the first was read: 13 MB a client at 2 × 20 years). False, and
 * nothing written, for a short answer or a spool that cannot be written.
 * `bytes`: the parts' bytes, or -1 when not counted (more characters than SPOOL_BYTES, or not yet).
 */
function spooled(r: NginxRequest, spool: string, parts: Part[], bytes: number): boolean {
  if (bytes === -1 ? charsOf(parts) <= SPOOL_BYTES && bytesOf(parts) <= SPOOL_BYTES : bytes <= SPOOL_BYTES) return false;
  const files = fs as unknown as NjsFs;
  // One folder a second: the sweep reads the few folders of the last seconds, not every file.
  const second = Math.floor(Date.now() / 1000);
  sweep(files, spool, second);
  const name = second + '/' + process.pid + '-' + Math.floor(Math.random() * 1e9) + '.json';
  let fd = -1;
  try {
    try {
      files.mkdirSync(spool + '/' + second);
    } catch (_exists) {
      // made by an earlier answer of this second (or not writable: openSync says so)
    }
    fd = files.openSync(spool + '/' + name, 'wx');
    for (let i = 0; i < parts.length; i++) files.writeSync(fd, parts[i] as Part);
    files.closeSync(fd);
  } catch (_e) {
    if (fd !== -1) {
      try {
        files.closeSync(fd);
        files.unlinkSync(spool + '/' + name);
      } catch (_again) {
        // already closed or gone
      }
    }
    return false;
  }
  r.headersOut['X-Accel-Redirect'] = '/_nisab/spool/' + name;
  return true;
}

/** Removes the spool's folders of seconds more than SPOOL_SECONDS ago, with their files (the backend has long opened them). */
function sweep(files: NjsFs, spool: string, second: number): void {
  let names: string[];
  try {
    names = files.readdirSync(spool);
  } catch (_e) {
    return;
  }
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    if (!/^[0-9]+$/.test(name) || Number(name) >= second - SPOOL_SECONDS) continue;
    const folder = spool + '/' + name;
    try {
      const inside = files.readdirSync(folder);
      for (let j = 0; j < inside.length; j++) files.unlinkSync(folder + '/' + inside[j]);
      files.rmdirSync(folder);
    } catch (_e) {
      // swept by another worker meanwhile
    }
  }
}

/**
 * A composed list one part after the other, never joined: nginx queues each
 * part as it is (no copy), so a long answer costs the parts, not twice them.
 */
function sendParts(r: NginxRequest, status: number, parts: Part[], bytes: number): void {
  r.status = status;
  r.headersOut['Content-Length'] = String(bytes);
  r.sendHeader();
  // njs 0.7.9's r.send takes text only: bytes as a byte string (the same bytes).
  const decode = viewDecoder();
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Part;
    r.send(typeof part === 'string' ? part : decode(part));
  }
  r.finish();
}

/**
 * Whether `tree` holds `mark`: then it holds the same bytes as every tree with
 * that mark (the mark is named by a hash of the other files, the index included).
 */
function holds(tree: string, mark: string): boolean {
  if (tree === '' || !SNAPSHOT_PATH_FORM.test(mark)) return false;
  try {
    fs.accessSync(tree + '/' + mark);
    return true;
  } catch (_e) {
    return false;
  }
}

/** The tree DIR holds now, resolved afresh (not the request's $realpath_root, which is kept once read). */
function treeNow(r: NginxRequest): string {
  try {
    return fs.realpathSync(r.variables.document_root || '') as unknown as string;
  } catch (_e) {
    return '';
  }
}

/**
 * The router's answer from `tree`; `otherwise` when the request is not under a
 * base. A tree that cannot be read (swept by builds since it was resolved) is
 * not the end: the answer comes from the tree DIR holds now, marked not to be
 * kept (see compose), as it may not be the tree a cache key names.
 */
function answer(r: NginxRequest, request: ApiRequest, tree: string, otherwise: () => void, spool?: string): void {
  attempt(r, request, tree, otherwise, true, spool);
}

/**
 * The router's answer with `index` (core respond.ts respondWith), but a long
 * composed range cut from its files' bytes, as the worker does (core
 * list-bytes.ts: the same bytes and ETag). As text, njs copied such a range
 * when cutting it, walked all its lines to count them, and converted every
 * byte again to write it to the spool (fs.writeSync of a string): 40 % of
 * a year's CPU. Files of SPOOL_BYTES or fewer in all stay text: their answer
 * is sent by r.send, which takes text only, and list-bytes.ts' loops over
 * bytes cost njs more than the text's cut there (BENCHMARKS.md).
 */
function routed(request: ApiRequest, index: RoutingIndex, io: SnapshotIO, tree: string): Promise<ApiResponse<Part> | null> {
  const plan = route(request, index);
  if (plan === null) return Promise.resolve(null);
  if (!listedRange(plan)) return respondTo(plan, index, io);
  const files: Uint8Array[] = [];
  let bytes = 0;
  for (let i = 0; i < plan.reads.length; i++) {
    files.push(readBytes(tree, (plan.reads[i] as { path: string }).path));
    bytes += (files[i] as Uint8Array).length;
  }
  if (bytes <= SPOOL_BYTES) {
    const read = io.read;
    const texts: SnapshotIO = {
      read: function (path) {
        for (let i = 0; i < plan.reads.length; i++)
          if ((plan.reads[i] as { path: string }).path === path) return Promise.resolve(textOf(files[i] as Uint8Array));
        return read(path);
      },
      sha1Hex: io.sha1Hex,
      now: io.now,
    };
    return respondTo(plan, index, texts);
  }
  const answer = assembleBytes(plan, files, index, viewDecoder());
  return io.sha1Hex(answer.etagKey).then(function (hex) {
    answer.etag = etagOf(hex);
    return finalize(answer, plan, index, io.now());
  });
}

function attempt(r: NginxRequest, request: ApiRequest, tree: string, otherwise: () => void, again: boolean, spool?: string): void {
  let pending: Promise<ApiResponse<Part> | null>;
  try {
    const io = snapshotIO(tree);
    // The preloaded index serves every tree with the same mark: same bytes, the index included.
    const preloaded = tree === nisab_snapshot.tree || holds(tree, nisab_snapshot.mark);
    pending = preloaded
      ? routed(request, nisab_snapshot.index, io, tree)
      : io.read(paths.routing).then(function (text) {
          return routed(request, JSON.parse(text) as RoutingIndex, io, tree);
        });
  } catch (e) {
    pending = Promise.reject(e);
  }
  pending.then(
    function (response) {
      if (response === null) otherwise();
      else send(r, response, spool);
    },
    function () {
      const now = treeNow(r);
      if (!again || now === '' || now === tree) {
        send(r, unreadable());
        return;
      }
      r.headersOut['X-Accel-Expires'] = '0';
      attempt(r, request, now, otherwise, false, spool);
    },
  );
}

/** The client's method: the first word of its request line (an error page's redirect makes r.method GET). */
function clientMethod(r: NginxRequest): string {
  const line = r.variables.request || '';
  const space = line.indexOf(' ');
  return space === -1 ? r.method : line.slice(0, space);
}

function ifNoneMatch(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/**
 * js_set of the front for a request nginx refused: every If-None-Match line the
 * client sent, as one list (RFC 9110 §5.3: repeated lines are one list, as Node
 * and workerd join them). nginx takes one If-None-Match line only: a second is a
 * 400 (whose error page asks the router, see conf.ts), and $http_if_none_match is
 * the first. nginx stops reading the header at that second line, so a third
 * never arrives here.
 */
function ifNoneMatchLines(r: NginxRequest): string {
  return linesOf(r, 'if-none-match').join(', ');
}

/** The values of the header lines named `name` (lower case) that nginx read. */
function linesOf(r: NginxRequest, name: string): string[] {
  const values: string[] = [];
  const lines = r.rawHeadersIn;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string[];
    if ((line[0] as string).toLowerCase() === name) values.push(line[1] as string);
  }
  return values;
}

/**
 * js_set of the front for a request nginx refused: "malformed" when its body's
 * framing is (Content-Length or Transfer-Encoding twice), as Node's parser
 * refuses it on the preview; nginx's other refusals of a repeated line
 * (If-None-Match, Host...) get the router's answer, as the preview gives one.
 */
function framing(r: NginxRequest): string {
  return linesOf(r, 'content-length').length > 1 || linesOf(r, 'transfer-encoding').length > 1 ? 'malformed' : '';
}

/**
 * js_content for the methods other than GET and HEAD (they never read a file),
 * and for GET and HEAD when the backend is unreachable: the request target as
 * sent ($request_uri, what the answer cache is keyed by), the client's method.
 */
function handle(r: NginxRequest): void {
  const request = { method: clientMethod(r), url: r.variables.request_uri || '', ifNoneMatch: ifNoneMatch(r.headersIn['If-None-Match']) };
  answer(r, request, r.variables.realpath_root || '', function () {
    send(r, staticNotFound());
  });
}

/**
 * js_content for a target nginx reads otherwise than a URL parser (dot
 * segments, a backslash, a fragment): resolved as the router resolves it, then
 * the router's answer under a base, or the static file the resolved path names.
 */
function odd(r: NginxRequest): void {
  const target = normalizeTarget(r.variables.request_uri || '/');
  const method = clientMethod(r);
  // GET and HEAD under a base go to the backend, whose router resolves the target
  // the same way: a long answer is composed there and leaves njs through the spool,
  // never held here while the client reads (issue 31).
  if ((method === 'GET' || method === 'HEAD') && apiPath(target) !== null) {
    r.internalRedirect('/_nisab/proxied');
    return;
  }
  const request = { method: method, url: target, ifNoneMatch: ifNoneMatch(r.headersIn['If-None-Match']) };
  answer(r, request, r.variables.realpath_root || '', function () {
    // What the static seam serves (router/static.ts): never a dot file, an encoded slash or a deployment file.
    const file = staticPath(target);
    if (file === null) send(r, staticNotFound());
    else r.internalRedirect('/_nisab/static/' + file);
  });
}

/** A static envelope (404, 405) as the answers send() writes. */
function staticResponse(answer: StaticAnswer<null, null>): ApiResponse {
  return { status: answer.status, headers: answer.headers, body: answer.text, parts: null, sendBody: true };
}

/** Statuses of what nginx refused, as the client should see them: 494 is nginx's own, and a request's fault is never a 5xx. */
const REFUSALS: { [status: string]: { status: number; message: string } } = {
  '400': { status: 400, message: 'the request is malformed' },
  '405': { status: 405, message: 'this method is not allowed; use GET, HEAD or OPTIONS' },
  '413': { status: 413, message: 'the request body is too large' },
  '414': { status: 414, message: 'the request line is too long' },
  '494': { status: 431, message: 'the request headers are too large' },
  '501': { status: 400, message: 'this Transfer-Encoding is not supported' },
  '505': { status: 400, message: 'this HTTP version is not supported' },
};

/**
 * js_content of the backend (a unix socket only the front reaches) that the
 * front proxies GET and HEAD to (through its answer cache when it can), and
 * the requests nginx itself refused before routing them (a URI climbing above
 * the root, TRACE, oversized lines). The front names the request in headers,
 * each always set, so nginx's own conditional handling (If-Match,
 * If-Modified-Since...) never touches the router's answers:
 *
 *   X-Nisab-Method         the client's method
 *   X-Nisab-URI            the request target as sent ($request_uri: the cache key's)
 *   X-Nisab-Request-Line   the raw request line, for what nginx refused before it set $request_uri
 *   X-Nisab-Tree           the tree the front's answer cache is keyed for (empty: the one DIR holds now)
 *   X-Nisab-Mark           that tree's mark, which the cache key names (empty: not through the cache)
 *   X-Nisab-If-None-Match  the client's If-None-Match
 *   X-Nisab-Refused        /_nisab/refused/STATUS when nginx refused it, else empty
 *   X-Nisab-Framing        "malformed" when nginx refused a body's framing (see framing), else empty
 *   X-Nisab-Direct         set by the backend only: send the answer directly, never through the spool
 */
function compose(r: NginxRequest): void {
  const method = r.headersIn['X-Nisab-Method'] || '';
  const refused = /\/_nisab\/refused\/([0-9]+)$/.exec(r.headersIn['X-Nisab-Refused'] || '');
  // A request nginx refused while reading its URI (`%00`) has no $request_uri: its
  // line as sent, then. Refused requests never go through the answer cache.
  const url = r.headersIn['X-Nisab-URI'] || (refused ? targetOf(r.headersIn['X-Nisab-Request-Line'] || '') : '');
  const refusal = refused ? REFUSALS[refused[1] as string] || REFUSALS['400'] : null;
  const otherwise = function () {
    // A method nginx refused on a static file or folder: the static seam's 405, as on the preview.
    if (refusal && refusal.status === 405) send(r, staticResponse(staticMethodNotAllowed<null, null>(method)));
    else send(r, refusal ? edgeError(refusal.status, refusal.message) : staticNotFound());
  };
  // The front's answer cache keys an answer by a tree's mark (X-Nisab-Mark) and
  // names the tree written for (X-Nisab-Tree). Builds since may have swept that
  // tree and left DIR holding another with the same mark (a same-day rebuild):
  // any tree that holds the mark gives the same bytes. Otherwise (DIR swapped to
  // another content meanwhile) the answer is the current tree's, never kept
  // under that key (X-Accel-Expires: 0; nginx shows it to no client).
  const named = r.headersIn['X-Nisab-Tree'] || '';
  const mark = r.headersIn['X-Nisab-Mark'] || '';
  const current = r.variables.realpath_root || '';
  let tree = current;
  if (mark !== '' && !holds(current, mark)) {
    if ((named === nisab_snapshot.tree || sameStore(named, current)) && holds(named, mark)) tree = named;
    else r.headersOut['X-Accel-Expires'] = '0';
  }
  // A line or headers too large say so, even under a base (as the preview's Node does); the
  // rest of what nginx refuses (TRACE, a URI climbing above the root...) gets the router's answer.
  if (refused && r.headersIn['X-Nisab-Framing'] === 'malformed') send(r, edgeError(400, 'the request is malformed'));
  else if (method === '' || url === '' || (refused && (refused[1] === '414' || refused[1] === '494'))) otherwise();
  else {
    // The spool, unless the backend found the file of an earlier try already swept (X-Nisab-Direct).
    const spool = r.headersIn['X-Nisab-Direct'] ? '' : r.variables.nisab_spool || '';
    answer(r, { method: method, url: url, ifNoneMatch: ifNoneMatch(r.headersIn['X-Nisab-If-None-Match']) }, tree, otherwise, spool);
  }
}

/** The target of a request line: between the method and the protocol, however many spaces. */
function targetOf(line: string): string {
  const words = line.split(' ').filter(function (word) {
    return word !== '';
  });
  return words.length >= 2 ? (words[1] as string) : '';
}

/** Two trees of one snapshot store (`.NAME.snapshots/snap-*`). */
function sameStore(a: string, b: string): boolean {
  const slash = b.lastIndexOf('/');
  return slash > 0 && a.lastIndexOf('/') === slash && a.slice(0, slash) === b.slice(0, slash) && a.indexOf('/..') === -1;
}

export default { handle: handle, compose: compose, odd: odd, ifNoneMatchLines: ifNoneMatchLines, framing: framing };
