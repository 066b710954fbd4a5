// `verify`: re-checks a published tree against the contract, file by file and
// across files, and names every problem it finds.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { renderItem, renderList } from '../core/envelope.ts';
import { parsePath, paths, type SnapshotFile } from '../core/layout.ts';
import { renderRecord, type RecordName, type Records } from '../core/records.ts';
import { etagOf } from '../core/router.ts';
import type { RoutingIndex } from '../core/schemas.ts';
import type { Meta, Rate } from '../core/schemas.ts';
import { checkFile, checkFileCount, checkFileSizes } from './file-checks.ts';
import { checkParts } from './part-checks.ts';
import { contentId, hasIndexedEtag, sha1Hex, type FileEntry } from './plan.ts';
import { currentTree, MANIFEST, readManifest } from './publish.ts';

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

export async function verifyTree(out: string): Promise<{ problems: string[]; files: number }> {
  const tree = await currentTree(path.resolve(out));
  if (!tree) return { problems: [`${out}: no snapshot here (build one with: npm run cli -- build --out ${out})`], files: 0 };
  const manifest = await readManifest(tree);
  if (!manifest) return { problems: [`${out}/${MANIFEST}: missing or not JSON`], files: 0 };

  const problems: string[] = [];
  const texts = new Map<string, string>();
  // Each file's SHA-1 and size as read, once: the manifest, the index's ETags and the mark are checked against them.
  const read = new Map<string, FileEntry>();
  for (const [file, entry] of Object.entries(manifest.files)) {
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
  }
  const listed = await listFiles(tree);
  for (const file of listed) {
    if (file !== MANIFEST && !(file in manifest.files)) problems.push(`${file}: not listed in the manifest`);
  }
  const tooMany = checkFileCount(listed.length, listed);
  if (tooMany) append(problems, [`${tooMany.message.replace('the snapshot would hold', 'the tree holds')}; the deploy would fail`, ...tooMany.where]);
  append(problems, checkFileSizes(read));
  append(problems, crossCheck(texts, read, manifest.asOf));
  append(problems, checkParts(texts));
  return { problems, files: texts.size + 1 }; // and the manifest, as build counts
}

function data<T>(texts: Map<string, string>, file: string): T | undefined {
  const text = texts.get(file);
  if (text === undefined) return undefined;
  try {
    return (JSON.parse(text) as { data: T }).data;
  } catch {
    return undefined; // already reported by checkFile
  }
}

/** What no single file can show: counts, latest records and ETags agree across files. */
function crossCheck(texts: Map<string, string>, read: Map<string, FileEntry>, asOf: string): string[] {
  const problems: string[] = [];
  const meta = data<Meta>(texts, paths.meta);
  const indexText = texts.get(paths.routing);
  if (!meta || !indexText) return [`${paths.meta} or ${paths.routing}: missing`];
  const index = JSON.parse(indexText) as RoutingIndex;
  if (meta.asOf !== asOf || index.asOf !== asOf) problems.push(`${paths.meta}: as-of date differs from the manifest's ${asOf}`);
  // Every rate, from the month files of "all" in date order (no file holds the whole history).
  const months: [string, string][] = [];
  for (const file of texts.keys()) {
    const shard = parsePath(file);
    if (shard?.kind === 'shard' && shard.scope === 'all' && shard.level === 'month') months.push([shard.start, file]);
  }
  const all = months.sort().flatMap(([, file]) => data<Rate[]>(texts, file) ?? []);
  if (all.length !== meta.rateCount) problems.push(`${paths.meta}: rateCount ${meta.rateCount} but the month files of all subcategories hold ${all.length}`);
  const late = all.find((r) => r.drtDate > asOf);
  if (late) problems.push(`${paths.shard('all', 'month', late.drtDate)}: holds a record dated after the as-of date ${asOf}`);
  for (const s of meta.subcategories) {
    const own = all.filter((r) => r.drtSubcategoryID === s.sctID);
    if (own.length !== s.count) problems.push(`${paths.meta}: subcategory ${s.sctID} count ${s.count} but the full list holds ${own.length}`);
    const latest = data<Rate>(texts, paths.latest(s.sctID));
    const newest = own[own.length - 1];
    if (newest && JSON.stringify(latest) !== JSON.stringify(newest)) problems.push(`${paths.latest(s.sctID)}: not the newest record of subcategory ${s.sctID}`);
    if (!newest && latest) problems.push(`${paths.latest(s.sctID)}: subcategory ${s.sctID} has no rates`);
  }
  for (const [file, etag] of Object.entries(index.etags)) {
    const text = texts.get(file);
    if (text === undefined) problems.push(`${paths.routing}: names ${file}, which is missing`);
    else if (etagOf(read.get(file)!.sha1) !== etag) problems.push(`${paths.routing}: ETag of ${file} does not match its content`);
  }
  const marks = [...texts.keys()].filter((file) => parsePath(file)?.kind === 'mark');
  const others = new Map([...read].filter(([file]) => file.startsWith('v1/') && !marks.includes(file)));
  const mark = paths.mark(contentId(others));
  if (marks.length !== 1 || marks[0] !== mark)
    problems.push(`${marks.join(', ') || 'the mark'}: the snapshot's mark must be ${mark} alone (named by a hash of its other files under v1/)`);
  for (const file of texts.keys()) {
    if (hasIndexedEtag(file) && !(file in index.etags)) problems.push(`${file}: missing from ${paths.routing}`);
    // The routing index, the FX files (docs/API.md §9) and the worker's parts and counts are not envelopes of records.
    if (
      file.startsWith('v1/') &&
      file !== paths.routing &&
      !file.startsWith('v1/downloads/') &&
      !NOT_ENVELOPES.includes(parsePath(file)?.kind ?? 'meta') &&
      !canonical(file, texts.get(file)!)
    ) {
      problems.push(
        `${file}: not in the canonical form (one record per line, its fields in the published order, as the build writes it); range answers cut files by lines`,
      );
    }
  }
  return problems;
}

const NOT_ENVELOPES: SnapshotFile['kind'][] = ['fx', 'part', 'counts', 'calendarIcs', 'textAnswer'];

/** The record each kind of file holds, rendered by core/records.ts; null: no record (the mark holds a string, the index is the edges'). */
const FILE_RECORDS: { [K in SnapshotFile['kind']]: RecordName | null } = {
  meta: 'Meta',
  subcategories: 'Subcategory',
  sources: 'Source',
  calendarNigeria: 'NigeriaMonth',
  currencies: 'Currency',
  gaps: 'Gap',
  announcements: 'Announcement',
  fx: null,
  counts: null,
  part: null,
  nisabAll: 'NisabRule',
  nisab: 'NisabRule',
  latest: 'Rate',
  shard: 'Rate',
  monthEnds: 'Rate',
  routing: null,
  mark: null,
  // The downloads are CSV and their index (downloads.ts), checked by checkFile.
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
