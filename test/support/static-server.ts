// A plain static host, as GitHub Pages or any file server is: the snapshot's
// files by their path, a 404 HTML page for anything else, no API. For the
// client's and the page's fall-back to the files under /v1/.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface StaticServer {
  url: string;
  stop(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.md': 'text/markdown',
};

export async function startStatic(root: string): Promise<StaticServer> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    // Only files inside the root (path.join resolved any `..`).
    const inside = file.startsWith(root + path.sep);
    (inside ? readFile(file) : Promise.reject(new Error('outside')))
      .then((bytes) => {
        res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
        res.end(bytes);
      })
      .catch(() => {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><title>404</title><p>Not found</p>\n');
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
