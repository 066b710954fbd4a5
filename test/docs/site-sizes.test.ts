// The page's sizes in docs/site.md and BENCHMARKS.md, and the text modules wrangler attaches in
// docs/deploying.md and docs/going-live.md, are a real build's (regenerate: npx tsx scripts/site-sizes.ts).
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { measure, SIZE_DOCS, withSizes, type Sizes } from '../../scripts/site-sizes.ts';
import { defaultSnapshot, type DefaultSnapshot } from '../support/default-snapshot.ts';

let snapshot: DefaultSnapshot;
let sizes: Sizes;

beforeAll(async () => {
  snapshot = await defaultSnapshot();
  sizes = await measure(snapshot.out);
});

afterAll(async () => {
  await snapshot?.remove();
});

it('the documents hold the sizes of a build of the default data, each once', async () => {
  for (const doc of SIZE_DOCS) {
    const text = await readFile(doc, 'utf8');
    expect(text, doc.pathname).toBe(withSizes(text, sizes));
    expect(text.includes('site-sizes:start') || text.includes('wrangler-modules'), doc.pathname).toBe(true);
  }
});
