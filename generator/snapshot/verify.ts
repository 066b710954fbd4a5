// `verify`: re-checks a published tree against the contract, file by file and
// across files, and names every problem it finds.
//
// A whole verify that passes records what it read in the snapshot store
// (verified.json): each file's SHA-1 and what the checks across files need of
// each rate file. `verify --changed` then reads only the files whose SHA-1 in
// the manifest is not the one recorded (what builds wrote since), the files
// that name them (meta, the routing index, latest, the month counts) and the
// parts and blocks that must agree with one of them. A file it does not read
// holds the bytes the whole verify read (the manifest's SHA-1 is the build's
// digest of what it wrote): it is unchanged unless changed on disk behind the
// build's back, which the next whole verify finds.
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { listBody, renderItem, renderList } from '../router/envelope.ts';
import { blockStarts, parsePath, paths, type Block, type PartBlock, type SnapshotFile } from '../router/layout.ts';
import { renderRecord, type RecordName, type Records } from '../router/records.ts';
import { etagOf } from '../router/router.ts';
import type { RoutingIndex } from '../model/schemas.ts';
import type { Meta, Rate } from '../model/schemas.ts';
import { checkFile, checkFileCount, checkFileSizes } from './file-checks.ts';
import { generatorId } from './generator-id.ts';
import { checkParts, ShardFacts } from './part-checks.ts';
import { contentId, hasIndexedEtag, sha1Hex, type FileEntry } from '../plan/plan.ts';
import { currentTree, MANIFEST, readManifest } from './publish.ts';
import { isNotWritable, storeOf } from './store.ts';

/** The record of the last whole verify that passed, in the snapshot store (not in a tree: trees are never modified). */
export const VERIFIED = 'verified.json';

const Verified = z.object({
  /** The code that verified (generator-id.ts): other code may check more, so its record is not used. */
  generator: z.string(),
  asOf: z.string(),
  contentId: z.string(),
  /** Each file read, by its SHA-1 as read. */
  files: z.record(z.string(), z.string()),
  /** What the checks across files need of each rate file, by path. */
  shards: z.record(z.string(), ShardFacts),
});
type Verified = z.infer<typeof Verified>;

export interface VerifyResult {
  problems: string[];
  /** The files of the snapshot, its manifest included. */
  files: number;
  /** The files this verify read, the manifest besides. */
  read: string[];
  /** --changed: the whole verify whose record it used, or why it verified every file. */
  note: string | null;
}

/**
 * Every file under `root`, by a list of folders still to read rather than by
 * recursion and spreads: a list spread into a call is one argument per file,
 * and a tree of 287,569 files overflowed the stack ("internal error").
 */
async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const folders = [''];
  for (let dir = folders.pop(); dir !== undefined; dir = folders.pop()) {
    for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) folders.push(rel);
      else found.push(rel);
    }
  }
  return found;
}

/** Appends one by one: problems can number in the hundreds of thousands (see listFiles). */
function append(problems: string[], more: Iterable<string>): void {
  for (const problem of more) problems.push(problem);
}

/** The record of the last whole verify by this code, or why there is none to use. */
async function readVerified(store: string, generator: string): Promise<{ record: Verified } | { why: string }> {
  const file = path.join(store, VERIFIED);
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text === null) return { why: `no record of a whole verify in ${file}` };
  let parsed;
  try {
    parsed = Verified.safeParse(JSON.parse(text));
  } catch {
    return { why: `${file}: not JSON` };
  }
  if (!parsed.success) return { why: `${file}: not a record this tool writes` };
  if (parsed.data.generator !== generator) return { why: `${file}: recorded by other code` };
  return { record: parsed.data };
}

/**
 * The files a --changed verify reads: those not as recorded, the files that name
 * them, and every part with its block's files when one of them is not as recorded.
 */
function filesToRead(manifest: Record<string, FileEntry>, record: Verified): string[] {
  const fresh = (file: string) => record.files[file] !== manifest[file]?.sha1;
  const read = new Set<string>([paths.meta, paths.routing]);
  for (const file of Object.keys(manifest)) {
    const kind = parsePath(file)?.kind;
    if (fresh(file) || kind === 'latest' || kind === 'counts' || (kind === 'shard' && !(file in record.shards))) read.add(file);
    if (kind !== 'part') continue;
    const sources = partSources(file).filter((source) => source in manifest || source in record.files);
    if (fresh(file) || sources.some(fresh)) for (const each of [file, ...sources]) if (each in manifest) read.add(each);
  }
  return [...read];
}

/** The rate files a part is made of: its block's file, or a half decade's year files. */
export function partSources(file: string): string[] {
  const part = parsePath(file) as Extract<SnapshotFile, { kind: 'part' }>;
  if (part.level !== 'halfDecade') return [paths.block(part.scope, part as Block)];
  return blockStarts('year', part.start, (part as PartBlock).end).map((start) => paths.shard(part.scope, 'year', start));
}

/** What the checks across files need of a rate file (part-checks.ts, crossCheck). */
function factsOf(shard: Extract<SnapshotFile, { kind: 'shard' }>, text: string): ShardFacts {
  const body = listBody(text);
  const facts: ShardFacts = { count: body.count, bytes: Buffer.byteLength(body.joined) };
  if (shard.scope !== 'all' || shard.level !== 'month') return facts;
  const subcategories: { [id: string]: [number, string] } = {};
  let newest = '';
  for (const rate of data<Rate[]>(text) ?? []) {
    subcategories[rate.drtSubcategoryID] = [(subcategories[rate.drtSubcategoryID]?.[0] ?? 0) + 1, JSON.stringify(rate)];
    if (rate.drtDate > newest) newest = rate.drtDate;
  }
  return { ...facts, subcategories, newest };
}

export async function verifyTree(out: string, options: { changed?: boolean } = {}): Promise<VerifyResult> {
  const tree = await currentTree(path.resolve(out));
  const none = (problem: string) => ({ problems: [problem], files: 0, read: [], note: null });
  if (!tree) return none(`${out}: no snapshot here (build one with: npm run cli -- build --out ${out})`);
  const manifest = await readManifest(tree);
  if (!manifest) return none(`${out}/${MANIFEST}: missing or not JSON`);

  // Only a tree in a store (OUT a link, as build makes it) has a record beside it.
  const store = path.dirname(tree) === storeOf(path.resolve(out)) ? storeOf(path.resolve(out)) : null;
  const generator = generatorId();
  let record: Verified | null = null;
  let note: string | null = null;
  if (options.changed) {
    const found = store ? await readVerified(store, generator) : { why: `${out} is not a link into a snapshot store, so no record of a whole verify is kept` };
    if ('record' in found) record = found.record;
    note = 'record' in found ? `the rest as the whole verify of the snapshot as of ${found.record.asOf} read them` : `${found.why}; verified every file`;
  }

  const problems: string[] = [];
  const texts = new Map<string, string>();
  // Each file's SHA-1 and size as read, once: the manifest, the index's ETags and the mark are checked against them.
  const read = new Map<string, FileEntry>();
  const facts = new Map<string, ShardFacts>();
  for (const file of record ? filesToRead(manifest.files, record) : Object.keys(manifest.files)) {
    const entry = manifest.files[file];
    if (!entry) continue; // meta or the index when the manifest lacks them: crossCheck says so
    const text = await readFile(path.join(tree, file), 'utf8').catch(() => null);
    if (text === null) {
      problems.push(`${file}: listed in the manifest but missing`);
      continue;
    }
    texts.set(file, text);
    const found = { sha1: sha1Hex(text), bytes: Buffer.byteLength(text) };
    read.set(file, found);
    if (found.sha1 !== entry.sha1 || found.bytes !== entry.bytes) problems.push(`${file}: content differs from the manifest's hash`);
    if (file.startsWith('v1/')) append(problems, checkFile(file, text));
    const shard = parsePath(file);
    if (shard?.kind === 'shard') facts.set(file, factsOf(shard, text));
  }
  const listed = await listFiles(tree);
  const onDisk = new Set(listed);
  for (const file of listed) {
    if (file !== MANIFEST && !(file in manifest.files)) problems.push(`${file}: not listed in the manifest`);
  }
  // The files not read: as the whole verify read them, when they are there at all.
  const entries = new Map(read);
  for (const [file, entry] of Object.entries(manifest.files)) {
    if (read.has(file) || !record) continue;
    if (!onDisk.has(file)) problems.push(`${file}: listed in the manifest but missing`);
    else {
      entries.set(file, entry);
      const known = record.shards[file];
      if (known) facts.set(file, known);
    }
  }
  const tooMany = checkFileCount(listed.length, listed);
  if (tooMany) append(problems, [`${tooMany.message.replace('the snapshot would hold', 'the tree holds')}; the deploy would fail`, ...tooMany.where]);
  append(problems, checkFileSizes(entries));
  append(problems, crossCheck(texts, entries, facts, manifest.asOf));
  append(problems, checkParts(texts, entries, facts));
  if (!record && problems.length === 0 && store) {
    const written = await writeVerified(store, {
      generator,
      asOf: manifest.asOf,
      contentId: manifest.contentId,
      files: Object.fromEntries([...read].map(([file, entry]) => [file, entry.sha1])),
      shards: Object.fromEntries(facts),
    });
    if (written && options.changed) note = `${note} (${written})`;
    else if (written) note = written;
  }
  return { problems, files: entries.size + 1, read: [...read.keys()], note }; // and the manifest, as build counts
}

/**
 * Writes the record whole or not at all (a rename); a store it cannot write only
 * costs the next --changed a whole verify. The work file is named as a build's work
 * (tmp-PID-), so the next build sweeps one a killed verify left.
 */
async function writeVerified(store: string, record: Verified): Promise<string | null> {
  const file = path.join(store, VERIFIED);
  const work = path.join(store, `tmp-${process.pid}-${VERIFIED}`);
  try {
    await writeFile(work, JSON.stringify(record) + '\n');
    await rename(work, file);
    return null;
  } catch (error) {
    await rm(work, { force: true }).catch(() => {});
    if (!isNotWritable(error)) throw error;
    return `could not record this verify in ${file} (${(error as NodeJS.ErrnoException).code}); the next verify --changed verifies every file`;
  }
}

function data<T>(text: string | undefined): T | undefined {
  if (text === undefined) return undefined;
  try {
    return (JSON.parse(text) as { data: T }).data;
  } catch {
    return undefined; // already reported by checkFile
  }
}

/**
 * What no single file can show: counts, latest records and ETags agree across
 * files. `texts` are the files read, `entries` every file there (read or as
 * recorded), `facts` what each rate file there holds.
 */
function crossCheck(texts: Map<string, string>, entries: Map<string, FileEntry>, facts: Map<string, ShardFacts>, asOf: string): string[] {
  const problems: string[] = [];
  const meta = data<Meta>(texts.get(paths.meta));
  const indexText = texts.get(paths.routing);
  if (!meta || !indexText) return [`${paths.meta} or ${paths.routing}: missing`];
  const index = JSON.parse(indexText) as RoutingIndex;
  if (meta.asOf !== asOf || index.asOf !== asOf) problems.push(`${paths.meta}: as-of date differs from the manifest's ${asOf}`);
  // Every rate, from the month files of "all" in date order (no file holds the whole history): their counts and newest records.
  const months: [string, string][] = [];
  for (const file of entries.keys()) {
    const shard = parsePath(file);
    if (shard?.kind === 'shard' && shard.scope === 'all' && shard.level === 'month') months.push([shard.start, file]);
  }
  const own = new Map<number, { count: number; newest: string }>();
  let all = 0;
  let late: string | null = null;
  for (const [, file] of months.sort()) {
    const month = facts.get(file);
    for (const [id, [count, newest]] of Object.entries(month?.subcategories ?? {})) {
      all += count;
      own.set(Number(id), { count: (own.get(Number(id))?.count ?? 0) + count, newest });
    }
    if (late === null && month?.newest !== undefined && month.newest > asOf) late = month.newest;
  }
  if (all !== meta.rateCount) problems.push(`${paths.meta}: rateCount ${meta.rateCount} but the month files of all subcategories hold ${all}`);
  if (late !== null) problems.push(`${paths.shard('all', 'month', late)}: holds a record dated after the as-of date ${asOf}`);
  for (const s of meta.subcategories) {
    const mine = own.get(s.sctID);
    if ((mine?.count ?? 0) !== s.count) problems.push(`${paths.meta}: subcategory ${s.sctID} count ${s.count} but the full list holds ${mine?.count ?? 0}`);
    const latest = data<Rate>(texts.get(paths.latest(s.sctID)));
    if (mine && JSON.stringify(latest) !== mine.newest) problems.push(`${paths.latest(s.sctID)}: not the newest record of subcategory ${s.sctID}`);
    if (!mine && latest) problems.push(`${paths.latest(s.sctID)}: subcategory ${s.sctID} has no rates`);
  }
  for (const [file, etag] of Object.entries(index.etags)) {
    const entry = entries.get(file);
    if (entry === undefined) problems.push(`${paths.routing}: names ${file}, which is missing`);
    else if (etagOf(entry.sha1) !== etag) problems.push(`${paths.routing}: ETag of ${file} does not match its content`);
  }
  const marks = [...entries.keys()].filter((file) => parsePath(file)?.kind === 'mark');
  const others = new Map([...entries].filter(([file]) => file.startsWith('v1/') && !marks.includes(file)));
  const mark = paths.mark(contentId(others));
  if (marks.length !== 1 || marks[0] !== mark)
    problems.push(`${marks.join(', ') || 'the mark'}: the snapshot's mark must be ${mark} alone (named by a hash of its other files under v1/)`);
  for (const file of entries.keys()) {
    if (hasIndexedEtag(file) && !(file in index.etags)) problems.push(`${file}: missing from ${paths.routing}`);
  }
  for (const [file, text] of texts) {
    // The routing index, the FX files (docs/API.md §9) and the worker's parts and counts are not envelopes of records.
    if (
      file.startsWith('v1/') &&
      file !== paths.routing &&
      !file.startsWith('v1/downloads/') &&
      !NOT_ENVELOPES.includes(parsePath(file)?.kind ?? 'meta') &&
      !canonical(file, text)
    ) {
      problems.push(
        `${file}: not in the canonical form (one record per line, its fields in the published order, as the build writes it); range answers cut files by lines`,
      );
    }
  }
  return problems;
}

const NOT_ENVELOPES: SnapshotFile['kind'][] = ['fx', 'fxDecade', 'part', 'counts', 'calendarIcs', 'textAnswer'];

/** The record each kind of file holds, rendered by router/records.ts; null: no record (the mark holds a string, the index is the edges'). */
const FILE_RECORDS: { [K in SnapshotFile['kind']]: RecordName | null } = {
  meta: 'Meta',
  subcategories: 'Subcategory',
  sources: 'Source',
  calendarNigeria: 'NigeriaMonth',
  currencies: 'Currency',
  gaps: 'Gap',
  announcements: 'Announcement',
  fx: null,
  fxDecade: null,
  counts: null,
  part: null,
  nisabAll: 'NisabRule',
  nisab: 'NisabRule',
  latest: 'Rate',
  shard: 'Rate',
  monthEnds: 'Rate',
  routing: null,
  mark: null,
  // The downloads are CSV and their index (plan/downloads.ts), checked by checkFile.
  downloadsIndex: null,
  ratesCsv: null,
  nisabCsv: null,
  // Text for people (docs/API.md §10), checked by checkFile.
  calendarIcs: null,
  textAnswer: null,
};

/** Byte-equal to what the build renders from the same records, with the build's renderer. */
function canonical(file: string, text: string): boolean {
  const kind = parsePath(file)?.kind;
  if (kind === undefined) return true; // not a file of a snapshot: already reported by checkFile
  const record = FILE_RECORDS[kind];
  const render = (value: unknown) => (record === null ? JSON.stringify(value) : renderRecord(record, value as Records[typeof record]));
  try {
    const { data } = JSON.parse(text) as { data: unknown };
    const rendered = Array.isArray(data) ? renderList(data.map(render)) : renderItem(render(data));
    return rendered === text;
  } catch {
    return true; // not JSON, or a field no record has: already reported by checkFile
  }
}
