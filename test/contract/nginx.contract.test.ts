import { describe, it } from 'vitest';
import { nginxMissing, startNginx } from '../support/nginx-server.ts';
import { skipOrFail } from '../support/required-tools.ts';
import { contractSuite } from './contract-suite.ts';

// The generated nginx site, started as documented (`nginx -p PREFIX -c nginx.conf
// -g 'daemon off;'`) in a temporary prefix on a free port. .ci/run installs nginx
// and libnginx-mod-http-js; without them CI fails here, and any other machine skips this, saying why.
const missing = skipOrFail(nginxMissing(), 'the nginx contract suite');
if (missing === null) {
  contractSuite('nginx', startNginx);
} else {
  describe.skip(`the contract, served by nginx (skipped: ${missing})`, () => {
    it('runs the contract suite against the generated nginx site', () => {});
  });
}
