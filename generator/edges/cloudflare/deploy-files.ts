// What a snapshot carries for Cloudflare: the worker bundled from worker.ts and
// the Pages configuration beside it.
import { fileURLToPath } from 'node:url';
import { bundle } from '../../bundle.ts';

const WORKER_ENTRY = fileURLToPath(new URL('./worker.ts', import.meta.url));

// Only API paths wake the worker; everything else is served as static files.
const ROUTES = { version: 1, include: ['/api/*', '/index.php/*'], exclude: [] };

// Static files: open to browsers, revalidated with their ETag on every use, so
// nothing outlives the next build. (API answers get their own headers from the router.)
const HEADERS = `/*
  Access-Control-Allow-Origin: *
  Cache-Control: public, max-age=0, must-revalidate
`;

export async function cloudflareFiles(): Promise<Map<string, string>> {
  return new Map([
    ['_worker.js', await bundle(WORKER_ENTRY)],
    ['_routes.json', JSON.stringify(ROUTES, null, 2) + '\n'],
    ['_headers', HEADERS],
  ]);
}
