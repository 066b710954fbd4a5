// The page's words the embedded calculator (calculator.ts) shows: its form's
// labels and its answer's headings, picked at build time from the page's
// catalogues (i18n/en.ts, ha.ts, ar.ts) so /calculator.js carries these few
// strings of each language rather than every word of the page (assets.ts
// defines CALCULATOR_LABELS with them). The inputs the page's form takes from
// the answer's catalogue (result-LANG.ts `inputs`) come with that catalogue.
import { byLanguage, type Lang, type PageStrings, type YearsStrings } from '../i18n/catalogue.ts';
import { PAGE_CATALOGUES } from '../i18n/catalogues.ts';

/** The page's words the answer's table uses (its headings and what it says with nothing entered). */
export const ANSWER_LABEL_KEYS = ['enterHoldings', 'resultLabel', 'colWhat', 'colHeld', 'colNisab', 'colDue', 'colRule', 'source', 'persons'] as const;
export type AnswerLabels = Pick<PageStrings, (typeof ANSWER_LABEL_KEYS)[number]>;

export const CALCULATOR_LABEL_KEYS = [
  'calculatorTitle',
  'rules',
  'school',
  'maliki',
  'hanafi',
  'shafii',
  'hanbali',
  'cashStandard',
  'goldStandard',
  'silverStandard',
  'lowerOfTwo',
  'moneyAndMetals',
  'cash',
  'tradeGoods',
  'goldHeld',
  'silverHeld',
  'wornGold',
  'wornSilver',
  'trader',
  'mudir',
  'muhtakir',
  'sold',
  'livestock',
  'camels',
  'cattle',
  'sheepGoats',
  'crops',
  'harvest',
  'wateredBy',
  'rainFed',
  'irrigated',
  'mixed',
  'fitrTitle',
  ...ANSWER_LABEL_KEYS,
] as const;

export type CalculatorLabels = Pick<PageStrings, (typeof CALCULATOR_LABEL_KEYS)[number]>;

/** What /calculator.js carries: the form's labels and the years-not-paid part's title (the rest of its words come with its module, widget/years.ts). */
export type EmbeddedLabels = CalculatorLabels & { yearsSummary: YearsStrings['summary'] };

/** Each language's labels, plain strings (JSON for esbuild's define). */
export function calculatorLabels(): { [L in Lang]: EmbeddedLabels } {
  const pick = (page: PageStrings) => Object.fromEntries(CALCULATOR_LABEL_KEYS.map((key) => [key, page[key]])) as CalculatorLabels;
  return byLanguage((lang) => ({ ...pick(PAGE_CATALOGUES[lang].page), yearsSummary: PAGE_CATALOGUES[lang].years.summary }));
}
