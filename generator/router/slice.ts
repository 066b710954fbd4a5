// Cutting a rate-list file to a date range without parsing it. A list file is
// LIST_HEAD, then one record per line in date order, then the tail with the
// count (see envelope.ts). Each record line holds `"drtDate":"YYYY-MM-DD"`, so
// a binary search over line starts finds where a date begins.
//
// Router core: keep to what nginx's njs 0.7.9 runs.
import { LIST_HEAD, LIST_SEPARATOR, LIST_TAIL_START } from './envelope.ts';

const DATE_KEY = '"drtDate":"';

export interface Piece {
  /** Records joined with LIST_SEPARATOR, or '' for none. */
  text: string;
  count: number;
  /** True when the piece is every record of the file. */
  whole: boolean;
}

function dateOfLine(text: string, lineStart: number): string {
  const at = text.indexOf(DATE_KEY, lineStart) + DATE_KEY.length;
  return text.slice(at, at + 10);
}

/** First line start in [lo, hi) whose date is >= date (or > date when `after`), else hi. */
function seek(text: string, lo: number, hi: number, date: string, after: boolean): number {
  while (lo < hi) {
    const mid = lo + ((hi - lo) >> 1);
    // mid - 1: when mid is a line start, its own line is the one to test.
    let lineStart = text.lastIndexOf('\n', mid - 1) + 1;
    if (lineStart < lo) lineStart = lo;
    const lineDate = dateOfLine(text, lineStart);
    const before = after ? lineDate <= date : lineDate < date;
    if (before) {
      const nextLine = text.indexOf('\n', lineStart);
      lo = nextLine === -1 || nextLine >= hi ? hi : nextLine + 1;
    } else {
      hi = lineStart;
    }
  }
  return lo;
}

function countLines(text: string): number {
  // One match over the text, not an indexOf a line: njs 0.7's indexOf cost
  // about 1 µs a line, several times what its PCRE scan of the text does.
  const newlines = text.match(/\n/g);
  return newlines === null ? 1 : newlines.length + 1;
}

/** The records of a list file dated from..to inclusive. */
export function sliceList(file: string, from: string, to: string): Piece {
  if (file.indexOf(LIST_HEAD) !== 0) return { text: '', count: 0, whole: file.indexOf('"count":0}') !== -1 };
  const start = LIST_HEAD.length;
  const end = file.lastIndexOf(LIST_TAIL_START);
  const a = seek(file, start, end, from, false);
  const b = seek(file, a, end, to, true);
  if (a >= b) return { text: '', count: 0, whole: false };
  // b is the start of the first line after the range, or `end`; drop the separator before it.
  const text = file.slice(a, b === end ? end : b - LIST_SEPARATOR.length);
  // A whole file says its count in its tail: no need to walk its lines.
  const whole = a === start && b === end;
  return { text: text, count: whole ? Number(file.slice(end + LIST_TAIL_START.length, file.length - 2)) : countLines(text), whole: whole };
}

/** The first record line of joined records (not empty). */
export function firstRecord(joined: string): string {
  const at = joined.indexOf(LIST_SEPARATOR);
  return at === -1 ? joined : joined.slice(0, at);
}

/** The last record line of joined records (not empty). */
export function lastRecord(joined: string): string {
  return joined.slice(joined.lastIndexOf('\n') + 1);
}
