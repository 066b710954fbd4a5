// Every query parameter of the API, defined once: its documentation and its
// parse. The endpoints (endpoints.ts) list the names they read, the answer
// options (answer-options.ts) are typed by them, and OpenAPI documents them.
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).
import { DATE_EXPECTATION, isRealDate } from '../model/dates.ts';
import type { RoutingIndex } from '../model/schemas.ts';

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

export type ParameterName = keyof typeof PARAMETERS;

/** The type a parameter parses to. */
type ParsedValue<P> = P extends { parse(value: string, index: RoutingIndex): Parsed<infer T> } ? T : never;

/** A request's parameters, parsed (the subcategory resolved to its id); null when not given or not the endpoint's. */
export type Query = { [K in ParameterName]: ParsedValue<(typeof PARAMETERS)[K]> | null };
