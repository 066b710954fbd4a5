// The fixture's snapshot answered through the core's own `respond`, as an edge
// does but with no server: for the generated tests that ask thousands of
// requests (the answer options, every listed parameter). The clock is the
// fixture's as-of day at 13:00 UTC, never the wall clock.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { paths } from '../../generator/router/layout.ts';
import { respond } from '../../generator/router/respond.ts';
import type { RoutingIndex } from '../../generator/model/schemas.ts';
import { makeFixture, type Fixture } from './fixture.ts';

export interface CoreAnswers {
  /** The fixture and its routing index, once the suite's hook has made them. */
  fixture(): Fixture;
  index(): RoutingIndex;
  /** `target`'s status and body from the fixture's files, or null when it is not under an API base. */
  answer(target: string): Promise<{ status: number; body: string } | null>;
}

/** Makes the fixture before the suite and removes it after. */
export function useCoreAnswers(): CoreAnswers {
  let fixture: Fixture | undefined;
  let index: RoutingIndex | undefined;
  beforeAll(async () => {
    fixture = await makeFixture();
    index = JSON.parse(await readFile(path.join(fixture.out, paths.routing), 'utf8'));
  });
  afterAll(async () => {
    await fixture?.remove();
  });
  const made = () => {
    if (!fixture || !index) throw new Error('the fixture is made in beforeAll: ask for it inside a test');
    return { fixture, index };
  };
  return {
    fixture: () => made().fixture,
    index: () => made().index,
    async answer(target) {
      const { fixture: f } = made();
      const response = await respond(
        { method: 'GET', url: target, ifNoneMatch: null },
        {
          read: (file) => readFile(path.join(f.out, file), 'utf8'),
          sha1Hex: async (text) => createHash('sha1').update(text).digest('hex'),
          now: () => Date.parse(`${f.asOf}T13:00:00Z`),
        },
      );
      return response === null ? null : { status: response.status, body: response.parts === null ? response.body : response.parts.join('') };
    },
  };
}
