// The records' types, derived from the zod schemas the build validates every
// published file with (generator/model/schemas.ts): written once, never here.
import type { z } from 'zod';
import type { ErrorEnvelope } from '../../generator/model/schemas.ts';
import type { OptionValue } from '../../generator/router/answer-options.ts';
import type { OPTION_SCHEMAS, OptionName, RecordsOf, RewrittenRecord } from '../../generator/model/option-schemas.ts';

export type { Announcement, Gap, Meta, NigeriaMonth, NisabRule, Rate, Source, SourceFigure, Subcategory, Bracket } from '../../generator/model/schemas.ts';
export type { Currency, NisabRuleInCurrency, RateInCurrency } from '../../generator/model/currencies.ts';

/**
 * A currency as the API takes it: an ISO 4217 code in three capital letters listed by `GET /currencies`, e.g. 'GBP'
 * (docs/API.md §2c); 'gbp' does not compile (the API answers it 400).
 */
export type CurrencyCode = Uppercase<string>;

/**
 * The answer options (generator/router/answer-options.ts: currency=, docs/API.md §2c)
 * a query for record `R` may give: each option that rewrites it, typed by its parse.
 */
export type OptionsQuery<R extends RewrittenRecord> = { [N in OptionName as R extends RecordsOf<N> ? N : never]?: OptionArgument<N> };

/**
 * An option's value as a query gives it: what its parse gives (unit: 'troy-ounce'; its default, gram, is the same
 * answer as leaving it out), a currency as an upper-case ISO code.
 */
type OptionArgument<N extends OptionName> = N extends 'currency' ? CurrencyCode : NonNullable<OptionValue<N>>;

/** Nothing added: the identity of an intersection (not `unknown`, which a union swallows every other member into). */
type Nothing = Record<never, never>;

/** The record option `N` makes of `R` (its zod extension, OPTION_SCHEMAS), or Nothing when it rewrites none. */
type Extended<N extends OptionName, R extends RewrittenRecord> = (typeof OPTION_SCHEMAS)[N]['records'] extends infer S
  ? R extends keyof S
    ? z.output<S[R]>
    : Nothing
  : Nothing;

type Intersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;

/**
 * Record `R` as an answer to query `Q` carries it: with the fields of every answer option `Q` gives (docs/API.md
 * §2c, §2e). An option `Q` does not give adds Nothing, so the options it gives are all kept.
 */
export type Answered<Q, R extends RewrittenRecord, Plain> = Plain &
  Intersection<{ [N in OptionName]: Q extends { [K in N]: unknown } ? Extended<N, R> : Nothing }[OptionName]>;

/** The body of every failed answer: `{"success": false, "message": "..."}`. */
export type ErrorBody = z.infer<typeof ErrorEnvelope>;

/** The body of a successful list answer. */
export interface ListBody<T> {
  success: true;
  data: T[];
  count: number;
}

/** The body of a successful one-record answer. */
export interface ItemBody<T> {
  success: true;
  data: T;
}

/** A subcategory as a request names it: its ID (1) or, where the API accepts it, its slug ('gold'). */
export type SubcategoryRef = number | string;

/** A date as the API takes it: `YYYY-MM-DD`. */
export type IsoDate = string;
