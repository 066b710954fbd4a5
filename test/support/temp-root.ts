// One temporary folder for a whole test run: every test's temporary files,
// servers' prefixes and child processes' files go under it (TMPDIR is
// inherited), and it is removed when the run ends, passed or failed.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export async function setup(): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'nisab-test-run-'));
  process.env.TMPDIR = root;
  return () => rm(root, { recursive: true, force: true });
}
