// The README's CLI reference is the commands' own help.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { withReference } from '../../scripts/cli-reference.ts';

it('README.md documents every command exactly as --help does (regenerate: npx tsx scripts/cli-reference.ts)', async () => {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  expect(readme).toBe(withReference(readme));
});
