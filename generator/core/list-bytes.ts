// A whole list file as bytes: its records between head and tail, its count and
// its first and last record line, found without decoding the records. An edge
// that reads a file as bytes (the worker, through ASSETS) moves the blocks in
// the middle of a composed range this way, straight from the asset into the
// response: decoding megabytes to text and encoding them back was most of the
// CPU a long range cost on Workers (BENCHMARKS.md, "Our isolate's own CPU").
// Only the first and last line are decoded, for the ETag (router.ts listEtagKey).
//
// Router core: keep to what nginx's njs 0.7.9 runs.
import { LIST_HEAD, LIST_SEPARATOR, LIST_TAIL_START } from './envelope.ts';
import type { ListPiece } from './router.ts';

const NEWLINE = 10;

/** The code units of an ASCII text (the envelope's fixed parts are ASCII). */
function ascii(text: string): number[] {
  const codes: number[] = [];
  for (let i = 0; i < text.length; i++) codes.push(text.charCodeAt(i));
  return codes;
}

const HEAD = ascii(LIST_HEAD);
const TAIL_START = ascii(LIST_TAIL_START);

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
  for (let i = at; i < bytes.length && bytes[i]! >= 48 && bytes[i]! <= 57; i++) count = count * 10 + (bytes[i]! - 48);
  return count;
}

/** A whole list file's records as a piece of a composed list; null when the bytes are not a list file. */
export function bytePiece(bytes: Uint8Array, decode: (bytes: Uint8Array) => string): ListPiece<Uint8Array> | null {
  if (!startsWith(bytes, 0, HEAD)) {
    // An empty list is its own short form (envelope.ts renderJoinedList).
    return decode(bytes) === '{"success":true,"data":[],"count":0}\n' ? { body: bytes.subarray(0, 0), count: 0, first: '', last: '' } : null;
  }
  const tail = tailAt(bytes);
  if (tail === -1) return null;
  const records = bytes.subarray(HEAD.length, tail);
  const firstEnd = records.indexOf(NEWLINE);
  const lastStart = records.lastIndexOf(NEWLINE) + 1;
  return {
    body: records,
    count: countAfter(bytes, tail + TAIL_START.length),
    // A line ends with the separator's comma before its newline (LIST_SEPARATOR).
    first: decode(firstEnd === -1 ? records : records.subarray(0, firstEnd - (LIST_SEPARATOR.length - 1))),
    last: decode(records.subarray(lastStart)),
  };
}
