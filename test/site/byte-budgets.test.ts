// The scripts a reader or an edge loads, each held to its budget (scripts/site-sizes.ts
// FILE_BUDGETS; the first render's is page-phone.test.ts's), as h3 keeps its bundle's
// size in a test: a file over it fails here, naming its size, so growing past it is a
// decision taken by raising the budget, not drift. The sizes of every file are written
// by scripts/site-sizes.ts into docs/site.md and BENCHMARKS.md.
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { siteAssets } from '../../generator/site/assets.ts';
import { cloudflareFiles } from '../../generator/snapshot/cloudflare-files.ts';
import { FILE_BUDGETS } from '../../scripts/site-sizes.ts';

describe('byte budgets', () => {
  let files: Map<string, string>;
  beforeAll(async () => {
    files = new Map([...(await siteAssets()), ...(await cloudflareFiles())]);
  }, 120_000); // every bundle of every language: 7 s seen at load 18

  for (const [file, budget] of Object.entries(FILE_BUDGETS)) {
    it(`${file} is within ${budget.gzipBytes.toLocaleString('en')} bytes gzipped (${budget.why})`, () => {
      const text = files.get(file);
      expect(text, `the build no longer writes ${file}: drop or rename its budget`).toBeDefined();
      const gzip = gzipSync(text!, { level: 9 }).length;
      expect(gzip, `${file}: ${gzip.toLocaleString('en')} bytes gzipped`).toBeLessThanOrEqual(budget.gzipBytes);
    });
  }
});
