// The catalogue of the one language a browser bundle is built for. The page's
// scripts (page/main.ts, calculator.ts, hawl.ts, developers.ts) take their words
// from here and never test the language: assets.ts builds each bundle of each
// language with this module replaced by that language's own files (LANG.ts and
// result-LANG.ts, `currentLanguage` there), so a bundle carries one language's
// words and a language without its files fails the build.
//
// What follows is what tsc and node see: the same parts read from the tables,
// which hold every language of LANGUAGES or do not compile. The parts exported
// here are the parts of a language's files (the build re-exports those files
// whole), so a part used by a script and missing from them fails the build too.
import type { CalendarStrings, HawlStrings, Lang, PageStrings, ReachStrings, WidgetStrings, YearsStrings } from './catalogue.ts';
import { PAGE_CATALOGUES } from './catalogues.ts';
import { WIDGET_CATALOGUES } from './widget-catalogues.ts';

/** The bundle's language, defined by the bundler (assets.ts). */
declare const PAGE_LANG: Lang;

export const page: PageStrings = PAGE_CATALOGUES[PAGE_LANG].page;
export const calendar: CalendarStrings = PAGE_CATALOGUES[PAGE_LANG].calendar;
export const hawl: HawlStrings = PAGE_CATALOGUES[PAGE_LANG].hawl;
export const reach: ReachStrings = PAGE_CATALOGUES[PAGE_LANG].reach;
export const years: YearsStrings = PAGE_CATALOGUES[PAGE_LANG].years;
export const widget: WidgetStrings = WIDGET_CATALOGUES[PAGE_LANG].widget;
