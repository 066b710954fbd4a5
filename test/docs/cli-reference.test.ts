// docs/cli.md's reference is the commands' own help.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { CLI_DOC, withReference } from '../../scripts/cli-reference.ts';

it('docs/cli.md documents every command exactly as --help does (regenerate: npx tsx scripts/cli-reference.ts)', async () => {
  const doc = await readFile(CLI_DOC, 'utf8');
  expect(doc).toBe(withReference(doc));
});
