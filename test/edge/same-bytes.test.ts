// The same-bytes suite with the generated differential (same-bytes-suite.ts,
// differential-cases.ts) on every edge of test/support/edges.ts but the
// preview, whose answers are the reference: a server added there is compared
// without a file of its own here.
import { EDGES, PREVIEW, forEachEdge } from '../support/edges.ts';
import { sameBytesSuite } from './same-bytes-suite.ts';

forEachEdge(
  EDGES.filter((edge) => edge !== PREVIEW),
  'the same-bytes suite',
  sameBytesSuite,
);
