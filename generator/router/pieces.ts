// Which files the worker composes a long range from. planRange (layout.ts) reads
// the fewest blocks, which suits an edge that slices text; the worker moves
// bytes, and on workerd what costs is each file it opens and each byte its
// JavaScript touches, not the bytes it pipes untouched from an asset into the
// answer (BENCHMARKS.md, issue 24: a 10 MB part piped costs about what a 90 kB
// month read does). So here the middle of a range is piped from parts (a block's
// records without its head and tail, layout.ts yearPart), counted from the
// scope's month counts without being read, and only the two ends are read and
// cut, each from whichever block costs least: a month, or a larger block when
// that saves opening many months.
//
// The first and last pieces are always read: the answer's ETag needs its first
// and last record (router.ts listEtagKey).
import { blockAt, halfAt, hasPart, monthAfter, parsePath, paths, type Block, type Level, type PartBlock, type Scope, type ShardRead } from './layout.ts';
import { cutBytes, listedRange } from './list-bytes.ts';
import { joinList, listEtagKey, type Answer, type ListPiece, type Plan } from './router.ts';
import type { MonthCounts, RoutingIndex } from '../model/schemas.ts';

/** A range answered from pieces: its scope and dates (clamped to the scope's coverage), and the file of the scope's month counts. */
export interface PiecedRange {
  scope: Scope;
  from: string;
  to: string;
  counts: string;
}

/**
 * The range a plan answers, when it is composed from pieces: a listed range
 * (list-bytes.ts) of three months or more. A shorter one is a month or two,
 * which planRange reads already.
 */
export function piecedRange(plan: Plan): PiecedRange | null {
  if (!listedRange(plan)) return null;
  const read = plan.reads[0] as ShardRead;
  const shard = parsePath(read.path);
  if (shard === null || shard.kind !== 'shard' || monthNumber(read.to) - monthNumber(read.from) < 2) return null;
  return { scope: shard.scope, from: read.from, to: read.to, counts: paths.counts(shard.scope) };
}

export interface RangePiece {
  block: Block | PartBlock;
  /** Read and cut: the block's file; piped: its part. */
  path: string;
  piped: boolean;
  /** The records of the whole block. */
  records: number;
  /** Piped: the bytes its part must have (partBytes); read: 0, unchecked here. */
  bytes: number;
}

// Our isolate's CPU on workerd, µs (the issue 24 measurements in BENCHMARKS.md,
// 10 × 50 years, about 300 bytes a record): opening a file, piping one, and
// per record reading it into JavaScript and sending it from there.
const OPEN = 100;
const PIPE = 40;
const READ = 0.03;
const SEND = 0.15;

const LEVELS: Level[] = ['month', 'year', 'decade', 'months', 'years'];

/** Months since year 0 of a date's (or a YYYY-MM's) month. */
export function monthNumber(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/** A scope's month counts summed from its first month: made once per counts file (an edge keeps it), read per range. */
export interface MonthTally {
  /** monthNumber of the first month counted. */
  first: number;
  /** prefix[i]: the records of the first i months. */
  prefix: number[];
  /** sizes[i]: the bytes of the first i months' records, each month's followed by a LIST_SEPARATOR. */
  sizes: number[];
}

/** The separator's bytes (envelope.ts LIST_SEPARATOR, ASCII). */
const SEPARATOR_BYTES = 2;

export function tallyOf(counts: MonthCounts): MonthTally {
  const prefix = [0];
  const sizes = [0];
  for (let i = 0; i < counts.counts.length; i++) {
    const records = counts.counts[i] as number;
    prefix.push((prefix[i] as number) + records);
    sizes.push((sizes[i] as number) + (records > 0 ? (counts.bytes[i] as number) + SEPARATOR_BYTES : 0));
  }
  return { first: monthNumber(counts.first), prefix: prefix, sizes: sizes };
}

/** Months a..b of a tally (dates; whole months), as indices into its prefixes. */
function span(tally: MonthTally, from: string, to: string): [number, number] {
  let a = monthNumber(from) - tally.first;
  let b = monthNumber(to) - tally.first + 1;
  if (a < 0) a = 0;
  if (b > tally.prefix.length - 1) b = tally.prefix.length - 1;
  return a >= b ? [0, 0] : [a, b];
}

/** Records of the months from..to (dates; whole months). */
export function monthRecords(tally: MonthTally, from: string, to: string): number {
  const range = span(tally, from, to);
  return (tally.prefix[range[1]] as number) - (tally.prefix[range[0]] as number);
}

/**
 * The bytes of the part of the months from..to (dates; whole months): their
 * records joined, as the build writes it (plan/plan.ts). What an edge that
 * pipes a part unread checks its length against (0: no records, no part).
 */
export function partBytes(tally: MonthTally, from: string, to: string): number {
  const range = span(tally, from, to);
  const bytes = (tally.sizes[range[1]] as number) - (tally.sizes[range[0]] as number);
  return bytes === 0 ? 0 : bytes - SEPARATOR_BYTES;
}

/** A cheapest way found to a day: its last block, and the way to that block's start. */
interface Chain {
  cost: number;
  block: Block | PartBlock;
  piped: boolean;
  records: number;
  before: Chain | null;
}

/**
 * The pieces that answer a range in a snapshot as of `asOf`: consecutive
 * blocks, the first holding its first day, the last holding its last, each
 * block between them the widest that starts where the one before ended; of
 * those, the cheapest by the costs above. A shortest path over block
 * boundaries, taken in date order (every block leads forward); paths are named
 * only for the answer.
 */
export function planPieces(range: PiecedRange, asOf: string, tally: MonthTally): RangePiece[] {
  const from = range.from;
  const to = range.to;
  let best: Chain | null = null;
  const reached: { [day: string]: Chain } = {};
  const pending: string[] = [];
  const place = (block: Block | PartBlock, before: Chain | null) => {
    const records = monthRecords(tally, block.start, block.end);
    const last = block.end >= to;
    // A middle block lies wholly in the range; a month is read whatever its place (it has no part).
    const piped = before !== null && !last && hasPart(block.level);
    let cost = (before === null ? 0 : before.cost) + OPEN;
    if (piped) cost += PIPE;
    else cost += READ * records + SEND * monthRecords(tally, block.start < from ? from : block.start, block.end > to ? to : block.end);
    const chain: Chain = { cost: cost, block: block, piped: piped, records: records, before: before };
    if (last) {
      if (best === null || cost < best.cost) best = chain;
      return;
    }
    const next = monthAfter(block.end);
    const known = reached[next];
    if (known === undefined) {
      // Keep pending sorted: days are ISO dates.
      let at = pending.length;
      while (at > 0 && (pending[at - 1] as string) > next) at--;
      pending.splice(at, 0, next);
    }
    if (known === undefined || cost < known.cost) reached[next] = chain;
  };
  for (let i = 0; i < LEVELS.length; i++) {
    const block = blockAt(LEVELS[i] as Level, from, asOf);
    if (block !== null) place(block, null);
  }
  while (pending.length > 0) {
    const day = pending.shift() as string;
    const chain = reached[day] as Chain;
    if (best !== null && chain.cost >= (best as Chain).cost) continue;
    // Onwards: every block that ends the range, and of the rest only the widest, one
    // file piped where the narrower would be one of several (so a few dozen steps).
    let widest: Block | PartBlock | null = null;
    for (let i = 0; i < LEVELS.length; i++) {
      const block = blockAt(LEVELS[i] as Level, day, asOf);
      if (block === null || block.start !== day) continue;
      if (block.end >= to) place(block, chain);
      // A decade has no part: in the middle, its halves stand for it.
      else if (block.level !== 'decade' && (widest === null || block.end > widest.end)) widest = block;
    }
    // Half a closed decade, in the middle only (it has no file to read).
    const half = halfAt(day, asOf);
    if (half !== null && half.end < to && (widest === null || half.end > widest.end)) widest = half;
    if (widest !== null) place(widest, chain);
  }
  const pieces: RangePiece[] = [];
  for (let chain = best as Chain | null; chain !== null; chain = chain.before) {
    const piece = chain.piped ? paths.part(range.scope, chain.block as PartBlock) : paths.block(range.scope, chain.block as Block);
    const bytes = chain.piped ? partBytes(tally, chain.block.start, chain.block.end) : 0;
    pieces.unshift({ block: chain.block, path: piece, piped: chain.piped, records: chain.records, bytes: bytes });
  }
  return pieces;
}

/**
 * The answer to a pieced range from its pieces' bodies (same order): a read
 * piece's file as bytes, a piped one's body as the edge holds it (never read
 * here), null for a part without records. The same bytes and ETag key as the
 * text path (router.ts assemble); null when the range's first or last record
 * lies in a piped part, whose lines the ETag would need: the edge then answers
 * from planRange's reads.
 */
export function assemblePieces<Piped>(
  plan: Plan,
  index: RoutingIndex,
  range: PiecedRange,
  pieces: RangePiece[],
  bodies: (Uint8Array | Piped | null)[],
  tally: MonthTally,
  decode: (bytes: Uint8Array) => string,
): Answer<Uint8Array | Piped> | null {
  const records = function (first: string, last: string): number {
    return monthRecords(tally, first, last);
  };
  const list: ListPiece<Uint8Array | Piped>[] = [];
  let firstPiped = false;
  let lastPiped = false;
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] as RangePiece;
    const body = bodies[i];
    if (piece.piped) {
      if (body === null || body === undefined || piece.records === 0) continue;
      if (list.length === 0) firstPiped = true;
      lastPiped = true;
      list.push({ body: body, count: piece.records, first: '', last: '' });
      continue;
    }
    const bytes = body as Uint8Array;
    const cut = cutBytes(
      bytes,
      range.from < piece.block.start ? piece.block.start : range.from,
      range.to > piece.block.end ? piece.block.end : range.to,
      decode,
      records,
    );
    if (cut.count === 0) continue;
    // A single block wholly in the range is sent as it is.
    if (pieces.length === 1 && cut.whole)
      return { status: plan.status, parts: [bytes], etag: null, etagKey: listEtagKey(index, cut.count, cut.first, cut.last) };
    lastPiped = false;
    list.push(cut);
  }
  if (firstPiped || lastPiped) return null;
  const joined = joinList(plan, list, index);
  return { status: joined.status, parts: joined.parts, etag: null, etagKey: joined.etagKey };
}
