import { startWorkerd } from '../support/workerd-server.ts';
import { contractSuite } from './contract-suite.ts';

contractSuite('workerd', startWorkerd, { rawRequestLines: false });
