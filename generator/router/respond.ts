// The whole answer to one request, given only a way to read snapshot files and
// to hash a body. Every adapter calls this; only the I/O differs.
//
// Router core: keep to what nginx's njs 0.7.9 runs (promises, no async/await).
import { renderError } from './envelope.ts';
import { paths } from './layout.ts';
import { assemble, etagOf, finalize, route, type ApiRequest, type ApiResponse, type Plan } from './router.ts';
import type { RoutingIndex } from '../model/schemas.ts';
import { STATIC_HEADERS, STATIC_NOT_FOUND_MESSAGE } from './static.ts';

// The static headers and the 404's message are the static seam's (static.ts): one table for every edge.
export { STATIC_HEADERS } from './static.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** An envelope that is not the router's (the snapshot unreadable, a request no server can parse): not cached. */
export function edgeError(status: number, message: string): ApiResponse {
  return {
    status: status,
    headers: { 'content-type': JSON_TYPE, 'access-control-allow-origin': '*', 'cache-control': 'no-store' },
    body: renderError(message),
    parts: null,
    sendBody: true,
  };
}

/** A static path that names no file of the snapshot: JSON like every other answer, with the static headers. */
export const NOT_FOUND_MESSAGE = STATIC_NOT_FOUND_MESSAGE;
export function staticNotFound(): ApiResponse {
  return {
    status: 404,
    headers: {
      'content-type': JSON_TYPE,
      'access-control-allow-origin': STATIC_HEADERS['access-control-allow-origin'] as string,
      'cache-control': STATIC_HEADERS['cache-control'] as string,
    },
    body: renderError(NOT_FOUND_MESSAGE),
    parts: null,
    sendBody: true,
  };
}

/** A snapshot file missing or unreadable: the tree is broken, not the request. Not cached, so a fixed tree shows at once. */
export const UNREADABLE_MESSAGE = 'the snapshot is not readable; build it again';
export function unreadable(): ApiResponse {
  return edgeError(503, UNREADABLE_MESSAGE);
}

export interface SnapshotIO {
  /** The text of a file of the snapshot, by its path relative to the root. */
  read(path: string): Promise<string>;
  sha1Hex(text: string): Promise<string>;
  now(): number;
}

/** The response to an API request, or null when the path is not under an API base (static content). */
export function respond(request: ApiRequest, io: SnapshotIO): Promise<ApiResponse | null> {
  return io.read(paths.routing).then(function (indexText) {
    return respondWith(request, JSON.parse(indexText) as RoutingIndex, io);
  });
}

/** respond() for an adapter that already holds the snapshot's parsed routing index (nginx preloads it). */
export function respondWith(request: ApiRequest, index: RoutingIndex, io: SnapshotIO): Promise<ApiResponse | null> {
  const plan = route(request, index);
  if (plan === null) return Promise.resolve(null);
  return respondTo(plan, index, io);
}

/** The response to a routed request: its files read, assembled, given its ETag. */
export function respondTo(plan: Plan, index: RoutingIndex, io: SnapshotIO): Promise<ApiResponse> {
  return Promise.all(
    plan.reads.map(function (read) {
      return io.read(read.path);
    }),
  )
    .then(function (texts) {
      const answer = assemble(plan, texts, index);
      if (answer.etag !== null) return answer;
      // A short key, never a big body: see listEtagKey.
      return io.sha1Hex(answer.etagKey).then(function (hex) {
        answer.etag = etagOf(hex);
        return answer;
      });
    })
    .then(function (answer) {
      return finalize(answer, plan, index, io.now());
    });
}
