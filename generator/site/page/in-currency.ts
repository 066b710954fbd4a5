// The calculator in another currency than the Naira (docs/API.md §2c), for the
// page's calculator (main.ts) and the embedded one (widget/calculator.ts). Its own
// file: the page's first render imports it without the calculator's engine.
import type { NisabClient } from '../../../client/src/client.ts';
import type { CurrencyCode, Rate, RateInCurrency } from '../../../client/src/types.ts';
import type { Published } from '../../../client/src/zakat.ts';

/**
 * The published rules and the metals' newest rates with the currency's figures where the Naira's
 * are (nsbValueInCurrency, drtInCurrency): zakatDue counts in one currency, whichever it is. Null
 * when the currency has no rate for a metal's newest record (docs/API.md §2c: at most 7 days old).
 */
export async function inCurrency(client: NisabClient, published: Published, given: string): Promise<Published | null> {
  // A code of GET /currencies, which are upper-case ISO codes by their schema.
  const code = given as CurrencyCode;
  const ids = [...published.rates.keys()];
  const [rules, ...latest] = await Promise.all([
    client.nisab({ currency: code }),
    ...ids.map((id) => client.latest({ subcategory: id, currency: code })),
  ] as const);
  const rates = new Map<number, Rate>();
  for (const rate of latest as RateInCurrency[]) {
    if (rate.drtInCurrency === null || rate.drtUSDinCurrency === null) return null;
    rates.set(rate.drtSubcategoryID, { ...rate, drtInNaira: rate.drtInCurrency, drtUSDinNaira: rate.drtUSDinCurrency });
  }
  return { ...published, rules: rules.map((rule) => ({ ...rule, nsbValueInNaira: rule.nsbValueInCurrency })), rates };
}
