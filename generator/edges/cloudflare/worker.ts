// The edge module: `_worker.js` at the root of every snapshot, bundled from this
// file by the build, deployed as a Worker with static assets (wrangler.jsonc) or
// as Cloudflare Pages' advanced mode (_routes.json). It reads the snapshot's own
// files through env.ASSETS, so the same worker serves whatever tree it ships with.
// Tested in the real runtime (workerd, through miniflare): test/edge/.
import { paths } from '../../core/layout.ts';
import { respondWith, staticNotFound, unreadable } from '../../core/respond.ts';
import { apiPath, normalizeTarget, type ApiResponse } from '../../core/router.ts';
import type { RoutingIndex } from '../../core/schemas.ts';

interface Env {
  ASSETS: { fetch(input: Request | string): Promise<Response> };
}

async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function toResponse(answer: ApiResponse, method: string): Response {
  if (!answer.sendBody || method === 'HEAD') return new Response(null, { status: answer.status, headers: answer.headers });
  return new Response(answer.parts === null ? answer.body : partStream(answer.parts), { status: answer.status, headers: answer.headers });
}

/** A composed body sent part by part, each encoded only when the client is ready for it: never held whole. */
function partStream(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream(
    {
      pull(controller) {
        if (next < parts.length) controller.enqueue(encoder.encode(parts[next++]!));
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * A path outside the bases: the file, or the core's static 404 envelope where
 * the assets have none (or fail on the path, as on `/%00`). The Workers target
 * sends here every path that names no file; Pages only the bases' first segments.
 */
async function staticAnswer(request: Request, env: Env): Promise<Response> {
  const response = await env.ASSETS.fetch(request).catch(() => null);
  if (response !== null && response.status !== 404 && response.status < 500) return response;
  return toResponse(staticNotFound(), request.method);
}

// The routing index, parsed once per isolate: an isolate serves one deployment,
// whose files never change (a new deployment starts new isolates). A failed read
// is not kept, so the next request tries again.
let routingIndex: Promise<RoutingIndex> | null = null;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    // The runtime has already resolved dot segments; this is the same reading the other servers do.
    const target = normalizeTarget(url.pathname + url.search);
    if (apiPath(target) === null) return staticAnswer(request, env);
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
        { method: request.method, url: target, ifNoneMatch: request.headers.get('if-none-match') },
        await routingIndex,
        { read, sha1Hex, now: Date.now },
      );
    } catch (error) {
      console.error(`${request.method} ${target}: ${(error as Error).message}`);
      return toResponse(unreadable(), request.method);
    }
    if (answer === null) return staticAnswer(request, env);
    return toResponse(answer, request.method);
  },
};
