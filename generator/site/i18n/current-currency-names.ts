// The currencies' names in the one language a browser bundle is built for, as
// current.ts is for the page's words: assets.ts resolves it to currency-names-LANG.ts,
// so a bundle carries one language's names, and only the calculator's module asks.
import type { Lang } from './catalogue.ts';
import { CURRENCY_NAMES } from './currency-names.ts';

/** The bundle's language, defined by the bundler (assets.ts). */
declare const PAGE_LANG: Lang;

export const currencyNames: Readonly<Record<string, string>> = CURRENCY_NAMES[PAGE_LANG];
