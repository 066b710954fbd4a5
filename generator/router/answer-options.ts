// Answer options: the query parameters that rewrite the records of an answer at
// request time (docs/API.md §2c for currency=), as a table beside PARAMETERS,
// the way datasette registers its extras: each entry names the records it
// rewrites and how, the files it adds to a plan, and what it costs. The router
// applies every entry the same way (route() adds its files and checks its range
// cap, assemble() rewrites the records), so no endpoint's plan, no edge and no
// composition names one; OpenAPI, the JSON Schemas and the generated
// differential read the table too. Its zod half, OPTION_SCHEMAS in
// model/option-schemas.ts, names the options and the records each rewrites
// (OptionName, RecordsOf): this table has an entry for each, rewriting exactly
// those records, or it does not compile.
// docs/making-changes.md, "A new answer option".
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).
import { daysBetween } from '../model/dates.ts';
import type { ParameterName, PARAMETERS, Parsed, Query } from './parameters.ts';
import { currencyTable, DOLLAR_CODE, fxFor, NAIRA_CODE, rateLineIn, type CurrencyTable } from './in-currency.ts';
import { rateLinePerOunce } from './per-unit.ts';
import { fxBlock, paths } from './layout.ts';
import { numberText } from './number-text.ts';
import type { RoutingIndex } from '../model/schemas.ts';
import type { OptionName, RecordsOf, RewrittenRecord } from '../model/option-schemas.ts';

/** What a rate record the Nisab rules are valued at gives an option (dated.ts reads it from the record's line). */
export interface ValuingRecord {
  drtDate: string;
  drtPriceSource: string;
  drtUSDinNaira: number;
  drtNairaDate: string;
  drtNairaSource: string;
}

/**
 * How an option rewrites each record it may change, given its state (what
 * `read` made of its files). Each adds its fields after the record's own, in
 * the order of its zod extension (OPTION_SCHEMAS; a generated test compares).
 */
export interface Rewrites<State> {
  /** A rate record's line as published, with the option's fields after its own. */
  Rate(line: string, state: State): string;
  /** A Nisab rule, valued at request time (dated.ts) at the rates of its day. */
  NisabRule: {
    /** What the rate record is worth in the option: units per US dollar, or null for none; a rule is valued in them (nisab-value.ts). */
    figure(rate: ValuingRecord, state: State): number | null;
    /** The valued rule's line with the option's fields after its own; `value` is the rule's value in the option (null: none). */
    line(line: string, value: number | null, state: State): string;
  };
}

/** The type a parameter of PARAMETERS parses to. */
export type ValueOf<N extends ParameterName> = (typeof PARAMETERS)[N] extends { parse(value: string, index: RoutingIndex): Parsed<infer T> } ? T : never;

interface OptionBase<Value, State, Records extends Partial<Rewrites<State>>> {
  /** The records it rewrites, each with its rewrite: an endpoint that lists the option's parameter answers one of them (test/site/answer-options.test.ts). */
  records: Records;
  /**
   * The snapshot files (paths) it reads besides the answer's own, for records
   * dated from `from` to `to` ('' and '': no record of the answer is dated,
   * e.g. Nisab rules before the first rate).
   */
  files(value: Value, from: string, to: string, index: RoutingIndex): string[];
  /** What its rewrites are given: made once per answer from the texts of those files (and the same `from` and `to`). */
  read(value: Value, texts: string[], from: string, to: string): State;
}

/**
 * One answer option. `expensive`: every record of an answer is decoded and
 * rewritten at request time, so its cost grows with the range and a range is
 * capped (`rangeCap`, in days of published rates: the Workers free plan gives
 * a request 10 ms of CPU); an expensive option without a cap does not compile.
 */
export type AnswerOption<Value, State, Records extends Partial<Rewrites<State>>> = OptionBase<Value, State, Records> &
  ({ expensive: true; rangeCap: number } | { expensive: false; rangeCap: null });

/** An entry whose types are checked, with its state's type forgotten (the router hands `read`'s value back to the rewrites). */
export function answerOption<Value, State, Records extends Partial<Rewrites<State>>>(
  option: AnswerOption<Value, State, Records>,
): AnswerOption<Value, unknown, { [R in keyof Records]: R extends RewrittenRecord ? Rewrites<unknown>[R] : never }> {
  return option as unknown as AnswerOption<Value, unknown, { [R in keyof Records]: R extends RewrittenRecord ? Rewrites<unknown>[R] : never }>;
}

/**
 * What ANSWER_OPTIONS must be: an entry for each option of OPTION_SCHEMAS (model/option-schemas.ts: an option's
 * zod half is written first), whose name is a parameter of PARAMETERS, typed by that parameter's parse, rewriting
 * the records its schemas extend and no other.
 */
export type OptionTable = {
  [N in OptionName]: AnswerOption<
    ValueOf<N>,
    unknown,
    { [R in RecordsOf<N>]: Rewrites<unknown>[R] } & { [R in Exclude<RewrittenRecord, RecordsOf<N>>]?: never }
  >;
};

/**
 * The FX file of `code` for the year of `date` (its year's or its closed decade's), when it has one: from the
 * currency's first year on (NGN and USD have none: their figures are the records' own).
 */
function fxFile(code: string, date: string, index: RoutingIndex): string[] {
  if (code === NAIRA_CODE || code === DOLLAR_CODE || index.currencies === undefined) return [];
  const coverage = index.currencies[code];
  if (coverage === undefined) return [];
  // A decade's file starts at the currency's first year: it exists when that year is in the decade or before it.
  if (fxBlock(date, index.asOf).end.slice(0, 4) < coverage.first.slice(0, 4)) return [];
  return [paths.fx(code, date, index.asOf)];
}

/** currency=: every rate record and Nisab rule also in that currency (docs/API.md §2c, in-currency.ts). */
const currency = answerOption({
  records: {
    Rate: function (line: string, table: CurrencyTable): string {
      return rateLineIn(line, table);
    },
    NisabRule: {
      figure: function (rate: ValuingRecord, table: CurrencyTable): number | null {
        const fx = fxFor(table, rate.drtDate, rate.drtPriceSource, {
          perUSDText: numberText(rate.drtUSDinNaira),
          date: rate.drtNairaDate,
          source: rate.drtNairaSource,
        });
        return fx === null ? null : fx.perUSD;
      },
      line: function (line: string, value: number | null, table: CurrencyTable): string {
        return line.slice(0, -1) + ',"nsbCurrency":"' + table.code + '","nsbValueInCurrency":' + (value === null ? 'null' : numberText(value)) + '}';
      },
    },
  },
  files: function (code: string, from: string, to: string, index: RoutingIndex): string[] {
    const files: string[] = [];
    if (from === '') return files;
    for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
      const file = fxFile(code, String(year) + '-01-01', index);
      // The years of one closed decade share its file.
      if (file.length === 1 && files.indexOf(file[0] as string) === -1) files.push(file[0] as string);
    }
    return files;
  },
  read: currencyTable,
  expensive: true,
  // A year of records: the measurements are in docs/currencies.md.
  rangeCap: 366,
});

/**
 * unit=troy-ounce: every rate record per troy ounce rather than per gram (docs/API.md §2e, per-unit.ts). Before
 * currency= in the table, so a currency's figure is of the ounce's price. Cheap (a few fields of each line, no
 * file read), so uncapped: a legacy client asks /rates without dates.
 */
const unit = answerOption({
  records: {
    Rate: function (line: string): string {
      return rateLinePerOunce(line);
    },
  },
  files: function (): string[] {
    return [];
  },
  read: function (): null {
    return null;
  },
  expensive: false,
  rangeCap: null,
});

/**
 * Every answer option, by its parameter's name (its parse and documentation are
 * PARAMETERS'); the order in which an answer's options add their fields.
 */
export const ANSWER_OPTIONS = {
  unit: unit,
  currency: currency,
} satisfies OptionTable;

/** The value an option takes (its parameter's parse). */
export type OptionValue<N extends OptionName> = ValueOf<N>;

/** The options in the order they apply. */
export const OPTION_NAMES = Object.keys(ANSWER_OPTIONS) as OptionName[];

type AnyOption = AnswerOption<unknown, unknown, Partial<Rewrites<unknown>>>;

export function optionOf(name: OptionName): AnyOption {
  return ANSWER_OPTIONS[name] as unknown as AnyOption;
}

/** An option given in a request: its value, and how many of the plan's reads (the last ones, in OPTION_NAMES order) are its files. */
export interface AppliedOption {
  name: OptionName;
  value: unknown;
  files: number;
  /** The dates its files were named for (OptionBase files). */
  from: string;
  to: string;
}

/** Whether the query gives an option that rewrites `record` (a dated /nisab then values its rules at request time). */
export function rewrites(query: Query, record: RewrittenRecord): boolean {
  for (let i = 0; i < OPTION_NAMES.length; i++) {
    const name = OPTION_NAMES[i] as OptionName;
    if (query[name] !== null && Object.prototype.hasOwnProperty.call(optionOf(name).records, record)) return true;
  }
  return false;
}

/** The 400 of a range longer than an expensive option's cap, or null (docs/API.md §2c). */
export function overCap(name: OptionName, from: string, to: string): string | null {
  const option = optionOf(name);
  if (!option.expensive || from === '' || daysBetween(from, to) + 1 <= option.rangeCap) return null;
  return (
    'with ' +
    name +
    ', a range may span at most ' +
    option.rangeCap +
    ' days of published rates (this one spans ' +
    from +
    ' to ' +
    to +
    '); ask for it a year at a time'
  );
}

/** An option's rewrites with its state, made from its files' texts. */
export interface Rewriter {
  name: OptionName;
  state: unknown;
  option: AnyOption;
}

/** The rewriters of a plan's options, from the texts of their files (the last reads, in order); `own` gets the answer's own texts. */
export function rewritersOf(options: AppliedOption[], texts: string[]): { own: string[]; rewriters: Rewriter[] } {
  let at = texts.length;
  for (let i = 0; i < options.length; i++) at -= (options[i] as AppliedOption).files;
  const own = texts.slice(0, at);
  const rewriters: Rewriter[] = [];
  for (let i = 0; i < options.length; i++) {
    const applied = options[i] as AppliedOption;
    const option = optionOf(applied.name);
    rewriters.push({ name: applied.name, state: option.read(applied.value, texts.slice(at, at + applied.files), applied.from, applied.to), option: option });
    at += applied.files;
  }
  return { own: own, rewriters: rewriters };
}

/** A rate record's line rewritten by every option, in order. */
export function rateLine(line: string, rewriters: Rewriter[]): string {
  let out = line;
  for (let i = 0; i < rewriters.length; i++) {
    const rewriter = rewriters[i] as Rewriter;
    const rewrite = rewriter.option.records.Rate;
    if (rewrite !== undefined) out = rewrite(out, rewriter.state);
  }
  return out;
}
