// The OpenAPI document, generated from the record schemas (model/schemas.ts) and
// the endpoint table (router/endpoints.ts) so that it cannot drift from what the
// build publishes and the router answers. It passes `redocly lint` with the
// recommended rules (test/site/openapi.test.ts).
// Registers the Currency record (GET /currencies) and the records in a currency with the schemas the document is made from.
import '../model/currencies.ts';
import { OPTION_NAMES } from '../router/answer-options.ts';
import { extensionId, OPTION_SCHEMAS, type RewrittenRecord } from '../model/option-schemas.ts';
import { z } from 'zod';
import { BASES, ENDPOINTS, type Endpoint } from '../router/endpoints.ts';
import { PARAMETERS, type Parameter, type ParameterName } from '../router/parameters.ts';
import { FILE_FIELDS, FILE_PATTERNS, type FileField, type FileKind, TEXT_FORMS } from '../router/layout.ts';
import '../model/schemas.ts';
import type { Source } from '../model/schemas.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const json = (schema: unknown) => ({ 'application/json': { schema } });

// The headers of docs/API.md §6, as every server sends them (router.ts finalize).
const HEADERS = {
  ETag: {
    description: 'the SHA-1 of the body, quoted; send it back in If-None-Match for a 304',
    schema: { type: 'string', example: '"3f786850e387550fdab836ed7e6dc881de23001b"' },
  },
  CacheControl: {
    description:
      'API answers: `public, max-age=N`, N the seconds until the next nightly build (never cached past it); 503: `no-store`; static files: `public, max-age=0, must-revalidate`',
    schema: { type: 'string', example: 'public, max-age=3600' },
  },
  AccessControlAllowOrigin: { description: 'every response may be read by a page of any origin', schema: { type: 'string', const: '*' } },
  AccessControlExposeHeaders: { description: 'lets a page of another origin read the ETag', schema: { type: 'string', const: 'ETag' } },
  Allow: { description: 'the methods every path answers', schema: { type: 'string', const: 'GET, HEAD, OPTIONS' } },
};

const common = { 'Cache-Control': headerRef('CacheControl'), 'Access-Control-Allow-Origin': headerRef('AccessControlAllowOrigin') };
const withEtag = { ETag: headerRef('ETag'), ...common, 'Access-Control-Expose-Headers': headerRef('AccessControlExposeHeaders') };

const RESPONSES = {
  NotModified: { description: 'the ETag given in If-None-Match still matches: no body', headers: withEtag },
  MethodNotAllowed: {
    description:
      'any method other than GET, HEAD and OPTIONS, on any path under a base (HEAD answers as GET without a body; OPTIONS answers 204 with the CORS headers)',
    headers: { Allow: headerRef('Allow'), ...common },
    content: json(ref('Error')),
  },
  Unavailable: {
    description: 'the deployed snapshot cannot be read (a broken deployment, never a bad request); Cache-Control: no-store',
    headers: common,
    content: json(ref('Error')),
  },
};

/** The components the document refers to (Category, say, is a record no answer carries). */
function components(refsFrom: unknown): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: (id) => `#/components/schemas/${id}`, io: 'output', unrepresentable: 'any' });
  const all = new Map(
    Object.entries(schemas).map(([name, schema]) => {
      const { $schema: _s, $id: _i, ...rest } = schema as Record<string, unknown>;
      return [name, rest] as const;
    }),
  );
  const used = new Set<string>();
  const visit = (node: unknown) => {
    const text = JSON.stringify(node);
    for (const match of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (!used.has(match[1]!) && all.has(match[1]!)) {
        used.add(match[1]!);
        visit(all.get(match[1]!));
      }
    }
  };
  visit(refsFrom);
  return Object.fromEntries([...all].filter(([name]) => used.has(name)));
}

/** A query parameter as its entry of the table documents it. */
function parameter(name: ParameterName) {
  const spec: Parameter<unknown> = PARAMETERS[name];
  return { name, in: 'query', required: false, description: spec.description, schema: spec.schema };
}

function envelope(schema: string, list: boolean) {
  const data = list ? { type: 'array', items: ref(schema) } : ref(schema);
  const properties: Record<string, unknown> = { success: { const: true }, data };
  if (list) properties.count = { type: 'integer', minimum: 0, description: 'the number of items in data' };
  return { type: 'object', required: Object.keys(properties), properties };
}

/** getRatesLatest, getNisab, ...: from the path. */
const operationId = (path: string) =>
  `get${path
    .split('/')
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}`;

/**
 * The 200's schema: the record's envelope, or with an answer option the endpoint
 * takes (currency=, docs/API.md §2c; router/answer-options.ts) also the envelope of
 * the record that option's rewrite makes.
 */
function success(endpoint: Endpoint) {
  const { schema, list } = endpoint.answer;
  let description = endpoint.answer.description;
  const envelopes = [envelope(schema, list)];
  for (const name of OPTION_NAMES.filter((option) => endpoint.parameters.includes(option))) {
    const records: Partial<Record<RewrittenRecord, z.ZodType>> = OPTION_SCHEMAS[name].records;
    const extension = records[schema as RewrittenRecord];
    if (extension === undefined) throw new Error(`${endpoint.path} takes ${name}= but ${name} rewrites no ${schema} (router/answer-options.ts ANSWER_OPTIONS)`);
    const id = extensionId(extension);
    description += `; with ${name}=, each a ${id} (the record with ${OPTION_SCHEMAS[name].adds} after its own)`;
    envelopes.push(envelope(id, list));
  }
  return { description, schema: envelopes.length === 1 ? envelopes[0] : { anyOf: envelopes } };
}

function answer(endpoint: Endpoint) {
  const ok = success(endpoint);
  const responses: Record<string, unknown> = {
    '200': { description: ok.description, headers: withEtag, content: json(ok.schema) },
    '304': { $ref: '#/components/responses/NotModified' },
  };
  for (const [status, reason] of Object.entries(endpoint.errors)) responses[status] = { description: reason, headers: common, content: json(ref('Error')) };
  responses['405'] = { $ref: '#/components/responses/MethodNotAllowed' };
  responses['503'] = { $ref: '#/components/responses/Unavailable' };
  return responses;
}

// The snapshot's files under /v1/, which any static host serves (docs/deploying.md "A plain
// static host"): byte for byte the API's answer to the same question. The paths
// come from the layout's own patterns (router/layout.ts), so a kind of file added
// there must be described here before the document compiles.
/** The first base, for the descriptions of the static files. */
const API = BASES[0];

interface StaticFile {
  summary: string;
  /** Which API request the file answers. */
  description: string;
  schema: string;
  list: boolean;
}
export const STATIC_FILES: { [K in FileKind]: StaticFile | null } = {
  meta: { summary: 'Meta file', description: `As GET ${API}/meta: tells a client which blocks exist.`, schema: 'Meta', list: false },
  // The edges' own index (which files exist, their ETags) and mark (which snapshot a folder holds): not answers.
  routing: null,
  mark: null,
  // The bulk downloads are CSV and their index (docs/API.md §9), not answers of the API.
  downloadsIndex: null,
  ratesCsv: null,
  nisabCsv: null,
  // Text for people and calendar apps (docs/API.md §10), not JSON answers.
  calendarIcs: null,
  textAnswer: null,
  subcategories: { summary: 'Subcategories file', description: `As GET ${API}/subcategories.`, schema: 'Subcategory', list: true },
  sources: { summary: 'Sources file', description: `As GET ${API}/sources.`, schema: 'Source', list: true },
  calendarNigeria: { summary: "Nigeria's calendar file", description: `As GET ${API}/calendars/nigeria.`, schema: 'NigeriaMonth', list: true },
  currencies: { summary: 'Currencies file', description: `As GET ${API}/currencies.`, schema: 'Currency', list: true },
  gaps: { summary: 'Gaps file', description: `As GET ${API}/gaps.`, schema: 'Gap', list: true },
  announcements: { summary: 'Announcements file', description: `As GET ${API}/announcements.`, schema: 'Announcement', list: true },
  // A currency's rates per US dollar at a year's (or closed decade's) rate dates, what an answer with currency= is composed from: not an answer, nor an envelope.
  fx: null,
  fxDecade: null,
  // What the worker composes long ranges from (router/pieces.ts): a block's records without its envelope, and a count per month. Not answers.
  counts: null,
  yearPart: null,
  monthsPart: null,
  yearsPart: null,
  halfDecadePart: null,
  nisabAll: { summary: 'Nisab file', description: `As GET ${API}/nisab.`, schema: 'NisabRule', list: true },
  nisab: { summary: 'Nisab file of a subcategory', description: `As GET ${API}/nisab?subcategory={id}.`, schema: 'NisabRule', list: true },
  latest: { summary: 'Latest rate file', description: `As GET ${API}/rates/latest?subcategory={id}.`, schema: 'Rate', list: false },
  monthEnds: {
    summary: 'Month ends of a year',
    description:
      "What a dated answer (?date= in the year) is composed from: each subcategory's newest rate before the year, then its newest rate of each month of the year, by date then subcategory. Not an answer of the API on its own.",
    schema: 'Rate',
    list: true,
  },
  month: {
    summary: 'Month file',
    description: `The rates of one calendar month, as GET ${API}/rates with its first and last day (scope all) and ?subcategory={scope} otherwise.`,
    schema: 'Rate',
    list: true,
  },
  year: {
    summary: 'Year file',
    description: `The rates of one closed calendar year, as GET ${API}/rates with its first and last day.`,
    schema: 'Rate',
    list: true,
  },
  decade: {
    summary: 'Decade file',
    description: `The rates of one closed decade ({yyy}0 to {yyy}9), as GET ${API}/rates with its first and last day.`,
    schema: 'Rate',
    list: true,
  },
  months: {
    summary: 'Open year file',
    description: `The rates of the open year's closed months, January to {mm}, as GET ${API}/rates from {yyyy}-01-01 to the end of month {mm}.`,
    schema: 'Rate',
    list: true,
  },
  years: {
    summary: 'Open decade file',
    description: `The rates of the open decade's closed years, {yyy}0 to {yyyy}, as GET ${API}/rates from {yyy}0-01-01 to {yyyy}-12-31.`,
    schema: 'Rate',
    list: true,
  },
};

const STATIC_SERVERS = [{ url: '/', description: 'the site root: any host of the snapshot, a plain static one included' }];
/** Each field of the layout's patterns: its description and an example (a field without one does not compile). */
const FIELD_DESCRIPTIONS: { [K in FileField]: [string, string] } = {
  id: ['a subcategory ID', '1'],
  scope: ['`all` (every subcategory) or a subcategory ID', 'all'],
  yyyy: ['a year, four digits', '2024'],
  yyy: ["the first three digits of a decade's years (202 for the 2020s)", '202'],
  mm: ['a month, two digits', '03'],
  // The mark's name (not documented as a static path: STATIC_FILES.mark is null).
  hex: ["a SHA-1 of the snapshot's other files, 40 hex digits", '3f786850e387550fdab836ed7e6dc881de23001b'],
  // The FX files' (not documented as static paths: STATIC_FILES.fx is null).
  code: ['an ISO 4217 currency code', 'GBP'],
  // The text answers' (not documented as static paths: STATIC_FILES.textAnswer is null).
  form: [`${TEXT_FORMS.slice(0, -1).join(', ')} or ${TEXT_FORMS.at(-1)}`, 'ha'],
};

function staticPath(kind: FileKind, file: StaticFile) {
  const parameters = [...FILE_PATTERNS[kind].matchAll(/\{([a-z]+)\}/g)].map(([, name]) => {
    const [description, example] = FIELD_DESCRIPTIONS[name as FileField];
    return { name, in: 'path', required: true, description, schema: { type: 'string', pattern: `^(${FILE_FIELDS[name as FileField]})$`, example } };
  });
  return {
    servers: STATIC_SERVERS,
    get: {
      tags: ['Static files'],
      operationId: `static${file.summary.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
      summary: file.summary,
      description: `${file.description} A file outside the coverage (see /v1/meta.json) does not exist: the preview, nginx and Cloudflare answer with the JSON 404 envelope ("there is nothing at this path"), a plain static host with its own 404. No query string is read.`,
      parameters,
      responses: {
        '200': { description: 'the file: the same envelope the API answers', headers: withEtag, content: json(envelope(file.schema, file.list)) },
        '304': { $ref: '#/components/responses/NotModified' },
        '404': {
          description:
            "no such file (outside the coverage, or an unknown subcategory): the error envelope on our edges, a plain static host's own 404 elsewhere",
        },
      },
    },
  };
}

const STATIC_PATHS = Object.fromEntries(
  (Object.keys(STATIC_FILES) as FileKind[]).flatMap((kind) => {
    const file = STATIC_FILES[kind];
    return file === null ? [] : [[`/${FILE_PATTERNS[kind]}`, staticPath(kind, file)]];
  }),
);

/** Markdown text: what CommonMark would read as markup (links, emphasis, HTML) escaped. */
function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>]/g, (c) => `\\${c}`);
}

/**
 * The credits of info.description: every entry of GET /sources, with its licence,
 * made from the same records the build publishes there (so Redoc's reference page
 * credits every source /sources names, and no other).
 */
export function sourceCredits(sources: readonly Source[]): string {
  return sources
    .map((s) => {
      const name = markdownText(s.srcName);
      const linked = s.srcURL === null ? name : `[${name}](${s.srcURL.replace(/\(/g, '%28').replace(/\)/g, '%29')})`;
      return `- ${linked}: ${markdownText(s.srcLicence)}`;
    })
    .join('\n');
}

/** The document, its credits from `sources` (the snapshot's GET /sources). */
export function openApiDocument(sources: readonly Source[]) {
  const paths = {
    ...Object.fromEntries(
      ENDPOINTS.map((endpoint) => [
        endpoint.path,
        {
          get: {
            tags: ['API'],
            operationId: operationId(endpoint.path),
            summary: endpoint.summary,
            description: endpoint.description,
            parameters: endpoint.parameters.map(parameter),
            responses: answer(endpoint),
          },
        },
      ]),
    ),
    ...STATIC_PATHS,
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Daily gold and silver rates and Zakat Nisab rules',
      version: '1',
      summary: 'Gold and silver rates in US dollars and Naira, and the Zakat Nisab rules valued at them',
      description: [
        'A read-only JSON API, precomputed every night and served from a CDN. Every body is an envelope: {"success": true, "data": ..., "count": n} (count only for lists) or {"success": false, "message": "..."}. Public and unmetered, no key; please use it responsibly.',
        '',
        'Every path answers GET and HEAD (HEAD: the same headers, no body) and OPTIONS (204 with `Access-Control-Allow-Methods: GET, HEAD, OPTIONS`, `Access-Control-Allow-Headers: If-None-Match`, `Access-Control-Max-Age: 86400`); any other method is a 405. Every response carries `Access-Control-Allow-Origin: *` and `Cache-Control`; every 200 an `ETag` (304 on `If-None-Match`).',
        '',
        'JSON Schema files of every record and envelope are published under /schemas/ (index: /schemas/index.json).',
        '',
        '## Credits',
        '',
        `Every figure names where it comes from (a rate's drtPriceSource and drtNairaSource, a declared month's calSource): an entry of GET ${BASES[0]}/sources, which also says what each figure is and how it was taken. The sources, with their licences:`,
        '',
        sourceCredits(sources),
      ].join('\n'),
      license: { name: 'MIT (code); data under the licences named in the description', identifier: 'MIT' },
    },
    servers: BASES.map((url, i) => (i === 0 ? { url, description: 'the API' } : { url, description: 'the same answers, byte for byte' })),
    // Public: no authentication of any kind.
    security: [],
    tags: [
      { name: 'API', description: `Answers under ${BASES[0]} (and ${BASES.slice(1).join(', ')}): on Cloudflare, nginx and the preview server.` },
      { name: 'Static files', description: "The snapshot's files, which any static host serves: the same bodies as the API for the same question." },
    ],
    paths,
    components: {
      schemas: components({ paths, responses: RESPONSES, extra: [ref('Error')] }),
      headers: HEADERS,
      responses: RESPONSES,
    },
  };
}
