// The hawl lookup's reminder (docs/API.md §10): an iCalendar file made in the
// browser for the day the lookup showed, in the calendar the payer chose. By
// Umm al-Qura, a computed calendar, the event comes back on the same Hijri day
// of each later year the table holds (as RDATEs: no Gregorian RRULE follows a
// lunar year). Nigeria's months are declared one at a time, so its reminder is
// for the day shown alone; where the month is not declared yet the page offers
// Umm al-Qura's day instead, and says so. Pure: page/hawl.ts gives the facts.
import { gregorianDay, type UmmAlQuraTable } from '../../router/hijri-days.ts';
import type { ReachStrings } from '../i18n/catalogue.ts';
import type { Formats } from '../i18n/format.ts';
import { renderCalendar } from '../icalendar.ts';

/** How many later years a yearly reminder holds: enough for a payer's planning, a small file. */
export const REMINDER_YEARS = 20;

export interface Reminder {
  calendar: 'nigeria' | 'umm-al-qura';
  /** The calendar's name in the page's language. */
  calendarName: string;
  /** The hawl's Hijri day (YYYY-MM-DD) and its Gregorian day in that calendar. */
  hijri: string;
  date: string;
  /** The page's address, for the Nisab of the day. */
  page: string;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * The Gregorian days of the same Hijri day in the later years of the Umm al-Qura
 * table; a day 30 in a year whose month has 29 days falls on the month's last day.
 */
export function laterYears(hijri: string, table: UmmAlQuraTable, years = REMINDER_YEARS): string[] {
  const year = Number(hijri.slice(0, 4));
  const monthDay = hijri.slice(4);
  const days: string[] = [];
  for (let next = year + 1; next <= year + years; next++) {
    const tables = { ummAlQura: table, nigeria: [] };
    let found = gregorianDay(`${pad(next, 4)}${monthDay}`, 'umm-al-qura', tables);
    if (!('date' in found) && monthDay.endsWith('-30')) found = gregorianDay(`${pad(next, 4)}${monthDay.slice(0, -2)}29`, 'umm-al-qura', tables);
    if (!('date' in found)) break; // past the table's last year
    days.push(found.date);
  }
  return days;
}

/** The .ics file of a reminder, and the name to save it under. */
export function reminderFile(reminder: Reminder, table: UmmAlQuraTable, words: ReachStrings, format: Formats): { name: string; text: string } {
  const hijri = format.hijri(reminder.hijri);
  const yearly = reminder.calendar === 'umm-al-qura';
  const text = renderCalendar({
    product: '-//nisab-rates//hawl reminder//EN',
    events: [
      {
        uid: `hawl-${reminder.calendar}-${reminder.hijri}@nisab-rates`,
        date: reminder.date,
        // A fact of the reminder (its first day), not the browser's clock: the same lookup makes the same file.
        stamp: `${reminder.date.replace(/-/g, '')}T000000Z`,
        summary: words.reminderSummary(hijri),
        description: [
          yearly ? words.reminderYearly(hijri, reminder.calendarName) : words.reminderOnce(hijri, reminder.calendarName),
          `${words.reminderCheck} ${reminder.page}`,
        ].join('\n'),
        url: reminder.page,
        ...(yearly ? { also: laterYears(reminder.hijri, table) } : {}),
      },
    ],
  });
  return { name: `hawl-${reminder.calendar}-${reminder.hijri}.ics`, text };
}
