// The zod half of the answer options table (router/answer-options.ts): for each
// option, the record each of its rewrites produces, as a zod extension of the
// record (its fields after the record's own). OpenAPI, the JSON Schemas,
// docs/API.md's tables and the client's types are written from it. The options'
// names and the records each rewrites are this table's keys (OptionName,
// RecordsOf): ANSWER_OPTIONS is typed by them, so an option without its schemas,
// a schema for a record the option does not rewrite, or a rewrite without its
// schema does not compile. The router reads its types only (njs carries no zod).
import { z } from 'zod';
import { NisabRuleInCurrency, RateInCurrency } from './currencies.ts';
import { Rate, type NisabRule } from './schemas.ts';

/** A rate record of an answer with unit=troy-ounce (docs/API.md §2e, router/per-unit.ts): its prices per ounce, then the grams in one. */
export const RatePerTroyOunce = Rate.extend({
  drtInUSD: Rate.shape.drtInUSD.describe('price of one troy ounce in US dollars: the per-gram figure × 31.1034768, rounded half away from zero to 6 decimals'),
  drtInNaira: Rate.shape.drtInNaira.describe('drtInUSD (per troy ounce) × drtUSDinNaira, rounded to 2 decimals (§3a)'),
  drtUnit: Rate.shape.drtUnit.describe('troy-ounce (a record not priced per gram keeps its own unit, and drtGramsPerUnit is null)'),
  drtGramsPerUnit: z
    .literal(31.1034768)
    .nullable()
    .describe('grams in one drtUnit: 31.1034768 in a troy ounce; null for a record not priced per gram, which is left as it is'),
}).meta({ id: 'RatePerTroyOunce' });
export type RatePerTroyOunce = z.infer<typeof RatePerTroyOunce>;

/** The published record each rewritable record is (its base: an extension keeps every field of it). */
interface Bases {
  Rate: Rate;
  NisabRule: NisabRule;
}

/** The records an option can rewrite (router/answer-options.ts' Rewrites holds a rewrite for each). */
export type RewrittenRecord = keyof Bases;

/** A record's extension: a zod object whose output has every field of the record, registered with an id (`.meta({ id })`). */
type Extension<R extends keyof Bases> = z.ZodObject & { _zod: { output: Bases[R] } };

export interface OptionSchemas {
  /** How an answer's description names what the option adds, e.g. "the currency's fields". */
  adds: string;
  /** The record each rewrite produces, by the record it rewrites (its keys are the records the option rewrites). */
  records: { [R in RewrittenRecord]?: Extension<R> };
}

// `satisfies`, not a type: the client's types read each extension's own fields from here.
export const OPTION_SCHEMAS = {
  unit: {
    adds: 'the prices per troy ounce and the grams in one',
    records: { Rate: RatePerTroyOunce },
  },
  currency: {
    adds: "the currency's fields",
    records: { Rate: RateInCurrency, NisabRule: NisabRuleInCurrency },
  },
} satisfies Record<string, OptionSchemas>;

/** The answer options, by their parameters' names (PARAMETERS, router/parameters.ts; ANSWER_OPTIONS has one entry each). */
export type OptionName = keyof typeof OPTION_SCHEMAS;

/** The records an option rewrites (for the types derived from the table: ANSWER_OPTIONS', the client's). */
export type RecordsOf<N extends OptionName> = keyof (typeof OPTION_SCHEMAS)[N]['records'] & RewrittenRecord;

/** The id an extension is registered with (OpenAPI's and /schemas/' name for it). */
export function extensionId(schema: z.ZodType): string {
  const meta = schema.meta() as { id?: string } | undefined;
  if (meta === undefined || typeof meta.id !== 'string') throw new Error("an answer option's record has no id: give it .meta({ id })");
  return meta.id;
}
