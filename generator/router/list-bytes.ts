// A list file read as bytes, cut to a date range without decoding it: the same
// records, count and first and last record line as slice.ts finds in its text.
// An edge that reads files as bytes (the worker, through ASSETS) answers a
// composed range this way, moving the records straight from the assets into the
// response: decoding megabytes to text, searching and encoding them back was
// most of the CPU a long range cost on Workers (BENCHMARKS.md, "Our isolate's
// own CPU"). Only the first and last record line are decoded, for the ETag
// (router.ts listEtagKey).
//
// The file's layout is envelope.ts's: LIST_HEAD, one record per line in date
// order (each holding `"drtDate":"YYYY-MM-DD"`), the tail with the count. A
// record's text is UTF-8, in which no byte of a multi-byte character is an
// ASCII byte, so a newline byte is a line end and the key's bytes are the key.
//
// Router core: keep to what nginx's njs 0.7.9 runs.
import { LIST_HEAD, LIST_SEPARATOR, LIST_TAIL_START } from './envelope.ts';
import { monthAfter, type ShardRead } from './layout.ts';
import { joinList, listEtagKey, type Answer, type ListPiece, type Plan } from './router.ts';
import type { RoutingIndex } from '../model/schemas.ts';

const NEWLINE = 10;

/** The code units of an ASCII text (the envelope's fixed parts and the date key are ASCII). */
function ascii(text: string): number[] {
  const codes: number[] = [];
  for (let i = 0; i < text.length; i++) codes.push(text.charCodeAt(i));
  return codes;
}

const HEAD = ascii(LIST_HEAD);
const TAIL_START = ascii(LIST_TAIL_START);
const DATE_KEY = ascii('"drtDate":"');

function startsWith(bytes: Uint8Array, at: number, codes: number[]): boolean {
  if (at < 0 || at + codes.length > bytes.length) return false;
  for (let i = 0; i < codes.length; i++) if (bytes[at + i] !== codes[i]) return false;
  return true;
}

/** The tail's start: LIST_TAIL_START before the count's digits, `}` and the final newline. */
function tailAt(bytes: Uint8Array): number {
  // The tail is short (a count of at most 15 digits): look only there.
  for (let at = bytes.length - TAIL_START.length - 3; at >= bytes.length - TAIL_START.length - 18 && at >= HEAD.length; at--) {
    if (startsWith(bytes, at, TAIL_START)) return at;
  }
  return -1;
}

function countAfter(bytes: Uint8Array, at: number): number {
  let count = 0;
  for (let i = at; i < bytes.length && (bytes[i] as number) >= 48 && (bytes[i] as number) <= 57; i++) count = count * 10 + ((bytes[i] as number) - 48);
  return count;
}

/** The line starting at lineStart against a date: negative when it is dated before, 0 on it, positive after. */
function compareLine(bytes: Uint8Array, lineStart: number, date: string): number {
  let at = bytes.indexOf(DATE_KEY[0] as number, lineStart);
  while (at !== -1 && !startsWith(bytes, at, DATE_KEY)) at = bytes.indexOf(DATE_KEY[0] as number, at + 1);
  at += DATE_KEY.length;
  for (let i = 0; i < 10; i++) {
    const difference = (bytes[at + i] as number) - date.charCodeAt(i);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** First line start in [lo, hi) whose date is >= date (or > date when `after`), else hi: slice.ts's seek over bytes. */
function seek(bytes: Uint8Array, lo: number, hi: number, date: string, after: boolean): number {
  while (lo < hi) {
    const mid = lo + ((hi - lo) >> 1);
    // mid - 1: when mid is a line start, its own line is the one to test (lo > 0: the head comes first).
    let lineStart = bytes.lastIndexOf(NEWLINE, mid - 1) + 1;
    if (lineStart < lo) lineStart = lo;
    const order = compareLine(bytes, lineStart, date);
    if (after ? order <= 0 : order < 0) {
      const nextLine = bytes.indexOf(NEWLINE, lineStart);
      lo = nextLine === -1 || nextLine >= hi ? hi : nextLine + 1;
    } else {
      hi = lineStart;
    }
  }
  return lo;
}

/**
 * Newline bytes in [from, to), whole lines: counted in their text. A range's
 * count is its lines; one indexOf a line over the bytes, or a loop over them
 * four at a time, cost workerd several times what decoding and searching the
 * text does (the runtime's decoder and String indexOf are its fastest paths).
 */
function newlines(bytes: Uint8Array, from: number, to: number, decode: (bytes: Uint8Array) => string): number {
  if (from >= to) return 0;
  const text = decode(bytes.subarray(from, to));
  let count = 0;
  let at = text.indexOf('\n');
  while (at !== -1) {
    count++;
    at = text.indexOf('\n', at + 1);
  }
  return count;
}

/** Records in [from, to) of a list whose tail starts at `tail`: its lines, the last one ending at the tail's newline. */
function records(bytes: Uint8Array, from: number, to: number, tail: number, decode: (bytes: Uint8Array) => string): number {
  if (from >= to) return 0;
  return newlines(bytes, from, to, decode) + (to === tail ? 1 : 0);
}

/**
 * The records of a list file dated from..to inclusive, as a piece of a composed
 * list (router.ts joinList), with `whole` when they are all of the file's; no
 * records for a file that is not a list (as slice.ts's sliceList).
 *
 * With `monthRecords` (the records of the whole months first..last of the file's
 * scope, router/pieces.ts), a cut counts only the lines it drops from the two
 * months the range ends in, whatever the size of the block.
 */
export function cutBytes(
  bytes: Uint8Array,
  from: string,
  to: string,
  decode: (bytes: Uint8Array) => string,
  // Optional, not defaulted: njs 0.7.9 has no default arguments (nginx's module cuts with this too).
  monthRecords?: ((first: string, last: string) => number) | null,
): ListPiece<Uint8Array> & { whole: boolean } {
  const none = { body: bytes.subarray(0, 0), count: 0, first: '', last: '', whole: false };
  const tail = startsWith(bytes, 0, HEAD) ? tailAt(bytes) : -1;
  if (tail === -1) return none;
  const start = HEAD.length;
  const a = seek(bytes, start, tail, from, false);
  const b = seek(bytes, a, tail, to, true);
  if (a >= b) return none;
  // b is the start of the first line after the range, or the tail; drop the separator before it.
  const end = b === tail ? tail : b - LIST_SEPARATOR.length;
  const total = countAfter(bytes, tail + TAIL_START.length);
  let count = total;
  if ((a !== start || b !== tail) && monthRecords) {
    // The months the kept lines lie in, less the lines of the first before `from` and of the last after `to`.
    const firstMonth = from.slice(0, 8) + '01';
    const monthStart = seek(bytes, start, a, firstMonth, false);
    const after = seek(bytes, b, tail, monthAfter(to), false);
    count = monthRecords(firstMonth, to) - records(bytes, monthStart, a, tail, decode) - records(bytes, b, after, tail, decode);
  } else if (a !== start || b !== tail) {
    // Count the lines of the smaller side: those kept, or those left out (the tail's count less them).
    if (2 * (end - a) <= tail - start) count = newlines(bytes, a, end, decode) + 1;
    else count = total - newlines(bytes, start, a, decode) - (b === tail ? 0 : newlines(bytes, b, tail, decode) + 1);
  }
  const firstEnd = bytes.indexOf(NEWLINE, a);
  const lastStart = bytes.lastIndexOf(NEWLINE, end - 1) + 1;
  return {
    body: bytes.subarray(a, end),
    count: count,
    // A line ends with the separator's comma before its newline (LIST_SEPARATOR).
    first: decode(firstEnd === -1 || firstEnd >= end ? bytes.subarray(a, end) : bytes.subarray(a, firstEnd - (LIST_SEPARATOR.length - 1))),
    last: decode(bytes.subarray(lastStart < a ? a : lastStart, end)),
    whole: a === start && b === tail,
  };
}

/** A plan whose answer is a list joined from its reads cut to their dates (assemble's last case): what assembleBytes answers. */
export function listedRange(plan: Plan): boolean {
  return plan.body === null && plan.dated === null && plan.options.length === 0 && plan.reads.length > 0 && (plan.reads[0] as ShardRead).from !== '';
}

/** router.ts assemble() for a listedRange plan from the bytes of its reads (same order): the same bytes and ETag key. */
export function assembleBytes(plan: Plan, files: Uint8Array[], index: RoutingIndex, decode: (bytes: Uint8Array) => string): Answer<Uint8Array> {
  const pieces: ListPiece<Uint8Array>[] = [];
  for (let i = 0; i < plan.reads.length; i++) {
    const read = plan.reads[i] as ShardRead;
    const piece = cutBytes(files[i] as Uint8Array, read.from, read.to, decode);
    // A whole file is sent as it is (the same bytes as its records between head and tail).
    if (piece.whole && piece.count > 0 && plan.reads.length === 1) {
      return { status: plan.status, parts: [files[0] as Uint8Array], etag: null, etagKey: listEtagKey(index, piece.count, piece.first, piece.last) };
    }
    pieces.push(piece);
  }
  const joined = joinList(plan, pieces, index);
  return { status: joined.status, parts: joined.parts, etag: null, etagKey: joined.etagKey };
}
