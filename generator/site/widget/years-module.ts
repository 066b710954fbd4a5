// How the embedded calculator (calculator.ts, /calculator.js) and its
// years-not-paid part's module (years.ts, assets/embed-years-LANG.js) meet: a
// classic script of each language that calculator.js adds to the page when a
// payer first opens the part (an import() would be the one module script of an
// embed that is otherwise classic), and the event that script sends from its
// own <script> element with the function that starts the part. assets.ts names
// the files by the same path.
import type { NisabClient } from '../../../client/src/client.ts';
import type { Lang, ResultStrings } from '../i18n/catalogue.ts';

/** The part's module of a language, on the origin that served calculator.js. */
export const EMBEDDED_YEARS_MODULE = (lang: Lang) => `/assets/embed-years-${lang}.js`;

/** Sent by the module's <script> element once it has run, its detail the EmbeddedYears below. */
export const YEARS_READY = 'nisab-years-ready';

export interface EmbeddedYearsContext {
  /** The calculator's typed client, pointed at our origin (no cookie, no referrer). */
  api: NisabClient;
  origin: string;
  /** The calculator's shadow root: holds #years-body and the calculator's form (#zakat-form). */
  root: ShadowRoot;
  /** Our page of the calculator's language: the reminder names it, and the statement prints there. */
  page: string;
  /** The calculator's answer words in its language (it carries them): the part words the herds with them. */
  result: ResultStrings;
}

export type EmbeddedYears = (context: EmbeddedYearsContext) => void;
