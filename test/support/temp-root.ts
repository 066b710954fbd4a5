// One temporary folder for a whole test run: every test's temporary files,
// servers' prefixes and child processes' files go under it (TMPDIR is
// inherited), and it is removed when the run ends, passed or failed.
//
// Its mode is set here and nowhere else: mkdtemp's 0o700 and o+rx (0o005).
// Tests run as root hand work to the user nobody, who must pass through it
// (test/cli/read-only.test.ts), and nginx's site refuses, as root, a snapshot
// under a folder that nobody cannot read and pass (o+rx, generator/edges/nginx/
// site.ts; test/docs/shell-blocks.test.ts). Two tests that set it each their
// own way once failed a mixed run.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** How the run's folder is named: what a helper looks for to know it runs inside a test run (built-once.ts). */
export const RUN_PREFIX = 'nisab-test-run-';

export async function setup(): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(os.tmpdir(), RUN_PREFIX));
  await chmod(root, 0o700 | 0o005);
  process.env.TMPDIR = root;
  return () => rm(root, { recursive: true, force: true });
}
