// The currencies `currency=` names (docs/API.md §2c), defined once: what an
// import of the ISO 4217 list and of the daily rates per US dollar accepts, and
// what GET /currencies publishes. The router imports only the types.
import { z } from 'zod';
import { isoDate, type SqlValue, type StoredColumns, sourceId } from './schemas.ts';

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
    curFirstDate: isoDate.describe('date of its oldest published rate per US dollar (for NGN, of the oldest rate record; USD: of the oldest rate record)'),
    curLastDate: isoDate.describe('date of its newest published rate per US dollar'),
    curCount: z.number().int().positive().describe('number of days with a published rate per US dollar'),
    curSources: z.array(sourceId).describe('ids of the entries of /sources its rates come from'),
  })
  .strict()
  .meta({ id: 'Currency' });
export type Currency = z.infer<typeof Currency>;

/**
 * v1/fx/{code}/{yyyy}.json (layout.ts): the currency's rate per US dollar at every
 * date a rate of the year, or the year's month ends file, is dated, by that date:
 * [units per US dollar, index in `sources`] or, when the figure is of an earlier
 * date (the newest on or before), [units, index, its date]. A date before the
 * currency's first figure is absent. Read by the router (in-currency.ts).
 */
export const FxFile = z
  .object({
    sources: z.array(sourceId).min(1),
    rates: z.record(
      isoDate,
      z.union([
        z.tuple([z.number().finite().positive(), z.number().int().nonnegative()]),
        z.tuple([z.number().finite().positive(), z.number().int().nonnegative(), isoDate]),
      ]),
    ),
  })
  .strict();
export type FxFile = z.infer<typeof FxFile>;
