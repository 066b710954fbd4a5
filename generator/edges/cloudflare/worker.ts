// The edge module (Cloudflare Pages advanced mode): `_worker.js` at the root of
// every snapshot, bundled from this file by the build. It reads the snapshot's
// own files through env.ASSETS, so the same worker serves whatever tree it ships with.
// Tested in the real runtime (workerd, through miniflare): test/edge/workerd.test.ts.
import { renderError } from '../../core/envelope.ts';
import { paths } from '../../core/layout.ts';
import { respondWith } from '../../core/respond.ts';
import { apiPath } from '../../core/router.ts';
import type { RoutingIndex } from '../../core/schemas.ts';

interface Env {
  ASSETS: { fetch(input: Request | string): Promise<Response> };
}

async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// A snapshot file missing or unreadable: the deployed tree is broken, not the
// request. The same answer as the preview server's, instead of the runtime's
// bare 500 for an uncaught exception; not cached, so the next deploy shows at once.
function unreadable(): Response {
  return new Response(renderError('the snapshot is not readable; build it again'), {
    status: 503,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    },
  });
}

/** A body sent part by part, each encoded only when the client is ready for it: a composed answer is never held whole. */
function partStream(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < parts.length) controller.enqueue(encoder.encode(parts[next++]!));
      else controller.close();
    },
  }, { highWaterMark: 0 });
}

// The routing index, parsed once per isolate: an isolate serves one deployment,
// whose files never change (a new deployment starts new isolates). A failed read
// is not kept, so the next request tries again.
let routingIndex: Promise<RoutingIndex> | null = null;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (apiPath(url.pathname) === null) return env.ASSETS.fetch(request);
    const read = async (path: string) => {
      const response = await env.ASSETS.fetch(new Request(`${url.origin}/${path}`));
      if (!response.ok) throw new Error(`snapshot file /${path} answered ${response.status}`);
      return response.text();
    };
    let answer;
    try {
      routingIndex ??= read(paths.routing).then((text) => JSON.parse(text) as RoutingIndex);
      routingIndex.catch(() => (routingIndex = null));
      answer = await respondWith(
        { method: request.method, url: url.pathname + url.search, ifNoneMatch: request.headers.get('if-none-match') },
        await routingIndex,
        { read, sha1Hex, now: Date.now },
      );
    } catch (error) {
      console.error(`${request.method} ${url.pathname}${url.search}: ${(error as Error).message}`);
      return unreadable();
    }
    if (answer === null) return env.ASSETS.fetch(request);
    return new Response(answer.sendBody ? partStream(answer.parts) : null, { status: answer.status, headers: answer.headers });
  },
};
