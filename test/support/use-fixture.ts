// The fixture of one describe block: made before its tests, removed after them.
// Kept apart from fixture.ts, which the benchmark scripts import outside vitest.
import { afterAll, beforeAll } from 'vitest';
import { makeFixture, type Fixture } from './fixture.ts';

/** Registers the hooks; call at the top of a describe and read the fields inside its tests. */
export function useFixture(): Fixture {
  const fixture = {} as Fixture;
  beforeAll(async () => {
    Object.assign(fixture, await makeFixture());
  });
  afterAll(async () => {
    await fixture.remove?.();
  });
  return fixture;
}
