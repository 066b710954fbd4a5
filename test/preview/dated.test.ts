// Dated answers (docs/API.md §2a) against plain SQL and a hand computation: random
// dates before, inside, in the gaps of and after the data, on the real preview.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startPreview } from '../../generator/edges/preview/server.ts';
import path from 'node:path';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { AS_OF, fixtureBuild, oracleLatestOn, oracleRateAge } from '../support/fixture.ts';
import { request } from '../support/http.ts';
import { useFixturePreview } from '../support/use-fixture.ts';

/** threshold × price (× naira) as exact decimals, rounded half away from zero to cents: no code of ours involved. */
function byHand(factors: number[]): number {
  let digits = 1n;
  let scale = 0;
  for (const factor of factors) {
    const [whole, fraction = ''] = String(factor).split('.');
    digits *= BigInt(whole! + fraction);
    scale += fraction.length;
  }
  if (scale <= 2) return Number(digits * 10n ** BigInt(2 - scale)) / 100;
  const unit = 10n ** BigInt(scale - 2);
  return Number(digits / unit + ((digits % unit) * 2n >= unit ? 1n : 0n)) / 100;
}

// The fixture's rules: what measures each, and its threshold (test/support/fixture.ts).
const MEASURED = { 1: { by: 1, threshold: 85 }, 2: { by: 1, threshold: 87.48 }, 3: { by: 2, threshold: 595 }, 4: { by: 1, threshold: 85 } } as Record<
  number,
  { by: number; threshold: number }
>;

describe('dated answers against SQL', () => {
  const { fixture, preview } = useFixturePreview();

  const get = async (path: string) => {
    const answer = await request(preview.url, path);
    return { status: answer.status, body: JSON.parse(answer.body) };
  };
  const expectValuedOn = async (date: string) => {
    const { status, body } = await get(`/api/v1/nisab?date=${date}`);
    expect(status).toBe(200);
    for (const rule of body.data) {
      const measured = MEASURED[rule.nsbID];
      const rate = measured && oracleLatestOn(fixture.db, fixture.asOf, date, measured.by);
      if (!measured || !rate) {
        expect(rule, `${date} rule ${rule.nsbID}`).toMatchObject({ nsbValueInUSD: null, nsbValueInNaira: null, nsbRateDate: null });
        continue;
      }
      expect(rule, `${date} rule ${rule.nsbID}`).toMatchObject({
        nsbRateDate: rate.drtDate,
        nsbValueInUSD: byHand([measured.threshold, rate.drtInUSD as number]),
        nsbValueInNaira: byHand([measured.threshold, rate.drtInUSD as number, rate.drtUSDinNaira as number]),
      });
    }
  };

  it('values every rule by hand on a date in a gap, before any rate, and on the newest', async () => {
    await expectValuedOn('2021-06-20');
    await expectValuedOn('2019-06-01');
    await expectValuedOn(AS_OF);
  });

  const day = fc
    .integer({ min: Date.UTC(2019, 9, 1) / 86_400_000, max: Date.UTC(2024, 5, 30) / 86_400_000 })
    .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

  it('agree with SQL on 1,000 random dated latest queries, by id and by slug', async () => {
    const slugs: Record<number, string> = { 1: 'gold', 2: 'silver', 11: 'platinum', 12: 'empty' };
    await fc.assert(
      fc.asyncProperty(day, fc.constantFrom(null, 1, 2, 11, 12), fc.boolean(), async (date, sub, bySlug) => {
        const query = `date=${date}${sub === null ? '' : `&subcategory=${bySlug ? slugs[sub] : sub}`}`;
        const { status, body } = await get(`/api/v1/rates/latest?${query}`);
        const expected = oracleLatestOn(fixture.db, fixture.asOf, date, sub ?? 1);
        if (expected === null) expect(status, query).toBe(404);
        else expect(body, query).toEqual({ success: true, data: expected });
      }),
      { numRuns: 1000 },
    );
  }, 120_000);

  it('agree with the hand computation on 150 random dated Nisab queries', async () => {
    await fc.assert(fc.asyncProperty(day, expectValuedOn), { numRuns: 150 });
  }, 120_000);

  it('count the age of the rate behind each rule to the day answered, between the newest rate and a later as-of date too', async () => {
    // Built again as of ten days after the fixture's newest rate (2024-03-20), into a folder of its own.
    const asOf = '2024-03-30';
    const out = path.join(fixture.dir, 'later');
    await buildSnapshot(fixtureBuild(fixture.db, out, { asOf }));
    const later = await startPreview({ dir: out, port: 0 });
    try {
      const answer = async (query: string) => (await request(later.url, `/api/v1/nisab${query}`)).body;
      for (const date of [null, '2024-03-10', '2024-03-20', '2024-03-21', '2024-03-29', asOf, '2024-05-01']) {
        const body = JSON.parse(await answer(date === null ? '' : `?date=${date}`));
        for (const rule of body.data) {
          const measured = MEASURED[rule.nsbID];
          const expected = measured ? oracleRateAge(fixture.db, asOf, date ?? asOf, measured.by) : null;
          expect(rule.nsbRateAgeDays, `${date} rule ${rule.nsbID}`).toBe(expected);
        }
      }
      expect(JSON.parse(await answer('?date=2024-03-25')).data[0].nsbRateAgeDays).toBe(5);
      // As of the as-of date, or later, the undated answer byte for byte.
      expect(await answer(`?date=${asOf}`)).toBe(await answer(''));
      expect(await answer('?date=2099-01-01&subcategory=2')).toBe(await answer('?subcategory=2'));
    } finally {
      await later.close();
    }
  }, 120_000);
});
