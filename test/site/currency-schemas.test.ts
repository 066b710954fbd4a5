// The answers in a currency (docs/API.md §2c) are composed at request time, so
// no published file shows them to json-schemas.test.ts: here the real preview
// answers them, and each validates (Ajv, draft 2020-12) against its endpoint's
// 200 in openapi.json and against the published /schemas/ file of its kind,
// both generated from the zod records (model/currencies.ts RateInCurrency,
// NisabRuleInCurrency); its keys are docs/API.md's tables, in order.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../generator/site/openapi.ts';
import { API_DOC, documentedFields } from '../../scripts/api-fields.ts';
import { FX_CODES } from '../support/fixture.ts';
import { request } from '../support/http.ts';
import { useFixturePreview } from '../support/use-fixture.ts';

const { fixture, preview } = useFixturePreview();

function ajv(): Ajv2020 {
  const validator = new Ajv2020({ strict: false, allErrors: true });
  // A real calendar date, as the zod record checks it.
  validator.addFormat(
    'date',
    (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
  );
  validator.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
  validator.addFormat('uri', (value: string) => URL.canParse(value));
  return validator;
}

// Every endpoint that takes currency=, undated and dated (before the fixture's first
// GBP rate of 2020-01-06, in the gap of 2021-06, on the as-of date), and a range.
const QUERIES: [string, string][] = [
  ['/rates/latest', 'RateInCurrencyAnswer'],
  ['/rates/latest?date=2020-01-01', 'RateInCurrencyAnswer'],
  ['/rates/latest?date=2021-06-20&subcategory=silver', 'RateInCurrencyAnswer'],
  ['/rates?start_date=2019-12-20&end_date=2020-02-10', 'RateInCurrencyListAnswer'],
  ['/rates?start_date=2021-06-01&end_date=2021-07-31', 'RateInCurrencyListAnswer'],
  ['/nisab', 'NisabRuleInCurrencyListAnswer'],
  ['/nisab?date=2019-12-25', 'NisabRuleInCurrencyListAnswer'],
  ['/nisab?date=2021-06-20', 'NisabRuleInCurrencyListAnswer'],
  ['/nisab?subcategory=gold&date=2024-03-15', 'NisabRuleInCurrencyListAnswer'],
];

const withCurrency = (query: string, code: string) => `/api/v1${query}${query.includes('?') ? '&' : '?'}currency=${code}`;

describe('answers in a currency', () => {
  it('validate against openapi.json and the /schemas/ files, with the documented fields in order', async () => {
    const document = openApiDocument([]) as unknown as {
      paths: Record<string, { get: { responses: { '200': { content: { 'application/json': { schema: object } } } } } }>;
      components: object;
    };
    const openapi = ajv();
    const files = ajv();
    const index = JSON.parse(await readFile(path.join(fixture.out, 'schemas/index.json'), 'utf8')) as { schemas: { file: string }[] };
    for (const entry of index.schemas) files.addSchema(JSON.parse(await readFile(path.join(fixture.out, 'schemas', entry.file), 'utf8')), entry.file);
    const doc = await readFile(API_DOC, 'utf8');
    const fields = {
      Rate: [...documentedFields(doc, 'Rate'), ...documentedFields(doc, 'RateInCurrency-Rate')],
      NisabRule: [...documentedFields(doc, 'NisabRule'), ...documentedFields(doc, 'NisabRuleInCurrency-NisabRule')],
    };
    expect(fields.Rate.slice(-5)).toEqual(['drtCurrency', 'drtUSDinCurrency', 'drtCurrencyDate', 'drtCurrencySource', 'drtInCurrency']);
    expect(fields.NisabRule.slice(-2)).toEqual(['nsbCurrency', 'nsbValueInCurrency']);

    const seen = { valued: 0, unvalued: 0 };
    for (const [query, schema] of QUERIES) {
      const endpoint = query.split('?')[0]!;
      const ok = document.paths[endpoint]!.get.responses['200'].content['application/json'].schema;
      const validate = openapi.compile({ ...ok, components: document.components });
      const plain = files.getSchema(`${schema.replace('InCurrency', '')}.json`)!;
      const inCurrency = files.getSchema(`${schema}.json`)!;
      for (const code of FX_CODES) {
        const url = withCurrency(query, code);
        const answer = await request(preview.url, url);
        expect(answer.status, url).toBe(200);
        const body = JSON.parse(answer.body) as { data: Record<string, unknown> | Record<string, unknown>[] };
        expect(validate(body), `${url} against openapi.json: ${JSON.stringify(validate.errors)}`).toBe(true);
        expect(inCurrency(body), `${url} against ${schema}.json: ${JSON.stringify(inCurrency.errors)}`).toBe(true);
        // Exactly one of the 200's two envelopes: the plain one refuses the currency's fields.
        expect(plain(body), url).toBe(false);
        const records = Array.isArray(body.data) ? body.data : [body.data];
        expect(records.length, url).toBeGreaterThan(0);
        for (const record of records) {
          expect(Object.keys(record), url).toEqual(endpoint === '/nisab' ? fields.NisabRule : fields.Rate);
          const value = endpoint === '/nisab' ? record.nsbValueInCurrency : record.drtInCurrency;
          if (value === null) seen.unvalued++;
          else seen.valued++;
        }
      }
      // The same answer without currency= is the other envelope.
      const without = JSON.parse((await request(preview.url, `/api/v1${query}`)).body) as unknown;
      expect(validate(without), query).toBe(true);
      expect(inCurrency(without), query).toBe(false);
    }
    // Both kinds were checked: figures, and the nulls of a date before a currency's first rate.
    expect(seen.valued).toBeGreaterThan(100);
    expect(seen.unvalued).toBeGreaterThan(10);
  });

  it('refuse a record in a currency that breaks its schema', async () => {
    const files = ajv();
    for (const name of ['Rate', 'RateInCurrency', 'RateInCurrencyAnswer'])
      files.addSchema(JSON.parse(await readFile(path.join(fixture.out, 'schemas', `${name}.json`), 'utf8')), `${name}.json`);
    const validate = files.getSchema('RateInCurrencyAnswer.json')!;
    const good = JSON.parse((await request(preview.url, '/api/v1/rates/latest?currency=GBP')).body) as { data: Record<string, unknown> };
    expect(validate(good)).toBe(true);
    for (const broken of [{ drtInCurrency: -1 }, { drtCurrency: 'gbp' }, { drtCurrencyDate: '2024-02-30' }, { drtCurrencySource: undefined }]) {
      expect(validate({ ...good, data: { ...good.data, ...broken } }), JSON.stringify(broken)).toBe(false);
    }
  });

  it('use a rate per US dollar for at most 7 days (MAX_FX_AGE_DAYS), then null', async () => {
    // The fixture's EUR is dated on the 15th of each month (2021-01-15, day 375 of its rows: 0.85 + (375 % 11) × 0.0071 = 0.8571 per US dollar).
    const on = async (date: string) =>
      (JSON.parse((await request(preview.url, `/api/v1/rates/latest?date=${date}&currency=EUR`)).body) as { data: Record<string, unknown> }).data;
    const week = await on('2021-01-22');
    expect([week.drtDate, week.drtCurrencyDate, week.drtUSDinCurrency]).toEqual(['2021-01-22', '2021-01-15', 0.8571]);
    const after = await on('2021-01-23');
    expect([after.drtDate, after.drtCurrencyDate, after.drtUSDinCurrency, after.drtCurrencySource, after.drtInCurrency]).toEqual([
      '2021-01-23',
      null,
      null,
      null,
      null,
    ]);
    // The Nisab of that day in EUR is null too; in Naira it is valued.
    const rules = (
      JSON.parse((await request(preview.url, '/api/v1/nisab?date=2021-01-23&currency=EUR&subcategory=gold')).body) as {
        data: Record<string, unknown>[];
      }
    ).data;
    expect(rules.map((r) => [r.nsbValueInCurrency === null, r.nsbValueInNaira === null])).toEqual(rules.map(() => [true, false]));
  });
});
