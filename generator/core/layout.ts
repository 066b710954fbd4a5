// Which files a snapshot holds and which of them answer a date range. The
// build writes exactly the files named here and the router reads them, so this
// is the one definition of the layout.
//
// Rate lists are kept per scope ("all" subcategories, or one subcategory id) at
// four levels of calendar blocks: month, year, decade and everything. A range
// is answered from the smallest level at which its two ends fall in the same
// or in adjacent blocks: at most two files, each cut to the range. The files
// hold every record about four times (once per level), so the tree grows
// linearly with the data.
//
// Router core: keep to what nginx's njs 0.7.9 runs.

export const API_ROOT = 'v1';

export type Scope = 'all' | number;
export type Level = 'month' | 'year' | 'decade' | 'all';
export const LEVELS: Level[] = ['month', 'year', 'decade', 'all'];

export const paths = {
  meta: API_ROOT + '/meta.json',
  routing: API_ROOT + '/routing.json',
  subcategories: API_ROOT + '/subcategories.json',
  nisabAll: API_ROOT + '/nisab.json',
  nisab: function (subcategoryId: number): string {
    return API_ROOT + '/nisab/' + subcategoryId + '.json';
  },
  latest: function (subcategoryId: number): string {
    return API_ROOT + '/rates/latest/' + subcategoryId + '.json';
  },
  /** The shard of `scope` at `level` that holds `date`. */
  shard: function (scope: Scope, level: Level, date: string): string {
    const base = API_ROOT + '/rates/' + scope;
    if (level === 'all') return base + '.json';
    if (level === 'decade') return base + '/' + date.slice(0, 3) + '0s.json';
    if (level === 'year') return base + '/' + date.slice(0, 4) + '.json';
    return base + '/' + date.slice(0, 4) + '/' + date.slice(5, 7) + '.json';
  },
};

function pad(n: number, width: number): string {
  let text = String(n);
  while (text.length < width) text = '0' + text;
  return text;
}

/** The first day of every block of a level from the block of `first` to that of `last`: the shards a scope has. */
export function blockStarts(level: Level, first: string, last: string): string[] {
  if (level === 'all') return [first];
  const starts: string[] = [];
  const step = level === 'month' ? 1 : level === 'year' ? 12 : 120;
  let year = Number(first.slice(0, 4));
  let month = level === 'month' ? Number(first.slice(5, 7)) : 1;
  if (level === 'decade') year -= year % 10;
  for (;;) {
    const start = pad(year, 4) + '-' + pad(month, 2) + '-01';
    if (start > last) break;
    starts.push(start);
    month += step;
    year += Math.floor((month - 1) / 12);
    month = ((month - 1) % 12) + 1;
  }
  return starts;
}

/** A block's number at a level; two dates share a block when the numbers are equal. */
function blockNumber(level: Level, date: string): number {
  const year = Number(date.slice(0, 4));
  if (level === 'month') return year * 12 + Number(date.slice(5, 7));
  if (level === 'year') return year;
  if (level === 'decade') return Math.floor(year / 10);
  return 0;
}

export interface ShardRead {
  path: string;
  /** Keep the records dated from..to (inclusive) of the shard. */
  from: string;
  to: string;
}

export interface Coverage {
  first: string;
  last: string;
}

/**
 * The shard reads that answer [start, end] (inclusive, either may be null) for
 * a scope whose records span `coverage`; an empty list when no record can match.
 */
export function planRange(scope: Scope, start: string | null, end: string | null, coverage: Coverage | null): ShardRead[] {
  if (coverage === null) return [];
  const from = start === null || start < coverage.first ? coverage.first : start;
  const to = end === null || end > coverage.last ? coverage.last : end;
  if (from > to) return [];
  if (from === coverage.first && to === coverage.last) {
    return [{ path: paths.shard(scope, 'all', from), from: from, to: to }];
  }
  for (let i = 0; i < LEVELS.length; i++) {
    const level = LEVELS[i] as Level;
    const gap = blockNumber(level, to) - blockNumber(level, from);
    if (gap === 0) return [{ path: paths.shard(scope, level, from), from: from, to: to }];
    if (gap === 1) {
      return [
        { path: paths.shard(scope, level, from), from: from, to: to },
        { path: paths.shard(scope, level, to), from: from, to: to },
      ];
    }
  }
  return [{ path: paths.shard(scope, 'all', from), from: from, to: to }];
}
