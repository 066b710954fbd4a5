// The layout both ways: every path the build names reads back to what it holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockEnd, blockOf, blockStarts, LEVELS, parsePath, paths, SNAPSHOT_PATH_FORM, type Level, type Scope } from '../../generator/router/layout.ts';

const day = fc.integer({ min: 0, max: 200_000 }).map((n) => new Date(Date.UTC(1800, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const scope = fc.oneof(fc.constant<Scope>('all'), fc.integer({ min: 1, max: 999_999_999 }));

describe('the layout, read back', () => {
  it('parses every shard path to its scope, level and block, and the block holds the date', () => {
    fc.assert(
      fc.property(scope, fc.constantFrom(...LEVELS), day, (s: Scope, level: Level, date: string) => {
        const file = parsePath(paths.shard(s, level, date));
        expect(file).toMatchObject({ kind: 'shard', scope: s, level });
        expect(SNAPSHOT_PATH_FORM.test(paths.shard(s, level, date))).toBe(true);
        if (file?.kind !== 'shard') return;
        expect(paths.block(s, file)).toBe(paths.shard(s, level, date));
        expect(file.start <= date && date <= file.end).toBe(true);
        expect(file).toMatchObject(blockOf(level, date));
      }),
    );
  });

  it('parses the single files', () => {
    expect(parsePath(paths.latest(7))).toEqual({ kind: 'latest', subcategoryId: 7 });
    expect(parsePath(paths.nisab(12))).toEqual({ kind: 'nisab', subcategoryId: 12 });
    for (const kind of ['meta', 'routing', 'subcategories', 'nisabAll'] as const) expect(parsePath(paths[kind])).toEqual({ kind });
    // The single files' paths are their patterns as they are (not filled in): none has a field.
    for (const path of Object.values(paths)) if (typeof path === 'string') expect(path).toMatch(/^v1\/[^{}]+$/);
  });

  it('refuses what no snapshot holds', () => {
    for (const path of [
      '',
      'manifest.json',
      'index.html',
      '/' + paths.meta,
      paths.meta + '/',
      paths.latest(1).replace('1.json', '01.json'),
      '../' + paths.meta,
      paths.shard(1, 'month', '2024-03-01').replace('03', '13'),
      'v1/rates/x.json',
    ]) {
      expect(parsePath(path), path).toBeNull();
    }
  });

  it('gives every kind of path the form the nginx module checks its reads with, and no climbing path', () => {
    const named = [
      paths.latest(7),
      paths.nisab(12),
      paths.meta,
      paths.routing,
      paths.subcategories,
      paths.nisabAll,
      'v1/sources.json',
      'v1/calendars/nigeria.json',
      'v1/currencies.json',
      'v1/gaps.json',
      'v1/fx/GBP/2024.json',
      'v1/rates/month-ends/2024.json',
      `v1/mark/${'0123456789abcdef'.repeat(2)}01234567.json`,
      'v1/downloads/index.json',
      'v1/downloads/rates/2024.csv',
      'v1/downloads/nisab/2024.csv',
    ];
    for (const path of named) expect([path, parsePath(path) !== null, SNAPSHOT_PATH_FORM.test(path)]).toEqual([path, true, true]);
    for (const path of [
      '../v1/meta.json',
      'v1/../meta.json',
      'v1/./meta.json',
      'v1/.hidden.json',
      'v1//meta.json',
      '/v1/meta.json',
      'v1/meta.json/',
      'v1/%2e%2e/meta.json',
      'v1/meta.json\n',
      'v1/a b.json',
    ]) {
      expect(SNAPSHOT_PATH_FORM.test(path), path).toBe(false);
    }
  });

  it('ends blocks on their last day', () => {
    expect(blockEnd('month', '2024-02-01')).toBe('2024-02-29');
    expect(blockEnd('month', '2023-02-01')).toBe('2023-02-28');
    expect(blockEnd('month', '2023-12-01')).toBe('2023-12-31');
    expect(blockEnd('year', '2023-01-01')).toBe('2023-12-31');
    expect(blockEnd('decade', '2020-01-01')).toBe('2029-12-31');
    expect(blockStarts('month', '2023-11-15', '2024-02-01').map((s) => blockEnd('month', s))).toEqual(['2023-11-30', '2023-12-31', '2024-01-31', '2024-02-29']);
  });
});
