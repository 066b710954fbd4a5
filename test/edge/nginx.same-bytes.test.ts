import { isDeepStrictEqual } from 'node:util';
import { describe, it } from 'vitest';
import type { Answer } from '../support/http.ts';
import { errorLog, nginxMissing, startNginx, type NginxServer } from '../support/nginx-server.ts';
import { skipOrFail } from '../support/required-tools.ts';
import { sameBytesSuite, type Case } from './same-bytes-suite.ts';

// The generated nginx site: its fast path, its answer cache and its njs module.
// Its table of max-age values rounds down by up to 10 s, never up.
const missing = skipOrFail(nginxMissing(), 'the nginx same-bytes suite');

/**
 * Known, with its fix in flight (issue 19, one renderer of records for every runtime):
 * nginx writes the rules of a dated /nisab answer with their keys in another order.
 * Only that: a 200 to GET or HEAD /nisab with a date, whose body is the same JSON as the preview's.
 */
const NISAB_KEY_ORDER = {
  why: "nginx's key order in dated /nisab answers",
  test(c: Case, edge: Answer, preview: Answer): boolean {
    const url = new URL(c.target, 'http://x');
    if (!/\/nisab\/?$/.test(url.pathname) || !url.searchParams.has('date') || edge.status !== 200 || preview.status !== 200) return false;
    if (c.method === 'HEAD') return edge.headers.etag !== preview.headers.etag;
    return !edge.bytes.equals(preview.bytes) && isDeepStrictEqual(JSON.parse(edge.body), JSON.parse(preview.body));
  },
};

if (missing === null) {
  sameBytesSuite('nginx', startNginx, { maxAgeBehind: 12, diagnose: (server) => errorLog(server as NginxServer), knownDifference: NISAB_KEY_ORDER });
} else {
  describe.skip(`nginx answers as the preview server does (skipped: ${missing})`, () => {
    it('runs the same-bytes suite against the generated nginx site', () => {});
  });
}
