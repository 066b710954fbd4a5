// The whole answer to one request, given only a way to read snapshot files and
// to hash a body. Every adapter calls this; only the I/O differs.
//
// Router core: keep to what nginx's njs 0.7.9 runs (promises, no async/await).
import { paths } from './layout.ts';
import { assemble, etagOf, finalize, route, type ApiRequest, type ApiResponse } from './router.ts';
import type { RoutingIndex } from './schemas.ts';

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
  return Promise.all(plan.reads.map(function (read) { return io.read(read.path); }))
    .then(function (texts) {
      const answer = assemble(plan, texts, index);
      if (answer.etag !== null) return answer;
      // A short key, never a big body: see listEtagKey.
      return io.sha1Hex(answer.etagKey).then(function (hex) {
        answer.etag = etagOf(hex);
        return answer;
      });
    })
    .then(function (answer) { return finalize(answer, plan, index, io.now()); });
}
