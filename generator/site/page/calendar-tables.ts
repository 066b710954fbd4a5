// The two calendars' tables the hawl lookup and the years part turn Hijri days
// into Gregorian ones with (router/hijri-days.ts gregorianDay): Umm al-Qura's from
// the routing index, Nigeria's declared months from /calendars/nigeria. Both of
// the site at `origin`: the page's own, or the one that served the embedded
// calculator (widget/calculator.ts), which is not the page's.
import { NisabApiError, type NisabClient } from '../../../client/src/client.ts';
import type { NigeriaMonth } from '../../../client/src/types.ts';
import type { UmmAlQuraTable } from '../../router/hijri-days.ts';
import { paths } from '../../router/layout.ts';

export interface Tables {
  ummAlQura: UmmAlQuraTable;
  nigeria: NigeriaMonth[];
}

/** A loader that asks for both tables once, and again after a failure. */
export function calendarTables(api: NisabClient, origin: string): () => Promise<Tables> {
  const url = `${origin}/${paths.routing}`;
  // Another site's page (the embedded calculator) sends no cookie and no referrer, as the calculator's client.
  const init: RequestInit = origin === location.origin ? {} : { credentials: 'omit', referrerPolicy: 'no-referrer' };
  let tables: Promise<Tables> | null = null;
  return () => {
    tables ??= Promise.all([
      fetch(url, init).then(
        async (response) => {
          if (response.status !== 200) throw new NisabApiError(response.status, `${url} answered ${response.status}`, url);
          return ((await response.json()) as { calendars: { ummAlQura: UmmAlQuraTable } }).calendars.ummAlQura;
        },
        // No answer at all (no network, and the service worker kept none), as the client says its own (page/words.ts).
        (error: Error) => {
          throw new NisabApiError(0, `${url} could not be reached: ${error.message}`, url);
        },
      ),
      api.nigeriaCalendar(),
    ]).then(([ummAlQura, nigeria]) => ({ ummAlQura, nigeria }));
    tables.catch(() => (tables = null));
    return tables;
  };
}
