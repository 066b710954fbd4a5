// The static seam (generator/router/static.ts) on a tree held in memory: what an
// edge that serves files itself gets from it, decided without any I/O but its
// stat and open. Expected answers are written out from docs/API.md §6 and
// RFC 9110 (conditions, ranges), not computed by the seam.
import { describe, expect, it } from 'vitest';
import { answerStatic, byteRange, etagMatches, kindOf, staticPath, type StaticEntry, type StaticRequest } from '../../generator/router/static.ts';

const MTIME = Date.UTC(2024, 2, 15, 12, 0, 0);
const TREE: { [path: string]: string | null } = {
  '': null,
  'index.html': '<html>en</html>',
  ha: null,
  'ha/index.html': '<html>ha</html>',
  v1: null,
  'v1/meta.json': '{"success":true}\n',
  'widget.js': 'console.log(1)',
  '_worker.js': 'export default {}',
  '.assetsignore': '_worker.js',
};

interface Entry extends StaticEntry {
  path: string;
}

const opened: string[] = [];
const io = {
  stat: (path: string): Promise<Entry | null> => {
    if (!(path in TREE)) return Promise.resolve(null);
    const text = TREE[path];
    return Promise.resolve({ path, folder: text === null, size: text === null ? 0 : Buffer.byteLength(text!), mtimeMs: MTIME, id: '7' });
  },
  open: (entry: Entry, start: number, end: number) => {
    opened.push(entry.path);
    return Buffer.from(TREE[entry.path]!)
      .subarray(start, end + 1)
      .toString();
  },
};

function ask(target: string, more: Partial<StaticRequest> = {}) {
  return answerStatic({ method: 'GET', target, ifNoneMatch: null, ifModifiedSince: null, range: null, ...more }, io);
}

const REVALIDATE = 'public, max-age=0, must-revalidate';
const NOT_FOUND = '{"success":false,"message":"there is nothing at this path"}\n';

describe('the static seam', () => {
  it('answers a file with its type, the static headers, a weak ETag of its stat and its bytes', async () => {
    const answer = await ask('/widget.js');
    expect(answer.status).toBe(200);
    expect(answer.headers).toEqual({
      'access-control-allow-origin': '*',
      'accept-ranges': 'bytes',
      'cache-control': REVALIDATE,
      'last-modified': 'Fri, 15 Mar 2024 12:00:00 GMT',
      etag: 'W/"7-14-2024-03-15T12:00:00.000Z"',
      'content-length': '14',
      'content-type': 'text/javascript; charset=utf-8',
    });
    expect(answer.body).toBe('console.log(1)');
  });

  it('answers a folder with its index.html, and redirects one without its slash (307, the query kept)', async () => {
    expect([(await ask('/')).body, (await ask('/ha/')).body]).toEqual(['<html>en</html>', '<html>ha</html>']);
    expect((await ask('/ha/')).headers['content-type']).toBe('text/html; charset=utf-8');
    const redirect = await ask('/ha?x=1');
    expect([redirect.status, redirect.headers]).toEqual([307, { location: '/ha/?x=1', 'access-control-allow-origin': '*', 'cache-control': REVALIDATE }]);
  });

  it('answers the 404 envelope for what names nothing served, whatever the method', async () => {
    for (const target of [
      '/nope',
      '/v1',
      '/v1/',
      '/widget.js/',
      '/_worker.js',
      '/.assetsignore',
      '/v1%2fmeta.json',
      '/v1%5Cmeta.json',
      '/%00',
      '/%E0%A4%A',
      '/v1/%2e%2e/widget.js',
      '//widget.js',
    ]) {
      for (const method of ['GET', 'POST']) {
        const answer = await ask(target, { method });
        expect([answer.status, answer.text, answer.headers['cache-control'], answer.headers['content-type']], `${method} ${target}`).toEqual([
          404,
          NOT_FOUND,
          REVALIDATE,
          'application/json; charset=utf-8',
        ]);
      }
    }
  });

  it('refuses other methods on a file or a folder with the 405 envelope, Allow: GET, HEAD', async () => {
    for (const target of ['/widget.js', '/', '/ha']) {
      const answer = await ask(target, { method: 'DELETE' });
      expect([answer.status, answer.headers['allow'], JSON.parse(answer.text).success], target).toEqual([405, 'GET, HEAD', false]);
    }
  });

  it('answers 304 for a matching If-None-Match (weakly compared, in a list, or *), else for an If-Modified-Since not before the file', async () => {
    const etag = 'W/"7-14-2024-03-15T12:00:00.000Z"';
    for (const ifNoneMatch of [etag, '"7-14-2024-03-15T12:00:00.000Z"', `"x", ${etag}`, '*'])
      expect((await ask('/widget.js', { ifNoneMatch })).status, ifNoneMatch).toBe(304);
    expect((await ask('/widget.js', { ifNoneMatch: '"x"', ifModifiedSince: 'Fri, 15 Mar 2024 12:00:00 GMT' })).status).toBe(200);
    expect((await ask('/widget.js', { ifModifiedSince: 'Fri, 15 Mar 2024 12:00:00 GMT' })).status).toBe(304);
    expect((await ask('/widget.js', { ifModifiedSince: 'Fri, 15 Mar 2024 11:59:59 GMT' })).status).toBe(200);
    const notModified = await ask('/widget.js', { ifNoneMatch: etag });
    expect([notModified.body, notModified.headers['cache-control'], notModified.headers['content-type']]).toEqual([null, REVALIDATE, undefined]);
  });

  it('answers one byte range with 206, an unsatisfiable one with the 416 envelope, and opens nothing for HEAD', async () => {
    const part = await ask('/widget.js', { range: 'bytes=8-' });
    expect([part.status, part.body, part.headers['content-range'], part.headers['content-length']]).toEqual([206, 'log(1)', 'bytes 8-13/14', '6']);
    expect((await ask('/widget.js', { range: 'bytes=0-3,5-6' })).body).toBe('cons');
    const refused = await ask('/widget.js', { range: 'bytes=20-30' });
    expect([refused.status, refused.headers['content-range']]).toEqual([416, 'bytes */14']);
    opened.length = 0;
    const head = await ask('/widget.js', { method: 'HEAD' });
    expect([head.status, head.body, head.headers['content-length'], opened]).toEqual([200, null, '14', []]);
  });

  it('reads paths, kinds, ETags and ranges as the documents say', () => {
    expect([staticPath('/'), staticPath('/ha/'), staticPath('/a%20b.txt?x'), staticPath('/.well-known/x')]).toEqual(['', 'ha/', 'a b.txt', null]);
    expect([kindOf('x/'), kindOf('a.JSON'), kindOf('LICENSE'), kindOf('.txt')].map((kind) => kind.type)).toEqual([
      'text/html',
      'application/json',
      'application/octet-stream',
      'application/octet-stream',
    ]);
    expect([etagMatches('W/"a"', '"a"'), etagMatches('"b"', '"a"')]).toEqual([true, false]);
    expect([byteRange('bytes=5-2', 10), byteRange('bytes=-4', 10), byteRange(null, 10), byteRange('bytes=3-99', 10), byteRange('pages=1-2', 10)]).toEqual([
      'unsatisfiable',
      { start: 6, end: 9 },
      null,
      { start: 3, end: 9 },
      null,
    ]);
  });
});
