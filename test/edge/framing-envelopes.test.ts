// Issue 25: every answer under a base is an envelope with CORS, malformed
// framing included, on the preview and on nginx alike: an Expect header the
// server does not know (the preview gave 417 with an empty body) and an HTTP/1.1
// request without Host (the preview gave 400 with an empty body; nginx answers it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { fixtureBuild, type Fixture } from '../support/fixture.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { rawRequest, type Answer } from '../support/http.ts';
import { nginxMissing, startNginx, type NginxServer } from '../support/nginx-server.ts';
import { skipOrFail } from '../support/required-tools.ts';
import { useFixture } from '../support/use-fixture.ts';

const missing = skipOrFail(nginxMissing(), 'the framing envelope tests on nginx');

function envelope(answer: Answer): void {
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['access-control-allow-origin']).toBe('*');
  expect(JSON.parse(answer.body)).toHaveProperty('success');
}

describe('framing the servers answer themselves', () => {
  const fixture: Fixture = useFixture();
  const servers: { name: string; base: string }[] = [];
  let preview: Preview;
  let nginx: NginxServer | undefined;

  beforeAll(async () => {
    await buildSnapshot(fixtureBuild(fixture.db, fixture.out));
    preview = await startPreview({ dir: fixture.out, port: 0 });
    servers.push({ name: 'preview', base: preview.url });
    if (missing === null) {
      nginx = await startNginx(fixture.out);
      servers.push({ name: 'nginx', base: nginx.url });
    }
  });

  afterAll(async () => {
    await Promise.all([preview?.close(), nginx?.stop()]);
  });

  it('Expect: junk is answered as if absent, with the envelope', async () => {
    const answers = [];
    for (const { name, base } of servers) {
      const answer = await rawRequest(base, 'GET /api/v1/rates/latest HTTP/1.1\r\nHost: localhost\r\nExpect: junk\r\nConnection: close\r\n\r\n');
      expect(answer.status, name).toBe(200);
      envelope(answer);
      answers.push(answer.body);
    }
    expect(new Set(answers).size).toBe(1);
  });

  it('an HTTP/1.1 request without Host: answered as nginx answers it, with the envelope', async () => {
    const answers = [];
    for (const { name, base } of servers) {
      const answer = await rawRequest(base, 'GET /api/v1/rates/latest HTTP/1.1\r\nConnection: close\r\n\r\n');
      expect(answer.status, name).toBe(200);
      envelope(answer);
      answers.push(answer.body);
    }
    expect(new Set(answers).size).toBe(1);
  });
});
