// The pure router core, case by case, where HTTP would hide the detail.
import { readdir, readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderList } from '../../generator/router/envelope.ts';
import { parsePath, paths, planRange, scopeBlocks } from '../../generator/router/layout.ts';
import { finalize, maxAge, type Plan } from '../../generator/router/router.ts';
import type { RoutingIndex } from '../../generator/model/schemas.ts';
import { sliceList } from '../../generator/router/slice.ts';

const index = (validUntil: string): RoutingIndex => ({
  asOf: '2024-03-15',
  validUntil,
  defaultSubcategoryID: 1,
  all: null,
  subcategories: {},
  slugs: {},
  dailyRateIDs: [],
  etags: {},
  snapshot: '0'.repeat(40),
  calendars: { ummAlQura: { firstYear: 1300, firstDay: '1882-11-12', lengths: '' }, nigeria: [] },
});
const plan = (ifNoneMatch: string | null): Plan => ({ status: 200, reads: [], body: null, head: false, ifNoneMatch, dated: null, options: [] });

describe('the router core', () => {
  it('covers any range with at most 8 consecutive blocks, reading at most twice its days plus a month', () => {
    const DAY = 86_400_000;
    const dayOf = (n: number) => new Date(Date.UTC(1950, 0, 1) + n * DAY).toISOString().slice(0, 10);
    const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / DAY + 1;
    let worst31 = 0;
    let worst62 = 0;
    // Histories of up to 50 years (longer ones read one more file per decade).
    const offset = fc.integer({ min: 0, max: 18_262 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), offset, offset, offset, (base, b, c, d) => {
        const [first, start, end, last] = [0, b, c, d].sort((x, y) => x - y).map((n) => dayOf(base + n)) as [string, string, string, string];
        const coverage = { first, last };
        const asOf = last; // a daily series: the as-of date is the last record's
        const reads = planRange(2, start, end, coverage, asOf);
        expect(reads.length).toBeGreaterThan(0);
        expect(reads.length).toBeLessThanOrEqual(8);
        const blocks = reads.map((r) => parsePath(r.path)!).map((f) => (f.kind === 'shard' ? f : null)!);
        const exists = new Set(scopeBlocks(coverage, asOf).map((block) => paths.block(2, block)));
        for (const read of reads) expect(exists.has(read.path), read.path).toBe(true);
        // consecutive, disjoint, and together holding [start, end]
        expect(blocks[0]!.start <= start && start <= blocks[0]!.end).toBe(true);
        for (let i = 1; i < blocks.length; i++) expect(days(blocks[i - 1]!.end, blocks[i]!.start)).toBe(2);
        expect(blocks.at(-1)!.end >= end).toBe(true);
        const returned = days(start, end);
        const read = blocks.reduce((sum, f) => sum + days(f.start < first ? first : f.start, f.end > last ? last : f.end), 0);
        if (returned >= 31) worst31 = Math.max(worst31, read / returned);
        if (returned >= 62) worst62 = Math.max(worst62, read / returned);
      }),
      { numRuns: 3000 },
    );
    // 31 days from a month's last day read three months (2.9x): no smaller block exists.
    expect(worst31).toBeLessThanOrEqual(3);
    expect(worst62).toBeLessThanOrEqual(2.5);
    expect(planRange(1, '2001-01-01', null, { first: '2000-01-31', last: '2000-12-31' }, '2000-12-31')).toEqual([]);
    expect(planRange(1, '2000-12-31', '2001-01-01', { first: '1999-01-31', last: '2003-12-31' }, '2003-12-31').map((r) => r.path)).toEqual([
      paths.shard(1, 'month', '2000-12-01'),
      paths.shard(1, 'month', '2001-01-01'),
    ]);
    expect(planRange(1, '1999-12-15', '2001-01-15', { first: '1990-01-31', last: '2003-12-31' }, '2003-12-31').map((r) => r.path)).toEqual([
      paths.shard(1, 'month', '1999-12-01'),
      paths.shard(1, 'year', '2000-01-01'),
      paths.shard(1, 'month', '2001-01-01'),
    ]);
    // The whole history: closed decades, the open decade's closed years, the open year's closed months, the open month.
    expect(planRange('all', null, null, { first: '1974-06-15', last: '2024-06-14' }, '2024-06-14').map((r) => r.path)).toEqual([
      ...['1970', '1980', '1990', '2000', '2010'].map((y) => paths.shard('all', 'decade', `${y}-01-01`)),
      paths.shard('all', 'years', '2023-01-01'),
      paths.shard('all', 'months', '2024-05-01'),
      paths.shard('all', 'month', '2024-06-01'),
    ]);
  }, 90_000); // 20 s seen in .ci/run beside 16 busy processes (load 17 to 24), under a third of this

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
    const headers = finalize({ status: 200, parts: ['{}'], etag: '"a"', etagKey: '{}' }, plan(null), index('2024-03-15T23:05:00.000Z'), now).headers;
    expect(headers['cache-control']).toBe('public, max-age=39900');
  });

  it('answers 304 to any matching If-None-Match form', () => {
    const answer = { status: 200, parts: ['{}'], etag: '"abc"', etagKey: '{}' };
    for (const header of ['"abc"', 'W/"abc"', '"x", "abc"', '*'])
      expect(finalize(answer, plan(header), index('2024-01-01T00:00:00Z'), 0).status, header).toBe(304);
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
    // Every module of model/ and router/ but the zod schemas (which the router imports as types only) keeps to the njs subset.
    const files: string[] = [];
    for (const folder of ['model', 'router'])
      for (const f of await readdir(new URL(`../../generator/${folder}/`, import.meta.url)))
        if (f.endsWith('.ts') && f !== 'schemas.ts') files.push(`${folder}/${f}`);
    expect(files).toContain('router/router.ts');
    for (const file of files) {
      const code = (await readFile(new URL(`../../generator/${file}`, import.meta.url), 'utf8')).replace(/\/\/.*$/gm, '');
      for (const [pattern, what] of forbidden) expect(pattern.test(code), `${file}.ts uses ${what}`).toBe(false);
    }
  });
});
