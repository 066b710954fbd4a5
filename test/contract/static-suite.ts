// docs/API.md §6 and §9–§11 for static content, run by the contract suite on
// every edge (contract-suite.ts): the type and Cache-Control of each kind of
// file the documents promise, revalidation with its ETag, the redirect of a
// folder without its slash, and the paths that name nothing served. The
// expected headers are written out from docs/API.md, not read from the static
// seam's table (generator/router/static.ts) they test.
import { describe, expect, it } from 'vitest';
import { paths } from '../../generator/router/layout.ts';
import type { Answer } from '../support/http.ts';

type Get = (path: string, init?: { method?: string; headers?: Record<string, string> }) => Promise<Answer>;

/** docs/API.md §6: static files are revalidated with their ETag on every use. */
const REVALIDATE = 'public, max-age=0, must-revalidate';
const HTML = 'text/html; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** Every kind of static file docs/API.md names, at a path of the fixture snapshot, with its type. */
const FILES: [string, string][] = [
  ['/', HTML],
  ['/ha/', HTML],
  ['/ar/', HTML],
  ['/developers/', HTML],
  ['/widget.js', JS],
  ['/calculator.js', JS],
  ['/sw.js', JS],
  ['/assets/page.css', 'text/css; charset=utf-8'],
  ['/openapi.json', JSON_TYPE],
  ['/schemas/index.json', JSON_TYPE],
  ['/' + paths.meta, JSON_TYPE],
  ['/' + paths.downloadsIndex, JSON_TYPE],
  ['/' + paths.ratesCsv('2020-01-01'), 'text/csv; charset=utf-8'],
  ['/API.md', 'text/markdown; charset=utf-8'],
  ['/llms.txt', 'text/plain; charset=utf-8'],
  ['/' + paths.textAnswer('en'), 'text/plain; charset=utf-8'],
  ['/' + paths.calendarIcs, 'text/calendar; charset=utf-8'],
];

/**
 * Files named `.html`: Cloudflare's asset server answers them with a 307 to the
 * path without it (`/index.html` to `/`, its html_handling), the preview and
 * nginx with the file; whichever, with the static headers.
 */
const HTML_FILES: [string, string][] = [
  ['/index.html', '/'],
  ['/ha/index.html', '/ha/'],
  ['/reference.html', '/reference'],
];

export function staticSuite(get: Get): void {
  describe('static content (§6, §9–§11): one set of headers per kind of file on every edge', () => {
    const expectStatic = (answer: Answer, where: string) => {
      expect(answer.headers['access-control-allow-origin'], where).toBe('*');
      expect(answer.headers['cache-control'], where).toBe(REVALIDATE);
    };

    it('sends each kind of file with its type (text and JSON with charset=utf-8), the static Cache-Control and an ETag', async () => {
      for (const [path, type] of FILES) {
        const answer = await get(path);
        expect([answer.status, answer.headers['content-type']], path).toEqual([200, type]);
        expectStatic(answer, path);
        expect(answer.headers['etag'], path).toMatch(/^(W\/)?"[^"]+"$/);
      }
    });

    it('answers a matching If-None-Match with 304 and the same headers, and another with the file', async () => {
      for (const [path] of FILES) {
        const answer = await get(path);
        const again = await get(path, { headers: { 'if-none-match': answer.headers['etag']! } });
        expect([again.status, again.body], path).toEqual([304, '']);
        expectStatic(again, `${path} (304)`);
        const other = await get(path, { headers: { 'if-none-match': '"not-this-one"' } });
        expect([other.status, other.bytes.equals(answer.bytes)], `${path} (another ETag)`).toEqual([200, true]);
      }
    });

    it('answers a HEAD with the headers of the GET and no body', async () => {
      for (const path of ['/', '/widget.js', '/' + paths.meta]) {
        const [got, head] = [await get(path), await get(path, { method: 'HEAD' })];
        expect([head.status, head.body, head.headers['content-type'], head.headers['etag']], path).toEqual([
          200,
          '',
          got.headers['content-type'],
          got.headers['etag'],
        ]);
        expectStatic(head, `HEAD ${path}`);
      }
    });

    it('serves a file named .html, or redirects to its path without the name, with the static headers', async () => {
      for (const [path, pretty] of HTML_FILES) {
        const answer = await get(path);
        expectStatic(answer, path);
        if (answer.status === 307) expect(answer.headers['location'], path).toBe(pretty);
        else expect([answer.status, answer.headers['content-type']], path).toEqual([200, HTML]);
      }
    });

    it('redirects a folder without its slash (307, the query kept, a relative Location) with the static headers', async () => {
      for (const [path, location] of [
        ['/ha', '/ha/'],
        ['/developers', '/developers/'],
        ['/ar/developers?x=1', '/ar/developers/?x=1'],
      ]) {
        const answer = await get(path!);
        expect([answer.status, answer.headers['location']], path).toEqual([307, location]);
        expectStatic(answer, path!);
      }
    });

    it('answers what is not served (deployment files, dot files, a folder without an index, a file with a slash after it) with the 404 envelope', async () => {
      for (const path of ['/_worker.js', '/_routes.json', '/_headers', '/wrangler.jsonc', '/.assetsignore', '/v1', '/v1/', '/widget.js/', '/nope.js']) {
        const answer = await get(path);
        expect([answer.status, answer.headers['content-type']], path).toEqual([404, JSON_TYPE]);
        expect(JSON.parse(answer.body), path).toEqual({ success: false, message: 'there is nothing at this path' });
        expectStatic(answer, path);
      }
      // An encoded slash names no file: the 404, or (Cloudflare) a redirect to the path it spells.
      const encoded = await get('/v1%2fmeta.json');
      expect([404, 307], 'an encoded slash').toContain(encoded.status);
    });

    it('refuses a method other than GET and HEAD on a file or folder with 405 and CORS (the envelope where the server answers it)', async () => {
      for (const path of ['/widget.js', '/', '/ha', '/' + paths.meta]) {
        const answer = await get(path, { method: 'POST' });
        expect(answer.status, path).toBe(405);
        expect(answer.headers['access-control-allow-origin'], path).toBe('*');
        // Cloudflare's asset server answers other methods itself, before any worker, with no body.
        if (answer.body === '') continue;
        expect([answer.headers['content-type'], answer.headers['allow'], answer.headers['cache-control']], path).toEqual([JSON_TYPE, 'GET, HEAD', REVALIDATE]);
        expect(JSON.parse(answer.body), path).toEqual({ success: false, message: 'method POST is not allowed here; use GET or HEAD' });
      }
    });
  });
}
