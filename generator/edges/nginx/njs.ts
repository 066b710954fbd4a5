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
import { renderError } from '../../core/envelope.ts';
import { parsePath } from '../../core/layout.ts';
import { respond, respondWith, type SnapshotIO } from '../../core/respond.ts';
import { bodyOf, type ApiRequest, type ApiResponse } from '../../core/router.ts';
import type { RoutingIndex } from '../../core/schemas.ts';

interface NginxRequest {
  method: string;
  variables: { [name: string]: string | undefined };
  headersIn: { [name: string]: string | undefined };
  headersOut: { [name: string]: string };
  return(status: number, body?: string): void;
}

/** PREFIX/snapshot.json, preloaded by the configuration. */
declare const nisab_snapshot: { tree: string; index: RoutingIndex };
// njs 0.7 byte strings: decoding a shard as UTF-8 costs more than the rest of
// the request; the core only cuts shards at ASCII characters.
declare const String: StringConstructor & { bytesFrom?(bytes: Uint8Array): string };

// router.ts's BASES, as the configuration's $nisab_api map tests them.
const BASE = /^\/(index\.php\/)?api\/v1(\/|\?|$)/;
const PROTOCOL = / HTTP\/[0-9.]+$/;

function snapshotIO(tree: string): SnapshotIO {
  return {
    read: function (path) {
      // Only a path layout.ts names: relative, no dot segments.
      if (parsePath(path) === null) return Promise.reject(new Error('refused to read ' + path));
      try {
        const bytes = fs.readFileSync(tree + '/' + path) as unknown as Uint8Array;
        return Promise.resolve(String.bytesFrom ? String.bytesFrom(bytes) : bytes.toString());
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

function send(r: NginxRequest, response: ApiResponse): void {
  const names = Object.keys(response.headers);
  for (let i = 0; i < names.length; i++) r.headersOut[names[i] as string] = response.headers[names[i] as string] as string;
  // For HEAD nginx sends the headers of this body (its Content-Length) and leaves the body out.
  if (response.status === 204 || response.status === 304) r.return(response.status);
  else r.return(response.status, bodyOf(response));
}

/** An answer that is not the router's: JSON all the same, never an nginx page. */
function sendError(r: NginxRequest, status: number, message: string): void {
  r.headersOut['Content-Type'] = 'application/json; charset=utf-8';
  r.headersOut['Access-Control-Allow-Origin'] = '*';
  r.headersOut['Cache-Control'] = 'no-store';
  r.return(status, renderError(message));
}

/** The router's answer from `tree`; `otherwise` when the request is not under a base. */
function answer(r: NginxRequest, request: ApiRequest, tree: string, otherwise: () => void): void {
  let pending: Promise<ApiResponse | null>;
  try {
    const io = snapshotIO(tree);
    pending = tree === nisab_snapshot.tree ? respondWith(request, nisab_snapshot.index, io) : respond(request, io);
  } catch (e) {
    pending = Promise.reject(e);
  }
  pending.then(
    function (response) {
      if (response === null) otherwise();
      else send(r, response);
    },
    function () {
      // A snapshot file missing or unreadable: the tree is broken, not the request (as the preview says).
      sendError(r, 503, 'the snapshot is not readable; build it again');
    },
  );
}

/**
 * js_content for the methods other than GET and HEAD (they never read a file),
 * and for GET and HEAD when the backend is unreachable: the raw request, not
 * nginx's $uri, and the client's method (an error_page redirect makes it GET).
 */
function handle(r: NginxRequest): void {
  const line = r.variables.request || '';
  const space = line.indexOf(' ');
  const inm = r.headersIn['If-None-Match'];
  const request = { method: space === -1 ? r.method : line.slice(0, space), url: r.variables.request_uri || '', ifNoneMatch: inm === undefined ? null : inm };
  answer(r, request, r.variables.realpath_root || '', function () {
    sendError(r, 404, 'there is nothing at this path');
  });
}

const REFUSALS: { [status: string]: string } = {
  '400': 'the request is malformed',
  '405': 'this method is not allowed; use GET, HEAD or OPTIONS',
  '413': 'the request body is too large',
  '414': 'the request line is too long',
  '494': 'the request headers are too large',
  '501': 'this Transfer-Encoding is not supported',
  '505': 'this HTTP version is not supported',
};

/**
 * js_content of the backend the configuration proxies GET and HEAD to (through
 * its answer cache when it can), and the requests nginx itself refused before
 * routing them (a URI climbing above the root, TRACE, oversized lines). The
 * front names the request in headers, so nginx's own conditional handling
 * (If-Match, If-Modified-Since...) never touches the router's answers:
 *
 *   X-Nisab-Request-Line   the client's request line, raw ($request)
 *   X-Nisab-Tree           the snapshot tree the front resolved DIR to
 *   X-Nisab-If-None-Match  the client's If-None-Match
 *   X-Nisab-Refused        /_nisab/refused/STATUS when nginx refused it
 */
function compose(r: NginxRequest): void {
  // Without the header: a client whose raw path climbed to here (/api/v1/../../_nisab/compose).
  const line = r.headersIn['X-Nisab-Request-Line'] || r.variables.request || '';
  const space = line.indexOf(' ');
  const method = space === -1 ? '' : line.slice(0, space);
  const url = space === -1 ? '' : line.slice(space + 1).replace(PROTOCOL, '');
  const refused = /([0-9]+)$/.exec(r.headersIn['X-Nisab-Refused'] || '');
  const status = refused ? Number(refused[1]) : 404;
  const otherwise = function () {
    sendError(r, status, refused ? REFUSALS[String(status)] || 'the request is malformed' : 'there is nothing at this path');
  };
  // Only the trees this site serves, whoever sends the header.
  const named = r.headersIn['X-Nisab-Tree'];
  const tree = named === nisab_snapshot.tree ? named : r.variables.realpath_root || '';
  const inm = r.headersIn['X-Nisab-If-None-Match'];
  if (method === '' || !BASE.test(url)) otherwise();
  else answer(r, { method: method, url: url, ifNoneMatch: inm ? inm : null }, tree, otherwise);
}

export default { handle: handle, compose: compose };
