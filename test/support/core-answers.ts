// The fixture's snapshot answered through the core's own `respond`, as an edge
// does but with no server: for the generated tests that ask thousands of
// requests (the answer options, every listed parameter). The clock is the
// fixture's as-of day at 13:00 UTC, never the wall clock.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { respond } from '../../generator/core/respond.ts';
import type { Fixture } from './fixture.ts';

/** `target`'s status and body from the fixture's files, or null when it is not under an API base. */
export async function answerFromFiles(fixture: Fixture, target: string): Promise<{ status: number; body: string } | null> {
  const response = await respond(
    { method: 'GET', url: target, ifNoneMatch: null },
    {
      read: (file) => readFile(path.join(fixture.out, file), 'utf8'),
      sha1Hex: async (text) => createHash('sha1').update(text).digest('hex'),
      now: () => Date.parse(`${fixture.asOf}T13:00:00Z`),
    },
  );
  return response === null ? null : { status: response.status, body: response.parts === null ? response.body : response.parts.join('') };
}
