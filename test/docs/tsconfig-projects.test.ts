// The type-check's projects (tsconfig/, docs/testing.md) are written beside the tree's folders:
// every TypeScript file of the tree (git's, tracked or not ignored) must be in exactly one project, and every project must be
// named by the root tsconfig.json, or `tsc -b` leaves a file unchecked and says nothing.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TSC } from '../support/tree-copy.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PROJECTS = readdirSync(path.join(ROOT, 'tsconfig'))
  .filter((file) => file.endsWith('.json') && file !== 'project.json')
  .sort();

describe("the type-check's projects", () => {
  it('are each named by the root tsconfig.json', () => {
    const root = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as { references: { path: string }[] };
    expect(root.references.map((r) => path.basename(r.path)).sort()).toEqual(PROJECTS);
  });

  it('hold every TypeScript file of the tree, each in one project', () => {
    const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts'], { cwd: ROOT, encoding: 'utf8' })
      .trim()
      .split('\n')
      .sort();
    const held = PROJECTS.flatMap((project) =>
      execFileSync(process.execPath, [TSC, '-p', path.join('tsconfig', project), '--listFilesOnly'], { cwd: ROOT, encoding: 'utf8' })
        .trim()
        .split('\n')
        .map((file) => path.relative(ROOT, file))
        // Libraries' declarations, and the declarations of the projects referenced.
        .filter((file) => !file.startsWith('node_modules/') && !file.startsWith('tmp/') && !file.startsWith('..')),
    );
    expect([...held].sort()).toEqual(tracked);
  }, 120_000);
});
