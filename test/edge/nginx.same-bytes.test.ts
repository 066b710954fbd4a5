import { describe, it } from 'vitest';
import { errorLog, nginxMissing, startNginx, type NginxServer } from '../support/nginx-server.ts';
import { sameBytesSuite } from './same-bytes-suite.ts';

// The generated nginx site: its fast path, its answer cache and its njs module.
// Its table of max-age values rounds down by up to 10 s, never up.
const missing = nginxMissing();
if (missing === null) {
  sameBytesSuite('nginx', startNginx, { maxAgeBehind: 12, diagnose: (server) => errorLog(server as NginxServer) });
} else {
  console.warn(`nginx same-bytes suite skipped: ${missing}`);
  describe.skip(`nginx answers as the preview server does (skipped: ${missing})`, () => {
    it('runs the same-bytes suite against the generated nginx site', () => {});
  });
}
