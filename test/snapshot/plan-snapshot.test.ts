// planSnapshot(): the whole tree as a function of its source, in memory: no
// database, no disk, no server.
import { describe, expect, it } from 'vitest';
import { paths } from '../../generator/router/layout.ts';
import { rateLine } from '../../generator/router/records.ts';
import { NisabRuleInput, type Rate, type Subcategory } from '../../generator/model/schemas.ts';
import type { RateSummary } from '../../generator/db/read-rate-summary.ts';
import { planSnapshot, sha1Hex, type PlannedSnapshot, type PreviousSnapshot, type SnapshotSource } from '../../generator/plan/plan.ts';

const subcategory = (sctID: number, sctSlug: string, daily: boolean): Subcategory => ({
  sctID,
  sctSlug,
  sctName: sctSlug,
  sctUnit: 'gram',
  sctHasDailyRate: daily,
  sctIsDefault: sctID === 1,
  sctCategoryID: null,
  sctCategorySlug: null,
  sctCategoryName: null,
});

let nextId = 1;
const rate = (drtSubcategoryID: number, drtDate: string, drtInUSD: number): Rate =>
  ({ drtID: nextId++, drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira: 1500, drtInNaira: Math.round(drtInUSD * 150000) / 100, drtUnit: 'gram' }) as Rate;

const RATES = [rate(1, '2023-11-30', 60), rate(2, '2023-11-30', 0.7), rate(1, '2023-12-29', 61), rate(1, '2024-01-02', 62), rate(2, '2024-02-05', 0.8)];

/** What the database would say of RATES (read-rate-summary.ts, read-month-ends.ts), worked out in memory. */
function sourceOf(rates: Rate[]): SnapshotSource {
  const bySubcategory: RateSummary['bySubcategory'] = new Map();
  const monthPrints = new Map<string, string>();
  const monthEnds = new Map<string, Rate>();
  for (const r of rates) {
    const own = bySubcategory.get(r.drtSubcategoryID);
    bySubcategory.set(
      r.drtSubcategoryID,
      own ? { ...own, last: r.drtDate, count: own.count + 1, newest: r } : { first: r.drtDate, last: r.drtDate, count: 1, newest: r },
    );
    const key = `${r.drtSubcategoryID}/${r.drtDate.slice(0, 7)}`;
    monthPrints.set(key, sha1Hex((monthPrints.get(key) ?? '') + rateLine(r)));
    monthEnds.set(key, r);
  }
  return {
    subcategories: [subcategory(1, 'gold', true), subcategory(2, 'silver', true), subcategory(3, 'cash', false)],
    sources: [
      {
        srcID: 'manual',
        srcName: 'Entered by the operator',
        srcURL: null,
        srcLicence: 'as the operator states',
        srcDescription: 'by hand',
        srcFigure: 'manual',
      },
    ],
    // One month start, made up for this test (the as-of date is its day 29).
    calendar: [{ calMonth: '1445-07', calFirstDay: '2024-01-13', calSource: 'manual', calBasis: 'declared-first-day', calStatedDay: null }],
    summary: { bySubcategory, monthPrints },
    rates,
    nisab: [
      NisabRuleInput.parse({ nsbID: 1, nsbSubcategoryID: 1, nsbThreshold: 85, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5 }),
      NisabRuleInput.parse({ nsbID: 2, nsbSubcategoryID: 3, nsbThreshold: 595, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5, nsbBasisSubcategoryID: 2 }),
    ],
    monthEnds: [...monthEnds.values()].sort((a, b) => a.drtDate.localeCompare(b.drtDate) || a.drtSubcategoryID - b.drtSubcategoryID),
    // Its one source is entered by hand, no daily price source: no daily series, no gaps.
    gaps: [],
    announcements: [],
  };
}

const OPTIONS = { asOf: '2024-02-10', timeZone: 'Africa/Lagos', validUntil: '2024-02-10T23:05:00.000Z', generatorId: 'test' };

function previousOf(planned: PlannedSnapshot): PreviousSnapshot {
  return { files: Object.fromEntries(planned.entries), sources: planned.sources, rates: null, read: (path) => planned.write.get(path)! };
}

describe('planSnapshot()', () => {
  it('plans every answer of the snapshot from its source', () => {
    const planned = planSnapshot(sourceOf(RATES), OPTIONS, null);
    const files = [...planned.write.keys()];
    expect(files).toEqual(
      expect.arrayContaining([paths.latest(1), paths.latest(2), paths.nisabAll, paths.nisab(3), paths.subcategories, paths.meta, paths.routing]),
    );
    expect(files).toEqual(
      expect.arrayContaining([
        paths.shard('all', 'month', '2024-01-01'),
        paths.shard(1, 'year', '2023-01-01'),
        paths.shard(2, 'years', '2023-01-01'),
        paths.shard(2, 'months', '2024-01-01'),
      ]),
    );
    expect(JSON.parse(planned.write.get(paths.latest(2))!).data.drtDate).toBe('2024-02-05');
    // cash follows silver: valued at the newest silver rate
    expect(JSON.parse(planned.write.get(paths.nisab(3))!).data[0]).toMatchObject({ nsbRateDate: '2024-02-05', nsbValueInUSD: 476 });
    const index = JSON.parse(planned.write.get(paths.routing)!);
    expect(index).toMatchObject({
      asOf: OPTIONS.asOf,
      defaultSubcategoryID: 1,
      slugs: { gold: 1, silver: 2, cash: 3 },
      dailyRateIDs: [1, 2],
      all: { first: '2023-11-30', last: '2024-02-05' },
    });
    expect(index.subcategories['3']).toBeNull();
    expect(JSON.parse(planned.write.get(paths.calendarNigeria)!)).toEqual({
      success: true,
      data: [{ calMonth: '1445-07', calFirstDay: '2024-01-13', calSource: 'manual', calBasis: 'declared-first-day', calStatedDay: null }],
      count: 1,
    });
    expect(planned.meta).toMatchObject({ asOf: '2024-02-10', asOfHijri: '1445-07-29', asOfHijriNigeria: '1445-07-29' });
  });

  it('writes month ends that carry each subcategory into the next year', () => {
    const planned = planSnapshot(sourceOf(RATES), OPTIONS, null);
    const of2024 = JSON.parse(planned.write.get(paths.monthEnds('2024-01-01'))!).data.map((r: Rate) => `${r.drtSubcategoryID}@${r.drtDate}`);
    // gold and silver as they stood at the end of 2023, then the month ends of 2024
    expect(of2024).toEqual(['2@2023-11-30', '1@2023-12-29', '1@2024-01-02', '2@2024-02-05']);
  });

  it('is a function of its source, and carries every file when nothing changed', () => {
    const first = planSnapshot(sourceOf(RATES), OPTIONS, null);
    const again = planSnapshot(sourceOf(RATES), OPTIONS, null);
    expect([...again.write]).toEqual([...first.write]);
    const next = planSnapshot({ ...sourceOf(RATES), rates: [] }, OPTIONS, previousOf(first));
    const rewritten = [...next.write.keys()].filter((path) => path.startsWith('v1/rates/') && !path.startsWith('v1/rates/latest/'));
    expect(rewritten).toEqual([]);
    expect(next.meta.contentId).toBe(first.meta.contentId);
  });

  it('renders only the month a new day falls in (the open month: no closed block holds it)', () => {
    const first = planSnapshot(sourceOf(RATES), OPTIONS, null);
    const added = rate(1, '2024-02-09', 63);
    const next = planSnapshot({ ...sourceOf([...RATES, added]), rates: [added] }, { ...OPTIONS }, previousOf(first));
    const shards = [...next.write.keys()].filter((path) => /^v1\/rates\/(all|1)[/.]/.test(path)).sort();
    expect(shards).toEqual([paths.shard('all', 'month', '2024-02-01'), paths.shard(1, 'month', '2024-02-01')].sort());
    expect(next.write.get(paths.monthEnds('2023-01-01'))).toBeUndefined();
    expect(next.write.get(paths.monthEnds('2024-01-01'))).toContain('"drtDate":"2024-02-09"');
  });
});
