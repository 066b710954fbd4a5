// The files around the API answers: the edge module and its Cloudflare Pages
// configuration, the OpenAPI document and the landing page.
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { openApiDocument } from './openapi.ts';
import { landingPage } from './landing-page.ts';

const WORKER_ENTRY = fileURLToPath(new URL('../adapters/cloudflare-worker.ts', import.meta.url));

/** Bundles an adapter entry with the router core into one ES module. */
export async function bundle(entry: string, options: esbuild.BuildOptions = {}): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    platform: 'neutral',
    legalComments: 'none',
    logLevel: 'silent',
    ...options,
  });
  return result.outputFiles![0]!.text;
}

// Only API paths wake the worker; everything else is served as static files.
const ROUTES = { version: 1, include: ['/api/*', '/index.php/*'], exclude: [] };

// Static files: open to browsers, revalidated with their ETag on every use, so
// nothing outlives the next build. (API answers get their own headers from the router.)
const HEADERS = `/*
  Access-Control-Allow-Origin: *
  Cache-Control: public, max-age=0, must-revalidate
`;

/** The files that depend only on this code: the same for every build by the same generator. */
export async function codeFiles(): Promise<Map<string, string>> {
  return new Map([
    ['_worker.js', await bundle(WORKER_ENTRY)],
    ['_routes.json', JSON.stringify(ROUTES, null, 2) + '\n'],
    ['_headers', HEADERS],
    ['openapi.json', JSON.stringify(openApiDocument(), null, 2) + '\n'],
  ]);
}

export const CODE_FILES = ['_worker.js', '_routes.json', '_headers', 'openapi.json'];

export { landingPage };
