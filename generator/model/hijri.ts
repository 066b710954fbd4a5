// Gregorian dates in the Umm al-Qura calendar (Saudi Arabia's official Hijri
// calendar), as `YYYY-MM-DD`. Build-time only: Intl's `islamic-umalqura`
// calendar (ICU's table for 1300–1600 AH, i.e. 1882–2174 CE) is not in nginx's
// njs, so the router never calls this; dated answers read drtHijriDate from the
// published lines like every other field.
//
// A computed calendar, not a sighting: the National Moonsighting Committee of
// Nigeria starts its months on local sightings, which can fall a day either side.

// Umm al-Qura's table ends at 1600 AH; beyond it ICU silently falls back to
// the arithmetic calendar, which is not what drtHijriDate promises.
export const HIJRI_FIRST = '1882-11-12'; // 1300-01-01 AH
export const HIJRI_LAST = '2174-11-25'; // 1600-12-30 AH, the last day of the table
const FIRST = HIJRI_FIRST;
const LAST = HIJRI_LAST;

const FORMAT = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// Intl takes ~30 µs a call and a build or a test asks for the same few thousand days again and again.
const known: { [date: string]: string } = {};

/** `2021-03-12` → `1442-07-28`; throws for a date outside the Umm al-Qura table. */
export function hijriDate(date: string): string {
  const found = known[date];
  if (found !== undefined) return found;
  if (!(date >= FIRST && date <= LAST)) {
    throw new Error('hijriDate: ' + date + ' is outside the Umm al-Qura table (' + FIRST + ' to ' + LAST + ')');
  }
  const parts = FORMAT.formatToParts(new Date(date + 'T00:00:00Z'));
  const value = function (type: string): string {
    for (let i = 0; i < parts.length; i++) if (parts[i]!.type === type) return parts[i]!.value;
    throw new Error('hijriDate: Intl gave no ' + type + ' for ' + date);
  };
  const year = value('year');
  const hijri = (year.length < 4 ? '0000'.slice(year.length) + year : year) + '-' + value('month') + '-' + value('day');
  known[date] = hijri;
  return hijri;
}

/**
 * The Umm al-Qura table as month lengths, 1300 to 1600 AH (router/hijri-days.ts):
 * what the snapshot publishes for the edges, built from Intl here. Each month's
 * length is read where the next month begins (its 30th day is the next month's
 * 1st or not): one Intl call per month.
 */
export function ummAlQuraTable(): { firstYear: number; firstDay: string; lengths: string } {
  if (table !== null) return table;
  let lengths = '';
  let start = FIRST;
  while (start < LAST) {
    const thirtieth = new Date(Date.parse(start + 'T00:00:00Z') + 29 * 86_400_000).toISOString().slice(0, 10);
    const long = thirtieth <= LAST && hijriDate(thirtieth).endsWith('-30');
    lengths += long ? '1' : '0';
    start = new Date(Date.parse(start + 'T00:00:00Z') + (long ? 30 : 29) * 86_400_000).toISOString().slice(0, 10);
  }
  table = { firstYear: 1300, firstDay: FIRST, lengths };
  return table;
}
let table: { firstYear: number; firstDay: string; lengths: string } | null = null;
