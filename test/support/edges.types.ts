// Compile-time checks of the edge registry (edges.ts), run by `tsc -b`, not
// vitest: each `@ts-expect-error` fails the type check if the line below it ever
// compiles. A half-written entry (a Bun server, say, without what the suites
// read) must not compile, so no suite runs it with a guess.
import type { Edge } from './edges.ts';

const startBun: Edge['start'] = async () => ({ url: 'http://127.0.0.1:1', stop: async () => {} });

export const complete: Edge = { name: 'Bun', start: startBun, missing: () => null, ownsFraming: true, maxAgeBehind: 2 };

// @ts-expect-error: an entry says why it cannot run here (null when it can): CI fails rather than skip it
export const withoutMissing: Edge = { name: 'Bun', start: startBun, ownsFraming: true, maxAgeBehind: 2 };

// @ts-expect-error: an entry says whether its own HTTP parsing is ours to test (the raw framing cases)
export const withoutFraming: Edge = { name: 'Bun', start: startBun, missing: () => null, maxAgeBehind: 2 };

// @ts-expect-error: an entry says how far its max-age may fall behind the preview's
export const withoutMaxAge: Edge = { name: 'Bun', start: startBun, missing: () => null, ownsFraming: true };
