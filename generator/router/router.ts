// The router: docs/API.md §1–§6 as pure functions. An adapter (preview server,
// Cloudflare worker, nginx njs) does only the I/O around them:
//
//   const plan = route(request, index);           // which files, or an answer
//   if (plan === null) -> serve static content
//   const texts = read every plan.reads[i].path   // from the snapshot
//   const answer = assemble(plan, texts, index);  // body parts and ETag (or the short key to hash for it)
//   const response = finalize(answer, plan, index, Date.now());
//
// Paths read are built only from validated values (layout.ts), never from the
// request's text, so no request reaches a file outside the snapshot.
//
// Router core: keep to what nginx's njs 0.7.9 runs (no destructuring, spread,
// for-of, classes, optional chaining, nullish coalescing, Map/Set, URLSearchParams).
import { LIST_HEAD, LIST_SEPARATOR, LIST_TAIL_START, renderError, renderItem, renderJoinedList } from './envelope.ts';
import { composeDated, type Dated } from './dated.ts';
import { OPTION_NAMES, optionOf, overCap, rateLine, rewritersOf, type AppliedOption, type Rewriter } from './answer-options.ts';
import type { OptionName } from '../model/option-schemas.ts';
import { BASES, endpointAt, noEndpointMessage, type Decision, type Rule } from './endpoints.ts';
import { PARAMETERS, type ParameterName, type Query } from './parameters.ts';
import type { ShardRead } from './layout.ts';
import type { RoutingIndex } from '../model/schemas.ts';
import { firstRecord, lastRecord, sliceList } from './slice.ts';

export const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/** dailynisab.org's base, the one build --legacy-unit may make answer in another unit (CONTRACT §12). */
const LEGACY_BASE = BASES[1] as string;

/** The 405 message for a method the API does not take (the preview's CONNECT too). */
export function methodNotAllowed(method: string): string {
  const shown = /^[A-Za-z-]{1,20}$/.test(method) ? 'method ' + method : 'this method';
  return shown + ' is not allowed; use GET, HEAD or OPTIONS';
}

export interface ApiRequest {
  method: string;
  /** Path and query as sent, e.g. `/api/v1/rates?start_date=2024-01-01`. */
  url: string;
  ifNoneMatch: string | null;
}

export interface Plan {
  status: number;
  /** Files to read, in order; a read without dates is a whole file. */
  reads: ShardRead[];
  /** The body when nothing needs reading (errors, empty lists, 204). */
  body: string | null;
  head: boolean;
  ifNoneMatch: string | null;
  /** A dated answer to compose from the reads (dated.ts); null for the others. */
  dated: Dated | null;
  /** The answer options given (currency=...): the records are rewritten by each, the last reads being their files (answer-options.ts); [] for none. */
  options: AppliedOption[];
}

export interface Answer<Part = string> {
  status: number;
  /** The body in pieces, to be sent one after the other: a composed list is never joined into one string. */
  parts: (string | Part)[];
  /** null: the adapter sets it to etagOf(sha1 of etagKey) before finalize. */
  etag: string | null;
  /** A short text that only this body has in this snapshot (never the whole of a big body). */
  etagKey: string;
}

/** What an edge sends: named so as not to shadow the global Response of the runtimes. */
export interface ApiResponse<Part = string> {
  status: number;
  headers: { [name: string]: string };
  /** The full body, unless `parts` holds it; send none when `sendBody` is false (HEAD, 204, 304). */
  body: string;
  /**
   * A composed list in pieces (then `body` is ''): send them one after the
   * other, so a long answer is never held as one string (bodyOf joins them).
   */
  parts: (string | Part)[] | null;
  sendBody: boolean;
}

/** A response's body as one string (for the adapters and tests that want it whole). */
export function bodyOf(response: ApiResponse): string {
  return response.parts === null ? response.body : response.parts.join('');
}

const CONTROL = /[\u0000-\u001f\u007f]/;

function fail(status: number, message: string, head: boolean): Plan {
  return { status: status, reads: [], body: renderError(message), head: head, ifNoneMatch: null, dated: null, options: [] };
}

function decode(text: string): string | null {
  // Most names and values have neither: as they are (njs runs a RegExp replace and decodeURIComponent slowly).
  if (text.indexOf('%') === -1 && text.indexOf('+') === -1) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch (_error) {
    return null;
  }
}

/** The endpoint's own parameters: name -> non-empty values (undecodable values count as malformed '\u0000'). */
function readParameters(query: string, names: string[]): { [name: string]: string[] } {
  const found: { [name: string]: string[] } = {};
  for (let i = 0; i < names.length; i++) found[names[i] as string] = [];
  const parts = query.split('&');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const eq = part.indexOf('=');
    const name = decode(eq === -1 ? part : part.slice(0, eq));
    if (name === null || !Object.prototype.hasOwnProperty.call(found, name)) continue;
    const raw = eq === -1 ? '' : part.slice(eq + 1);
    if (raw === '') continue;
    const value = decode(raw);
    // A control character (`1%0A`) makes a value malformed here, on every
    // server: njs's PCRE `$` matches before a final newline and its
    // Number('1\n') is NaN, where V8's is 1.
    (found[name] as string[]).push(value === null || CONTROL.test(value) ? '\u0000' : value);
  }
  return found;
}

const DOUBLE_DOT = ['..', '.%2e', '%2e.', '%2e%2e'];

/**
 * The request target as every server routes it, the way the WHATWG URL parser
 * (and so workerd and Cloudflare, before any code runs) reads it: absolute-form
 * cut to its path and query (`http://h/api/v1/meta` -> `/api/v1/meta`), the
 * fragment dropped, `\` read as `/` in the path, and dot segments (`.`, `..`,
 * `%2e` forms) resolved. So `/api/v1/x/../meta` is `/api/v1/meta` everywhere,
 * and `/api/v1/../../manifest.json` is the static file `/manifest.json`.
 */
export function normalizeTarget(url: string): string {
  let target = url;
  const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\/?#]*/.exec(target);
  if (absolute) target = target.slice(absolute[0].length);
  const hashAt = target.indexOf('#');
  if (hashAt !== -1) target = target.slice(0, hashAt);
  if (target.charAt(0) !== '/') target = '/' + target;
  const queryAt = target.indexOf('?');
  let path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt);
  if (path.indexOf('\\') !== -1) path = path.replace(/\\/g, '/');
  if (!/\/(\.|%2e)/i.test(path)) return path + query;
  const segments = path.split('/');
  const kept: string[] = [];
  for (let i = 1; i < segments.length; i++) {
    const segment = (segments[i] as string).toLowerCase();
    const last = i === segments.length - 1;
    if (DOUBLE_DOT.indexOf(segment) !== -1) {
      kept.pop();
      if (last) kept.push('');
    } else if (segment === '.' || segment === '%2e') {
      if (last) kept.push('');
    } else {
      kept.push(segments[i] as string);
    }
  }
  return '/' + kept.join('/') + query;
}

/** The path under an API base (`/rates` for `/api/v1/rates?x`), or null for static content. Give it a normalizeTarget()ed target. */
export function apiPath(url: string): string | null {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (let i = 0; i < BASES.length; i++) {
    const base = BASES[i] as string;
    if (path === base || path.indexOf(base + '/') === 0) return path.slice(base.length);
  }
  return null;
}

/**
 * Decide the answer to a request; null when the path is not under an API base.
 * When several things are wrong, the first of docs/API.md §2's order answers:
 * method, path, a malformed parameter (PARAMETERS' parse), a rule across
 * parameters (the endpoint's: start after end), a well-formed value naming
 * nothing (an unknown subcategory), then what the endpoint's plan finds.
 */
export function route(request: ApiRequest, index: RoutingIndex): Plan | null {
  const url = normalizeTarget(request.url);
  let rest = apiPath(url);
  if (rest === null) return null;
  const queryAt = url.indexOf('?');
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const base = path.slice(0, path.length - rest.length);

  const method = request.method;
  const head = method === 'HEAD';
  if (method === 'OPTIONS') return { status: 204, reads: [], body: '', head: false, ifNoneMatch: null, dated: null, options: [] };
  if (method !== 'GET' && !head) return fail(405, methodNotAllowed(method), head);

  if (rest.length > 1 && rest.charAt(rest.length - 1) === '/') rest = rest.slice(0, -1);
  const endpoint = endpointAt(rest);
  if (endpoint === null) return fail(404, noEndpointMessage(), head);
  const given = readParameters(query, endpoint.parameters);
  // Every parameter of the table is in the query: null unless the endpoint reads it and it was given.
  const values: { [name: string]: unknown } = {};
  const names = Object.keys(PARAMETERS);
  for (let i = 0; i < names.length; i++) values[names[i] as string] = null;
  // A well-formed value naming nothing (an unknown subcategory) answers 404 only once nothing answers 400.
  let unknown: string | null = null;
  for (let i = 0; i < endpoint.parameters.length; i++) {
    const name = endpoint.parameters[i] as ParameterName;
    const list = given[name] as string[];
    if (list.length > 1) return fail(400, name + ' is given more than once; give it once', head);
    if (list.length === 0) continue;
    const parsed = PARAMETERS[name].parse(list[0] as string, index);
    if (parsed.ok) values[name] = parsed.value;
    else if (parsed.status === 400) return fail(400, parsed.message, head);
    else if (unknown === null) unknown = parsed.message;
  }
  // build --legacy-unit (CONTRACT §12): the legacy base's answers, when no unit is given, are those of unit= that
  // unit; a unit given (unit=gram too) is answered as on /api/v1. The option's rewrite then applies as given, so no
  // whole file (nginx's fast path, the worker's byte pipe) answers such a request.
  if (index.legacyUnit !== undefined && base === LEGACY_BASE && given.unit !== undefined && (given.unit as string[]).length === 0) {
    values.unit = index.legacyUnit;
  }
  // Built from every name of the table above, each parsed by its own entry.
  const parsedQuery = values as Query;
  for (let i = 0; i < endpoint.rules.length; i++) {
    const problem = (endpoint.rules[i] as Rule)(parsedQuery, index);
    if (problem !== null) return fail(400, problem, head);
  }
  if (unknown !== null) return fail(404, unknown, head);
  const decision: Decision = endpoint.plan(parsedQuery, index);
  if (decision.error !== null) return fail(decision.status, decision.error, head);
  // Each answer option given (answer-options.ts): its range cap, then its files after the answer's own.
  let reads = decision.reads;
  const options: AppliedOption[] = [];
  const rewritten = decision.rewritten;
  for (let i = 0; rewritten !== null && i < OPTION_NAMES.length; i++) {
    const name = OPTION_NAMES[i] as OptionName;
    const value = values[name];
    if (value === null) continue;
    const problem = overCap(name, rewritten.from, rewritten.to);
    if (problem !== null) return fail(400, problem, head);
    const files = optionOf(name).files(value, rewritten.from, rewritten.to, index);
    for (let j = 0; j < files.length; j++) reads = reads.concat([{ path: files[j] as string, from: '', to: '' }]);
    options.push({ name: name, value: value, files: files.length, from: rewritten.from, to: rewritten.to });
  }
  return {
    status: decision.status,
    reads: reads,
    body: decision.body,
    head: head,
    ifNoneMatch: request.ifNoneMatch,
    dated: decision.dated,
    options: options,
  };
}

/**
 * What a rate list's ETag is the SHA-1 of: the snapshot, the count and the first
 * and last record. Within a snapshot that names the body (records are ordered
 * and unique, so a scope's records between two records are fixed, and the
 * count tells a subcategory's list from "all"), so equal bodies get equal
 * ETags, a composed answer the ETag of the file of the same records, and no
 * body is hashed whole.
 */
export function listEtagKey(index: RoutingIndex, count: number, first: string, last: string): string {
  return index.snapshot + '\n' + count + '\n' + first + '\n' + last;
}

/**
 * The records a read contributes to a composed list: its text cut to the read's
 * dates, or (for an adapter that moves a whole block without decoding it, see
 * list-bytes.ts) its record bytes, with the count and the first and last record
 * line either way.
 */
export interface ListPiece<Body = string | Uint8Array> {
  body: Body;
  count: number;
  first: string;
  last: string;
}

/** A read's records as text: the file cut to the read's dates. */
export function textPiece(text: string, read: ShardRead): ListPiece<string> & { whole: boolean } {
  const piece = sliceList(text, read.from, read.to);
  if (piece.count === 0) return { body: '', count: 0, first: '', last: '', whole: piece.whole };
  return { body: piece.text, count: piece.count, first: firstRecord(piece.text), last: lastRecord(piece.text), whole: piece.whole };
}

/** A composed list: the pieces' records between one head and one tail, in order (empty pieces add nothing). */
export function joinList<Body>(plan: Plan, pieces: ListPiece<Body>[], index: RoutingIndex): { status: number; parts: (string | Body)[]; etagKey: string } {
  const parts: (string | Body)[] = [LIST_HEAD];
  let count = 0;
  let firstLine = '';
  let lastLine = '';
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as ListPiece<Body>;
    if (piece.count === 0) continue;
    if (count > 0) parts.push(LIST_SEPARATOR);
    else firstLine = piece.first;
    lastLine = piece.last;
    count += piece.count;
    parts.push(piece.body);
  }
  if (count === 0) {
    const empty = renderJoinedList('', 0);
    return { status: plan.status, parts: [empty], etagKey: empty };
  }
  parts.push(LIST_TAIL_START + count + '}\n');
  return { status: plan.status, parts: parts, etagKey: listEtagKey(index, count, firstLine, lastLine) };
}

/** The body (in parts) and ETag of a plan, from the texts of its reads (same order). */
export function assemble(plan: Plan, texts: string[], index: RoutingIndex): Answer {
  if (plan.body !== null) return { status: plan.status, parts: [plan.body], etag: null, etagKey: plan.body };
  if (plan.options.length > 0) return assembleRewritten(plan, texts, index);
  if (plan.dated !== null) {
    const composed = composeDated(plan.dated, texts, index);
    // The plan saw a record in coverage; a tree that lacks it is damaged, as a missing file would be.
    if (composed === null) throw new Error('the snapshot has no record of subcategory ' + plan.dated.subcategory + ' on or before ' + plan.dated.date);
    // A small body (one record, or the Nisab rules): hashed whole.
    return { status: composed.status, parts: [composed.body], etag: null, etagKey: composed.body };
  }
  const first = plan.reads[0] as ShardRead;
  if (first.from === '') {
    const text = texts[0] as string;
    return { status: plan.status, parts: [text], etag: knownEtag(index, first.path), etagKey: text };
  }
  const pieces: ListPiece<string>[] = [];
  for (let i = 0; i < plan.reads.length; i++) {
    const piece = textPiece(texts[i] as string, plan.reads[i] as ShardRead);
    // A whole file is sent as it is (the same bytes as its records between head and tail).
    if (piece.whole && piece.count > 0 && plan.reads.length === 1) {
      return { status: plan.status, parts: [texts[0] as string], etag: null, etagKey: listEtagKey(index, piece.count, piece.first, piece.last) };
    }
    pieces.push(piece);
  }
  const joined = joinList(plan, pieces, index);
  return { status: joined.status, parts: joined.parts, etag: null, etagKey: joined.etagKey };
}

const ITEM_HEAD = '{"success":true,"data":';

// V8 keeps a string of more than about 128 kB in its large-object space, and joining one there cost 15 to 60
// times as much a byte as joining pieces below it (Node 24; a year of 3,660 records in a currency is 1.7 MB:
// BENCHMARKS.md). So rewritten records are joined in pieces of about this many characters, each a part of the answer.
const PIECE_CHARS = 48 * 1024;

/**
 * Joined record lines (LIST_SEPARATOR between them), each rewritten and pushed onto `parts` in pieces of about
 * PIECE_CHARS, the separator ending every piece but the last; the first and last line as rewritten.
 */
function pushRewritten(joined: string, rewriters: Rewriter[], parts: string[]): { first: string; last: string } {
  const lines = joined.split(LIST_SEPARATOR);
  let from = 0;
  let chars = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = rateLine(lines[i] as string, rewriters);
    lines[i] = line;
    chars += line.length;
    if (chars < PIECE_CHARS && i < lines.length - 1) continue;
    const piece = lines.slice(from, i + 1).join(LIST_SEPARATOR);
    parts.push(i < lines.length - 1 ? piece + LIST_SEPARATOR : piece);
    from = i + 1;
    chars = 0;
  }
  return { first: lines[0] as string, last: lines[lines.length - 1] as string };
}

/** assemble() for an answer with answer options (currency=, docs/API.md §2c): the reads' records rewritten by each (answer-options.ts). */
function assembleRewritten(plan: Plan, texts: string[], index: RoutingIndex): Answer {
  const read = rewritersOf(plan.options, texts);
  const own = read.own;
  const rewriters = read.rewriters;
  if (plan.dated !== null) {
    const composed = composeDated(plan.dated, own, index, rewriters);
    if (composed === null) throw new Error('the snapshot has no record of subcategory ' + plan.dated.subcategory + ' on or before ' + plan.dated.date);
    return { status: composed.status, parts: [composed.body], etag: null, etagKey: composed.body };
  }
  const first = plan.reads[0] as ShardRead;
  if (first.from === '') {
    // A latest file: one record.
    const text = own[0] as string;
    const body = renderItem(rateLine(text.slice(ITEM_HEAD.length, text.length - 2), rewriters));
    return { status: plan.status, parts: [body], etag: null, etagKey: body };
  }
  const parts: string[] = [LIST_HEAD];
  let count = 0;
  let firstLine = '';
  let lastLine = '';
  for (let i = 0; i < own.length; i++) {
    const read = plan.reads[i] as ShardRead;
    const piece = sliceList(own[i] as string, read.from, read.to);
    if (piece.count === 0) continue;
    if (count > 0) parts.push(LIST_SEPARATOR);
    const ends = pushRewritten(piece.text, rewriters, parts);
    if (count === 0) firstLine = ends.first;
    lastLine = ends.last;
    count += piece.count;
  }
  if (count === 0) {
    const empty = renderJoinedList('', 0);
    return { status: plan.status, parts: [empty], etag: null, etagKey: empty };
  }
  parts.push(LIST_TAIL_START + count + '}\n');
  return { status: plan.status, parts: parts, etag: null, etagKey: listEtagKey(index, count, firstLine, lastLine) };
}

function knownEtag(index: RoutingIndex, path: string): string | null {
  return Object.prototype.hasOwnProperty.call(index.etags, path) ? (index.etags[path] as string) : null;
}

/** An ETag from the hex SHA-1 of a body: the build and every adapter use this. */
export function etagOf(sha1Hex: string): string {
  return '"' + sha1Hex + '"';
}

function matches(ifNoneMatch: string, etag: string): boolean {
  const candidates = ifNoneMatch.split(',');
  for (let i = 0; i < candidates.length; i++) {
    let candidate = (candidates[i] as string).trim();
    if (candidate === '*') return true;
    if (candidate.indexOf('W/') === 0) candidate = candidate.slice(2);
    if (candidate === etag) return true;
  }
  return false;
}

/** Seconds until the next build is due: no answer may be cached past it. */
export function maxAge(index: RoutingIndex, nowMs: number): number {
  const seconds = Math.floor((Date.parse(index.validUntil) - nowMs) / 1000);
  return seconds > 0 ? seconds : 0;
}

/** Status, headers and body of an answer (docs/API.md §4–§6). */
export function finalize<Part = string>(answer: Answer<Part>, plan: Plan, index: RoutingIndex, nowMs: number): ApiResponse<Part> {
  const headers: { [name: string]: string } = {
    'access-control-allow-origin': '*',
    'cache-control': 'public, max-age=' + maxAge(index, nowMs),
  };
  if (answer.status === 204) {
    headers['access-control-allow-methods'] = ALLOWED_METHODS;
    headers['access-control-allow-headers'] = 'If-None-Match';
    headers['access-control-max-age'] = '86400';
    return { status: 204, headers: headers, body: '', parts: null, sendBody: false };
  }
  headers['access-control-expose-headers'] = 'ETag';
  if (answer.status === 405) headers['allow'] = ALLOWED_METHODS;
  if (answer.status === 200 && answer.etag !== null) {
    headers['etag'] = answer.etag;
    if (plan.ifNoneMatch !== null && matches(plan.ifNoneMatch, answer.etag)) {
      return { status: 304, headers: headers, body: '', parts: null, sendBody: false };
    }
  }
  headers['content-type'] = 'application/json; charset=utf-8';
  const only = answer.parts[0];
  const single = answer.parts.length === 1 && typeof only === 'string';
  return { status: answer.status, headers: headers, body: single ? only : '', parts: single ? null : answer.parts, sendBody: !plan.head };
}
