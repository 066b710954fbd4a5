// What a fetched day becomes: one rate row per metal, priced by the currency
// API, with the CBN's official naira rate (the one Nigerian zakat bodies value
// the Nisab at) where it has one for that day or carries one from an earlier
// working day, else the currency API's own ngn. Nothing is interpolated.
import type { RateInput } from '../core/schemas.ts';
import type { NairaFigure } from './cbn.ts';
import { CURRENCY_API_ID, type CurrencyDay } from './currency-api.ts';

export const GRAMS_PER_TROY_OUNCE = 31.1034768;

/** US dollars per gram from units per US dollar (the API's xau, xag), to 6 decimals like the rest of the data. */
export function usdPerGram(unitsPerDollar: number): number {
  return Number((1 / unitsPerDollar / GRAMS_PER_TROY_OUNCE).toFixed(6));
}

/** The subcategories the currency API prices, by slug, and the API's field for each. */
export const METALS = [
  { slug: 'gold', field: 'xau' },
  { slug: 'silver', field: 'xag' },
] as const;

export type MetalIds = Record<(typeof METALS)[number]['slug'], number>;

export function dayRows(day: CurrencyDay, naira: NairaFigure | undefined, ids: MetalIds): RateInput[] {
  const nairaFields = naira
    ? { drtUSDinNaira: naira.rate, drtNairaSource: naira.source, drtNairaDate: naira.date }
    : { drtUSDinNaira: day.ngn, drtNairaSource: CURRENCY_API_ID, drtNairaDate: day.date };
  return METALS.map(({ slug, field }) => ({
    drtDate: day.date,
    drtSubcategoryID: ids[slug],
    drtInUSD: usdPerGram(day[field]),
    drtPriceSource: CURRENCY_API_ID,
    ...nairaFields,
  }));
}
