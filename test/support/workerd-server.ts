// A snapshot served by the real Cloudflare runtime (workerd, through miniflare)
// on a real loopback port, configured both ways the snapshot can be deployed:
//
//  - startWorkerd: Cloudflare Pages' advanced mode. The snapshot's `_worker.js`
//    with the snapshot as the ASSETS binding; `_routes.json` applied by the
//    assets router as Pages reads it (include -> worker, exclude -> assets,
//    every other path that names a file -> assets); `_headers` on static answers.
//  - startWorkersAssets: a Worker with static assets, configured by wrangler
//    itself from the snapshot's `wrangler.jsonc` (unstable_getMiniflareWorkerOptions,
//    what `wrangler dev` runs): main, assets.directory, binding, run_worker_first,
//    the compatibility date; miniflare applies `.assetsignore` and `_headers`.
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { Miniflare, type MiniflareOptions } from 'miniflare';
import { COMPATIBILITY_DATE } from '../../generator/snapshot/cloudflare-files.ts';

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

/**
 * Miniflare on a free port of 127.0.0.1, disposed again if it fails to start.
 * The instance is returned too, for callers that need more of it than the URL
 * (bench-worker.ts asks it for workerd's inspector port).
 */
export async function startMiniflare(options: MiniflareOptions): Promise<WorkerdServer & { miniflare: Miniflare }> {
  const mf = new Miniflare({ ...options, host: '127.0.0.1', port: 0 } as MiniflareOptions);
  let url: URL;
  try {
    url = await mf.ready;
  } catch (error) {
    await mf.dispose().catch(() => {});
    throw error;
  }
  return { url: url.origin, stop: () => mf.dispose(), miniflare: mf };
}

/** Pages, advanced mode. */
export async function startWorkerd(snapshotDir: string): Promise<WorkerdServer> {
  // The tree itself, not a link to it: a build that swaps `public` meanwhile does not matter.
  const dir = await realpath(snapshotDir);
  const routes = await readRoutes(dir);
  return startMiniflare({
    modules: true,
    scriptPath: path.join(dir, '_worker.js'),
    // Module names are paths relative to this; the default (the working
    // directory) fails for a snapshot outside it ("can't use .. to break out").
    modulesRoot: dir,
    compatibilityDate: COMPATIBILITY_DATE,
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
}

/** A Worker with static assets, from the snapshot's own wrangler.jsonc as wrangler reads it. */
export async function startWorkersAssets(snapshotDir: string): Promise<WorkerdServer> {
  const dir = await realpath(snapshotDir);
  process.env['WRANGLER_SEND_METRICS'] = 'false';
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(path.join(dir, 'wrangler.jsonc'));
  if (!main) throw new Error(`${dir}/wrangler.jsonc names no main module`);
  return startMiniflare({ ...(workerOptions as object), modules: true, scriptPath: main, modulesRoot: dir } as MiniflareOptions);
}
