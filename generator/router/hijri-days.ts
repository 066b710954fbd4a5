// The Gregorian day of a Hijri date, from the tables a snapshot publishes in its
// routing index (docs/API.md §2b): the edges convert `hijri_date` with these,
// not with the runtime's Intl (nginx's njs has none).
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).
import { addDays, daysBetween } from '../model/dates.ts';
import { nigeriaGregorianDate, type MonthStart } from './nigeria-calendar.ts';

/** The Umm al-Qura calendar as month lengths: month i (0 = Muharram of firstYear) has 29 days for '0', 30 for '1'. */
export interface UmmAlQuraTable {
  firstYear: number;
  /** The Gregorian day of 1 Muharram of firstYear. */
  firstDay: string;
  lengths: string;
}

export interface HijriTables {
  ummAlQura: UmmAlQuraTable;
  /** Nigeria's declared month starts, ordered by calFirstDay. */
  nigeria: MonthStart[];
}

export const CALENDARS = ['umm-al-qura', 'nigeria'];

/** The day, or why there is none: a day its month does not have (400), or a month the table does not hold (404). */
export type HijriDay = { date: string } | { status: 400 | 404; message: string };

/** The Gregorian day of `hijri` (YYYY-MM-DD, month 01–12, day 01–30) in `calendar` (umm-al-qura or nigeria). */
export function gregorianDay(hijri: string, calendar: string, tables: HijriTables): HijriDay {
  const year = Number(hijri.slice(0, 4));
  const month = Number(hijri.slice(5, 7));
  const day = Number(hijri.slice(8, 10));
  const monthName = hijri.slice(0, 7);
  if (calendar === 'nigeria') {
    const found = nigeriaGregorianDate(hijri, tables.nigeria);
    if ('date' in found) return { date: found.date };
    if ('shortMonth' in found)
      return { status: 400, message: 'hijri_date ' + hijri + ' does not exist: month ' + monthName + ' has 29 days in the nigeria calendar' };
    if ('unknownLength' in found) {
      return {
        status: 404,
        message:
          'hijri_date ' +
          hijri +
          ': the length of month ' +
          monthName +
          " in the nigeria calendar is not known yet (the next month's declared first day is not in the data)",
      };
    }
    return {
      status: 404,
      message:
        'hijri_date ' +
        hijri +
        ': the declared first day of month ' +
        monthName +
        ' is not in the nigeria calendar (the months it holds are listed at /api/v1/calendars/nigeria)',
    };
  }
  const table = tables.ummAlQura;
  const index = (year - table.firstYear) * 12 + month - 1;
  if (index < 0 || index >= table.lengths.length) {
    const lastYear = table.firstYear + table.lengths.length / 12 - 1;
    return { status: 404, message: 'hijri_date ' + hijri + ' is outside the years the umm-al-qura table covers (' + table.firstYear + ' to ' + lastYear + ')' };
  }
  if (day === 30 && table.lengths.charAt(index) !== '1')
    return { status: 400, message: 'hijri_date ' + hijri + ' does not exist: month ' + monthName + ' has 29 days in the umm-al-qura calendar' };
  let offset = 0;
  for (let i = 0; i < index; i++) offset += table.lengths.charAt(i) === '1' ? 30 : 29;
  return { date: addDays(table.firstDay, offset + day - 1) };
}

/**
 * The Umm al-Qura date (`YYYY-MM-DD`) of a Gregorian day, from the same table:
 * the page's "which Hijri day is this" (docs/site.md); null outside the table.
 */
export function ummAlQuraDate(date: string, table: UmmAlQuraTable): string | null {
  let offset = daysBetween(table.firstDay, date);
  if (offset < 0) return null;
  for (let i = 0; i < table.lengths.length; i++) {
    const length = table.lengths.charAt(i) === '1' ? 30 : 29;
    if (offset < length) {
      const year = table.firstYear + Math.floor(i / 12);
      const month = (i % 12) + 1;
      return String(year) + '-' + (month < 10 ? '0' : '') + month + '-' + (offset < 9 ? '0' : '') + (offset + 1);
    }
    offset -= length;
  }
  return null;
}
