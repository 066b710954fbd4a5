// docs/deploying.md's table of static paths is the layout's, described as OpenAPI describes each file.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { DEPLOYING_DOC, withStaticPaths } from '../../scripts/static-paths.ts';

it('docs/deploying.md lists every static file kind the layout has (regenerate: npx tsx scripts/static-paths.ts)', async () => {
  const doc = await readFile(DEPLOYING_DOC, 'utf8');
  expect(doc).toBe(withStaticPaths(doc));
});
