// The zakat calculator of the page, its own module (assets/calculator-LANG.js),
// asked when the calculator is reached or first used, so a first visit does not carry the
// engine and the words of its answer: the form's inputs to the client's zakatDue
// (client/src/zakat/), its structured answer worded in the page's language
// (page/zakat-form.ts, shared with the embedded calculator).
import type { Formats } from '../i18n/format.ts';
import type { PageStrings } from '../i18n/catalogue.ts';
import { currencyNames } from '../i18n/current-currency-names.ts';
import { result as resultWords } from '../i18n/current-result.ts';
import type { Published } from '../../../client/src/zakat.ts';
import { showZakat } from './zakat-form.ts';

/** What the calculator works in: the Naira (the published rules as they are) or a currency of GET /currencies (docs/API.md §2c). */
export interface Amounts {
  code: string;
  published: Published;
  money: { format(n: number): string };
}

/** What the page lends the calculator: its words, its figures' formats and where the answer goes. */
export interface Shown {
  t: PageStrings;
  format: Formats;
  out: HTMLElement;
}

export function calculate(form: HTMLFormElement, { published, money, code }: Amounts, { t, format, out }: Shown) {
  showZakat(out, form, published, code, { money: money.format, number: format.number }, resultWords, t);
}

/** The calculator's answer words, lent to the years part (page/years.ts words the herds with them), which so does not carry them again. */
export { resultWords };

/** A currency's name in the page's language (CLDR's), or undefined where the API's English curName is the one shown. */
export const currencyName = (code: string): string | undefined => currencyNames[code];
