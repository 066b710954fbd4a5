// Every way a snapshot is served, one entry each: the suites that hold every
// server to the same answers (test/contract/contract.test.ts,
// test/edge/same-bytes.test.ts with the generated differential) loop over
// EDGES, so a server added here is asked everything and a suite cannot leave
// one out. An entry is how to start the server on a snapshot folder (on a free
// loopback port) and the few ways it honestly differs; a new edge is one entry
// (docs/making-changes.md "A new edge").
import { describe, it } from 'vitest';
import { startPreview } from '../../generator/edges/preview/server.ts';
import { errorLog, nginxMissing, startNginx } from './nginx-server.ts';
import { skipOrFail } from './required-tools.ts';
import { startWorkerd, startWorkersAssets } from './workerd-server.ts';

/** A server answering on loopback. */
export interface RunningEdge {
  url: string;
  stop(): Promise<void>;
  /** More to say when an answer is wrong (its error log), when the server has more. */
  diagnose?(): Promise<string>;
}

export interface Edge {
  /** How the suites name it. */
  name: string;
  /** Serves the snapshot in `dir` on a free loopback port. */
  start(dir: string): Promise<RunningEdge>;
  /** Why it cannot run on this machine, saying what to install (null when it can): skipped, or a failure on CI (required-tools.ts). */
  missing(): string | null;
  /**
   * Whether the server's own HTTP parsing is ours to test (absolute-form, over-long and
   * malformed request lines, the raw framing cases). Not workerd's here: miniflare's local
   * entry parses those, not Cloudflare's edge, which answers them before any worker runs.
   */
  ownsFraming: boolean;
  /** How many seconds its max-age may fall behind the preview's (nginx's table of max-age values rounds down by up to 10 s, never up). */
  maxAgeBehind: number;
}

const always = () => null;

/** The reference: the same-bytes suite holds every other edge to its answers. */
export const PREVIEW: Edge = {
  name: 'the preview server',
  start: async (dir) => {
    const preview = await startPreview({ dir, port: 0 });
    return { url: preview.url, stop: preview.close };
  },
  missing: always,
  ownsFraming: true,
  maxAgeBehind: 0,
};

export const EDGES: readonly Edge[] = [
  PREVIEW,
  // The snapshot's _worker.js in workerd as Cloudflare Pages (advanced mode) runs it.
  { name: 'workerd (Pages)', start: startWorkerd, missing: always, ownsFraming: false, maxAgeBehind: 2 },
  // The snapshot as a Worker with static assets, configured by wrangler from its wrangler.jsonc.
  { name: 'workerd (Workers with static assets)', start: startWorkersAssets, missing: always, ownsFraming: false, maxAgeBehind: 2 },
  // The generated nginx site (its fast path, its answer cache and its njs module), started as documented
  // (`nginx -p PREFIX -c nginx.conf -g 'daemon off;'`) in a temporary prefix; .ci/run installs nginx and
  // libnginx-mod-http-js.
  {
    name: 'nginx',
    start: async (dir) => {
      const nginx = await startNginx(dir);
      return { url: nginx.url, stop: nginx.stop, diagnose: () => errorLog(nginx) };
    },
    missing: nginxMissing,
    ownsFraming: true,
    maxAgeBehind: 12,
  },
];

/** `suite` over each edge, in its own describe; an edge that cannot run here is skipped saying why (on CI, the run fails: required-tools.ts). */
export function forEachEdge(edges: readonly Edge[], suite: string, body: (edge: Edge) => void): void {
  for (const edge of edges) {
    const missing = skipOrFail(edge.missing(), `${suite} on ${edge.name}`);
    if (missing === null) body(edge);
    else
      describe.skip(`${suite} on ${edge.name} (skipped: ${missing})`, () => {
        it(`runs ${suite} on ${edge.name}`, () => {});
      });
  }
}
