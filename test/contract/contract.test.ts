// The contract suite (contract-suite.ts) on every edge of test/support/edges.ts:
// a server added there is held to docs/API.md without a file of its own here.
import { EDGES, forEachEdge } from '../support/edges.ts';
import { contractSuite } from './contract-suite.ts';

forEachEdge(EDGES, 'the contract suite', contractSuite);
