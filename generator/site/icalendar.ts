// iCalendar text (RFC 5545), written by hand: the build's feed of Nigeria's
// declared months (/v1/calendars/nigeria.ics) and the hawl reminder the page
// makes in the browser share it, so both fold, escape and end lines alike.
// Pure: no clock, no I/O; the caller gives every date.

/** One all-day event. */
export interface AllDayEvent {
  /** Stable across builds: a calendar app that subscribed updates the event instead of adding a second. */
  uid: string;
  /** The day, YYYY-MM-DD. */
  date: string;
  summary: string;
  description: string;
  /** When the event's facts were stated (DTSTAMP, required): a UTC instant, YYYYMMDDTHHMMSSZ. */
  stamp: string;
  /**
   * The days it comes back on, YYYY-MM-DD (RDATE): a Hijri anniversary falls
   * on another Gregorian day each year, which no Gregorian RRULE can say, and
   * RFC 7529's Hijri RRULE is read by few calendar apps.
   */
  also?: readonly string[];
  url?: string;
}

export interface Calendar {
  /** PRODID: who wrote the file. */
  product: string;
  /** The calendar's name, as apps show a subscription (X-WR-CALNAME, RFC 7986 NAME). */
  name?: string;
  description?: string;
  /** How often a subscriber should fetch it again, an ISO duration (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refresh?: string;
  events: readonly AllDayEvent[];
}

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** The UTF-8 length of one character (a code point). */
function octets(char: string): number {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): each continuation starts
 * with one space, which counts towards its 75; never inside a character's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = octets(char);
    if (size + length > 75) {
      out.push(current);
      current = ' ';
      size = 1;
    }
    current += char;
    size += length;
  }
  out.push(current);
  return out.join('\r\n');
}

/** YYYY-MM-DD → YYYYMMDD (a DATE value). */
const dateValue = (iso: string) => iso.replace(/-/g, '');

/** The day after YYYY-MM-DD: an all-day event's DTEND, which is exclusive. */
function nextDay(iso: string): string {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The whole file: CRLF after every line, the last one included. */
export function renderCalendar(calendar: Calendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${calendar.product}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  if (calendar.name !== undefined) lines.push(`NAME:${escapeText(calendar.name)}`, `X-WR-CALNAME:${escapeText(calendar.name)}`);
  if (calendar.description !== undefined) lines.push(`DESCRIPTION:${escapeText(calendar.description)}`, `X-WR-CALDESC:${escapeText(calendar.description)}`);
  if (calendar.refresh !== undefined) lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${calendar.refresh}`, `X-PUBLISHED-TTL:${calendar.refresh}`);
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${event.stamp}`,
      `DTSTART;VALUE=DATE:${dateValue(event.date)}`,
      `DTEND;VALUE=DATE:${dateValue(nextDay(event.date))}`,
    );
    if (event.also !== undefined && event.also.length > 0) lines.push(`RDATE;VALUE=DATE:${event.also.map(dateValue).join(',')}`);
    lines.push(`SUMMARY:${escapeText(event.summary)}`, `DESCRIPTION:${escapeText(event.description)}`);
    if (event.url !== undefined) lines.push(`URL:${event.url}`);
    lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map((line) => foldLine(line) + '\r\n').join('');
}

/** What RFC 5545 asks of the file's framing (empty when right): CRLF lines of at most 75 octets, one VCALENDAR. */
export function icsProblems(text: string): string[] {
  const problems: string[] = [];
  if (!text.startsWith('BEGIN:VCALENDAR\r\n') || !text.endsWith('END:VCALENDAR\r\n')) problems.push('not one VCALENDAR from BEGIN to END');
  const encoder = new TextEncoder();
  const lines = text.split('\r\n').slice(0, -1);
  lines.forEach((line, i) => {
    const size = encoder.encode(line).length;
    if (line.includes('\n') || line.includes('\r')) problems.push(`line ${i + 1}: a bare line break (lines end with CRLF)`);
    else if (size > 75) problems.push(`line ${i + 1}: ${size} octets, more than 75 (fold it)`);
  });
  return problems.slice(0, 5);
}
