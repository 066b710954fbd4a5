// The parameter table (router/parameters.ts PARAMETERS): each entry's documented
// schema agrees with its parse, and an entry added to the table reaches the
// plan of an endpoint that lists it with no other edit (router.ts reads the
// table, not names).
import { describe, expect, it } from 'vitest';
import { endpointAt } from '../../generator/router/endpoints.ts';
import { enumParameter, PARAMETERS, type Parameter, type Query } from '../../generator/router/parameters.ts';
import { route, type Plan } from '../../generator/router/router.ts';
import type { RoutingIndex } from '../../generator/model/schemas.ts';

const index: RoutingIndex = {
  asOf: '2024-03-15',
  validUntil: '2024-03-15T23:05:00.000Z',
  defaultSubcategoryID: 1,
  all: { first: '2019-12-20', last: '2024-03-15' },
  subcategories: { '1': { first: '2019-12-20', last: '2024-03-15' }, '2': { first: '2019-12-23', last: '2024-03-11' } },
  slugs: { gold: 1, silver: 2 },
  currencies: { GBP: { first: '2020-01-06', last: '2024-03-15' } },
  dailyRateIDs: [1, 2],
  etags: {},
  snapshot: '0'.repeat(40),
  calendars: { ummAlQura: { firstYear: 1300, firstDay: '1882-11-12', lengths: '' }, nigeria: [] },
};

const entries = Object.entries(PARAMETERS) as [string, Parameter<unknown>][];

describe('PARAMETERS', () => {
  it("parses each entry's documented example, which matches its documented pattern and enum", () => {
    for (const [name, entry] of entries) {
      expect(entry.parse(entry.schema.example, index).ok, name).toBe(true);
      if (entry.schema.pattern !== undefined) expect(new RegExp(entry.schema.pattern).test(entry.schema.example), name).toBe(true);
      if (entry.schema.enum !== undefined) expect(entry.schema.enum, name).toContain(entry.schema.example);
    }
  });

  it('refuses what its documented pattern refuses with a 400 naming the parameter', () => {
    for (const [name, entry] of entries) {
      for (const value of ['', ' 1', '1 ', '01', '-1', 'Gold', '2024-3-5', 'x\n']) {
        const parsed = entry.parse(value, index);
        const documented = entry.schema.pattern === undefined || new RegExp(entry.schema.pattern).test(value);
        if (!documented) expect(parsed.ok ? 'accepted' : parsed.status, `${name}=${JSON.stringify(value)}`).toBe(400);
        if (!parsed.ok && parsed.status === 400) expect(parsed.message.startsWith(`${name} `), parsed.message).toBe(true);
      }
    }
  });

  it('takes a published currency, 400 for a malformed code and 404 for one not published (docs/API.md §2c)', () => {
    expect(PARAMETERS.currency.parse('GBP', index)).toEqual({ ok: true, value: 'GBP' });
    for (const bad of ['gbp', 'GB', 'GBPX', 'G1P', 'GBP\n']) {
      expect(PARAMETERS.currency.parse(bad, index), bad).toEqual({
        ok: false,
        status: 400,
        message: 'currency must be an ISO 4217 code in three capital letters, e.g. GBP; the published ones are listed at /api/v1/currencies',
      });
    }
    expect(PARAMETERS.currency.parse('EUR', index)).toEqual({
      ok: false,
      status: 404,
      message: 'currency EUR is not published; the published currencies are listed at /api/v1/currencies',
    });
  });

  it('resolves a subcategory slug to its id, and answers 404 for a well-formed one naming none', () => {
    expect(PARAMETERS.subcategory.parse('silver', index)).toEqual({ ok: true, value: 2 });
    expect(PARAMETERS.subcategory.parse('2', index)).toEqual({ ok: true, value: 2 });
    expect(PARAMETERS.subcategory.parse('copper', index)).toMatchObject({ ok: false, status: 404 });
    expect(PARAMETERS.subcategory.parse('9', index)).toMatchObject({ ok: false, status: 404 });
  });

  it('hands a parameter added to the table to the plan of an endpoint that lists it, parsed', () => {
    const table = PARAMETERS as unknown as Record<string, Parameter<unknown>>;
    const endpoint = endpointAt('/nisab')!;
    const saved = { parameters: endpoint.parameters, plan: endpoint.plan };
    const seen: Query[] = [];
    table.units = enumParameter('units', 'the unit of the values', ['gram', 'ounce'], 'gram');
    endpoint.parameters = [...endpoint.parameters, 'units' as keyof Query];
    endpoint.plan = (query, at) => {
      seen.push(query);
      return saved.plan(query, at);
    };
    try {
      const get = (url: string) => route({ method: 'GET', url, ifNoneMatch: null }, index) as Plan;
      expect(get('/api/v1/nisab?units=ounce&subcategory=gold').status).toBe(200);
      expect(seen.at(-1)).toMatchObject({ units: 'ounce', subcategory: 1, date: null, start_date: null });
      const refused = get('/api/v1/nisab?units=carat');
      expect([refused.status, JSON.parse(refused.body!).message]).toEqual([400, 'units must be one of gram, ounce']);
      // Malformed (400) answers before a well-formed unknown subcategory (404), whatever the order given.
      expect(get('/api/v1/nisab?subcategory=copper&units=carat').status).toBe(400);
      expect(get('/api/v1/nisab?subcategory=copper&units=gram').status).toBe(404);
    } finally {
      delete table.units;
      endpoint.parameters = saved.parameters;
      endpoint.plan = saved.plan;
    }
  });
});
