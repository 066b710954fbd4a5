// Which files a snapshot holds and which of them answer a date range. The
// build writes exactly the files named here and the router reads them, so this
// is the one definition of the layout, both ways: a path from what it holds
// (paths) and what a path holds (parsePath).
//
// Rate lists are kept per scope ("all" subcategories, or one subcategory id) in
// calendar blocks, and no file grows with the length of the history:
//  - every month, the open one (the as-of date's) included;
//  - every closed year and closed decade (ended before the as-of date's);
//  - the open year's closed months as one file ("months": 2024/01-05), and the
//    open decade's closed years as one file ("years": 2020-2023).
// So a nightly build rewrites the open month; the "months" file when a month
// closes, the "years" file when a year does. A range is covered by the fewest
// of these blocks that read at most about twice what it returns (planRange),
// and the whole history is the closed decades, the two open-period files and
// the open month.
//
// Router core: keep to what nginx's njs 0.7.9 runs.
import type { ListsAll } from '../model/complete.ts';
import { daysInMonth } from '../model/dates.ts';
import { LANGUAGES, type Lang, SMS_LANGUAGES, type SmsLang } from '../model/languages.ts';

export type Scope = 'all' | number;
export type Level = 'month' | 'year' | 'decade' | 'months' | 'years';
/** Children before parents: a block of a level is joined from blocks of CHILD_LEVEL[level]. */
const LEVEL_ORDER = ['month', 'year', 'decade', 'months', 'years'] as const;
const levelsListed: ListsAll<Level, typeof LEVEL_ORDER> = true;
void levelsListed;
export const LEVELS: readonly Level[] = LEVEL_ORDER;
/**
 * The levels whose blocks have a part, and the halves of a closed decade, which
 * have only a part. A month is small enough to read; a decade is its two halves
 * (one more file piped, one copy fewer of every closed decade). A year has no
 * halves: they were a sixth copy of every closed record and 1,100 of the tree's
 * files at 10 × 50 years, for at most half a year less read at a range's end
 * (docs/decisions.md, issue 36).
 */
export type PartLevel = Exclude<Level, 'month' | 'decade'> | 'halfDecade';
const PART_KIND: { readonly [L in PartLevel]: Kind } = {
  year: 'yearPart',
  months: 'monthsPart',
  years: 'yearsPart',
  halfDecade: 'halfDecadePart',
};
/** Whether a level's blocks have a part. */
export function hasPart(level: Level | PartLevel): level is PartLevel {
  return level !== 'month' && level !== 'decade';
}

/** A block of a part: a block of the layout, or half of one. */
export interface PartBlock {
  level: PartLevel;
  start: string;
  end: string;
}

/** Half a decade from its first day (a year ending in 0 or 5), whether or not a snapshot has it. */
function halfDecade(start: string): PartBlock {
  return { level: 'halfDecade', start: start, end: pad(Number(start.slice(0, 4)) + 4, 4) + '-12-31' };
}

/** The two halves of a decade (none for another block), each joined from its years: what the build writes them from. */
export function halvesOf(block: Block): PartBlock[] {
  const year = Number(block.start.slice(0, 4));
  if (block.level === 'decade') return [halfDecade(block.start), halfDecade(pad(year + 5, 4) + '-01-01')];
  return [];
}

/** The half of a closed decade (as of `asOf`) that starts on `day`; null when none starts there. */
export function halfAt(day: string, asOf: string): PartBlock | null {
  if (day.slice(4) !== '-01-01' || (day.charAt(3) !== '0' && day.charAt(3) !== '5') || day.slice(0, 3) >= asOf.slice(0, 3)) return null;
  return halfDecade(day);
}
/** The level a block is joined from; null for a month, written from its records. */
export const CHILD_LEVEL: { readonly [L in Level]: Level | null } = { month: null, year: 'month', decade: 'year', months: 'month', years: 'year' };

// Every path of the snapshot as a pattern, read both ways: filled in to name a
// file, and compiled to a regular expression to tell what a file holds. A
// field is {name}; what each may match is FIELDS'. Change a pattern here and
// every writer and reader of paths follows.
const PATTERNS = {
  meta: 'v1/meta.json',
  routing: 'v1/routing.json',
  subcategories: 'v1/subcategories.json',
  sources: 'v1/sources.json',
  calendarNigeria: 'v1/calendars/nigeria.json',
  nisabAll: 'v1/nisab.json',
  nisab: 'v1/nisab/{id}.json',
  latest: 'v1/rates/latest/{id}.json',
  month: 'v1/rates/{scope}/{yyyy}/{mm}.json',
  year: 'v1/rates/{scope}/{yyyy}.json',
  decade: 'v1/rates/{scope}/{yyy}0s.json',
  months: 'v1/rates/{scope}/{yyyy}/01-{mm}.json',
  years: 'v1/rates/{scope}/{yyy}0-{yyyy}.json',
  // The records of a block, as they stand between its file's head and tail:
  // what the worker pipes untouched into the middle of a composed range
  // (router/pieces.ts). Not answers; a month and a decade have none (see PartLevel).
  yearPart: 'v1/parts/{scope}/{yyyy}.txt',
  monthsPart: 'v1/parts/{scope}/{yyyy}/01-{mm}.txt',
  yearsPart: 'v1/parts/{scope}/{yyy}0-{yyyy}.txt',
  // Half a closed decade (its years 0-4 or 5-9): parts only, so that a range
  // over most of a decade pipes one file where it would pipe five.
  halfDecadePart: 'v1/parts/{scope}/{yyyy}-5y.txt',
  // How many records each month of a scope holds (router/pieces.ts MonthCounts): the
  // count of a piped part, and of a cut block without reading its lines.
  counts: 'v1/parts/{scope}/counts.json',
  // For dated answers: each subcategory's newest record before the year, then its
  // newest record of each month of the year (see planMonthEnds in the build).
  monthEnds: 'v1/rates/month-ends/{yyyy}.json',
  // GET /currencies, and for currency= (docs/API.md §2c) each currency's units per
  // US dollar at every date a rate or month ends file of the year holds (see
  // fxFiles in the build): a dated or latest answer in a currency reads one of these.
  currencies: 'v1/currencies.json',
  // GET /gaps (docs/API.md §3f): the days without a rate of each daily series.
  gaps: 'v1/gaps.json',
  // GET /announcements (docs/API.md §2d): the figures Nigerian bodies announced, beside ours.
  announcements: 'v1/announcements.json',
  fx: 'v1/fx/{code}/{yyyy}.json',
  // A closed decade's FX years as one file (in-currency.ts FxDecade: each year's text a line): a file per
  // currency and decade rather than per year keeps 100 years of 170 currencies under
  // Cloudflare's 20,000 files (docs/decisions.md, issue 49).
  fxDecade: 'v1/fx/{code}/{yyy}0s.json',
  // Named by a hash of every other file of the snapshot, and only in that
  // snapshot: which snapshot a folder holds, in one file test through the link
  // a build swaps (the nginx site's fast path; see planSnapshot).
  mark: 'v1/mark/{hex}.json',
  // Bulk downloads (docs/API.md §9): what they hold, and every rate record and
  // the daily gold and silver Nisab as CSV, a year a file (bounded at any history).
  downloadsIndex: 'v1/downloads/index.json',
  ratesCsv: 'v1/downloads/rates/{yyyy}.csv',
  nisabCsv: 'v1/downloads/nisab/{yyyy}.csv',
  // Where payers already are (docs/API.md §10): Nigeria's declared months as an
  // iCalendar feed, and today's Nisab as a short text to forward (a message, an SMS).
  calendarIcs: 'v1/calendars/nigeria.ics',
  textAnswer: 'v1/text/nisab.{form}.txt',
};
type Kind = keyof typeof PATTERNS;
// The order paths are tried in: a list, since njs may enumerate PATTERNS' keys in another order.
const KIND_ORDER = [
  'meta',
  'routing',
  'subcategories',
  'sources',
  'calendarNigeria',
  'currencies',
  'gaps',
  'announcements',
  'nisabAll',
  'nisab',
  'latest',
  'monthEnds',
  'fx',
  'fxDecade',
  'mark',
  'downloadsIndex',
  'ratesCsv',
  'nisabCsv',
  'calendarIcs',
  'textAnswer',
  'month',
  'year',
  'decade',
  'months',
  'years',
  'counts',
  'yearPart',
  'monthsPart',
  'yearsPart',
  'halfDecadePart',
] as const;
const kindsListed: ListsAll<Kind, typeof KIND_ORDER> = true;
void kindsListed;
const KINDS: readonly Kind[] = KIND_ORDER;

/**
 * The forms of the text answer (docs/API.md §10): a message in each language of the page (languages.ts LANGUAGES),
 * and an SMS in each whose letters GSM 03.38 can spell (LANGUAGE_INFO `sms`).
 */
export type TextForm = Lang | `sms.${SmsLang}`;
export const TEXT_FORMS: readonly TextForm[] = (LANGUAGES as readonly TextForm[]).concat(
  SMS_LANGUAGES.map(function (lang): TextForm {
    return `sms.${lang}`;
  }),
);

const FIELDS = {
  id: '[1-9][0-9]{0,8}',
  scope: 'all|[1-9][0-9]{0,8}',
  yyyy: '[0-9]{4}',
  yyy: '[0-9]{3}',
  mm: '0[1-9]|1[0-2]',
  hex: '[0-9a-f]{40}',
  code: '[A-Z]{3}',
  form: TEXT_FORMS.map(function (form) {
    return form.replace('.', '\\.');
  }).join('|'),
};

/** Every kind of file and its path pattern, for the documents that describe them (OpenAPI's static paths). */
export type FileKind = Kind;
export const FILE_PATTERNS: { readonly [K in FileKind]: string } = PATTERNS;
/** The {fields} of the patterns. */
export type FileField = keyof typeof FIELDS;
/** What each {field} of a pattern matches, as a regular expression's source. */
export const FILE_FIELDS: { readonly [K in FileField]: string } = FIELDS;

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
      source += '(' + FIELDS[name as FileField] + ')';
    } else {
      source += part.replace(/[.*+?^${}()|[\]\\\/]/g, '\\$&');
    }
  }
  return { kind: kind, test: new RegExp('^' + source + '$'), names: names };
}

// Compiled on first use, not when the module loads: nginx's njs 0.7 runs a
// module's top level again for every request, and compiling these RegExps there
// cost about 1.6 ms a request, most of an uncached njs answer (BENCHMARKS.md).
let compiled: Compiled[] | null = null;
function compiledKinds(): Compiled[] {
  if (compiled === null) compiled = KINDS.map(compile);
  return compiled;
}

function dateFields(date: string): { [name: string]: string } {
  return { yyyy: date.slice(0, 4), yyy: date.slice(0, 3), mm: date.slice(5, 7) };
}

// A pattern without fields is its path, taken as it is: njs 0.7 runs this
// table again for every request, where each fill() was a RegExp replace.
export const paths = {
  meta: PATTERNS.meta,
  routing: PATTERNS.routing,
  subcategories: PATTERNS.subcategories,
  sources: PATTERNS.sources,
  calendarNigeria: PATTERNS.calendarNigeria,
  currencies: PATTERNS.currencies,
  gaps: PATTERNS.gaps,
  announcements: PATTERNS.announcements,
  nisabAll: PATTERNS.nisabAll,
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
  /**
   * The FX file of a currency that holds its units per US dollar at the rate dates of the year of `date`
   * (docs/API.md §2c): the year's own, or its decade's once that decade has closed as of `asOf`.
   */
  fx: function (code: string, date: string, asOf: string): string {
    return fill(fxBlock(date, asOf).level === 'decade' ? PATTERNS.fxDecade : PATTERNS.fx, { code: code, yyyy: date.slice(0, 4), yyy: date.slice(0, 3) });
  },
  /** The snapshot's mark: `hex` is the hash of its other files. */
  mark: function (hex: string): string {
    return fill(PATTERNS.mark, { hex: hex });
  },
  downloadsIndex: PATTERNS.downloadsIndex,
  /** The CSV download of every rate record of the year of `date`. */
  ratesCsv: function (date: string): string {
    return fill(PATTERNS.ratesCsv, dateFields(date));
  },
  /** The CSV download of the daily gold and silver Nisab of the year of `date`. */
  nisabCsv: function (date: string): string {
    return fill(PATTERNS.nisabCsv, dateFields(date));
  },
  calendarIcs: PATTERNS.calendarIcs,
  /** Today's Nisab as text: a language of the page (`en`, `ha`...), or `sms.` one with an SMS (GSM 03.38, 160 characters). */
  textAnswer: function (form: TextForm): string {
    return fill(PATTERNS.textAnswer, { form: form });
  },
  /** The records of a block that has a part (hasPart), without its head and tail (see PATTERNS' yearPart). */
  part: function (scope: Scope, block: PartBlock): string {
    const values = dateFields(block.level === 'months' || block.level === 'years' ? block.end : block.start);
    values['scope'] = String(scope);
    return fill(PATTERNS[PART_KIND[block.level as PartLevel]], values);
  },
  /** How many records each month of a scope holds. */
  counts: function (scope: Scope): string {
    return fill(PATTERNS.counts, { scope: String(scope) });
  },
  /** The file of a block of a scope (see blockAt). */
  block: function (scope: Scope, block: Block): string {
    return paths.shard(scope, block.level, block.level === 'months' || block.level === 'years' ? block.end : block.start);
  },
  /**
   * The shard of `scope` at `level` that holds `date`; for "months" and "years"
   * (which start with their year or decade), `date` is in their last month or year.
   */
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
  | { kind: 'calendarNigeria' }
  | { kind: 'currencies' }
  | { kind: 'gaps' }
  | { kind: 'announcements' }
  | { kind: 'nisabAll' }
  | { kind: 'nisab'; subcategoryId: number }
  | { kind: 'latest'; subcategoryId: number }
  | { kind: 'shard'; scope: Scope; level: Level; start: string; end: string }
  | { kind: 'part'; scope: Scope; level: PartLevel; start: string; end: string }
  | { kind: 'counts'; scope: Scope }
  | { kind: 'monthEnds'; start: string }
  | { kind: 'fx' | 'fxDecade'; code: string; start: string }
  | { kind: 'mark'; hex: string }
  | { kind: 'downloadsIndex' }
  | { kind: 'ratesCsv' | 'nisabCsv'; start: string }
  | { kind: 'calendarIcs' }
  | { kind: 'textAnswer'; form: TextForm };

/**
 * The form of every path parsePath accepts (relative, under v1/, no dot
 * segment, one extension), as a literal: the nginx module checks each read with
 * it, since njs would compile parsePath's patterns anew for every request.
 */
export const SNAPSHOT_PATH_FORM = /^v1(\/[A-Za-z0-9][A-Za-z0-9_-]*)+\.(json|csv)$/;

/** The file a path names, or null when no file of a snapshot has this path. */
export function parsePath(path: string): SnapshotFile | null {
  const kinds = compiledKinds();
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[i] as Compiled;
    const m = kind.test.exec(path);
    if (m === null) continue;
    const values: { [name: string]: string } = {};
    for (let j = 0; j < kind.names.length; j++) values[kind.names[j] as string] = m[j + 1] as string;
    const file = READ[kind.kind](values, path);
    if (file !== null) return file;
  }
  return null;
}

type Fields = { [name: string]: string };

function scopeOf(values: Fields): Scope {
  return values['scope'] === 'all' ? 'all' : Number(values['scope']);
}

/** The first day a path's date fields name: its year (or decade) and month, else January. */
function dateOf(values: Fields): string {
  const year = values['yyyy'] !== undefined ? values['yyyy'] : (values['yyy'] as string) + '0';
  return year + '-' + (values['mm'] !== undefined ? values['mm'] : '01') + '-01';
}

/** A block's file from its path's fields; null for a path this layout would not write for its own block (two patterns alike). */
function readShard(level: Level): (values: Fields, path: string) => SnapshotFile | null {
  return function (values, path) {
    const scope = scopeOf(values);
    const date = dateOf(values);
    if (paths.shard(scope, level, date) !== path) return null;
    const block = blockOf(level, date);
    return { kind: 'shard', scope: scope, level: level, start: block.start, end: block.end };
  };
}

/** A part's block from its path's fields, as readShard's. */
function readPart(level: Exclude<PartLevel, 'halfDecade'>): (values: Fields, path: string) => SnapshotFile | null {
  return function (values, path) {
    const scope = scopeOf(values);
    const block = blockOf(level, dateOf(values));
    const part: PartBlock = { level: level, start: block.start, end: block.end };
    return paths.part(scope, part) === path ? { kind: 'part', scope: scope, level: level, start: part.start, end: part.end } : null;
  };
}

/** What a file of each kind holds, from the fields of its path: a kind without an entry does not compile. */
const READ: { readonly [K in Kind]: (values: Fields, path: string) => SnapshotFile | null } = {
  meta: function () {
    return { kind: 'meta' };
  },
  routing: function () {
    return { kind: 'routing' };
  },
  subcategories: function () {
    return { kind: 'subcategories' };
  },
  sources: function () {
    return { kind: 'sources' };
  },
  calendarNigeria: function () {
    return { kind: 'calendarNigeria' };
  },
  currencies: function () {
    return { kind: 'currencies' };
  },
  gaps: function () {
    return { kind: 'gaps' };
  },
  announcements: function () {
    return { kind: 'announcements' };
  },
  fx: function (values) {
    return { kind: 'fx', code: values['code'] as string, start: values['yyyy'] + '-01-01' };
  },
  fxDecade: function (values) {
    return { kind: 'fxDecade', code: values['code'] as string, start: values['yyy'] + '0-01-01' };
  },
  nisabAll: function () {
    return { kind: 'nisabAll' };
  },
  nisab: function (values) {
    return { kind: 'nisab', subcategoryId: Number(values['id']) };
  },
  latest: function (values) {
    return { kind: 'latest', subcategoryId: Number(values['id']) };
  },
  monthEnds: function (values) {
    return { kind: 'monthEnds', start: values['yyyy'] + '-01-01' };
  },
  mark: function (values) {
    return { kind: 'mark', hex: values['hex'] as string };
  },
  downloadsIndex: function () {
    return { kind: 'downloadsIndex' };
  },
  ratesCsv: function (values) {
    return { kind: 'ratesCsv', start: values['yyyy'] + '-01-01' };
  },
  nisabCsv: function (values) {
    return { kind: 'nisabCsv', start: values['yyyy'] + '-01-01' };
  },
  calendarIcs: function () {
    return { kind: 'calendarIcs' };
  },
  textAnswer: function (values) {
    return { kind: 'textAnswer', form: values['form'] as TextForm };
  },
  month: readShard('month'),
  year: readShard('year'),
  decade: readShard('decade'),
  months: readShard('months'),
  years: readShard('years'),
  counts: function (values) {
    return { kind: 'counts', scope: scopeOf(values) };
  },
  yearPart: readPart('year'),
  monthsPart: readPart('months'),
  yearsPart: readPart('years'),
  halfDecadePart: function (values, path) {
    const scope = scopeOf(values);
    const block = halfDecade(values['yyyy'] + '-01-01');
    if (Number(values['yyyy']) % 5 !== 0 || paths.part(scope, block) !== path) return null;
    return { kind: 'part', scope: scope, level: block.level, start: block.start, end: block.end };
  },
};

export interface Block {
  level: Level;
  /** First and last day. */
  start: string;
  end: string;
}

/**
 * The block of `level` that holds `date`, whether or not a snapshot has it:
 * for "months" and "years", the run from the start of the year (decade) to the
 * end of `date`'s month (year).
 */
export function blockOf(level: Level, date: string): Block {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const span = SPAN[level](date.slice(0, 8), year, year - (year % 10), date.slice(0, 8) + pad(daysInMonth(year, month), 2));
  return { level: level, start: span[0], end: span[1] };
}

/** Each level's first and last day around a date (its `yyyy-mm-` prefix, year, decade and month end): a level without one does not compile. */
const SPAN: { readonly [L in Level]: (monthPrefix: string, year: number, decade: number, monthEnd: string) => [string, string] } = {
  month: function (monthPrefix, _year, _decade, monthEnd) {
    return [monthPrefix + '01', monthEnd];
  },
  year: function (_prefix, year) {
    return [pad(year, 4) + '-01-01', pad(year, 4) + '-12-31'];
  },
  decade: function (_prefix, _year, decade) {
    return [pad(decade, 4) + '-01-01', pad(decade + 9, 4) + '-12-31'];
  },
  months: function (_prefix, year, _decade, monthEnd) {
    return [pad(year, 4) + '-01-01', monthEnd];
  },
  years: function (_prefix, year, decade) {
    return [pad(decade, 4) + '-01-01', pad(year, 4) + '-12-31'];
  },
};

/** The block an FX file of `date`'s year covers in a snapshot as of `asOf`: its decade once closed, else its year (paths.fx). */
export function fxBlock(date: string, asOf: string): Block {
  return blockOf(date.slice(0, 3) < asOf.slice(0, 3) ? 'decade' : 'year', date);
}

/** The last day of the block of `level` that starts on `start` (a month, a year, a decade). */
export function blockEnd(level: 'month' | 'year' | 'decade', start: string): string {
  return blockOf(level, start).end;
}

function pad(n: number, width: number): string {
  let text = String(n);
  while (text.length < width) text = '0' + text;
  return text;
}

/** The first day of every calendar block of a level from the block of `first` to that of `last`. */
export function blockStarts(level: 'month' | 'year' | 'decade', first: string, last: string): string[] {
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

export interface Coverage {
  first: string;
  last: string;
}

/**
 * The block of `level` that holds `date` in a snapshot built as of `asOf`, or
 * null when there is none: years and decades only once closed, "months" and
 * "years" only for the open year and decade, and only their closed part.
 * (The caller keeps `date` within the scope's coverage.)
 */
export function blockAt(level: Level, date: string, asOf: string): Block | null {
  return AT[level](date, asOf);
}

/** Each level's block at a date in a snapshot as of `asOf` (see blockAt): a level without one does not compile. */
const AT: { readonly [L in Level]: (date: string, asOf: string) => Block | null } = {
  month: function (date) {
    return blockOf('month', date);
  },
  year: function (date, asOf) {
    return date.slice(0, 4) < asOf.slice(0, 4) ? blockOf('year', date) : null;
  },
  decade: function (date, asOf) {
    return date.slice(0, 3) < asOf.slice(0, 3) ? blockOf('decade', date) : null;
  },
  months: function (date, asOf) {
    if (date.slice(0, 4) !== asOf.slice(0, 4) || date.slice(5, 7) >= asOf.slice(5, 7)) return null;
    return blockOf('months', previousMonth(asOf));
  },
  years: function (date, asOf) {
    const year = date.slice(0, 4);
    const openYear = asOf.slice(0, 4);
    if (year.slice(0, 3) !== openYear.slice(0, 3) || year >= openYear) return null;
    return blockOf('years', pad(Number(openYear) - 1, 4) + '-01-01');
  },
};

/** The first day of the month before `date`'s. */
function previousMonth(date: string): string {
  const month = Number(date.slice(5, 7));
  return month === 1 ? pad(Number(date.slice(0, 4)) - 1, 4) + '-12-01' : date.slice(0, 5) + pad(month - 1, 2) + '-01';
}

/** The first day of the month after `date`'s: the day after a block (blocks end on a month's last day). */
export function monthAfter(date: string): string {
  const month = Number(date.slice(5, 7));
  return month === 12 ? pad(Number(date.slice(0, 4)) + 1, 4) + '-01-01' : date.slice(0, 5) + pad(month + 1, 2) + '-01';
}

/** Every block a scope whose records span `coverage` has in a snapshot as of `asOf`, children before parents. */
export function scopeBlocks(coverage: Coverage, asOf: string): Block[] {
  const blocks: Block[] = [];
  const levels: ('month' | 'year' | 'decade')[] = ['month', 'year', 'decade'];
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i] as 'month' | 'year' | 'decade';
    const starts = blockStarts(level, coverage.first, coverage.last);
    for (let j = 0; j < starts.length; j++) {
      const block = blockAt(level, starts[j] as string, asOf);
      if (block !== null) blocks.push(block);
    }
  }
  // The open period's closed part, where it meets the coverage.
  const prefixes: Level[] = ['months', 'years'];
  for (let i = 0; i < prefixes.length; i++) {
    const level = prefixes[i] as Level;
    const start = blockOf(level, asOf).start;
    const probe = start < coverage.first ? coverage.first : start;
    const block = probe <= coverage.last ? blockAt(level, probe, asOf) : null;
    if (block !== null && block.end >= coverage.first) blocks.push(block);
  }
  return blocks;
}

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86400000;
}

export interface ShardRead {
  path: string;
  /** Keep the records dated from..to (inclusive) of the shard. */
  from: string;
  to: string;
}

/** Days of [start, end] within the coverage: what reading a block costs, records being spread over time. */
function daysWithin(start: string, end: string, coverage: Coverage): number {
  const a = start < coverage.first ? coverage.first : start;
  const b = end > coverage.last ? coverage.last : end;
  return a > b ? 0 : dayNumber(b) - dayNumber(a) + 1;
}

const PLAN_LEVELS: Level[] = ['month', 'year', 'decade', 'months', 'years'];

/** How much more than it returns a range may read: twice, plus a month (a range's two ends each fall in a block). */
export function readBudget(returnedDays: number): number {
  return 2 * returnedDays + 31;
}

/** A range reads at most this many files whenever it can (the whole of up to about 50 years of history). */
export const MAX_READS = 8;

interface Chain {
  read: number;
  blocks: Block[];
}

/**
 * The shard reads that answer [start, end] (inclusive, either may be null) for
 * a scope whose records span `coverage` in a snapshot as of `asOf`; an empty
 * list when no record can match.
 *
 * The blocks are disjoint and consecutive, the first holding the range's first
 * day: the fewest blocks whose days (within the coverage) are at most
 * readBudget of the range's, the fewest days among those. When no cover of at
 * most MAX_READS blocks is that cheap, the cheapest of at most MAX_READS blocks;
 * when there is none (more decades than that), the fewest blocks.
 * A search over block boundaries, one more block per step: a few dozen steps.
 */
export function planRange(scope: Scope, start: string | null, end: string | null, coverage: Coverage | null, asOf: string): ShardRead[] {
  if (coverage === null) return [];
  const from = start === null || start < coverage.first ? coverage.first : start;
  const to = end === null || end > coverage.last ? coverage.last : end;
  if (from > to) return [];
  const budget = readBudget(dayNumber(to) - dayNumber(from) + 1);
  // frontier: the next day to cover -> the cheapest chain of `files` blocks that reaches it.
  let frontier: { [day: string]: Chain } = {};
  frontier[from] = { read: 0, blocks: [] };
  let withinReads: Chain | null = null;
  for (let files = 1; ; files++) {
    const next: { [day: string]: Chain } = {};
    let done: Chain | null = null;
    const days = Object.keys(frontier);
    if (days.length === 0) break;
    for (let i = 0; i < days.length; i++) {
      const day = days[i] as string;
      const chain = frontier[day] as Chain;
      for (let j = 0; j < PLAN_LEVELS.length; j++) {
        const block = blockAt(PLAN_LEVELS[j] as Level, day, asOf);
        // After the first block, the next must start where the last one ended.
        if (block === null || (files > 1 && block.start !== day)) continue;
        const read = chain.read + daysWithin(block.start, block.end, coverage);
        const blocks = chain.blocks.concat([block]);
        if (block.end >= to) {
          if (done === null || read < done.read) done = { read: read, blocks: blocks };
        } else {
          const after = monthAfter(block.end);
          const known = next[after];
          if (known === undefined || read < known.read) next[after] = { read: read, blocks: blocks };
        }
      }
    }
    if (done !== null && done.read <= budget && files <= MAX_READS) return readsOf(scope, done.blocks, from, to);
    if (done !== null && files <= MAX_READS && (withinReads === null || done.read < withinReads.read)) withinReads = done;
    if (files === MAX_READS && withinReads !== null) return readsOf(scope, withinReads.blocks, from, to);
    // More decades than MAX_READS: the fewest blocks there are.
    if (files > MAX_READS && done !== null) return readsOf(scope, done.blocks, from, to);
    frontier = next;
  }
  // Every chain ended within MAX_READS blocks, none within the budget.
  return readsOf(scope, (withinReads as Chain).blocks, from, to);
}

function readsOf(scope: Scope, blocks: Block[], from: string, to: string): ShardRead[] {
  const reads: ShardRead[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i] as Block;
    reads.push({ path: paths.block(scope, block), from: from, to: to });
  }
  return reads;
}
