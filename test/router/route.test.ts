// route(): which files answer a request, decided without a server or a file.
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, noEndpointMessage } from '../../generator/router/endpoints.ts';
import { paths } from '../../generator/router/layout.ts';
import { route, type Plan } from '../../generator/router/router.ts';
import type { RoutingIndex } from '../../generator/model/schemas.ts';

const index: RoutingIndex = {
  asOf: '2024-03-15',
  validUntil: '2024-03-15T23:05:00.000Z',
  defaultSubcategoryID: 1,
  all: { first: '2019-12-20', last: '2024-03-15' },
  subcategories: { '1': { first: '2019-12-20', last: '2024-03-15' }, '2': { first: '2019-12-23', last: '2024-03-11' }, '3': null },
  slugs: { gold: 1, silver: 2, cash: 3 },
  dailyRateIDs: [1, 2],
  etags: {},
  snapshot: '0'.repeat(40),
  calendars: { ummAlQura: { firstYear: 1300, firstDay: '1882-11-12', lengths: '' }, nigeria: [] },
};

const plan = (url: string, method = 'GET') => route({ method, url, ifNoneMatch: null }, index) as Plan;
const error = (url: string, method = 'GET') => {
  const p = plan(url, method);
  return { status: p.status, message: JSON.parse(p.body!).message as string };
};

describe('route()', () => {
  it('leaves paths outside the bases to static content', () => {
    for (const url of ['/', '/openapi.json', '/v1/meta.json', '/api/v1x', '/api', '/index.php'])
      expect(route({ method: 'GET', url, ifNoneMatch: null }, index), url).toBeNull();
  });

  it('answers each endpoint of the table, and 404 elsewhere with the table in its message', () => {
    for (const endpoint of ENDPOINTS) expect(plan(`/api/v1${endpoint.path}`).status, endpoint.path).toBe(200);
    expect(error('/api/v1/rate')).toEqual({ status: 404, message: noEndpointMessage() });
    expect(noEndpointMessage()).toBe(
      `there is no endpoint at this path; under /api/v1 there are ${ENDPOINTS.slice(0, -1)
        .map((e) => e.path)
        .join(', ')} and ${ENDPOINTS.at(-1)!.path}`,
    );
  });

  it('reports the first problem in the contract order: method, path, malformed, order, unknown subcategory', () => {
    expect(error('/api/v1/nope?start_date=x', 'POST').status).toBe(405);
    expect(error('/api/v1/nope?start_date=x').status).toBe(404);
    expect(error('/api/v1/rates?subcategory=99&end_date=2020-01-01&start_date=2020-13-01').message).toMatch(/^start_date must be/);
    expect(error('/api/v1/rates?subcategory=99&start_date=2021-01-01&end_date=2020-01-01').message).toMatch(/must not be after end_date/);
    expect(error('/api/v1/rates?subcategory=99&start_date=2020-01-01').status).toBe(404);
  });

  it('takes a subcategory by ID or slug, and names an unknown one', () => {
    expect(plan('/api/v1/rates/latest?subcategory=silver').reads).toEqual(plan('/api/v1/rates/latest?subcategory=2').reads);
    expect(error('/api/v1/nisab?subcategory=brass')).toEqual({
      status: 404,
      message: 'subcategory brass does not exist; the IDs and slugs are listed at /api/v1/subcategories',
    });
    expect(error('/api/v1/rates/latest?subcategory=cash')).toEqual({ status: 404, message: 'subcategory 3 has no published rate' });
  });

  it('plans a dated answer from at most three files, and the undated file where the date changes nothing', () => {
    const dated = plan('/api/v1/nisab?date=2021-06-20');
    expect(dated.reads.map((r) => r.path)).toEqual([paths.nisabAll, paths.shard('all', 'month', '2021-06-20'), paths.monthEnds('2021-06-20')]);
    expect(dated.dated).toEqual({ kind: 'nisab', date: '2021-06-20', subcategory: 0, monthEndsOnly: false });
    expect(plan('/api/v1/rates/latest?date=2021-06-20&subcategory=gold').reads).toHaveLength(2);
    // on or after the newest record, or after the as-of date: the undated answer's own file
    for (const url of ['/api/v1/nisab?date=2024-03-15', '/api/v1/nisab?date=2099-01-01']) expect(plan(url).reads).toEqual(plan('/api/v1/nisab').reads);
    expect(plan('/api/v1/rates/latest?date=2024-03-12&subcategory=2').reads).toEqual([{ path: paths.latest(2), from: '', to: '' }]);
    // before every rate: only the rules, valued at nothing
    expect(plan('/api/v1/nisab?date=2019-01-01').reads.map((r) => r.path)).toEqual([paths.nisabAll]);
    expect(error('/api/v1/rates/latest?date=2019-12-22&subcategory=2')).toEqual({
      status: 404,
      message: 'subcategory 2 has no rate dated on or before 2019-12-22; its first rate is dated 2019-12-23',
    });
  });

  it('plans a range as at most two cut shards, and an empty range as an empty list without reads', () => {
    expect(plan('/api/v1/rates?start_date=2020-12-30&end_date=2021-01-02').reads).toHaveLength(2);
    const empty = plan('/api/v1/rates?start_date=2030-01-01');
    expect(empty.reads).toEqual([]);
    expect(empty.body).toBe('{"success":true,"data":[],"count":0}\n');
  });
});
