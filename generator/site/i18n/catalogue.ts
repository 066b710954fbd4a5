// The languages of the page and the widget (docs/API.md §9: `/`, `/ha/`, `/ar/`)
// and the shape every language's catalogue must have. The English catalogue
// (en.ts) is the model: the Hausa and Arabic ones are typed from it, so a key
// added to en.ts and missing from ha.ts or ar.ts (or a key they add that English
// lacks) fails `tsc`, and test/site/catalogues.test.ts checks the same at run time.
//
// To add a string: add it to `page` (or `widget`) in en.ts, run `npx tsc -p .`,
// and write it in ha.ts and ar.ts where tsc points; list it in docs/translations.md
// when a native speaker should read it. A string with values is a function
// (`(date: string) => ...`): the other languages get the same parameters.
//
// To add a language: docs/making-changes.md "A new language" (its entry here,
// then tsc names each table that lacks it: catalogues.ts, result-catalogues.ts,
// widget-catalogues.ts). The page's scripts take their words from current.ts,
// never by testing the language.
import type * as English from './en.ts';
import type * as EnglishResult from './result-en.ts';

export const LANGUAGES = ['en', 'ha', 'ar'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** Each language by its own name (the switch shows them so), its direction and the path of its page. */
export const LANGUAGE_INFO: { [L in Lang]: { name: string; dir: 'ltr' | 'rtl'; path: string } } = {
  en: { name: 'English', dir: 'ltr', path: '/' },
  ha: { name: 'Hausa', dir: 'ltr', path: '/ha/' },
  ar: { name: 'العربية', dir: 'rtl', path: '/ar/' },
};

export const isLang = (value: string | null | undefined): value is Lang => (LANGUAGES as readonly string[]).includes(value ?? '');

/** The type of a catalogue part, from the English one: the same keys, any text, the same parameters. */
export type Strings<T> = T extends (...args: infer A) => string
  ? (...args: A) => string
  : T extends readonly string[]
    ? readonly string[]
    : T extends string
      ? string
      : { [K in keyof T]: Strings<T[K]> };

export type PageStrings = Strings<typeof English.page>;
export type WidgetStrings = Strings<typeof English.widget>;
export type CalendarStrings = Strings<typeof English.calendar>;
export type HawlStrings = Strings<typeof English.hawl>;
/** The calculator's answer (result-en.ts, result-ha.ts, result-ar.ts). */
export type ResultStrings = Strings<typeof EnglishResult.result>;
export type ReachStrings = Strings<typeof English.reach>;
