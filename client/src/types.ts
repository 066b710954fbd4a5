// The records' types, derived from the zod schemas the build validates every
// published file with (generator/core/schemas.ts): written once, never here.
import type { z } from 'zod';
import type {
  Announcement,
  ErrorEnvelope,
  Gap,
  Meta,
  NigeriaMonth,
  NisabRule,
  Rate,
  Source,
  SourceFigure,
  Subcategory,
  Bracket,
} from '../../generator/core/schemas.ts';
import type { Currency, NisabRuleInCurrency, RateInCurrency } from '../../generator/core/currencies.ts';

export type {
  Announcement,
  Gap,
  Meta,
  NigeriaMonth,
  NisabRule,
  Rate,
  Source,
  SourceFigure,
  Subcategory,
  Bracket,
  Currency,
  NisabRuleInCurrency,
  RateInCurrency,
};

/** A currency as the API takes it: an ISO 4217 code listed by `GET /currencies`, e.g. 'GBP' (docs/API.md §2c). */
export type CurrencyCode = string;

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
