// What a section of the page's script writes with: its language's catalogue
// and the formats of its figures and dates (i18n/).
import type { CalendarStrings, PageStrings } from '../i18n/catalogue.ts';
import type { Formats } from '../i18n/format.ts';

export interface PageWords {
  t: PageStrings;
  calendar: CalendarStrings;
  format: Formats;
}
