// fawazahmed0's currency API (github.com/fawazahmed0/exchange-api, data CC0):
// one JSON file per published day, `{"date": "...", "usd": {"xau": ..., ...}}`,
// units of each currency per one US dollar. Gold and silver per troy ounce are
// 1 / xau and 1 / xag; its ngn is a market reference rate, not the CBN's. Every
// national currency's figure (ISO 4217, data/currencies.csv) is kept as well:
// the rates per US dollar of `currency=` (nationalRates).
import { z } from 'zod';
import { DOLLAR, NAIRA, type FxRateInput } from '../core/currencies.ts';
import { isoDate } from '../core/schemas.ts';
import { getText, type HttpPolicy } from './http.ts';
import { attemptLine, describeIssues, parseJsonBody, SourceError, type DailySource, type DayAnswer } from './source.ts';

export const CURRENCY_API_ID = 'currency-api';

/** Tried in order; `{date}` is the day asked for. NISAB_CURRENCY_API overrides them. */
export const DEFAULT_CURRENCY_API_URLS = [
  'https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@{date}/v1/currencies/usd.json',
  'https://{date}.currency-api.pages.dev/v1/currencies/usd.json',
];

const perDollar = z.number().finite().positive();

/** The part of the file we use; the other currencies pass through unread. */
const UsdFile = z.object({
  date: isoDate,
  usd: z.looseObject({ xau: perDollar, xag: perDollar, ngn: perDollar }),
});

export interface CurrencyDay {
  date: string;
  /** Troy ounces of gold per US dollar. */
  xau: number;
  xag: number;
  /** Naira per US dollar (market reference rate). */
  ngn: number;
  /** The whole file's `usd` object: every code per US dollar, as published (absent where only the metals were kept). */
  usd?: Record<string, unknown>;
}

/**
 * The file's figures for the national currencies (`national`: ISO 4217 codes in
 * capitals), as rates per US dollar of this source. NGN and USD are left out
 * (their figures are the rate record's own: generator/core/currencies.ts), and so is
 * anything else (crypto-assets, metals, old codes). A national code whose
 * figure is not a positive number is named in `unusable`.
 */
export function nationalRates(date: string, usd: Record<string, unknown>, national: ReadonlySet<string>): FxRateInput[] & { unusable?: string[] } {
  const rates: FxRateInput[] & { unusable?: string[] } = [];
  const unusable: string[] = [];
  for (const key of Object.keys(usd).sort()) {
    const code = key.toUpperCase();
    if (!national.has(code) || code === NAIRA || code === DOLLAR || key !== code.toLowerCase()) continue;
    const value = usd[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) rates.push({ fxDate: date, fxCurrency: code, fxPerUSD: value, fxSource: CURRENCY_API_ID });
    else unusable.push(`${code} (${JSON.stringify(value)})`);
  }
  if (unusable.length > 0) rates.unusable = unusable;
  return rates;
}

/** The URL templates of NISAB_CURRENCY_API (comma-separated), each checked to hold {date}. */
export function currencyApiUrls(setting: string | undefined): string[] {
  if (setting === undefined || setting.trim() === '') return DEFAULT_CURRENCY_API_URLS;
  const urls = setting.split(',').map((url) => url.trim()).filter(Boolean);
  for (const url of urls) {
    if (!url.includes('{date}')) throw new SourceError(`NISAB_CURRENCY_API: ${url} has no {date} in it; give URL templates such as ${DEFAULT_CURRENCY_API_URLS[0]}`);
    if (!/^https?:\/\//.test(url)) throw new SourceError(`NISAB_CURRENCY_API: ${url} is not an http(s) URL`);
  }
  return urls;
}

export function currencyApi(templates: readonly string[], policy: HttpPolicy): DailySource<CurrencyDay> {
  return {
    id: CURRENCY_API_ID,
    async day(date: string): Promise<DayAnswer<CurrencyDay>> {
      const failures: string[] = [];
      const unpublished: string[] = [];
      let malformed = false;
      for (const template of templates) {
        const url = template.replaceAll('{date}', date);
        const result = await getText(url, policy);
        if (!result.ok) {
          if (result.status === 404) unpublished.push(attemptLine(url, 'not published (HTTP 404)'));
          else failures.push(attemptLine(url, result.problem));
          continue;
        }
        const body = parseJsonBody(result);
        const parsed = 'json' in body ? UsdFile.safeParse(body.json) : undefined;
        const problem = 'problem' in body ? body.problem : !parsed!.success ? describeIssues(parsed!.error) : undefined;
        if (problem !== undefined) {
          malformed = true;
          failures.push(attemptLine(url, problem));
          continue;
        }
        const file = parsed!.data!;
        if (file.date !== date) {
          malformed = true;
          failures.push(attemptLine(url, `the file is dated ${file.date}, not ${date}`));
          continue;
        }
        return { published: true, url, value: { date, xau: file.usd.xau, xag: file.usd.xag, ngn: file.usd.ngn, usd: file.usd } };
      }
      // A 404 is the API's way of saying the day is not out yet; the others being
      // unreachable does not change that. A wrong body is never "not published".
      if (unpublished.length > 0 && !malformed) return { published: false, why: [...unpublished, ...failures].join('; ') };
      throw new SourceError(`the currency API has no usable file for ${date}; tried:`, [...failures, ...unpublished]);
    },
  };
}
