// Compile-time checks of the answer options table (router/answer-options.ts and
// its zod half, model/option-schemas.ts), run by `tsc -b`, not vitest: each
// `@ts-expect-error` fails the type check if the line below it ever compiles.
// A half-done option (no rewrite, no files, no cap, no zod extension, no entry)
// must not compile; one whose name PARAMETERS lacks fails at ValueOf's
// constraint (test/site/answer-option-steps.test.ts adds one to a copy).
// docs/making-changes.md, "A new answer option".
import type { Answered, LatestQuery, NisabQuery, OptionsQuery, RatesQuery } from '../../client/src/index.ts';
import { ANSWER_OPTIONS, answerOption, type OptionTable, type ValuingRecord } from '../../generator/router/answer-options.ts';
import { Currency, NisabRuleInCurrency, RateInCurrency } from '../../generator/model/currencies.ts';
import type { OptionName, OptionSchemas, RatePerTroyOunce, RecordsOf } from '../../generator/model/option-schemas.ts';
import type { NisabRule, Rate } from '../../generator/model/schemas.ts';

const rateLine = (line: string) => line;
const figure = (_rate: ValuingRecord) => null;
const ruleLine = (line: string) => line;
const noFiles = () => [];
const read = () => null;

// A whole entry compiles.
export const whole = answerOption({ records: { Rate: rateLine }, files: noFiles, read, expensive: true, rangeCap: 366 });

// @ts-expect-error: an option needs the files it adds to a plan
export const withoutFiles = answerOption({ records: { Rate: rateLine }, read, expensive: false, rangeCap: null });

// @ts-expect-error: an expensive option needs its range cap
export const withoutCap = answerOption({ records: { Rate: rateLine }, files: noFiles, read, expensive: true, rangeCap: null });

// @ts-expect-error: a record's rewrite is a function of its line
export const rewriteNotAFunction = answerOption({ records: { Rate: 'drtInTola' }, files: noFiles, read, expensive: false, rangeCap: null });

// @ts-expect-error: a Nisab rule's rewrite gives both the figure a rule is valued in and the line
export const ruleWithoutFigure = answerOption({ records: { NisabRule: { line: ruleLine } }, files: noFiles, read, expensive: false, rangeCap: null });
export const ruleWhole = answerOption({ records: { NisabRule: { figure, line: ruleLine } }, files: noFiles, read, expensive: false, rangeCap: null });

// @ts-expect-error: only records the router knows how to rewrite (Rate, NisabRule)
export const unknownRecord = answerOption({ records: { Subcategory: rateLine }, files: noFiles, read, expensive: false, rangeCap: null });

// The table: one entry per option of OPTION_SCHEMAS, rewriting exactly the records its zod half extends.
// @ts-expect-error: an option of OPTION_SCHEMAS without its entry
export const withoutEntry: OptionTable = { unit: ANSWER_OPTIONS.unit };

export const unknownOption: OptionTable = {
  unit: ANSWER_OPTIONS.unit,
  currency: ANSWER_OPTIONS.currency,
  // @ts-expect-error: an entry without its zod half in OPTION_SCHEMAS (OpenAPI, /schemas/ and the client are written from it)
  tola: whole,
};

export const rewriteWithoutSchema: OptionTable = {
  // @ts-expect-error: a rewrite of a record the option's zod half does not extend (unit extends only Rate)
  unit: answerOption({ records: { Rate: rateLine, NisabRule: { figure, line: ruleLine } }, files: noFiles, read, expensive: false, rangeCap: null }),
  currency: ANSWER_OPTIONS.currency,
};

export const schemaWithoutRewrite: OptionTable = {
  unit: ANSWER_OPTIONS.unit,
  // @ts-expect-error: a record the option's zod half extends but the entry does not rewrite (currency: Rate and NisabRule)
  currency: answerOption({ records: { Rate: rateLine }, files: noFiles, read, expensive: true, rangeCap: 366 }),
};

// The zod half: an extension per record, each keeping every field of its record.
export const schemasWhole = {
  adds: "the currency's fields",
  records: { Rate: RateInCurrency, NisabRule: NisabRuleInCurrency },
} satisfies OptionSchemas;

export const schemasExtra = {
  adds: "the currency's fields",
  // @ts-expect-error: an extension of a record no option can rewrite
  records: { Rate: RateInCurrency, NisabRule: NisabRuleInCurrency, Currency: Currency },
} satisfies OptionSchemas;

export const schemasWrong = {
  adds: "the currency's fields",
  // @ts-expect-error: an extension is of its own record (a Nisab rule's is no rate record)
  records: { Rate: NisabRuleInCurrency, NisabRule: NisabRuleInCurrency },
} satisfies OptionSchemas;

// The client's types are derived from the table: each option is a field of the queries of the records it rewrites,
// and an answer to a query giving it carries its extension's fields.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type RecordsAsked = { Rate: RatesQuery & LatestQuery; NisabRule: NisabQuery };
type Missing = {
  [N in OptionName]: { [R in RecordsOf<N>]: N extends keyof RecordsAsked[R] & keyof OptionsQuery<R> ? never : [N, R] }[RecordsOf<N>];
}[OptionName];
export const everyOptionInTheClient: Equal<Missing, never> = true;
export const inCurrency: Equal<Pick<Answered<{ currency: string }, 'Rate', Rate>, 'drtInCurrency'>, Pick<RateInCurrency, 'drtInCurrency'>> = true;
export const ruleInCurrency: Equal<
  Pick<Answered<{ currency: string }, 'NisabRule', NisabRule>, 'nsbValueInCurrency'>,
  Pick<NisabRuleInCurrency, 'nsbValueInCurrency'>
> = true;
// @ts-expect-error: without the option, the record has none of its fields
export const plain: Answered<{ date: string }, 'Rate', Rate>['drtInCurrency'] = null;
// Two options given: both options' fields (an option not given once made the answer lose every option's fields).
export const both: Equal<
  Pick<Answered<{ currency: 'GBP'; unit: 'troy-ounce' }, 'Rate', Rate>, 'drtInCurrency' | 'drtGramsPerUnit'>,
  Pick<RateInCurrency & RatePerTroyOunce, 'drtInCurrency' | 'drtGramsPerUnit'>
> = true;
// @ts-expect-error: a currency is an upper-case ISO code ('gbp' is a 400)
export const lowerCase: RatesQuery = { currency: 'gbp' };
