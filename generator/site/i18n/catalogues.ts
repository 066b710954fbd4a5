// Every language's page catalogue, by language: a language left out here does
// not compile. The widget's table is widget-catalogues.ts, so its bundle carries
// none of the page's strings; a browser bundle of the page takes one language's
// words through current.ts.
import type { CalendarStrings, HawlStrings, Lang, PageStrings, ReachStrings, YearsStrings } from './catalogue.ts';
import * as ar from './ar.ts';
import * as en from './en.ts';
import * as ha from './ha.ts';
import * as yo from './yo.ts';

/** One language's page words, part by part. */
interface PageCatalogue {
  calendar: CalendarStrings;
  page: PageStrings;
  hawl: HawlStrings;
  reach: ReachStrings;
  years: YearsStrings;
}

export const PAGE_CATALOGUES: { [L in Lang]: PageCatalogue } = { en, ha, ar, yo };
