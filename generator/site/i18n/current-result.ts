// The calculator's words in the one language a browser bundle is built for, as
// current.ts is for the page's: apart from it, so the page's first render does not
// carry the calculator's answer (assets.ts resolves it to result-LANG.ts).
import type { Lang, ResultStrings } from './catalogue.ts';
import { RESULT_CATALOGUES } from './result-catalogues.ts';

/** The bundle's language, defined by the bundler (assets.ts). */
declare const PAGE_LANG: Lang;

export const result: ResultStrings = RESULT_CATALOGUES[PAGE_LANG];
