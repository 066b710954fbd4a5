import { startWorkersAssets } from '../support/workerd-server.ts';
import { contractSuite } from './contract-suite.ts';

// The snapshot deployed as a Worker with static assets, as wrangler configures workerd from its wrangler.jsonc.
contractSuite('workerd (Workers with static assets)', startWorkersAssets, { rawRequestLines: false });
