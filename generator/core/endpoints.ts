// The API's endpoints, defined once: each one's path, its parameters and how a
// request is planned. The router answers from this table, and the OpenAPI
// document, the 404 message, the landing page and the nginx fast path are
// derived from it, so an endpoint added here is added everywhere.
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).
import { DATE_EXPECTATION, isRealDate } from './dates.ts';
import { renderJoinedList } from './envelope.ts';
import { paths, planRange, scopeBlocks, type Block, type Coverage, type Scope, type ShardRead } from './layout.ts';
import type { Dated } from './dated.ts';
import type { RecordName } from './records.ts';
import { rewrites } from './answer-options.ts';
import { CALENDARS, gregorianDay } from './hijri-days.ts';
import type { RoutingIndex } from './schemas.ts';

export { BASES } from './bases.ts';

/** What documents a parameter in OpenAPI: a Schema Object of the query value, as given. */
export interface ParameterSchema {
  type: 'string' | 'integer';
  /** An OpenAPI format, e.g. date. */
  format?: string;
  /** A regular expression the value matches (ECMA-262, anchored). */
  pattern?: string;
  /** The values it takes, when they are a closed list. */
  enum?: string[];
  /** A value that parses (a test checks each example with parse). */
  example: string;
}

/** A parameter's value parsed, or why not: 400 for a malformed value, 404 for a well-formed one that names nothing (answered after every 400, docs/API.md §2). */
export type Parsed<T> = { ok: true; value: T } | { ok: false; status: 400 | 404; message: string };

export function accepted<T>(value: T): Parsed<T> {
  return { ok: true, value: value };
}

export function refused<T>(status: 400 | 404, message: string): Parsed<T> {
  return { ok: false, status: status, message: message };
}

/**
 * One query parameter: its documentation (description, schema) and its parse.
 * The router parses every parameter an endpoint lists with this, and hands the
 * endpoint's plan the typed values (Query); a rule across parameters (start_date
 * not after end_date) is the endpoint's (Endpoint.rules).
 */
export interface Parameter<T> {
  description: string;
  schema: ParameterSchema;
  /** `value` is decoded and non-empty; `index` is the snapshot's (to resolve a slug, say). */
  parse(value: string, index: RoutingIndex): Parsed<T>;
  /**
   * Query values worth trying besides the example and what the schema implies
   * (the edge of the form, a value that names nothing): every server is asked
   * each of them (test/edge/differential-cases.ts).
   */
  edges?: string[];
}

/** What PARAMETERS must be: every entry documented and parsed. */
export type ParameterTable = { [name: string]: Parameter<unknown> };

const ID_FORM = /^[1-9][0-9]{0,8}$/;
// A literal: njs compiles it with the module, where `new RegExp` would compile it again on every request.
const HIJRI_DATE_FORM = /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|30)$/;
const HIJRI_DATE_PATTERN = HIJRI_DATE_FORM.source;
const SLUG_FORM = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** A whole-value match: in njs (PCRE) `$` also matches before a final newline, so a value ending in one never matches. */
function wholeMatch(form: RegExp, value: string): boolean {
  return value.charAt(value.length - 1) !== '\n' && form.test(value);
}

function dateParameter(name: string, description: string): Parameter<string> {
  return {
    description: description,
    schema: { type: 'string', format: 'date', example: '2024-03-15' },
    parse: function (value) {
      return isRealDate(value) ? accepted(value) : refused(400, name + ' must be ' + DATE_EXPECTATION);
    },
  };
}

/**
 * A parameter that takes one of a closed list of words (e.g. a currency code):
 * documented as an enum, anything else a 400 that lists them.
 */
export function enumParameter<T extends string>(name: string, description: string, values: T[], example: T): Parameter<T> {
  return {
    description: description,
    schema: { type: 'string', enum: values.slice(), example: example },
    parse: function (value) {
      for (let i = 0; i < values.length; i++) if (values[i] === value) return accepted(values[i] as T);
      return refused(400, name + ' must be one of ' + values.join(', '));
    },
  };
}

/** A subcategory's id from its id or slug as given; null when it names none. */
function subcategoryId(index: RoutingIndex, given: string): number | null {
  if (/^[0-9]/.test(given)) return Object.prototype.hasOwnProperty.call(index.subcategories, given) ? Number(given) : null;
  return Object.prototype.hasOwnProperty.call(index.slugs, given) ? (index.slugs[given] as number) : null;
}

/**
 * Every query parameter of the API, by name. An endpoint lists the names it
 * reads (Endpoint.parameters); its plan gets their parsed values in Query, a
 * type derived from this table, so an entry here reaches the plan with no
 * other edit, and OpenAPI documents it from its schema. An entry without a
 * description, schema or parse does not compile. docs/making-changes.md, "A new parameter".
 */
export const PARAMETERS = {
  subcategory: {
    description:
      "a subcategory's ID (a positive whole number without sign or leading zeros) or its slug (e.g. gold); both are listed at /subcategories. Malformed: 400; well-formed but unknown: 404.",
    schema: { type: 'string', pattern: '^([1-9][0-9]{0,8}|[a-z][a-z0-9]*(-[a-z0-9]+)*)$', example: '1' },
    parse: function (value: string, index: RoutingIndex): Parsed<number> {
      if (!wholeMatch(ID_FORM, value) && !wholeMatch(SLUG_FORM, value)) {
        const malformed =
          "subcategory must be a subcategory's ID (a positive whole number without sign or leading zeros, e.g. 1) or its slug (e.g. gold); they are listed at /api/v1/subcategories";
        // Slugs are lower-case (values are case-sensitive): a slug in another case stays a 400, naming the slug it matches.
        const lower = value.toLowerCase();
        const matches = lower !== value && Object.prototype.hasOwnProperty.call(index.slugs, lower);
        return refused(400, matches ? malformed + '; slugs are lower-case: did you mean ' + lower + '?' : malformed);
      }
      const id = subcategoryId(index, value);
      return id === null ? refused(404, 'subcategory ' + value + ' does not exist; the IDs and slugs are listed at /api/v1/subcategories') : accepted(id);
    },
    edges: ['gold', 'silver', 'Gold', 'gold-', 'no-such-slug', '0', '01', '-1', '+1', '1.0', '99', '999999999', '1234567890', '%31', '1%00'],
  },
  start_date: dateParameter('start_date', 'first date of the range, inclusive: ' + DATE_EXPECTATION),
  end_date: dateParameter('end_date', 'last date of the range, inclusive: ' + DATE_EXPECTATION),
  date: dateParameter(
    'date',
    'answer as of this day: the newest rate dated on or before it (on /rates: the records of that one day, as start_date=date&end_date=date); ' +
      DATE_EXPECTATION,
  ),
  currency: {
    description:
      'an ISO 4217 code in three capital letters (e.g. GBP): every rate record and Nisab rule also carries its value in that currency (docs/API.md §2c); the published codes are listed at /currencies. Malformed: 400; well-formed but not published: 404.',
    schema: { type: 'string', pattern: '^[A-Z]{3}$', example: 'GBP' },
    parse: function (value: string, index: RoutingIndex): Parsed<string> {
      if (!wholeMatch(CURRENCY_FORM, value)) {
        return refused(400, 'currency must be an ISO 4217 code in three capital letters, e.g. GBP; the published ones are listed at /api/v1/currencies');
      }
      const published = index.currencies !== undefined && Object.prototype.hasOwnProperty.call(index.currencies, value);
      return published ? accepted(value) : refused(404, 'currency ' + value + ' is not published; the published currencies are listed at /api/v1/currencies');
    },
  },
  hijri_date: {
    description:
      "answer as of this Hijri day, as date= would for its Gregorian day in the calendar named by calendar: YYYY-MM-DD, month 01-12, day 01-30. Not with date. A day its month does not have: 400; a month the calendar's table does not hold: 404.",
    schema: { type: 'string', pattern: HIJRI_DATE_PATTERN, example: '1447-09-01' },
    parse: function (value: string): Parsed<string> {
      return wholeMatch(HIJRI_DATE_FORM, value)
        ? accepted(value)
        : refused(400, 'hijri_date must be a Hijri date in YYYY-MM-DD form (month 01-12, day 01-30), e.g. 1447-09-01');
    },
  },
  unit: {
    description:
      'the unit drtInUSD and drtInNaira (and drtInCurrency) price: gram (the default: the same answer as no unit) or troy-ounce (31.1034768 g: drtInUSD is the per-gram figure × 31.1034768 rounded half away from zero to 6 decimals, drtInNaira that × drtUSDinNaira rounded to 2; docs/API.md §2e)',
    schema: { type: 'string', enum: ['gram', 'troy-ounce'], example: 'troy-ounce' },
    parse: function (value: string): Parsed<'troy-ounce' | null> {
      // gram is what every record already prices: parsed as no option at all, so the answer is the same bytes.
      if (value === 'gram') return accepted(null);
      return value === 'troy-ounce' ? accepted('troy-ounce') : refused(400, 'unit must be one of gram, troy-ounce');
    },
  },
  calendar: enumParameter(
    'calendar',
    "the calendar of hijri_date: umm-al-qura (the default, Saudi Arabia's computed calendar) or nigeria (the months as the Sultan of Sokoto declared them, /calendars/nigeria)",
    ['umm-al-qura', 'nigeria'],
    'nigeria',
  ),
} satisfies ParameterTable;

const CURRENCY_FORM = /^[A-Z]{3}$/;

/**
 * The records an answer option (answer-options.ts) may rewrite in an answer: those
 * dated from `from` to `to`, whose days its files are read for ('' and '': none is
 * dated, as Nisab rules before the first rate).
 */
export interface Rewritten {
  from: string;
  to: string;
}

export type ParameterName = keyof typeof PARAMETERS;

/** The type a parameter parses to. */
type ParsedValue<P> = P extends { parse(value: string, index: RoutingIndex): Parsed<infer T> } ? T : never;

/** A request's parameters, parsed (the subcategory resolved to its id); null when not given or not the endpoint's. */
export type Query = { [K in ParameterName]: ParsedValue<(typeof PARAMETERS)[K]> | null };

/** A rule across an endpoint's parameters: null when the query keeps it, else the 400 message. */
export type Rule = (query: Query, index: RoutingIndex) => string | null;

/** hijri_date not with date, and a day its month has in its calendar (docs/API.md §2b). */
export const hijriDateRule: Rule = function (query, index) {
  if (query.hijri_date === null) return null;
  if (query.date !== null) return 'give date or hijri_date, not both';
  const day = gregorianDay(query.hijri_date, query.calendar === null ? 'umm-al-qura' : query.calendar, index.calendars);
  return 'status' in day && day.status === 400 ? day.message : null;
};

/** The query with hijri_date turned into its date (the rule above has refused a day that does not exist), or the 404 of a month the table does not hold. */
function withHijriDate(query: Query, index: RoutingIndex): Query | Decision {
  if (query.hijri_date === null) return query;
  const day = gregorianDay(query.hijri_date, query.calendar === null ? (CALENDARS[0] as string) : query.calendar, index.calendars);
  if (!('date' in day)) return refusal(day.status, day.message);
  // Every other parameter as given (a copy: the router's query stays as parsed).
  const copy: { [name: string]: unknown } = {};
  const names = Object.keys(query);
  for (let i = 0; i < names.length; i++) copy[names[i] as string] = (query as unknown as { [name: string]: unknown })[names[i] as string];
  copy['date'] = day.date;
  copy['hijri_date'] = null;
  return copy as unknown as Query;
}

function isDecision(value: Query | Decision): value is Decision {
  return Object.prototype.hasOwnProperty.call(value, 'reads');
}

/** start_date not after end_date (docs/API.md §2). */
/** On /rates, date=D is the one day's range (CONTRACT §12: dailynisab.org's clients ask it so); not with start_date or end_date. */
export const dateNotWithRange: Rule = function (query) {
  if (query.date === null || (query.start_date === null && query.end_date === null)) return null;
  return 'date is the one day start_date=date&end_date=date; give either date or start_date and end_date';
};

export const startNotAfterEnd: Rule = function (query) {
  if (query.start_date === null || query.end_date === null || query.start_date <= query.end_date) return null;
  return 'start_date (' + query.start_date + ') must not be after end_date (' + query.end_date + ')';
};

/** What an endpoint decides: a status and the files to read, or a body. */
export interface Decision {
  status: number;
  reads: ShardRead[];
  body: string | null;
  /** An error message: the router renders it as an error envelope. */
  error: string | null;
  /** A dated answer, composed from its reads (dated.ts). */
  dated: Dated | null;
  /** What the answer options given rewrite (answer-options.ts; the router adds their files); null: the answer is not rewritten. */
  rewritten: Rewritten | null;
}

function whole(path: string): ShardRead {
  return { path: path, from: '', to: '' };
}

export function wholeFile(path: string): Decision {
  return { status: 200, reads: [whole(path)], body: null, error: null, dated: null, rewritten: null };
}

export function refusal(status: number, message: string): Decision {
  return { status: status, reads: [], body: null, error: message, dated: null, rewritten: null };
}

/** An answer read from `reads` (composed when `dated`), whose records dated from..to an answer option may rewrite. */
function records(reads: ShardRead[], dated: Dated | null, from: string, to: string): Decision {
  return { status: 200, reads: reads, body: null, error: null, dated: dated, rewritten: { from: from, to: to } };
}

/** The day a dated answer is for: a date after the snapshot's answers as of the snapshot. */
function dayOf(query: Query, index: RoutingIndex): string {
  return (query.date as string) > index.asOf ? index.asOf : (query.date as string);
}

/** The month of the date (every subcategory's) and the month ends of its year, for dated.ts. */
function datedReads(date: string): ShardRead[] {
  return [whole(paths.shard('all', 'month', date)), whole(paths.monthEnds(date))];
}

/** Which schema of the OpenAPI document an answer's `data` follows, and whether it is a list of them. */
export interface AnswerShape {
  /** The id of the record's schema (core/schemas.ts), rendered by core/records.ts. */
  schema: RecordName;
  list: boolean;
  description: string;
}

export interface Endpoint {
  path: string;
  summary: string;
  description: string;
  /** The parameters it reads, in the order their 400s are checked (docs/API.md §2). */
  parameters: ParameterName[];
  /** Rules across its parameters, checked in order after every parameter parsed. */
  rules: Rule[];
  answer: AnswerShape;
  /** Statuses besides 200, 304, 405 and 503 that the endpoint answers, with why. */
  errors: { [status: string]: string };
  /** Queries worth showing (docs, the landing page), without the leading `?`. */
  examples: string[];
  plan(query: Query, index: RoutingIndex): Decision;
  /** The queries whose answer is one whole file (a static path exists for them), for servers that serve those directly. */
  wholeFileQueries(index: RoutingIndex): string[];
}

const UNKNOWN_SUBCATEGORY = 'an unknown subcategory';

function subcategoryIds(index: RoutingIndex): string[] {
  return Object.keys(index.subcategories);
}

function coverageOf(index: RoutingIndex, id: number): Coverage | null {
  const coverage = index.subcategories[String(id)];
  return coverage === undefined ? null : coverage;
}

export const ENDPOINTS: Endpoint[] = [
  {
    path: '/rates/latest',
    summary: 'The newest rate of a subcategory (gold by default)',
    description: 'With date: the newest rate dated on or before that day (a date after the snapshot answers as of the snapshot).',
    parameters: ['subcategory', 'date', 'hijri_date', 'calendar', 'currency', 'unit'],
    rules: [hijriDateRule],
    answer: { schema: 'Rate', list: false, description: 'one rate record' },
    errors: {
      '400': 'a malformed parameter, date with hijri_date, or a Hijri day its month does not have',
      '404': 'an unknown subcategory, one without a published rate, none dated on or before date, or a Hijri month the calendar does not hold',
    },
    examples: ['', 'subcategory=2', 'subcategory=silver', 'date=2021-03-12', 'hijri_date=1442-07-28'],
    plan: function (given, index) {
      const query = withHijriDate(given, index);
      if (isDecision(query)) return query;
      const id = query.subcategory === null ? index.defaultSubcategoryID : query.subcategory;
      const coverage = coverageOf(index, id);
      if (coverage === null) return refusal(404, 'subcategory ' + id + ' has no published rate');
      const newest = records([whole(paths.latest(id))], null, coverage.last, coverage.last);
      if (query.date === null) return newest;
      const day = dayOf(query, index);
      if (day >= coverage.last) return newest;
      if (day < coverage.first)
        return refusal(404, 'subcategory ' + id + ' has no rate dated on or before ' + day + '; its first rate is dated ' + coverage.first);
      return records(datedReads(day), { kind: 'latest', date: day, subcategory: id, monthEndsOnly: false }, day, day);
    },
    wholeFileQueries: function (index) {
      return [''].concat(
        subcategoryIds(index).map(function (id) {
          return 'subcategory=' + id;
        }),
      );
    },
  },
  {
    path: '/rates',
    summary: 'Rates by date range, ordered by drtDate then drtSubcategoryID',
    description:
      'Without dates: every published rate. Only start_date: from it to the newest. Only end_date: from the oldest to it. date=D: that one day, as start_date=D&end_date=D. A range without records answers data [] and count 0.',
    parameters: ['start_date', 'end_date', 'subcategory', 'currency', 'unit', 'date'],
    rules: [startNotAfterEnd, dateNotWithRange],
    answer: { schema: 'Rate', list: true, description: 'the matching rate records' },
    errors: { '400': 'a malformed parameter, start_date after end_date, or date with start_date or end_date', '404': UNKNOWN_SUBCATEGORY },
    examples: ['start_date=2024-01-01&end_date=2024-12-31&subcategory=1', 'start_date=2025-01-01'],
    plan: function (query, index) {
      const scope: Scope = query.subcategory === null ? 'all' : query.subcategory;
      const coverage = query.subcategory === null ? index.all : coverageOf(index, query.subcategory);
      // date=D is start_date=D&end_date=D (CONTRACT §12).
      const start = query.date !== null ? query.date : query.start_date;
      const end = query.date !== null ? query.date : query.end_date;
      const reads = planRange(scope, start, end, coverage, index.asOf);
      // No record can match: an empty list, not an error (docs/API.md §2).
      if (reads.length === 0) return { status: 200, reads: reads, body: renderJoinedList('', 0), error: null, dated: null, rewritten: null };
      // Every read is cut to the range's days within the coverage.
      return records(reads, null, (reads[0] as ShardRead).from, (reads[0] as ShardRead).to);
    },
    wholeFileQueries: function (index) {
      // Each block of the layout asked for as a range (months, closed years...): one file each.
      // The whole history is not one file (no file grows with it).
      const found: string[] = [];
      const scopes: { query: string; coverage: Coverage | null }[] = [{ query: '', coverage: index.all }];
      const ids = subcategoryIds(index);
      for (let i = 0; i < ids.length; i++) {
        scopes.push({ query: '&subcategory=' + ids[i], coverage: index.subcategories[ids[i] as string] || null });
      }
      for (let i = 0; i < scopes.length; i++) {
        const scope = scopes[i] as { query: string; coverage: Coverage | null };
        if (scope.coverage === null) continue;
        const blocks = scopeBlocks(scope.coverage, index.asOf);
        for (let j = 0; j < blocks.length; j++) {
          const block = blocks[j] as Block;
          found.push('start_date=' + block.start + '&end_date=' + block.end + scope.query);
        }
      }
      return found;
    },
  },
  {
    path: '/nisab',
    summary: 'Nisab rules, with their value at the newest published rate',
    description:
      'Each rule is valued at the newest rate of the subcategory whose price measures it (nsbRateDate says which; nsbRateAgeDays, how many days before the day answered it is).',
    parameters: ['subcategory', 'date', 'hijri_date', 'calendar', 'currency'],
    rules: [hijriDateRule],
    answer: { schema: 'NisabRule', list: true, description: 'the Nisab rules (a list, possibly empty)' },
    errors: {
      '400': 'a malformed parameter, date with hijri_date, or a Hijri day its month does not have',
      '404': UNKNOWN_SUBCATEGORY + ', or a Hijri month the calendar does not hold',
    },
    examples: ['', 'subcategory=3', 'date=2021-03-31', 'hijri_date=1447-09-01', 'hijri_date=1443-01-01&calendar=nigeria'],
    plan: function (given, index) {
      const query = withHijriDate(given, index);
      if (isDecision(query)) return query;
      const file = query.subcategory === null ? paths.nisabAll : paths.nisab(query.subcategory);
      if (index.all === null) return wholeFile(file);
      // The day the answer is for: its rates' age (nsbRateAgeDays) is counted to it.
      const day = query.date === null ? index.asOf : dayOf(query, index);
      if (day >= index.all.last) {
        // On or after the newest rate the rules are valued as the undated answer; as of the
        // as-of date it is that answer byte for byte, before it the same with the day's age.
        // With an option that rewrites the rules (currency=), valued again at each
        // subcategory's newest rate, which the month ends of the newest rate's year hold.
        if (!rewrites(query, 'NisabRule')) {
          if (day === index.asOf) return wholeFile(file);
          const aged: Dated = { kind: 'nisab', date: day, subcategory: 0, monthEndsOnly: false, ageOnly: true };
          return { status: 200, reads: [whole(file)], body: null, error: null, dated: aged, rewritten: null };
        }
        const last = index.all.last;
        return records([whole(file), whole(paths.monthEnds(last))], { kind: 'nisab', date: day, subcategory: 0, monthEndsOnly: true }, last, last);
      }
      const dated: Dated = { kind: 'nisab', date: day, subcategory: 0, monthEndsOnly: false };
      // Before the first rate no rule is valued at a rate: nothing dated to rewrite in.
      if (day < index.all.first) return records([whole(file)], dated, '', '');
      return records([whole(file)].concat(datedReads(day)), dated, day, day);
    },
    wholeFileQueries: function (index) {
      return [''].concat(
        subcategoryIds(index).map(function (id) {
          return 'subcategory=' + id;
        }),
      );
    },
  },
  {
    path: '/subcategories',
    summary: 'The subcategories, their IDs and slugs',
    description: 'The values the subcategory parameter takes.',
    parameters: [],
    rules: [],
    answer: { schema: 'Subcategory', list: true, description: 'every subcategory' },
    errors: {},
    examples: [''],
    plan: function () {
      return wholeFile(paths.subcategories);
    },
    wholeFileQueries: function () {
      return [''];
    },
  },
  {
    path: '/sources',
    summary: 'Where every figure comes from: the sources rate records name',
    description:
      "Each rate record names the entry its price (drtPriceSource) and its naira rate (drtNairaSource) come from. srcFigure says what the figure is: monthly-average and end-of-month-official for the monthly records up to 2025-08, daily-reference and daily-official for the daily ones, carried for an earlier working day's official rate.",
    parameters: [],
    rules: [],
    answer: { schema: 'Source', list: true, description: 'every source' },
    errors: {},
    examples: [''],
    plan: function () {
      return wholeFile(paths.sources);
    },
    wholeFileQueries: function () {
      return [''];
    },
  },
  {
    path: '/calendars/nigeria',
    summary: "Nigeria's Hijri calendar: the declared first day of each month, with its source",
    description:
      'The months as the Sultan of Sokoto declares them on the reports of the moon-sighting committees (NMCN), oldest first; each calSource is an entry of /sources reporting the declaration. A month whose declaration is not in the data is absent, never computed; drtHijriDateNigeria and asOfHijriNigeria count days inside these months.',
    parameters: [],
    rules: [],
    answer: { schema: 'NigeriaMonth', list: true, description: 'every declared month start the snapshot knows' },
    errors: {},
    examples: [''],
    plan: function () {
      return wholeFile(paths.calendarNigeria);
    },
    wholeFileQueries: function () {
      return [''];
    },
  },
  {
    path: '/currencies',
    summary: 'The currencies currency= accepts, with their coverage and sources',
    description:
      "Every published currency (an ISO 4217 code): the first and last date of its rates per US dollar, how many days have one, and the entries of /sources they come from. NGN is the rate records' own naira rate (drtUSDinNaira), USD is 1.",
    parameters: [],
    rules: [],
    answer: { schema: 'Currency', list: true, description: 'every published currency, by code' },
    errors: {},
    examples: [''],
    plan: function () {
      return wholeFile(paths.currencies);
    },
    wholeFileQueries: function () {
      return [''];
    },
  },
  {
    path: '/gaps',
    summary: 'The days without a rate of each daily series',
    description:
      "Every run of days without a rate of each subcategory with daily rates, from its daily series' first day (dailyFrom of /meta) to the as-of date, by subcategory then date. On such a day a dated answer uses the newest earlier rate, and its Nisab values say how old it is (nsbRateAgeDays).",
    parameters: [],
    rules: [],
    answer: { schema: 'Gap', list: true, description: 'the runs of days without a rate (a list, possibly empty)' },
    errors: {},
    examples: [''],
    plan: function () {
      return wholeFile(paths.gaps);
    },
    wholeFileQueries: function () {
      return [''];
    },
  },
  {
    path: '/announcements',
    summary: 'The figures Nigerian bodies announced, beside ours',
    description:
      "Every figure the National Moonsighting Committee (for the Sultan of Sokoto), Kano's Sharia Commission and other Nigerian bodies announced that was found in a source a reader can open (a Nisab, a minimum dowry, a theft threshold, a diyyah), oldest first: each with its measure, the rule of /nisab with the same measure, that rule's value in /nisab?date=annDate, and how far the announced figure is from it in percent.",
    parameters: [],
    rules: [],
    answer: { schema: 'Announcement', list: true, description: 'the announced figures dated up to the as-of date (a list, possibly empty)' },
    errors: {},
    examples: [''],
    plan: function () {
      return wholeFile(paths.announcements);
    },
    wholeFileQueries: function () {
      return [''];
    },
  },
  {
    path: '/meta',
    summary: 'The snapshot: its as-of date, coverage per subcategory and content id',
    description: 'When the data was last updated, and which dates each subcategory covers.',
    parameters: [],
    rules: [],
    answer: { schema: 'Meta', list: false, description: 'the snapshot description' },
    errors: {},
    examples: [''],
    plan: function () {
      return wholeFile(paths.meta);
    },
    wholeFileQueries: function () {
      return [''];
    },
  },
];

/** The endpoint at a path under a base, or null. */
export function endpointAt(path: string): Endpoint | null {
  for (let i = 0; i < ENDPOINTS.length; i++) {
    if ((ENDPOINTS[i] as Endpoint).path === path) return ENDPOINTS[i] as Endpoint;
  }
  return null;
}

/** The 404 message for a path under a base that is no endpoint. */
export function noEndpointMessage(): string {
  const names = ENDPOINTS.map(function (e) {
    return e.path;
  });
  const last = names.pop();
  return 'there is no endpoint at this path; under /api/v1 there are ' + names.join(', ') + ' and ' + last;
}
