// Every language's page catalogue, by language: a language left out here does
// not compile. The widget imports its own part of each language file instead,
// so its bundle carries none of the page's strings.
import type { CalendarStrings, HawlStrings, Lang, PageStrings } from './catalogue.ts';
import * as ar from './ar.ts';
import * as en from './en.ts';
import * as ha from './ha.ts';

export const PAGE_CATALOGUES: { [L in Lang]: { calendar: CalendarStrings; page: PageStrings; hawl: HawlStrings } } = { en, ha, ar };
