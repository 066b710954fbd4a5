import { describe, it } from 'vitest';
import { nginxMissing, startNginx } from '../support/nginx-server.ts';
import { contractSuite } from './contract-suite.ts';

// The generated nginx site, started as documented (`nginx -p PREFIX -c nginx.conf
// -g 'daemon off;'`) in a temporary prefix on a free port. .ci/run installs nginx
// and libnginx-mod-http-js; only a machine without them skips this, and says why.
const missing = nginxMissing();
if (missing === null) {
  contractSuite('nginx', startNginx);
} else {
  console.warn(`nginx contract suite skipped: ${missing}`);
  describe.skip(`the contract, served by nginx (skipped: ${missing})`, () => {
    it('runs the contract suite against the generated nginx site', () => {});
  });
}
