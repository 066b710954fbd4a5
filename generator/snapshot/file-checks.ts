// What each file of a snapshot must hold: the zod schema of its envelope, plus
// the order and placement rules of rate shards. The build checks every file it
// is about to publish with this, and `verify` checks a published tree with it.
import { z } from 'zod';
import { LIST_HEAD, LIST_SEPARATOR, listBody } from '../router/envelope.ts';
import { blockEnd, parsePath, type Scope, type SnapshotFile } from '../router/layout.ts';
import { Currency, FxDecadeFile, FxFile } from '../model/currencies.ts';
import {
  Announcement,
  Gap,
  itemEnvelope,
  listEnvelope,
  Meta,
  MonthCounts,
  NigeriaMonth,
  NisabRule,
  Rate,
  RoutingIndex,
  Source,
  Subcategory,
} from '../model/schemas.ts';
import { DownloadsIndex, NISAB_CSV_COLUMNS, RATE_CSV_COLUMNS } from '../plan/downloads.ts';
import { icsProblems } from '../site/icalendar.ts';
import { textAnswerProblems } from '../site/text-answers.ts';

const rateList = listEnvelope(Rate);
const nisabList = listEnvelope(NisabRule);
function shardOf(path: string): Extract<SnapshotFile, { kind: 'shard' }> | null {
  const file = parsePath(path);
  return file?.kind === 'shard' ? file : null;
}

const outside = (date: string, shard: { start: string; end: string }) => date < shard.start || date > shard.end;

/**
 * The most a file of a snapshot may hold: Cloudflare's limit on one static asset
 * (Workers with assets and Pages alike); a deploy with a larger file fails.
 */
const MAX_FILE_BYTES = 25 * 1024 * 1024;

/**
 * Files the CDN would refuse for their size. No file grows with the length of
 * the history (a rate file holds at most a decade of one scope, see
 * router/layout.ts), but a decade of the "all" scope grows with the number of
 * subcategories: about 0.9 MiB per subcategory of daily rates.
 */
export function checkFileSizes(entries: Iterable<[string, { bytes: number }]>): string[] {
  const problems: string[] = [];
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
  for (const [path, entry] of entries) {
    if (entry.bytes > MAX_FILE_BYTES) problems.push(`${path}: ${mib(entry.bytes)} MiB, more than the ${mib(MAX_FILE_BYTES)} MiB a CDN serves as one file`);
  }
  return problems;
}

/**
 * The most files a snapshot may hold: what a Cloudflare deployment takes
 * (Workers with assets and Pages, free plan; docs/deploying.md). No history
 * comes near it (BENCHMARKS.md: 16,138 files with 170 currencies); a date typed
 * wrong does (rates per US dollar dated 0226 for 2026 gave a file per currency
 * and year in between: 287,569 files).
 */
export const MAX_FILES = 20_000;

/**
 * Empty when `count` files fit; else the message and, per folder under v1/
 * (its first two levels), the most populous first, how many files it holds
 * and its first and last path, which shows where the files come from.
 */
export function checkFileCount(count: number, paths: Iterable<string>): { message: string; where: string[] } | null {
  if (count <= MAX_FILES) return null;
  const folders = new Map<string, { files: number; first: string; last: string }>();
  for (const file of paths) {
    const folder = file.split('/').slice(0, 2).join('/');
    const seen = folders.get(folder);
    if (!seen) folders.set(folder, { files: 1, first: file, last: file });
    else {
      seen.files++;
      if (file < seen.first) seen.first = file;
      if (file > seen.last) seen.last = file;
    }
  }
  const where = [...folders]
    .sort((a, b) => b[1].files - a[1].files)
    .slice(0, 3)
    .map(([folder, f]) => `${folder}: ${f.files.toLocaleString('en')} files, from ${f.first} to ${f.last}`);
  return {
    message: `the snapshot would hold ${count.toLocaleString('en')} files, more than the ${MAX_FILES.toLocaleString('en')} a Cloudflare deployment takes`,
    where,
  };
}

function issues(error: z.ZodError): string[] {
  return error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
}

/** Problems of one file of a snapshot (empty when it is right); `path` relative to the root. */
export function checkFile(path: string, text: string): string[] {
  // A CSV download: its header is its columns (plan/downloads.ts); its rows are checked against the API by test/snapshot/downloads.test.ts.
  const csv = parsePath(path);
  if (csv?.kind === 'ratesCsv' || csv?.kind === 'nisabCsv') {
    const header = text.slice(0, text.indexOf('\n'));
    const columns = (csv.kind === 'ratesCsv' ? RATE_CSV_COLUMNS : NISAB_CSV_COLUMNS).join(',');
    return header === columns ? [] : [`${path}: the header must be ${columns}`];
  }
  if (csv?.kind === 'textAnswer') return textAnswerProblems(csv.form, text).map((problem) => `${path}: ${problem}`);
  if (csv?.kind === 'calendarIcs') return icsProblems(text).map((problem) => `${path}: ${problem}`);
  // A part is its block's records as they stand in the block's file: verify compares the two.
  if (csv?.kind === 'part') return text.length > 0 && text.indexOf(LIST_HEAD) === -1 ? [] : [`${path}: not the records of a block without its head and tail`];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return [`${path}: not valid JSON (${(e as Error).message})`];
  }
  const check = (schema: z.ZodType): string[] => {
    const result = schema.safeParse(value);
    return result.success ? [] : issues(result.error).map((m) => `${path}: ${m}`);
  };
  const file = parsePath(path);
  if (file === null) return [`${path}: not a file a snapshot holds`];
  return (FILE_CHECKS[file.kind] as FileCheck<SnapshotFile>)(file, { path, value, check });
}

interface Checking {
  path: string;
  value: unknown;
  /** The problems of the file's value against a schema. */
  check(schema: z.ZodType): string[];
}

type FileCheck<F extends SnapshotFile> = (file: F, checking: Checking) => string[];

/** What each kind of file must hold: a kind of file without an entry does not compile. */
const FILE_CHECKS: { [K in SnapshotFile['kind']]: FileCheck<Extract<SnapshotFile, { kind: K }>> } = {
  meta: (_, { check }) => check(itemEnvelope(Meta)),
  routing: (_, { check }) => check(RoutingIndex),
  subcategories: (_, { check }) => check(listEnvelope(Subcategory)),
  sources: (_, { check }) => check(listEnvelope(Source)),
  calendarNigeria: (_, { check }) => check(listEnvelope(NigeriaMonth)),
  nisabAll: (_, { check }) => check(nisabList),
  nisab: (_, { check }) => check(nisabList),
  latest: (_, { check }) => check(itemEnvelope(Rate)),
  mark: (file, { check }) => check(itemEnvelope(z.literal(file.hex))),
  currencies: (_, { check }) => check(listEnvelope(Currency)),
  gaps: (_, { check }) => check(listEnvelope(Gap)),
  announcements: (_, { check }) => check(listEnvelope(Announcement)),
  fx: (_, { check }) => check(FxFile),
  fxDecade: (_, { check }) => check(FxDecadeFile),
  counts: (_, { check }) => check(MonthCounts),
  // Checked above, before the JSON parse.
  part: () => [],
  shard: (file, checking) => checkRateList(file, checking),
  downloadsIndex: (_, { check }) => check(DownloadsIndex),
  // The CSV downloads are checked above, before the JSON parse.
  ratesCsv: () => [],
  nisabCsv: () => [],
  // Text, checked above.
  calendarIcs: () => [],
  textAnswer: () => [],
  // Month ends hold, besides the year's, each subcategory's newest record before the year.
  monthEnds: (file, checking) => checkRateList({ scope: 'all', level: 'year of month ends', start: '0001-01-01', end: blockEnd('year', file.start) }, checking),
};

/** A rate list: its envelope, then each record in the shard's scope and dates, in order. */
function checkRateList(shard: { scope: Scope; level: string; start: string; end: string }, { path, value, check }: Checking): string[] {
  const problems = check(rateList);
  if (problems.length > 0) return problems;
  const records = (value as { data: Rate[] }).data;
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    if (shard.scope !== 'all' && r.drtSubcategoryID !== shard.scope)
      return [`${path}: data.${i}: subcategory ${r.drtSubcategoryID} in the shard of subcategory ${shard.scope}`];
    if (outside(r.drtDate, shard)) return [`${path}: data.${i}: ${r.drtDate} lies outside this shard's ${shard.level}`];
    const p = records[i - 1];
    if (p && (p.drtDate > r.drtDate || (p.drtDate === r.drtDate && p.drtSubcategoryID >= r.drtSubcategoryID))) {
      return [`${path}: data.${i}: out of order (must be by drtDate, then drtSubcategoryID, without repeats)`];
    }
  }
  return [];
}

/**
 * Problems of a shard the build joined from checked children: its records are
 * their records byte for byte, so what is left to check is the envelope, the
 * count and that the first and last records lie in the block.
 */
export function checkJoinedShard(path: string, text: string): string[] {
  const shard = shardOf(path);
  if (!shard) return [`${path}: not a file a snapshot holds`];
  const { joined, count } = listBody(text);
  if (count === 0) return text === '{"success":true,"data":[],"count":0}\n' ? [] : [`${path}: not an empty list envelope`];
  if (!text.startsWith(LIST_HEAD) || !Number.isInteger(count)) return [`${path}: not a list envelope`];
  let lines = 1;
  for (let at = joined.indexOf(LIST_SEPARATOR); at !== -1; at = joined.indexOf(LIST_SEPARATOR, at + 1)) lines++;
  if (lines !== count) return [`${path}: count ${count} but ${lines} records`];
  const first = joined.slice(0, joined.indexOf('\n') === -1 ? joined.length : joined.indexOf('\n') - 1);
  const last = joined.slice(joined.lastIndexOf('\n') + 1);
  return [first, last].flatMap((line, i) => {
    const record = Rate.safeParse(JSON.parse(line));
    if (!record.success) return [`${path}: ${i ? 'last' : 'first'} record: ${issues(record.error).join('; ')}`];
    if (shard.scope !== 'all' && record.data.drtSubcategoryID !== shard.scope) return [`${path}: a record of subcategory ${record.data.drtSubcategoryID}`];
    if (outside(record.data.drtDate, shard)) return [`${path}: ${record.data.drtDate} lies outside this shard's ${shard.level}`];
    return [];
  });
}
