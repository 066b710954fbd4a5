// The answer options table (router/answer-options.ts, its zod half model/option-schemas.ts),
// generated into one test per option: each entry is taken by the endpoints that
// answer the records it rewrites, is documented in OpenAPI and /schemas/, asked by
// the generated differential at its range cap, and its rewrite writes exactly the
// fields of its zod extension, in order, through the router every edge answers
// with. An entry half done (an option listed on an endpoint whose record it does
// not rewrite, a rewrite that adds other fields than its extension) fails here;
// what tsc refuses is in test/router/answer-options.types.ts.
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { OPTION_NAMES, optionOf } from '../../generator/router/answer-options.ts';
import { ENDPOINTS, type Endpoint } from '../../generator/router/endpoints.ts';
import { PARAMETERS } from '../../generator/router/parameters.ts';
import { extensionId, OPTION_SCHEMAS, type OptionName, type RewrittenRecord } from '../../generator/model/option-schemas.ts';
import { NisabRule, Rate } from '../../generator/model/schemas.ts';
import { jsonSchemaFiles } from '../../generator/site/json-schemas.ts';
import { openApiDocument } from '../../generator/site/openapi.ts';
import { TABLES } from '../../scripts/api-fields.ts';
import { generatedCases } from '../edge/differential-cases.ts';
import { useCoreAnswers } from '../support/core-answers.ts';
import { FIRST_DATE, GAP } from '../support/fixture.ts';

const RECORDS: Record<RewrittenRecord, z.ZodObject> = { Rate, NisabRule };

const takers = (name: OptionName): Endpoint[] => ENDPOINTS.filter((endpoint) => endpoint.parameters.includes(name));
const recordsOf = (name: OptionName) => Object.keys(optionOf(name).records) as RewrittenRecord[];
const extensionOf = (name: OptionName, record: RewrittenRecord): z.ZodObject =>
  (OPTION_SCHEMAS[name].records as Partial<Record<RewrittenRecord, z.ZodObject>>)[record]!;

const core = useCoreAnswers();

async function answer(target: string): Promise<{ status: number; body: string }> {
  const answered = await core.answer(target);
  if (answered === null) throw new Error(`${target} is not under an API base`);
  return answered;
}

describe.each(OPTION_NAMES)('the answer option %s', (name) => {
  const example = PARAMETERS[name].schema.example;

  it('is taken by endpoints that answer a record it rewrites, and rewrites only records some endpoint taking it answers', () => {
    expect(takers(name).length).toBeGreaterThan(0);
    for (const endpoint of takers(name)) expect(recordsOf(name), `${endpoint.path} takes ${name}=`).toContain(endpoint.answer.schema);
    for (const record of recordsOf(name)) expect(takers(name).map((endpoint) => endpoint.answer.schema)).toContain(record);
  });

  it("has a zod extension of each record it rewrites: the record's fields, then its own", () => {
    for (const record of recordsOf(name)) {
      const own = Object.keys(RECORDS[record].shape);
      const extended = Object.keys(extensionOf(name, record).shape);
      expect(extended.slice(0, own.length)).toEqual(own);
      expect(extended.length, `${name} adds no field to ${record}`).toBeGreaterThan(own.length);
    }
  });

  it('is expensive only with a range cap', () => {
    const option = optionOf(name);
    if (option.expensive) expect(option.rangeCap).toBeGreaterThan(0);
    else expect(option.rangeCap).toBeNull();
  });

  it('is in OpenAPI: a parameter of each endpoint taking it, its records in their 200s', () => {
    const document = openApiDocument([]) as unknown as {
      paths: Record<string, { get: { parameters: { name: string }[]; responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, unknown> };
    };
    for (const endpoint of takers(name)) {
      const operation = Object.entries(document.paths).find(([at]) => at.endsWith(endpoint.path))?.[1].get;
      expect(operation, endpoint.path).toBeDefined();
      expect(operation!.parameters.map((p) => p.name)).toContain(name);
      const id = extensionId(extensionOf(name, endpoint.answer.schema as RewrittenRecord));
      expect(JSON.stringify(operation!.responses['200'])).toContain(`#/components/schemas/${id}"`);
      expect(document.components.schemas[id], id).toBeDefined();
    }
  });

  it('is in the JSON Schemas: each record it makes and the answers carrying it', () => {
    const files = jsonSchemaFiles();
    for (const endpoint of takers(name)) {
      const id = extensionId(extensionOf(name, endpoint.answer.schema as RewrittenRecord));
      expect(files.has(`schemas/${id}.json`), id).toBe(true);
      expect(files.has(`schemas/${id}${endpoint.answer.list ? 'List' : ''}Answer.json`), endpoint.path).toBe(true);
    }
  });

  it('has the table of the fields it adds in docs/API.md (scripts/api-fields.ts; test/site/api-doc.test.ts holds the table to the schema)', () => {
    for (const record of recordsOf(name)) expect(TABLES).toContain(`${extensionId(extensionOf(name, record))}-${record}`);
  });

  it('is asked by the generated differential on every endpoint taking it, and at its range cap', () => {
    const targets = generatedCases(core.index(), { first: FIRST_DATE, last: core.fixture().asOf, gap: GAP }).map((c) => c.target);
    for (const endpoint of takers(name)) {
      const mine = targets.filter((target) => target.split('?')[0]!.endsWith(endpoint.path) && target.includes(`${name}=${example}`));
      expect(mine.length, endpoint.path).toBeGreaterThan(0);
      const cap = optionOf(name).rangeCap;
      if (cap !== null && endpoint.parameters.includes('start_date')) {
        const spans = mine.flatMap((target) => {
          const found = /start_date=([0-9-]{10})&end_date=([0-9-]{10})/.exec(target);
          return found ? [(Date.parse(found[2]!) - Date.parse(found[1]!)) / 86_400_000 + 1] : [];
        });
        expect(spans).toEqual(expect.arrayContaining([cap, cap + 1]));
      }
    }
  });

  it("writes exactly its extension's fields, in their order, on each endpoint taking it (the router every edge answers with)", async () => {
    for (const endpoint of takers(name)) {
      const extension = extensionOf(name, endpoint.answer.schema as RewrittenRecord);
      const keys = Object.keys(extension.shape);
      let seen = 0;
      const dated = endpoint.parameters.includes('date')
        ? [`date=${GAP.from}`, `date=${core.fixture().asOf}`]
        : [`start_date=${GAP.from}&end_date=${GAP.to.slice(0, 4)}-12-31`];
      for (const query of [...endpoint.examples, ...dated]) {
        const target = `/api/v1${endpoint.path}?${query === '' ? '' : `${query}&`}${name}=${example}`;
        const got = await answer(target);
        expect(got.status, target).toBe(200);
        const data = (JSON.parse(got.body) as { data: unknown }).data;
        const records = (endpoint.answer.list ? data : [data]) as Record<string, unknown>[];
        seen += records.length;
        for (const record of records) {
          expect(Object.keys(record), target).toEqual(keys);
          expect(extension.strict().safeParse(record).success, target).toBe(true);
        }
      }
      expect(seen, endpoint.path).toBeGreaterThan(0);
    }
  }, 60_000);

  it('refuses a range over its cap with a 400 naming it', async () => {
    const cap = optionOf(name).rangeCap;
    if (cap === null) return;
    for (const endpoint of takers(name).filter((e) => e.parameters.includes('start_date') && e.parameters.includes('end_date'))) {
      const end = new Date(Date.parse(`${FIRST_DATE}T00:00:00Z`) + cap * 86_400_000).toISOString().slice(0, 10);
      const within = await answer(`/api/v1${endpoint.path}?start_date=${FIRST_DATE}&end_date=${end}&${name}=${example}`);
      expect(within.status).toBe(400);
      expect(JSON.parse(within.body).message).toMatch(new RegExp(`^with ${name}, a range may span at most ${cap} days`));
    }
  });
});
