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
 * Why a question of the hawl lookup or the years part was not answered, in the page's words and only those: the
 * client's and the API's messages are English (and name URLs). With no answer from anywhere (status 0: no network,
 * and the service worker kept none for it) the page says so; any other answer that is not 200 (a 500 after every
 * base and the snapshot's files, a 400's error envelope) is named by its status alone; an error that is no answer
 * at all (a module that did not load) by neither.
 */
export function couldNotAsk(t: PageStrings, error: unknown): string {
  const status = apiErrorStatus(error);
  return status === 0 ? t.notKept : t.notAnswered(status === null ? '' : String(status));
}
