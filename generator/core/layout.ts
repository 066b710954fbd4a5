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
import { daysInMonth } from './dates.ts';

export const API_ROOT = 'v1';

export type Scope = 'all' | number;
export type Level = 'month' | 'year' | 'decade' | 'all';
export const LEVELS: Level[] = ['month', 'year', 'decade', 'all'];

// Every path of the snapshot as a pattern, read both ways: filled in to name a
// file, and compiled to a regular expression to tell what a file holds. A
// field is {name}; what each may match is FIELDS'. Change a pattern here and
// every writer and reader of paths follows.
const PATTERNS = {
  meta: 'v1/meta.json',
  routing: 'v1/routing.json',
  subcategories: 'v1/subcategories.json',
  sources: 'v1/sources.json',
  nisabAll: 'v1/nisab.json',
  nisab: 'v1/nisab/{id}.json',
  latest: 'v1/rates/latest/{id}.json',
  month: 'v1/rates/{scope}/{yyyy}/{mm}.json',
  year: 'v1/rates/{scope}/{yyyy}.json',
  decade: 'v1/rates/{scope}/{yyy}0s.json',
  all: 'v1/rates/{scope}.json',
  // For dated answers: each subcategory's newest record before the year, then its
  // newest record of each month of the year (see planMonthEnds in the build).
  monthEnds: 'v1/rates/month-ends/{yyyy}.json',
};
type Kind = keyof typeof PATTERNS;
const KINDS: Kind[] = ['meta', 'routing', 'subcategories', 'sources', 'nisabAll', 'nisab', 'latest', 'month', 'year', 'decade', 'all', 'monthEnds'];

const FIELDS: { [name: string]: string } = {
  id: '[1-9][0-9]{0,8}',
  scope: 'all|[1-9][0-9]{0,8}',
  yyyy: '[0-9]{4}',
  yyy: '[0-9]{3}',
  mm: '0[1-9]|1[0-2]',
};

/** A pattern with its fields filled in (`values` by field name). */
function fill(pattern: string, values: { [name: string]: string }): string {
  return pattern.replace(/\{([a-z]+)\}/g, function (_whole: string, name: string) {
    return values[name] as string;
  });
}

interface Compiled {
  kind: Kind;
  test: RegExp;
  names: string[];
}

function compile(kind: Kind): Compiled {
  const pattern = PATTERNS[kind];
  const names: string[] = [];
  let source = '';
  const parts = pattern.split(/(\{[a-z]+\})/);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (i % 2 === 1) {
      const name = part.slice(1, -1);
      names.push(name);
      source += '(' + FIELDS[name] + ')';
    } else {
      source += part.replace(/[.*+?^${}()|[\]\\\/]/g, '\\$&');
    }
  }
  return { kind: kind, test: new RegExp('^' + source + '$'), names: names };
}

const COMPILED: Compiled[] = KINDS.map(compile);

function dateFields(date: string): { [name: string]: string } {
  return { yyyy: date.slice(0, 4), yyy: date.slice(0, 3), mm: date.slice(5, 7) };
}

export const paths = {
  meta: fill(PATTERNS.meta, {}),
  routing: fill(PATTERNS.routing, {}),
  subcategories: fill(PATTERNS.subcategories, {}),
  sources: fill(PATTERNS.sources, {}),
  nisabAll: fill(PATTERNS.nisabAll, {}),
  nisab: function (subcategoryId: number): string {
    return fill(PATTERNS.nisab, { id: String(subcategoryId) });
  },
  latest: function (subcategoryId: number): string {
    return fill(PATTERNS.latest, { id: String(subcategoryId) });
  },
  /** The month ends of the year of `date`: what a dated answer reads besides the month of the date. */
  monthEnds: function (date: string): string {
    return fill(PATTERNS.monthEnds, dateFields(date));
  },
  /** The shard of `scope` at `level` that holds `date`. */
  shard: function (scope: Scope, level: Level, date: string): string {
    const values = dateFields(date);
    values['scope'] = String(scope);
    return fill(PATTERNS[level], values);
  },
};

/** What a file of the snapshot holds, read back from its path (see parsePath). */
export type SnapshotFile =
  | { kind: 'meta' }
  | { kind: 'routing' }
  | { kind: 'subcategories' }
  | { kind: 'sources' }
  | { kind: 'nisabAll' }
  | { kind: 'nisab'; subcategoryId: number }
  | { kind: 'latest'; subcategoryId: number }
  | { kind: 'shard'; scope: Scope; level: Level; start: string; end: string }
  | { kind: 'monthEnds'; start: string };

/** The file a path names, or null when no file of a snapshot has this path. */
export function parsePath(path: string): SnapshotFile | null {
  for (let i = 0; i < COMPILED.length; i++) {
    const compiled = COMPILED[i] as Compiled;
    const m = compiled.test.exec(path);
    if (m === null) continue;
    const values: { [name: string]: string } = {};
    for (let j = 0; j < compiled.names.length; j++) values[compiled.names[j] as string] = m[j + 1] as string;
    const kind = compiled.kind;
    if (kind === 'nisab' || kind === 'latest') return { kind: kind, subcategoryId: Number(values['id']) } as SnapshotFile;
    if (kind === 'meta' || kind === 'routing' || kind === 'subcategories' || kind === 'sources' || kind === 'nisabAll') return { kind: kind } as SnapshotFile;
    if (kind === 'monthEnds') return { kind: kind, start: values['yyyy'] + '-01-01' };
    const scope: Scope = values['scope'] === 'all' ? 'all' : Number(values['scope']);
    const year = values['yyyy'] !== undefined ? values['yyyy'] : values['yyy'] !== undefined ? values['yyy'] + '0' : '0001';
    const start = year + '-' + (values['mm'] !== undefined ? values['mm'] : '01') + '-01';
    // A path this layout would not write for its own block (two patterns alike) is not ours.
    if (paths.shard(scope, kind, start) !== path) continue;
    return { kind: 'shard', scope: scope, level: kind, start: start, end: blockEnd(kind, start) };
  }
  return null;
}

/** The last day of the block of `level` that starts on `start`. */
export function blockEnd(level: Level, start: string): string {
  const year = Number(start.slice(0, 4));
  if (level === 'all') return '9999-12-31';
  if (level === 'decade') return pad(year + 9, 4) + '-12-31';
  if (level === 'year') return pad(year, 4) + '-12-31';
  const month = Number(start.slice(5, 7));
  return start.slice(0, 8) + pad(daysInMonth(year, month), 2);
}

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
