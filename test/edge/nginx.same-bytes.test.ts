import { describe, it } from 'vitest';
import { errorLog, nginxMissing, startNginx, type NginxServer } from '../support/nginx-server.ts';
import { skipOrFail } from '../support/required-tools.ts';
import { sameBytesSuite } from './same-bytes-suite.ts';

// The generated nginx site: its fast path, its answer cache and its njs module.
// Its table of max-age values rounds down by up to 10 s, never up.
const missing = skipOrFail(nginxMissing(), 'the nginx same-bytes suite');

if (missing === null) {
  sameBytesSuite('nginx', startNginx, { maxAgeBehind: 12, diagnose: (server) => errorLog(server as NginxServer), raw: true });
} else {
  describe.skip(`nginx answers as the preview server does (skipped: ${missing})`, () => {
    it('runs the same-bytes suite against the generated nginx site', () => {});
  });
}
