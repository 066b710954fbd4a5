// A snapshot served by the real Cloudflare runtime: its own `_worker.js` runs in
// workerd (through miniflare), with the snapshot as the ASSETS binding, on a real
// loopback port. The request routing of the snapshot's `_routes.json` is applied
// by the assets router, as on Cloudflare Pages: its `include` patterns invoke the
// worker, its `exclude` patterns (and every other path that names a file) are
// answered from the assets, and `_headers` applies to those static answers.
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { Miniflare } from 'miniflare';

/**
 * The compatibility date the worker runs with, here and on Cloudflare Pages
 * (docs: tmp/deploy-notes.md). It must not be newer than the workerd that
 * miniflare 4.20260426.0 ships (1.20260426.x supports dates up to 2026-04-26).
 */
export const COMPATIBILITY_DATE = '2026-04-01';

export interface WorkerdServer {
  url: string;
  stop(): Promise<void>;
}

interface RoutesFile {
  version: number;
  include: string[];
  exclude: string[];
}

/** The snapshot's `_routes.json`, checked for the shape Pages accepts. */
export async function readRoutes(snapshotDir: string): Promise<RoutesFile> {
  const routes = JSON.parse(await readFile(path.join(snapshotDir, '_routes.json'), 'utf8')) as RoutesFile;
  if (routes.version !== 1 || !Array.isArray(routes.include) || routes.include.length === 0 || !Array.isArray(routes.exclude)) {
    throw new Error(`${snapshotDir}/_routes.json is not a Pages routes file (version 1, include, exclude)`);
  }
  return routes;
}

export async function startWorkerd(snapshotDir: string): Promise<WorkerdServer> {
  // The tree itself, not a link to it: a build that swaps `public` meanwhile does not matter.
  const dir = await realpath(snapshotDir);
  const routes = await readRoutes(dir);
  const mf = new Miniflare({
    modules: true,
    scriptPath: path.join(dir, '_worker.js'),
    // Module names are paths relative to this; the default (the working
    // directory) fails for a snapshot outside it ("can't use .. to break out").
    modulesRoot: dir,
    compatibilityDate: COMPATIBILITY_DATE,
    host: '127.0.0.1',
    port: 0,
    assets: {
      directory: dir,
      binding: 'ASSETS',
      routerConfig: {
        // Without this the assets router never calls the worker.
        has_user_worker: true,
        // _routes.json, as Pages reads it: include -> worker, exclude -> assets.
        static_routing: { user_worker: routes.include, asset_worker: routes.exclude },
      },
    },
  });
  let url: URL;
  try {
    url = await mf.ready;
  } catch (error) {
    await mf.dispose().catch(() => {});
    throw error;
  }
  return {
    url: url.origin,
    stop: () => mf.dispose(),
  };
}
