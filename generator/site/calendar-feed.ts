// GET /v1/calendars/nigeria.ics (docs/API.md §10): the months of GET
// /calendars/nigeria as an iCalendar feed a calendar app subscribes to, one
// all-day event on each declared first day. Its name in every language of
// the page, its source by name and address; nothing that the JSON answer does
// not hold, so the two cannot disagree.
import type { NigeriaMonth, Source } from '../model/schemas.ts';
import { LANGUAGE_INFO, LANGUAGES } from './i18n/catalogue.ts';
import { reach } from './i18n/en.ts';
import { PAGE_CATALOGUES } from './i18n/catalogues.ts';
import { formats } from './i18n/format.ts';
import { renderCalendar } from './icalendar.ts';

export const FEED_PRODUCT = '-//nisab-rates//Nigeria Hijri months//EN';

/** The UID of a month's event: the same in every build, so a subscriber's app updates it rather than adding another. */
export const monthUid = (calMonth: string) => `nigeria-${calMonth}@nisab-rates`;

/**
 * "1 Ramadan 1447 AH / 1 ga Ramadan, 1447 BH / ‏1 رمضان 1447هـ": the month's first day in each language of the page.
 * A right-to-left part starts with an RLM (U+200F): without it, in a left-to-right calendar app, its leading "1" joins
 * the left-to-right run and shows at the wrong end («/ 1 1447هـ رمضان»). A left-to-right part after a right-to-left one
 * starts with an LRM (U+200E) for the same reason: its "1" would join the Arabic before it («1447هـ 1 / Rabi'ul…»).
 */
export function monthSummary(calMonth: string): string {
  const mark = (i: number) => (LANGUAGE_INFO[LANGUAGES[i]!].dir === 'rtl' ? '\u200F' : i > 0 && LANGUAGE_INFO[LANGUAGES[i - 1]!].dir === 'rtl' ? '\u200E' : '');
  return LANGUAGES.map((lang, i) => `${mark(i)}${formats(PAGE_CATALOGUES[lang].calendar).hijri(`${calMonth}-01`)}`).join(' / ');
}

export function nigeriaCalendarIcs(months: readonly NigeriaMonth[], sources: readonly Source[]): string {
  const byId = new Map(sources.map((s) => [s.srcID, s]));
  const { calendar, hawl } = PAGE_CATALOGUES.en;
  const monthYear = (calMonth: string) => hawl.monthYear(calendar.hijriMonths[Number(calMonth.slice(5, 7)) - 1]!, String(Number(calMonth.slice(0, 4))));
  return renderCalendar({
    product: FEED_PRODUCT,
    name: reach.feedName,
    description: reach.feedDescription,
    refresh: 'P1D',
    events: months.map((m) => {
      const source = byId.get(m.calSource);
      const named = source ? (source.srcURL ? `${source.srcName}, ${source.srcURL}` : source.srcName) : m.calSource;
      return {
        uid: monthUid(m.calMonth),
        date: m.calFirstDay,
        // Required by RFC 5545; a fact of the record (its day), not the build's clock, so the feed changes only when a month does.
        stamp: `${m.calFirstDay.replace(/-/g, '')}T000000Z`,
        summary: monthSummary(m.calMonth),
        description: reach.feedEvent(monthYear(m.calMonth), named),
        ...(source?.srcURL ? { url: source.srcURL } : {}),
      };
    }),
  });
}
