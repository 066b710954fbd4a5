// Thousands of random queries, each answered by the real preview server and by
// a plain SQL query on the same database: the answers must agree exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderList } from '../../generator/router/envelope.ts';
import { oracleRates } from '../support/fixture.ts';
import { request } from '../support/http.ts';
import { useFixturePreview } from '../support/use-fixture.ts';

describe('range answers against SQL', () => {
  const { fixture, preview } = useFixturePreview();

  // Dates inside, before, after and across the data (2019-12-20 .. 2024-03-15, later rows unpublished).
  const date = fc
    .integer({ min: Date.UTC(2017, 0, 1) / 86_400_000, max: Date.UTC(2026, 11, 31) / 86_400_000 })
    .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));
  const near = (d: string, days: number) => new Date(Date.parse(d) + days * 86_400_000).toISOString().slice(0, 10);
  const range = fc.oneof(
    fc.tuple(fc.option(date), fc.option(date)),
    // short ranges, where the shard choice is most varied
    fc.tuple(date, fc.integer({ min: 0, max: 70 })).map(([d, n]) => [d, near(d, n)] as const),
  );

  it('agree on 3,000 random queries, byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(range, fc.constantFrom(null, 1, 2, 3, 11, 12), fc.boolean(), async ([a, b], subcategory, indexPhp) => {
        const [start, end] = a && b && a > b ? [b, a] : [a, b];
        const query = [start && `start_date=${start}`, end && `end_date=${end}`, subcategory && `subcategory=${subcategory}`].filter(Boolean).join('&');
        const answer = await request(preview.url, `${indexPhp ? '/index.php' : ''}/api/v1/rates${query ? `?${query}` : ''}`);
        const rows = oracleRates(fixture.db, fixture.asOf, { start, end, subcategory });
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.body)).toEqual({ success: true, data: rows, count: rows.length });
        expect(answer.body).toBe(renderList(rows.map((row) => JSON.stringify(row))));
      }),
      { numRuns: 3000 },
    );
  }, 750_000); // 211 s seen in .ci/run beside 16 busy processes (load 18 to 21), under a third of this
});
