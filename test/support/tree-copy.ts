// A copy of the whole tree for the rehearsals of docs/making-changes.md (issue 48:
// test/site/language-tree.test.ts, calculator-input-tree.test.ts,
// announced-kind-tree.test.ts, answer-option-steps.test.ts,
// test/sources/keyed-source-tree.test.ts): what the build reads and what its tsc checks,
// edited by a rehearsal's steps and nothing else, then compiled whole, so a
// half-done change fails where its cause is, as it would in the tree itself.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, realpath, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What the build reads: the code, the client it bundles, the data, docs/API.md, and what tsc and tsx read. */
const COPIED = ['generator', 'client', 'data', 'docs', 'package.json', 'tsconfig.json', 'tsconfig'];
/** The repository's tsc (TypeScript 7's package exports no bin/ path: found from its package.json). */
export const TSC = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
export const run = promisify(execFile);

/** A new temporary folder holding the tree's copy (`prefix` names it), its node_modules a link to the tree's; the caller removes it. */
export async function copyTree(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  for (const entry of COPIED)
    await cp(path.join(ROOT, entry), path.join(dir, entry), {
      recursive: true,
      // The kept database is the copy's to make from data/, as a fresh clone's is.
      filter: (source) => !/[\\/](node_modules|default\.sqlite[^\\/]*)$/.test(source),
    });
  await symlink(await realpath(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * The copy's tsc errors, each `generator/path/file.ts(line,col): error TSnnnn: ...` with the lines that
 * explain it, so a rehearsal asserts which files they name (`errors.filter((e) => e.startsWith(file))`).
 * The copy's projects keep their build info in the copy's own tmp/, so each call checks the copy as edited;
 * the CLI's project references every project of generator/ and client/ (the folders copied).
 */
export async function typecheck(dir: string): Promise<string[]> {
  const out = await run(process.execPath, [TSC, '-b', path.join(dir, 'tsconfig/cli.json'), '--pretty', 'false'], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    (done) => done.stdout,
    (failed: { stdout: string }) => failed.stdout,
  );
  return out.split(/\n(?=\S)/).filter((error) => error.includes('error TS'));
}

/** The copy's CLI building the default data into `public/` of the copy, for --as-of `asOf`. */
export function buildCopy(dir: string, asOf: string): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ['--import', 'tsx', 'generator/main.ts', 'build', '--out', 'public', '--as-of', asOf], {
    cwd: dir,
    // The clock is only the import's "not after today" here: nothing a rehearsal asserts is a date.
    env: { ...process.env, NISAB_DB: undefined, NISAB_TODAY: undefined, NISAB_SITE_URL: undefined, NISAB_LEGACY_UNIT: undefined },
    maxBuffer: 16 * 1024 * 1024,
  });
}
