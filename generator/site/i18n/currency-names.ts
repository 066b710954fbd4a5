// Every currency's name in each language of the page, beside the API's English
// curName (catalogue.ts LANGUAGES: a language missing here fails tsc). Hausa and
// Arabic are CLDR's, written by scripts/currency-names.ts; English is the API's.
import type { Lang } from './catalogue.ts';
import { currencyNames as ar } from './currency-names-ar.ts';
import { currencyNames as en } from './currency-names-en.ts';
import { currencyNames as ha } from './currency-names-ha.ts';
import { currencyNames as yo } from './currency-names-yo.ts';

export const CURRENCY_NAMES: { [L in Lang]: Readonly<Record<string, string>> } = { en, ha, ar, yo };
