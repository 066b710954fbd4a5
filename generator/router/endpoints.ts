// The API's endpoints, defined once: each one's path, its parameters and how a
// request is planned. The router answers from this table, and the OpenAPI
// document, the 404 message, the landing page and the nginx fast path are
// derived from it, so an endpoint added here is added everywhere.
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).
import { renderJoinedList } from './envelope.ts';
import { paths, planRange, scopeBlocks, type Block, type Coverage, type Scope, type ShardRead } from './layout.ts';
import type { Dated } from './dated.ts';
import type { RecordName } from './records.ts';
import { rewrites } from './answer-options.ts';
import { CALENDARS, gregorianDay } from './hijri-days.ts';
import type { RoutingIndex } from '../model/schemas.ts';
import type { ParameterName, Query } from './parameters.ts';

export { BASES } from './bases.ts';

/**
 * The records an answer option (answer-options.ts) may rewrite in an answer: those
 * dated from `from` to `to`, whose days its files are read for ('' and '': none is
 * dated, as Nisab rules before the first rate).
 */
export interface Rewritten {
  from: string;
  to: string;
}

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
  /** The id of the record's schema (model/schemas.ts), rendered by router/records.ts. */
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
