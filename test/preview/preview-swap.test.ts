// The preview keeps a published tree in memory; a new build must show at once.
import { expect, it } from 'vitest';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { request } from '../support/http.ts';
import { useFixturePreview } from '../support/use-fixture.ts';

const { fixture, preview } = useFixturePreview();

it('answers from the new snapshot as soon as a build swaps it in', async () => {
  const latest = async () => JSON.parse((await request(preview.url, '/api/v1/rates/latest')).body).data.drtDate;
  expect(await latest()).toBe('2024-03-15');
  await buildSnapshot(fixtureBuild(fixture.db, fixture.out, { asOf: '2024-03-17', now: new Date('2024-03-17T00:05:00Z') }));
  expect(await latest()).toBe('2024-03-17');
  const range = JSON.parse((await request(preview.url, '/api/v1/rates?start_date=2024-03-16&subcategory=1')).body);
  expect(range.data.map((r: { drtDate: string }) => r.drtDate)).toEqual(['2024-03-16', '2024-03-17']);
});
