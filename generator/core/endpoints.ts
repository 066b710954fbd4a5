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
import type { RoutingIndex } from './schemas.ts';

/** The bases every endpoint answers under, byte for byte the same (CONTRACT §1). */
export const BASES = ['/api/v1', '/index.php/api/v1'];

export interface Parameter {
  name: string;
  description: string;
  example: string;
  /** null when the value is well-formed, else the 400 message. */
  check(value: string): string | null;
}

const ID_FORM = /^[1-9][0-9]{0,8}$/;
const SLUG_FORM = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** A whole-value match: in njs (PCRE) `$` also matches before a final newline, so a value ending in one never matches. */
function wholeMatch(form: RegExp, value: string): boolean {
  return value.charAt(value.length - 1) !== '\n' && form.test(value);
}

function dateParameter(name: string, description: string): Parameter {
  return {
    name: name,
    description: description,
    example: '2024-03-15',
    check: function (value) {
      return isRealDate(value) ? null : name + ' must be ' + DATE_EXPECTATION;
    },
  };
}

export const PARAMETERS: { [name: string]: Parameter } = {
  subcategory: {
    name: 'subcategory',
    description:
      "a subcategory's ID (a positive whole number without sign or leading zeros) or its slug (e.g. gold); both are listed at /subcategories. Malformed: 400; well-formed but unknown: 404.",
    example: '1',
    check: function (value) {
      return wholeMatch(ID_FORM, value) || wholeMatch(SLUG_FORM, value)
        ? null
        : "subcategory must be a subcategory's ID (a positive whole number without sign or leading zeros, e.g. 1) or its slug (e.g. gold); they are listed at /api/v1/subcategories";
    },
  },
  start_date: dateParameter('start_date', 'first date of the range, inclusive: ' + DATE_EXPECTATION),
  end_date: dateParameter('end_date', 'last date of the range, inclusive: ' + DATE_EXPECTATION),
  date: dateParameter('date', 'answer as of this day: the newest rate dated on or before it; ' + DATE_EXPECTATION),
};

/** A request's valid parameters, the subcategory resolved to its id. */
export interface Query {
  subcategory: number | null;
  start_date: string | null;
  end_date: string | null;
  date: string | null;
}

/** What an endpoint decides: a status and the files to read, or a body. */
export interface Decision {
  status: number;
  reads: ShardRead[];
  body: string | null;
  /** An error message: the router renders it as an error envelope. */
  error: string | null;
  /** A dated answer, composed from its reads (dated.ts). */
  dated: Dated | null;
}

function whole(path: string): ShardRead {
  return { path: path, from: '', to: '' };
}

export function wholeFile(path: string): Decision {
  return { status: 200, reads: [whole(path)], body: null, error: null, dated: null };
}

export function refusal(status: number, message: string): Decision {
  return { status: status, reads: [], body: null, error: message, dated: null };
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
  schema: string;
  list: boolean;
  description: string;
}

export interface Endpoint {
  path: string;
  summary: string;
  description: string;
  parameters: string[];
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
    parameters: ['subcategory', 'date'],
    answer: { schema: 'Rate', list: false, description: 'one rate record' },
    errors: { '400': 'a malformed parameter', '404': 'an unknown subcategory, one without a published rate, or none dated on or before date' },
    examples: ['', 'subcategory=2', 'subcategory=silver', 'date=2021-03-12'],
    plan: function (query, index) {
      const id = query.subcategory === null ? index.defaultSubcategoryID : query.subcategory;
      const coverage = coverageOf(index, id);
      if (coverage === null) return refusal(404, 'subcategory ' + id + ' has no published rate');
      if (query.date === null) return wholeFile(paths.latest(id));
      const day = dayOf(query, index);
      if (day >= coverage.last) return wholeFile(paths.latest(id));
      if (day < coverage.first) return refusal(404, 'subcategory ' + id + ' has no rate dated on or before ' + day + '; its first rate is dated ' + coverage.first);
      return { status: 200, reads: datedReads(day), body: null, error: null, dated: { kind: 'latest', date: day, subcategory: id } };
    },
    wholeFileQueries: function (index) {
      return [''].concat(subcategoryIds(index).map(function (id) { return 'subcategory=' + id; }));
    },
  },
  {
    path: '/rates',
    summary: 'Rates by date range, ordered by drtDate then drtSubcategoryID',
    description:
      'Without dates: every published rate. Only start_date: from it to the newest. Only end_date: from the oldest to it. A range without records answers data [] and count 0.',
    parameters: ['start_date', 'end_date', 'subcategory'],
    answer: { schema: 'Rate', list: true, description: 'the matching rate records' },
    errors: { '400': 'a malformed parameter, or start_date after end_date', '404': UNKNOWN_SUBCATEGORY },
    examples: ['start_date=2024-01-01&end_date=2024-12-31&subcategory=1', 'start_date=2025-01-01'],
    plan: function (query, index) {
      const scope: Scope = query.subcategory === null ? 'all' : query.subcategory;
      const coverage = query.subcategory === null ? index.all : coverageOf(index, query.subcategory);
      const reads = planRange(scope, query.start_date, query.end_date, coverage, index.asOf);
      // No record can match: an empty list, not an error (CONTRACT §2).
      return { status: 200, reads: reads, body: reads.length === 0 ? renderJoinedList('', 0) : null, error: null, dated: null };
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
    description: 'Each rule is valued at the newest rate of the subcategory whose price measures it (nsbRateDate says which).',
    parameters: ['subcategory', 'date'],
    answer: { schema: 'NisabRule', list: true, description: 'the Nisab rules (a list, possibly empty)' },
    errors: { '400': 'a malformed parameter', '404': UNKNOWN_SUBCATEGORY },
    examples: ['', 'subcategory=3', 'date=2021-03-31'],
    plan: function (query, index) {
      const file = query.subcategory === null ? paths.nisabAll : paths.nisab(query.subcategory);
      if (query.date === null || index.all === null) return wholeFile(file);
      const day = dayOf(query, index);
      // On or after the newest rate the answer is the undated one, byte for byte.
      if (day >= index.all.last) return wholeFile(file);
      const reads = day < index.all.first ? [whole(file)] : [whole(file)].concat(datedReads(day));
      return { status: 200, reads: reads, body: null, error: null, dated: { kind: 'nisab', date: day, subcategory: 0 } };
    },
    wholeFileQueries: function (index) {
      return [''].concat(subcategoryIds(index).map(function (id) { return 'subcategory=' + id; }));
    },
  },
  {
    path: '/subcategories',
    summary: 'The subcategories, their IDs and slugs',
    description: 'The values the subcategory parameter takes.',
    parameters: [],
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
      'Each rate record names the entry its price (drtPriceSource) and its naira rate (drtNairaSource) come from. srcFigure says what the figure is: monthly-average and end-of-month-official for the monthly records up to 2025-08, daily-reference and daily-official for the daily ones, carried for an earlier working day\'s official rate.',
    parameters: [],
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
    path: '/meta',
    summary: 'The snapshot: its as-of date, coverage per subcategory and content id',
    description: 'When the data was last updated, and which dates each subcategory covers.',
    parameters: [],
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
  const names = ENDPOINTS.map(function (e) { return e.path; });
  const last = names.pop();
  return 'there is no endpoint at this path; under /api/v1 there are ' + names.join(', ') + ' and ' + last;
}
