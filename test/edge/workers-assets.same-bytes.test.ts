import { startWorkersAssets } from '../support/workerd-server.ts';
import { sameBytesSuite } from './same-bytes-suite.ts';

// The snapshot as a Worker with static assets, configured by wrangler from its wrangler.jsonc.
sameBytesSuite('workerd (Workers with static assets)', startWorkersAssets, { maxAgeBehind: 2 });
