// What a snapshot carries for Cloudflare: the worker bundled from
// edges/cloudflare/worker.ts and the configuration of both ways to deploy it, as
// it is. It lives with the snapshot, not the edge, because it is part of what a
// tree holds (site-files.ts, verify); the edge's folder keeps the code that runs.
//
//   Workers with static assets   npx wrangler@WRANGLER_VERSION deploy --config <tree>/wrangler.jsonc
//                                (wrangler.jsonc, .assetsignore; _headers applies to the files)
//   Pages, advanced mode         npx wrangler@WRANGLER_VERSION pages deploy <tree>
//                                (_worker.js, _routes.json, _headers)
//
// Both run the same `_worker.js` on the same requests: only the API bases wake
// it; every other path is a static file, free and not counted against the quota.
import { fileURLToPath } from 'node:url';
import { bundle } from '../bundle.ts';
import { contentType, STATIC_HEADERS, STATIC_KINDS } from '../router/static.ts';
import { BASES } from '../router/endpoints.ts';

const WORKER_ENTRY = fileURLToPath(new URL('../edges/cloudflare/worker.ts', import.meta.url));

/**
 * The compatibility date the worker runs with on Cloudflare and in the tests'
 * workerd. It must not be newer than the workerd that miniflare 4.20260426.0
 * ships (1.20260426.x supports dates up to 2026-04-26).
 */
export const COMPATIBILITY_DATE = '2026-04-01';
/** The wrangler the deploy guide and the nightly run (its miniflare is the tests' miniflare). */
export const WRANGLER_VERSION = '4.86.0';
/** The worker's name when the deployer does not give one (`wrangler deploy --name`). */
export const DEFAULT_WORKER_NAME = 'nisab-api';

/** The URL patterns that run the worker: each API base's first segment (`/api/*`, `/index.php/*`). */
export function workerPatterns(): string[] {
  const patterns: string[] = [];
  for (const base of BASES) {
    const pattern = '/' + base.split('/')[1] + '/*';
    if (!patterns.includes(pattern)) patterns.push(pattern);
  }
  return patterns;
}

/** Pages: only API paths wake the worker; everything else is served as static files. */
function routesJson(): string {
  return JSON.stringify({ version: 1, include: workerPatterns(), exclude: [] }, null, 2) + '\n';
}

/**
 * The static seam's headers (router/static.ts) for Cloudflare's asset server:
 * STATIC_HEADERS on every static path, then each kind's Content-Type by its
 * extension, and its Cache-Control where it is not STATIC_HEADERS' (detached
 * first: a header two rules set is sent joined with a comma). The pages take
 * the type the asset server gives `.html` (text/html; charset=utf-8): a rule
 * for `/*.html` would type its redirects too (`/index.html` answers 307 to `/`).
 * API answers keep the router's headers: `_headers` applies to files only.
 */
function headersFile(): string {
  const rules = [`/*\n${headerLines(STATIC_HEADERS)}`];
  for (const extension of Object.keys(STATIC_KINDS)) {
    const kind = STATIC_KINDS[extension]!;
    const cache = kind.cache === STATIC_HEADERS['cache-control'] ? [] : [`  ! Cache-Control`, `  Cache-Control: ${kind.cache}`];
    if (extension === 'html') {
      if (cache.length > 0) for (const rule of ['/', '/*/', '/*.html']) rules.push(`${rule}\n${cache.join('\n')}`);
      continue;
    }
    rules.push(`/*.${extension}\n  Content-Type: ${contentType(kind)}${cache.length > 0 ? '\n' + cache.join('\n') : ''}`);
  }
  return rules.join('\n') + '\n';
}

function headerLines(headers: { [name: string]: string }): string {
  return Object.keys(headers)
    .map((name) => `  ${headerName(name)}: ${headers[name]}`)
    .join('\n');
}

function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());
}

/**
 * Workers with static assets: the tree is the assets folder and `_worker.js` the
 * worker, uploaded as it is (already one bundled module). run_worker_first sends
 * the API bases to the worker before any file is looked up (wrangler >= 4.20);
 * a path outside them that names no file reaches the worker too, which answers
 * a JSON 404 (see worker.ts).
 */
function wranglerJsonc(): string {
  const config = {
    name: DEFAULT_WORKER_NAME,
    main: '_worker.js',
    compatibility_date: COMPATIBILITY_DATE,
    // Uploaded as it is (one module already): wrangler neither bundles it again
    // nor writes a .wrangler folder into the tree. Its default module rules
    // then attach the tree's .html and .txt files as text modules the worker
    // never imports (a few KB). Overriding the rule instead makes `wrangler
    // deploy` refuse any such file below the root (assets/*.LICENSE.txt), as
    // `wrangler deploy --dry-run` showed: test/workflows/deploy.test.ts.
    no_bundle: true,
    assets: { directory: '.', binding: 'ASSETS', run_worker_first: workerPatterns() },
    observability: { enabled: true },
  };
  return `// Written by the build: this snapshot as a Worker with static assets.
// Deploy: npx wrangler@${WRANGLER_VERSION} deploy --config <this folder>/wrangler.jsonc [--name NAME]
// (tested in workerd through wrangler's own reading of this file: test/edge/workers-assets.test.ts)
${JSON.stringify(config, null, 2)}
`;
}

/**
 * Files of the tree that are not assets: the worker's code (never served as a
 * file) and the deploy configuration. _headers stays: wrangler reads it.
 */
const ASSETS_IGNORE = ['_worker.js', '_routes.json', 'wrangler.jsonc', '.assetsignore', '.wrangler'];

/** The Cloudflare files, by name; CLOUDFLARE_FILES lists the same names. */
export async function cloudflareFiles(): Promise<Map<string, string>> {
  return new Map([
    ['_worker.js', await bundle(WORKER_ENTRY)],
    ['_routes.json', routesJson()],
    ['_headers', headersFile()],
    ['wrangler.jsonc', wranglerJsonc()],
    ['.assetsignore', ASSETS_IGNORE.join('\n') + '\n'],
  ]);
}

export const CLOUDFLARE_FILES = ['_worker.js', '_routes.json', '_headers', 'wrangler.jsonc', '.assetsignore'];
