// Issue 31: the preview answers CONNECT (it closed the connection without a word,
// Node's default for a server with no 'connect' listener) with the JSON envelope
// and CORS, as it answers every other method it does not take: 405 with Allow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Preview, startPreview } from '../../generator/edges/preview/server.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { rawRequest } from '../support/http.ts';
import { useFixture } from '../support/use-fixture.ts';

describe('the preview and CONNECT', () => {
  const fixture = useFixture();
  let preview: Preview;

  beforeAll(async () => {
    await buildSnapshot(fixtureBuild(fixture.db, fixture.out));
    preview = await startPreview({ dir: fixture.out, port: 0 });
  });

  afterAll(async () => {
    await preview?.close();
  });

  for (const target of ['example.org:443', '/api/v1/rates/latest', '127.0.0.1:22']) {
    it(`CONNECT ${target}: 405, the envelope with CORS and Allow, the connection closed`, async () => {
      const answer = await rawRequest(preview.url, `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
      expect(answer.status).toBe(405);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({ success: false, message: 'method CONNECT is not allowed; use GET, HEAD or OPTIONS' });
      // and the preview still answers
      expect((await fetch(`${preview.url}/api/v1/meta`)).status).toBe(200);
    });
  }
});
