// The widget's words in every language of LANGUAGES (catalogue.ts): a language
// left out here does not compile. Apart from the page's tables (catalogues.ts),
// so that /widget.js, which carries every language (an embedding page picks one
// with data-lang), carries none of the page's strings.
import type { CalendarStrings, Lang, WidgetStrings } from './catalogue.ts';
import { calendar as arCalendar, widget as arWidget } from './ar.ts';
import { calendar as enCalendar, widget as enWidget } from './en.ts';
import { calendar as haCalendar, widget as haWidget } from './ha.ts';
import { calendar as yoCalendar, widget as yoWidget } from './yo.ts';

export const WIDGET_CATALOGUES: { [L in Lang]: { widget: WidgetStrings; calendar: CalendarStrings } } = {
  en: { widget: enWidget, calendar: enCalendar },
  ha: { widget: haWidget, calendar: haCalendar },
  ar: { widget: arWidget, calendar: arCalendar },
  yo: { widget: yoWidget, calendar: yoCalendar },
};
