// The languages of the page and the widget (docs/API.md §9: `/`, `/ha/`, `/ar/`)
// and the shape every language's catalogue must have. The English catalogue
// (en.ts) is the model: the Hausa and Arabic ones are typed from it, so a key
// added to en.ts and missing from ha.ts or ar.ts (or a key they add that English
// lacks) fails `tsc`, and test/site/catalogues.test.ts checks the same at run time.
//
// To add a string: add it to `page` (or `widget`) in en.ts, run `npx tsc -b`,
// and write it in ha.ts and ar.ts where tsc points; list it in docs/translations.md
// when a native speaker should read it. A string with values is a function
// (`(date: string) => ...`): the other languages get the same parameters.
//
// To add a language: docs/making-changes.md "A new language" (its entry in model/languages.ts,
// then tsc names each table that lacks it: catalogues.ts, result-catalogues.ts,
// widget-catalogues.ts). The page's scripts take their words from current.ts,
// never by testing the language.
import type * as English from './en.ts';
import type * as EnglishResult from './result-en.ts';

// The table itself is core's (model/languages.ts): the layout's text answers are one per language.
export { LANGUAGE_INFO, LANGUAGES, type Lang, SMS_LANGUAGES, type SmsLang } from '../../model/languages.ts';
import { LANGUAGE_INFO, LANGUAGES, type Lang } from '../../model/languages.ts';

/** The path of a language's page under the snapshot root: `index.html`, `ha/index.html`... */
export const landingFile = (lang: Lang) => `${LANGUAGE_INFO[lang].path.slice(1)}index.html`;

/** An object with one entry per language, in LANGUAGES' order. */
export function byLanguage<T>(value: (lang: Lang) => T): { [L in Lang]: T } {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, value(lang)])) as { [L in Lang]: T };
}

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
/** The years a payer did not pay (page/years.ts). */
export type YearsStrings = Strings<typeof English.years>;
