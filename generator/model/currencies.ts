// The currencies `currency=` names (docs/API.md §2c), defined once: what an
// import of the ISO 4217 list and of the daily rates per US dollar accepts, and
// what GET /currencies publishes. The router imports only the types.
import { z } from 'zod';
import { isoDate, NisabRule, Rate, type SourceFigure, type SqlValue, type StoredColumns, sourceId } from './schemas.ts';

/** An ISO 4217 code: three capital letters. */
export const CURRENCY_FORM = /^[A-Z]{3}$/;
export const currencyCode = z.string().regex(CURRENCY_FORM, { message: 'must be an ISO 4217 code, three capital letters, e.g. GBP' }).meta({ example: 'GBP' });

/**
 * Answered from the rate record itself, never from the FX table: the naira is
 * drtUSDinNaira (the CBN's official rate, or the IMF's end of month before it),
 * so currency=NGN equals the Naira fields; the dollar is 1.
 */
export const NAIRA = 'NGN';
export const DOLLAR = 'USD';
/** The source of the dollar's 1 per dollar (data/sources.csv). */
export const DOLLAR_SOURCE = 'us-dollar';

/**
 * The oldest a currency's rate per US dollar may be and still value a record
 * (docs/API.md §2c, docs/currencies.md): a record dated more than this many days
 * after the currency's newest rate on or before it carries null currency fields,
 * as the naira's official rate is carried at most 7 days (sources/cbn.ts
 * MAX_CARRY_DAYS). The currency API publishes every day, so a longer gap is a
 * missing figure, and a Nisab in a months-old rate would be a guess dressed as one.
 */
export const MAX_FX_AGE_DAYS = 7;

/**
 * The srcFigure of a monthly average (schemas.ts SourceFigure): a rate record whose
 * drtPriceSource is one is valued in a currency at that currency's average of the
 * same calendar month (fx_monthly, from a source of the same figure), never at a
 * daily figure (docs/API.md §2c); a daily record only at daily figures (fx_rates).
 */
export const MONTHLY_AVERAGE = 'monthly-average' satisfies SourceFigure;
const isoMonth = z
  .string()
  .regex(/^[12][0-9]{3}-(0[1-9]|1[0-2])$/, { message: 'must be a month in YYYY-MM form' })
  .meta({ example: '2015-06' });

export const CurrencyInput = z
  .object({
    curCode: currencyCode.describe('ISO 4217 code'),
    curName: z.string().min(1).describe('its name in ISO 4217, e.g. Pound Sterling'),
  })
  .strict();
export type CurrencyInput = z.infer<typeof CurrencyInput>;

export const FxRateInput = z
  .object({
    fxDate: isoDate,
    fxCurrency: currencyCode.describe('the currency (data/currencies.csv)'),
    fxPerUSD: z.number().finite().positive().describe('units of the currency per US dollar on fxDate'),
    fxSource: sourceId.describe('id of the entry of /sources the figure comes from'),
  })
  .strict();
export type FxRateInput = z.infer<typeof FxRateInput>;

const asGiven = (value: SqlValue): SqlValue => value;

/**
 * How a rate per US dollar is stored, defined once like the rate record's
 * (STORED_RATE_COLUMNS): the FX import's staging table, change test, UPDATE and
 * INSERT (db/import-fx.ts) and the columns and lines of data/fx (db/fx-files.ts)
 * are derived from it; a field of FxRateInput without an entry does not compile.
 */
export const STORED_FX_COLUMNS: StoredColumns<FxRateInput> = {
  fxDate: { kind: 'text', role: 'key', store: asGiven },
  fxCurrency: { kind: 'text', role: 'key', store: asGiven },
  fxPerUSD: { kind: 'real', role: 'value', store: asGiven },
  fxSource: { kind: 'text', role: 'value', store: asGiven },
};

export const Currency = z
  .object({
    curCode: currencyCode.describe('ISO 4217 code: the value of the currency parameter'),
    curName: z.string().min(1).describe('its name in ISO 4217'),
    curFirstDate: isoDate.describe(
      "date of its oldest published rate per US dollar, daily or monthly (a monthly average's is its month's first day; NGN and USD: of the oldest rate record)",
    ),
    curLastDate: isoDate.describe('date of its newest published rate per US dollar, daily or monthly'),
    curCount: z.number().int().positive().describe('number of its published rates per US dollar: days with a daily figure plus months with a monthly average'),
    curSources: z.array(sourceId).describe('ids of the entries of /sources its rates come from'),
    curDailyFirst: isoDate
      .nullable()
      .describe(
        'date of its oldest daily figure: the daily rate records it values (at the newest daily figure, at most 7 days old) are dated from then; null without daily figures',
      ),
    curDailyLast: isoDate.nullable().describe('date of its newest daily figure; null without daily figures'),
    curMonthlyFirst: isoMonth
      .nullable()
      .describe(
        "the first month (YYYY-MM) whose monthly average is published: the monthly-average rate records (2005-01 to 2025-08 in the embedded data) are valued in it each at the same month's average, from this month to curMonthlyLast; null when it has none (it then values no monthly-average record: nothing is mixed with daily figures)",
      ),
    curMonthlyLast: isoMonth.nullable().describe('the last month (YYYY-MM) whose monthly average is published; null when it has none'),
  })
  .strict()
  .meta({ id: 'Currency' });
export type Currency = z.infer<typeof Currency>;

const amount = z.number().finite().nonnegative();

/**
 * A rate record of an answer with currency=C (docs/API.md §2c): the record, then
 * the currency's fields, in this order (router/in-currency.ts writes them as text).
 * Not a file of the snapshot: the edges compose it at request time. It gives
 * OpenAPI, the JSON Schemas and docs/API.md's table of the fields it adds.
 */
export const RateInCurrency = Rate.extend({
  drtCurrency: currencyCode.describe('the currency asked for (the value of currency=)'),
  drtUSDinCurrency: z
    .number()
    .finite()
    .positive()
    .nullable()
    .describe(
      "units of drtCurrency per US dollar: for a daily record its newest daily figure dated on or before drtDate, at most 7 days before; for a monthly-average record (drtPriceSource's srcFigure is monthly-average) its average of drtDate's month (NGN: drtUSDinNaira; USD: 1); null when it has none",
    ),
  drtCurrencyDate: isoDate
    .nullable()
    .describe(
      "the date drtUSDinCurrency is from: a day, or a monthly average's month's first day (NGN: drtNairaDate; USD: drtDate); null with drtUSDinCurrency",
    ),
  drtCurrencySource: sourceId
    .nullable()
    .describe('id of the entry of /sources drtUSDinCurrency comes from (NGN: drtNairaSource; USD: us-dollar); null with drtUSDinCurrency'),
  drtInCurrency: amount.nullable().describe('drtInUSD × drtUSDinCurrency, rounded to 2 decimals (NGN: drtInNaira); null with drtUSDinCurrency'),
}).meta({ id: 'RateInCurrency' });
export type RateInCurrency = z.infer<typeof RateInCurrency>;

/** A Nisab rule of an answer with currency=C (docs/API.md §2c): the rule, then the currency's two fields. */
export const NisabRuleInCurrency = NisabRule.extend({
  nsbCurrency: currencyCode.describe('the currency asked for (the value of currency=)'),
  nsbValueInCurrency: amount
    .nullable()
    .describe(
      'threshold × drtInUSD × drtUSDinCurrency of the rate record the rule is valued at (nsbRateDate, nsbValueSubcategoryID), rounded once to 2 decimals; null where nsbValueInUSD is null or the currency has no rate for that record (none on or before its date, or for a monthly-average record no average of its month). A lower-of rule compares its metals in the currency (in Naira where it has no rate for one of them)',
    ),
}).meta({ id: 'NisabRuleInCurrency' });
export type NisabRuleInCurrency = z.infer<typeof NisabRuleInCurrency>;

/**
 * v1/fx/{code}/{yyyy}.json (layout.ts): the currency's daily rate per US dollar at
 * every date a daily rate of the year, or of the year's month ends file, is dated,
 * by that date: [units per US dollar, index in `sources`] or, when the figure is of
 * an earlier date (the newest on or before, at most MAX_FX_AGE_DAYS before),
 * [units, index, its date]. A date before the currency's first figure, or whose
 * newest figure is older than that, is absent. `months`: its monthly average of
 * each month a monthly-average record of those files falls in, by YYYY-MM, for the
 * records whose drtPriceSource is in `monthly` (docs/API.md §2c). Read by the
 * router (in-currency.ts).
 */
export const FxFile = z
  .object({
    // Empty in a year where every figure is older than MAX_FX_AGE_DAYS at each date.
    sources: z.array(sourceId),
    rates: z.record(
      isoDate,
      z.union([
        z.tuple([z.number().finite().positive(), z.number().int().nonnegative()]),
        z.tuple([z.number().finite().positive(), z.number().int().nonnegative(), isoDate]),
      ]),
    ),
    months: z.record(isoMonth, z.tuple([z.number().finite().positive(), z.number().int().nonnegative()])),
    // The price sources whose records are monthly averages: valued by `months` only, never by `rates`.
    monthly: z.array(sourceId),
  })
  .strict();
export type FxFile = z.infer<typeof FxFile>;

/**
 * v1/fx/{code}/{yyy}0s.json (layout.ts): a decade closed as of the snapshot's day, as the years' FX files it
 * replaces. A JSON array written a line an element: the years (from the currency's first in the decade), then each
 * year's FxFile as that year's own file would hold it, so the router parses only the lines of the years it needs.
 */
export const FxDecadeFile = z
  .tuple([z.array(z.string().regex(/^[0-9]{4}$/)).min(1)])
  .rest(FxFile)
  .refine((file) => file.length === file[0].length + 1, { message: 'a decade FX file holds one FX file per year it names' });
