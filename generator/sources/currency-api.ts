// fawazahmed0's currency API (github.com/fawazahmed0/exchange-api, data CC0):
// one JSON file per published day, `{"date": "...", "usd": {"xau": ..., ...}}`,
// units of each currency per one US dollar. Gold and silver per troy ounce are
// 1 / xau and 1 / xag; its ngn is a market reference rate, not the CBN's. Every
// national currency's figure (ISO 4217, data/currencies.csv) is kept as well:
// the rates per US dollar of `currency=` (nationalRates).
import { z } from 'zod';
import { DOLLAR, NAIRA, type FxRateInput } from '../model/currencies.ts';
import { isoDate } from '../model/schemas.ts';
import type { HttpPolicy } from './http.ts';
import { CURRENCY_API_ID } from './ids.ts';
import { attemptLine, firstUsable, readWith, SourceError, type DailySource, type DayAnswer, type PriceDay, type Reading } from './source.ts';

const perDollar = z.number().finite().positive();

/** The part of the file we use; the other currencies pass through unread. */
const UsdFile = z.object({
  date: isoDate,
  usd: z.looseObject({ xau: perDollar, xag: perDollar, ngn: perDollar }),
});

/**
 * The file's figures for the national currencies (`national`: ISO 4217 codes in
 * capitals), as rates per US dollar of this source. NGN and USD are left out
 * (their figures are the rate record's own: generator/model/currencies.ts), and so is
 * anything else (crypto-assets, metals, old codes). A national code whose
 * figure is not a positive number is named in `unusable`.
 */
export function nationalRates(
  date: string,
  usd: Record<string, unknown>,
  national: ReadonlySet<string>,
  source = CURRENCY_API_ID,
): FxRateInput[] & { unusable?: string[] } {
  const rates: FxRateInput[] & { unusable?: string[] } = [];
  const unusable: string[] = [];
  for (const key of Object.keys(usd).sort()) {
    const code = key.toUpperCase();
    if (!national.has(code) || code === NAIRA || code === DOLLAR || key !== code.toLowerCase()) continue;
    const value = usd[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) rates.push({ fxDate: date, fxCurrency: code, fxPerUSD: value, fxSource: source });
    else unusable.push(`${code} (${JSON.stringify(value)})`);
  }
  if (unusable.length > 0) rates.unusable = unusable;
  return rates;
}

/** The day's file: its xau, xag and ngn as figures, every code per US dollar as published. */
export function currencyApi(templates: readonly string[], policy: HttpPolicy): DailySource<PriceDay> {
  return {
    id: CURRENCY_API_ID,
    async day(date: string): Promise<DayAnswer<PriceDay>> {
      const urls = templates.map((template) => template.replaceAll('{date}', date));
      const answer = await firstUsable(urls, policy, (json): Reading<PriceDay> => {
        const file = readWith(UsdFile, json);
        if ('problem' in file) return file;
        if (file.value.date !== date) return { problem: `the file is dated ${file.value.date}, not ${date}` };
        const { xau, xag, ngn } = file.value.usd;
        return { value: { date, figures: { xau, xag, ngn }, perDollar: file.value.usd } };
      });
      if ('value' in answer) return { published: true, url: answer.url, value: answer.value };
      // A 404 is the API's way of saying the day is not out yet; the others being
      // unreachable does not change that. A wrong body is never "not published".
      const unpublished = answer.attempts.filter((a) => a.notFound).map((a) => attemptLine(a.url, 'not published (HTTP 404)'));
      const failures = answer.attempts.filter((a) => !a.notFound).map((a) => attemptLine(a.url, a.problem));
      if (unpublished.length > 0 && !answer.attempts.some((a) => a.unusable)) return { published: false, why: [...unpublished, ...failures].join('; ') };
      throw new SourceError(`the currency API has no usable file for ${date}; tried:`, [...failures, ...unpublished]);
    },
  };
}
