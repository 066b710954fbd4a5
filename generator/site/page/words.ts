// What a section of the page's script writes with: its language's catalogue
// and the formats of its figures and dates (i18n/).
import { apiErrorStatus } from '../../../client/src/client.ts';
import type { CalendarStrings, PageStrings } from '../i18n/catalogue.ts';
import type { Formats } from '../i18n/format.ts';

export interface PageWords {
  t: PageStrings;
  calendar: CalendarStrings;
  format: Formats;
}

/**
 * Why a question of the hawl lookup or the years part was not answered, in the page's words. With no answer from
 * anywhere (status 0: no network, and the service worker kept none for it) the client's message is English and names
 * URLs, so the page says that in its own words; an answer's own refusal (a 400's message) is shown as it came.
 */
export function couldNotAsk(t: PageStrings, error: unknown): string {
  return apiErrorStatus(error) === 0 ? t.notKept : t.couldNotAsk((error as Error).message);
}
