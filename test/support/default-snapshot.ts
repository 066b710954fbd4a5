// A snapshot of the project's real default data (data/), for the tests that
// need every rule a user meets (cash on both standards, livestock, crops).
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { DATA_DIR, loadDatabase } from '../../generator/db/default-db.ts';
import { buildSnapshot, type BuildOptions } from '../../generator/snapshot/build.ts';
import { copyOfBuilt } from './built-once.ts';
import { fixtureBuild } from './fixture.ts';

/**
 * A fixed day inside the real daily records (from 2025-09-01), so the figures
 * the tests check by hand do not move as data/daily grows. It has a rate of
 * its own day, so the page and the widget warn of no old rate (nsbRateAgeDays 0).
 */
export const DEFAULT_AS_OF = '2025-09-21';

export interface DefaultSnapshot {
  out: string;
  remove(): Promise<void>;
}

/** The default data built as of DEFAULT_AS_OF, or of `asOf` (at midday UTC of that day), with the build's other options from `build`. */
export async function defaultSnapshot(asOf = DEFAULT_AS_OF, build: Partial<BuildOptions> = {}): Promise<DefaultSnapshot> {
  // The options are the key of the folder made once per run (built-once.ts), so they must be plain values (legacyUnit, ...).
  if (Object.values(build).some((value) => typeof value === 'function')) throw new Error('defaultSnapshot: build options must be plain values');
  const key = `default-${asOf}-${createHash('sha256')
    .update(JSON.stringify(Object.entries(build).sort()))
    .digest('hex')
    .slice(0, 12)}`;
  const dir = await copyOfBuilt(key, 'nisab-default-', async (into) => {
    const db = path.join(into, 'source.sqlite');
    await loadDatabase(db, DATA_DIR);
    await buildSnapshot(fixtureBuild(db, path.join(into, 'public'), { asOf, now: new Date(`${asOf}T12:00:00Z`), ...build }));
  });
  return { out: path.join(dir, 'public'), remove: () => rm(dir, { recursive: true, force: true }) };
}
