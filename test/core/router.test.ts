// The pure router core, case by case, where HTTP would hide the detail.
import { readdir, readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderList } from '../../generator/core/envelope.ts';
import { parsePath, paths, planRange } from '../../generator/core/layout.ts';
import { finalize, maxAge, type Plan } from '../../generator/core/router.ts';
import type { RoutingIndex } from '../../generator/core/schemas.ts';
import { sliceList } from '../../generator/core/slice.ts';

const index = (validUntil: string): RoutingIndex => ({ asOf: '2024-03-15', validUntil, defaultSubcategoryID: 1, all: null, subcategories: {}, slugs: {}, dailyRateIDs: [], etags: {} });
const plan = (ifNoneMatch: string | null): Plan => ({ status: 200, reads: [], body: null, head: false, ifNoneMatch, dated: null });

describe('the router core', () => {
  it('never plans more than two reads, and reads the whole list for the whole range', () => {
    const day = fc.integer({ min: 0, max: 20_000 }).map((n) => new Date(Date.UTC(1990, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.option(day), fc.option(day), (start, end) => {
        const reads = planRange('all', start, end, { first: '1995-03-04', last: '2030-10-11' });
        expect(reads.length).toBeLessThanOrEqual(2);
        for (const read of reads) expect(parsePath(read.path)).toMatchObject({ kind: 'shard', scope: 'all' });
      }),
    );
    expect(planRange(1, null, null, { first: '2000-01-31', last: '2000-12-31' })).toEqual([{ path: paths.shard(1, 'all', ''), from: '2000-01-31', to: '2000-12-31' }]);
    expect(planRange(1, '2001-01-01', null, { first: '2000-01-31', last: '2000-12-31' })).toEqual([]);
    expect(planRange(1, '2000-12-31', '2001-01-01', { first: '1999-01-31', last: '2003-12-31' }).map((r) => r.path)).toEqual([paths.shard(1, 'month', '2000-12-01'), paths.shard(1, 'month', '2001-01-01')]);
    expect(planRange(1, '1999-12-15', '2001-01-15', { first: '1990-01-31', last: '2003-12-31' }).map((r) => r.path)).toEqual([paths.shard(1, 'decade', '1990-01-01'), paths.shard(1, 'decade', '2000-01-01')]);
  });

  it('cuts a list file exactly, whatever the bounds', () => {
    const lines = ['2020-01-01', '2020-01-01', '2020-01-03', '2020-01-07'].map((d, i) => JSON.stringify({ drtID: i, drtDate: d }));
    const file = renderList(lines);
    expect(sliceList(file, '2020-01-01', '2020-01-07')).toEqual({ text: lines.join(',\n'), count: 4, whole: true });
    expect(sliceList(file, '2020-01-02', '2020-01-06')).toEqual({ text: lines[2], count: 1, whole: false });
    expect(sliceList(file, '2020-01-01', '2020-01-01')).toEqual({ text: lines.slice(0, 2).join(',\n'), count: 2, whole: false });
    expect(sliceList(file, '2020-01-04', '2020-01-06').count).toBe(0);
    expect(sliceList(file, '2019-01-01', '2019-12-31').count).toBe(0);
    expect(sliceList(renderList([]), '2020-01-01', '2020-12-31')).toMatchObject({ count: 0 });
  });

  it('lets an answer be cached until the next build and no longer', () => {
    const now = Date.parse('2024-03-15T12:00:00Z');
    expect(maxAge(index('2024-03-15T23:05:00.000Z'), now)).toBe(11 * 3600 + 300);
    expect(maxAge(index('2024-03-15T11:00:00.000Z'), now)).toBe(0);
    const headers = finalize({ status: 200, body: '{}', etag: '"a"' }, plan(null), index('2024-03-15T23:05:00.000Z'), now).headers;
    expect(headers['cache-control']).toBe('public, max-age=39900');
  });

  it('answers 304 to any matching If-None-Match form', () => {
    const answer = { status: 200, body: '{}', etag: '"abc"' };
    for (const header of ['"abc"', 'W/"abc"', '"x", "abc"', '*']) expect(finalize(answer, plan(header), index('2024-01-01T00:00:00Z'), 0).status, header).toBe(304);
    for (const header of ['"abcd"', 'abc', '']) expect(finalize(answer, plan(header), index('2024-01-01T00:00:00Z'), 0).status, header).toBe(200);
  });

  it('keeps the core inside what nginx njs 0.7.9 runs', async () => {
    const forbidden: [RegExp, string][] = [
      [/\.\.\.[\w[{(]/, 'spread or rest'],
      [/\?\./, 'optional chaining'],
      [/\?\?/, 'nullish coalescing'],
      [/\bfor\s*\((const|let|var)\s+[^;]*\bof\b/, 'for-of'],
      [/^\s*class\s/m, 'class'],
      [/\bnew (Map|Set)\b/, 'Map/Set'],
      [/URLSearchParams/, 'URLSearchParams'],
      [/\b(const|let|var)\s*[{[]/, 'destructuring'],
      [/\basync\b|\bawait\b/, 'async/await'],
    ];
    // Every core module but the zod schemas (which the router imports as types only) runs in njs.
    const files = (await readdir(new URL('../../generator/core/', import.meta.url))).filter((f) => f.endsWith('.ts') && f !== 'schemas.ts');
    expect(files).toContain('router.ts');
    for (const file of files) {
      const code = (await readFile(new URL(`../../generator/core/${file}`, import.meta.url), 'utf8')).replace(/\/\/.*$/gm, '');
      for (const [pattern, what] of forbidden) expect(pattern.test(code), `${file}.ts uses ${what}`).toBe(false);
    }
  });
});
