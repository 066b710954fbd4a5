// A fixture folder built once per test run, then copied for each test file that asks for it: the fixture's database
// and snapshot took 2.7 to 3.3 s to make and the default data's 4.4 s (a quiet machine), for each of the 19 and 16
// files that made them, where a copy of either takes a tenth of a second. The build is deterministic (the same data as
// of the same day and hour), so a copy holds the bytes a fresh build would; each caller gets its own copy to change or
// remove. The made folders live under the run's temporary root (temp-root.ts), which goes when the run ends.
import { access, cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RUN_PREFIX } from './temp-root.ts';

/** This process's folders already made (vitest runs several files in one worker). */
const made = new Map<string, Promise<string>>();

async function makeOnce(key: string, make: (dir: string) => Promise<void>): Promise<string> {
  const root = path.join(os.tmpdir(), 'nisab-built-once');
  const done = path.join(root, key);
  await mkdir(root, { recursive: true });
  // Another worker (a process of its own) may have made it already, or be making it now: each makes its own beside it
  // and the first to rename wins. Only the rename's refusal is a lost race; an error of `make` is the caller's.
  if (await exists(done)) return done;
  const own = await mkdtemp(path.join(root, `${key}.making-`));
  try {
    await make(own);
  } catch (error) {
    await rm(own, { recursive: true, force: true });
    throw error;
  }
  try {
    await rename(own, done);
  } catch (error) {
    await rm(own, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
  }
  return done;
}

async function exists(dir: string): Promise<boolean> {
  try {
    await access(dir);
    return true;
  } catch {
    return false;
  }
}

/**
 * A new folder named `prefix…` under the temporary root holding what `make` puts into a folder, made at most once per
 * run for each `key` (which must name everything `make` depends on) and copied as it is (symbolic links, such as a
 * managed snapshot's `public`, kept relative; times kept).
 */
export async function copyOfBuilt(key: string, prefix: string, make: (dir: string) => Promise<void>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  // Outside a test run (a script under scripts/) there is no run's folder to keep a made one in, and one kept in the
  // machine's /tmp would outlive the code it was built with: build afresh.
  if (!path.basename(os.tmpdir()).startsWith(RUN_PREFIX)) {
    await make(dir);
    return dir;
  }
  let source = made.get(key);
  if (source === undefined) {
    source = makeOnce(key, make);
    made.set(key, source);
    source.catch(() => made.delete(key));
  }
  await cp(await source, dir, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
  return dir;
}
