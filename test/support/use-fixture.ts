// The fixture of one describe block: made before its tests, removed after them.
// Kept apart from fixture.ts, which the benchmark scripts import outside vitest.
import { afterAll, beforeAll } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
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

/** The fixture of one describe block (or file) served by the real preview: both made before its tests, closed and removed after them. */
export function useFixturePreview(): { fixture: Fixture; preview: Preview } {
  const fixture = {} as Fixture;
  const preview = {} as Preview;
  beforeAll(async () => {
    Object.assign(fixture, await makeFixture());
    Object.assign(preview, await startPreview({ dir: fixture.out, port: 0 }));
  });
  afterAll(async () => {
    await preview.close?.();
    await fixture.remove?.();
  });
  return { fixture, preview };
}
