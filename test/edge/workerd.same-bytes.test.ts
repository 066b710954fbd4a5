import { startWorkerd } from '../support/workerd-server.ts';
import { sameBytesSuite } from './same-bytes-suite.ts';

// The snapshot's _worker.js in workerd as Cloudflare Pages (advanced mode) runs it.
sameBytesSuite('workerd (Pages)', startWorkerd, { maxAgeBehind: 2 });
