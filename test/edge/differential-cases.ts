// The requests every server is asked, generated from the endpoint table
// (ENDPOINTS, PARAMETERS) and the snapshot's own routing index: every endpoint
// under both bases; each of its parameters with its example, its table's edge
// values, what its schema implies (dates before, on, inside, in the gap of and
// after the data; each enum value) and the malformed, empty, repeated and
// unknown forms; every pair of its parameters' valid values; the parameters
// that are not its own; each answer option (answer-options.ts) on ranges at its
// cap; and the methods. A new endpoint, parameter or answer option is asked on
// every server (same-bytes-suite.ts) without anyone adding a case. optionSweep
// asks each answer option with every value it takes (every published currency)
// over every month of the data, for each metal: the figures an edge composes
// itself (issue 43: njs wrote 1.71914285 as 1.7191428499999999).
import { OPTION_NAMES, optionOf } from '../../generator/router/answer-options.ts';
import type { OptionName } from '../../generator/model/option-schemas.ts';
import { BASES, ENDPOINTS, type Endpoint } from '../../generator/router/endpoints.ts';
import { PARAMETERS, type Parameter } from '../../generator/router/parameters.ts';
import type { RoutingIndex } from '../../generator/model/schemas.ts';

export interface Case {
  method: string;
  target: string;
  headers?: Record<string, string>;
}

/** The data's shape the dates are chosen around: its first and last date and one gap inside (the fixture's). */
export interface DataSpan {
  first: string;
  last: string;
  gap: { from: string; to: string };
}

function shift(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Dates around the data: before, on the first, inside, on both sides of and in the gap, on the last, after, and far out. */
export function datesAround(span: DataSpan): string[] {
  const middle = new Date((Date.parse(span.first) + Date.parse(span.gap.from)) / 2).toISOString().slice(0, 10);
  return [
    '1900-01-01',
    shift(span.first, -1),
    span.first,
    shift(span.first, 1),
    middle,
    shift(span.gap.from, -1),
    span.gap.from,
    shift(span.gap.from, 7),
    span.gap.to,
    shift(span.gap.to, 1),
    `${span.last.slice(0, 4)}-01-01`,
    `${span.last.slice(0, 4)}-02-29`,
    shift(span.last, -1),
    span.last,
    shift(span.last, 1),
    '2999-12-31',
  ];
}

/** Forms a date parameter must refuse. */
const MALFORMED_DATES = [
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-2-5',
  '20240205',
  '2024-02-05T00:00',
  '2024/02/05',
  '02-05-2024',
  '0000-01-01',
  '2024-02-05%0A',
  '%202024-02-05',
];

/** Every value to try for a parameter, as query text (percent-encoded where it must be). */
export function parameterValues(parameter: Parameter<unknown>, dates: string[]): string[] {
  const { schema } = parameter;
  const values = [schema.example, ...(parameter.edges ?? [])];
  if (schema.format === 'date') values.push(...dates, ...MALFORMED_DATES);
  if (schema.enum) values.push(...schema.enum, schema.enum[0]!.toLowerCase(), schema.enum[0]!.toUpperCase(), 'none-of-these');
  // What any parameter can be sent as: spaces around it, a final newline (PCRE's $ matches before one),
  // its text percent-encoded, a NUL, broken encodings, another case, far too long.
  const example = schema.example;
  values.push(
    `%20${example}`,
    `${example}%20`,
    `${example}+`,
    `${example}%0A`,
    `${example}%00`,
    [...example].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    '%ZZ',
    '%E0%A4%A',
    'x'.repeat(300),
  );
  if (example.toUpperCase() !== example) values.push(example.toUpperCase());
  if (example.toLowerCase() !== example) values.push(example.toLowerCase());
  return [...new Set(values)];
}

const PAIRED = 8;

/** A query value as the router reads it (+ is a space), or null when its encoding is broken. */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The values the parameter's own parse accepts (the table's word on what is valid). */
export function validValues(parameter: Parameter<unknown>, values: string[], index: RoutingIndex): string[] {
  return values.filter((text) => {
    const value = decoded(text);
    return value !== null && value !== '' && parameter.parse(value, index).ok;
  });
}

type Name = keyof typeof PARAMETERS;

/** At most `count` of `values`, spread evenly from the first to the last (pairs of every value would be thousands). */
function spread<T>(values: T[], count: number): T[] {
  if (values.length <= count) return values;
  return Array.from({ length: count }, (_, i) => values[Math.round((i * (values.length - 1)) / (count - 1))]!);
}

function queriesOf(endpoint: Endpoint, index: RoutingIndex, dates: string[]): string[] {
  const names = endpoint.parameters as Name[];
  const table = PARAMETERS as Record<Name, Parameter<unknown>>;
  const values = new Map(names.map((name) => [name, parameterValues(table[name], dates)]));
  const valid = new Map(names.map((name) => [name, validValues(table[name], values.get(name)!, index)]));
  const queries = ['', ...endpoint.examples];
  for (const name of names) {
    const example = table[name].schema.example;
    for (const value of values.get(name)!) queries.push(`${name}=${value}`);
    // Empty, bare, repeated (the same and another value), another case of the name, the name encoded, beside unknown ones.
    const other = valid.get(name)!.find((v) => v !== example) ?? example;
    queries.push(`${name}=`, name, `${name}=${example}&${name}=${example}`, `${name}=${example}&${name}=${other}`, `${name}=${example}&${name}=`);
    queries.push(`${name.toUpperCase()}=${example}`, `${[...name].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}=${example}`);
    queries.push(`unknown=1&${name}=${example}`, `${name}=${example}&unknown=`, `${name}=${example}&&`);
  }
  // Every pair of the endpoint's parameters, with up to PAIRED of each one's valid values, and once in the other order.
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const [a, b] = [names[i]!, names[j]!];
      for (const va of spread(valid.get(a)!, PAIRED)) for (const vb of spread(valid.get(b)!, PAIRED)) queries.push(`${a}=${va}&${b}=${vb}`);
      queries.push(`${b}=${table[b].schema.example}&${a}=${table[a].schema.example}`);
    }
  }
  // All of them at once, valid, and one of them malformed among valid others.
  if (names.length > 2) {
    queries.push(names.map((name) => `${name}=${table[name].schema.example}`).join('&'));
    for (const bad of names) queries.push(names.map((name) => `${name}=${name === bad ? 'bad' : table[name].schema.example}`).join('&'));
  }
  // Each answer option the endpoint takes, with its example, on ranges of one day less than its cap, the cap
  // and one day more (a 400), from dates around the data (across a year's end, a gap, the first and last day).
  for (const name of OPTION_NAMES.filter((option) => names.includes(option))) {
    const cap = optionOf(name).rangeCap;
    const example = table[name].schema.example;
    if (cap === null || !names.includes('start_date') || !names.includes('end_date')) continue;
    for (const start of dates) {
      for (const days of [cap - 1, cap, cap + 1]) queries.push(`start_date=${start}&end_date=${shift(start, days - 1)}&${name}=${example}`);
    }
  }
  // The parameters that are not the endpoint's.
  for (const name of Object.keys(PARAMETERS) as Name[]) if (!names.includes(name)) queries.push(`${name}=${table[name].schema.example}`, `${name}=bad`);
  return [...new Set(queries)];
}

/** Every generated request, under every base. */
export function generatedCases(index: RoutingIndex, span: DataSpan): Case[] {
  const dates = datesAround(span);
  const cases: Case[] = [];
  for (const base of BASES) {
    for (const endpoint of ENDPOINTS) {
      const target = (query: string) => base + endpoint.path + (query === '' ? '' : `?${query}`);
      for (const query of queriesOf(endpoint, index, dates)) cases.push({ method: 'GET', target: target(query) });
      cases.push({ method: 'GET', target: `${base}${endpoint.path}/` }, { method: 'GET', target: `${base}${endpoint.path}/?${endpoint.examples.at(-1)}` });
      for (const query of endpoint.examples) {
        for (const method of ['HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE']) cases.push({ method, target: target(query) });
      }
      // Paths beside the endpoint's: one more segment, another case, a doubled slash, an encoded letter.
      cases.push(
        { method: 'GET', target: `${base}${endpoint.path}/x` },
        { method: 'GET', target: `${base}${endpoint.path.toUpperCase()}` },
        { method: 'GET', target: `${base}/${endpoint.path}` },
        { method: 'GET', target: `${base}${endpoint.path.slice(0, -1)}%${endpoint.path.charCodeAt(endpoint.path.length - 1).toString(16)}` },
      );
    }
  }
  return cases;
}

/**
 * A request only a raw socket sends: framing an HTTP client would not (repeated
 * header lines, no Host, an Expect), for each endpoint's first and last example
 * under each base. `head(etag)`: the bytes, given the target's current ETag.
 * `same`: the servers answer byte for byte alike; otherwise each answers an
 * envelope with CORS, and the status may differ (docs/deploying.md: Node's
 * parser refuses framing that nginx repairs).
 */
export interface RawCase {
  target: string;
  name: string;
  head(etag: string): string;
  same: boolean;
}

/** Header lines (each ending CRLF) sent on a GET of the target, with Host unless the lines say otherwise. */
const FRAMINGS: { name: string; lines(etag: string): string; noHost?: boolean; version?: string; same?: boolean }[] = [
  // RFC 9110 §5.3: repeated lines of a list are one list.
  { name: 'If-None-Match twice, the ETag second', lines: (etag) => `If-None-Match: "x"\r\nIf-None-Match: ${etag}\r\n` },
  { name: 'If-None-Match twice, the ETag first', lines: (etag) => `If-None-Match: ${etag}\r\nIf-None-Match: "x"\r\n` },
  { name: 'If-None-Match twice, empty then weak', lines: (etag) => `If-None-Match: \r\nIf-None-Match: W/${etag}\r\n` },
  { name: 'If-None-Match twice, neither the ETag', lines: () => 'If-None-Match: "x"\r\nIf-None-Match: "y", "z"\r\n' },
  { name: 'Expect: junk', lines: () => 'Expect: junk\r\n' },
  { name: 'Expect: 100-continue', lines: () => 'Expect: 100-continue\r\n' },
  { name: 'Expect twice', lines: () => 'Expect: a\r\nExpect: b\r\n' },
  { name: 'no Host', lines: () => '', noHost: true },
  { name: 'HTTP/1.0 without Host', lines: () => '', noHost: true, version: 'HTTP/1.0' },
  { name: 'Host twice', lines: () => 'Host: a.example\r\nHost: b.example\r\n', noHost: true },
  { name: 'If-Match twice', lines: () => 'If-Match: "a"\r\nIf-Match: "b"\r\n' },
  { name: 'If-Modified-Since twice', lines: () => 'If-Modified-Since: Sat, 01 Jan 2000 00:00:00 GMT\r\nIf-Modified-Since: Fri, 01 Jan 2100 00:00:00 GMT\r\n' },
  { name: 'If-Unmodified-Since twice', lines: () => 'If-Unmodified-Since: Sat, 01 Jan 2000 00:00:00 GMT\r\nIf-Unmodified-Since: x\r\n' },
  { name: 'If-Range twice', lines: () => 'If-Range: "a"\r\nIf-Range: "b"\r\n' },
  { name: 'Range twice', lines: () => 'Range: bytes=0-1\r\nRange: bytes=2-3\r\n' },
  { name: 'Authorization twice', lines: () => 'Authorization: a\r\nAuthorization: b\r\n' },
  { name: 'User-Agent twice', lines: () => 'User-Agent: a\r\nUser-Agent: b\r\n' },
  // A body's framing twice: malformed (400), though GET sends no body.
  { name: 'Content-Length twice', lines: () => 'Content-Length: 0\r\nContent-Length: 0\r\n' },
  { name: 'Content-Length twice, different', lines: () => 'Content-Length: 0\r\nContent-Length: 1\r\n' },
  { name: 'Transfer-Encoding twice', lines: () => 'Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n' },
  // Lines Node's parser refuses (a 400 envelope) and nginx's refusal does not tell from a repeated one (the answer).
  { name: 'a folded header line', lines: () => 'X-A: 1\r\n 2\r\n', same: false },
  { name: 'a header line without a colon', lines: () => 'X-A 1\r\n', same: false },
];

/** Every framing above, on each endpoint's first and last example under each base. */
export function rawCases(): RawCase[] {
  const cases: RawCase[] = [];
  for (const base of BASES) {
    for (const endpoint of ENDPOINTS) {
      for (const query of [...new Set([endpoint.examples[0]!, endpoint.examples.at(-1)!])]) {
        const target = base + endpoint.path + (query === '' ? '' : `?${query}`);
        for (const framing of FRAMINGS) {
          cases.push({
            target,
            name: framing.name,
            same: framing.same ?? true,
            head: (etag) =>
              `GET ${target} ${framing.version ?? 'HTTP/1.1'}\r\n${framing.noHost ? '' : 'Host: localhost\r\n'}${framing.lines(etag)}Connection: close\r\n\r\n`,
          });
        }
      }
    }
  }
  return cases;
}

/**
 * The values of an option to sweep, from the snapshot's routing index: every
 * value its parameter accepts there. An option not named here sweeps its
 * parameter's example and the edge values its parse accepts.
 */
const OPTION_VALUES: { [N in OptionName]?: (index: RoutingIndex) => string[] } = {
  currency: (index) => Object.keys(index.currencies ?? {}).sort(),
};

/** Every month from the one of `first` to the one of `last`, as [first day, last day]. */
export function monthsBetween(first: string, last: string): [string, string][] {
  const months: [string, string][] = [];
  for (let at = `${first.slice(0, 7)}-01`; at <= last; ) {
    const next = new Date(Date.parse(`${at}T00:00:00Z`));
    next.setUTCMonth(next.getUTCMonth() + 1);
    const following = next.toISOString().slice(0, 10);
    months.push([at, shift(following, -1)]);
    at = following;
  }
  return months;
}

/**
 * Each answer option on /rates with every value it takes (OPTION_VALUES), on
 * each of `periods` ([first day, last day]: the months of the data, or whole
 * years, whose answer composes the same records as its months'), for each
 * subcategory of `subcategories` (the metals): the ranges whose every figure an
 * edge composes at request time.
 */
export function optionSweep(index: RoutingIndex, periods: [string, string][], subcategories: number[], base: string = BASES[0]!): Case[] {
  const cases: Case[] = [];
  const table = PARAMETERS as Record<Name, Parameter<unknown>>;
  for (const name of OPTION_NAMES) {
    const parameter = table[name as Name];
    const values = OPTION_VALUES[name]?.(index) ?? validValues(parameter, [parameter.schema.example, ...(parameter.edges ?? [])], index);
    for (const value of values) {
      for (const [start, end] of periods) {
        for (const subcategory of subcategories)
          cases.push({ method: 'GET', target: `${base}/rates?subcategory=${subcategory}&${name}=${value}&start_date=${start}&end_date=${end}` });
      }
    }
  }
  return cases;
}
