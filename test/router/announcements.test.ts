// A figure a Nigerian body announced, beside ours (docs/API.md §2d), on figures
// worked by hand: 85 g of gold at $50 a gram and ₦1,500 a dollar is ₦6,375,000.
import { describe, expect, it } from 'vitest';
import { valueAnnouncement } from '../../generator/router/announcements.ts';
import type { ById, ValuingRate } from '../../generator/router/nisab-value.ts';
import { AnnouncementInput, NisabRuleInput } from '../../generator/model/schemas.ts';

const GOLD = NisabRuleInput.parse({ nsbID: 1, nsbSubcategoryID: 1, nsbThreshold: 85, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5 });
const DIYYAH = NisabRuleInput.parse({
  nsbID: 30,
  nsbSubcategoryID: 13,
  nsbThreshold: 4250,
  nsbThresholdUnit: 'gram',
  nsbRatePercent: null,
  nsbRateKind: 'none',
  nsbBasisSubcategoryID: 1,
});
const rules = { 1: GOLD, 30: DIYYAH };
const subcategories = { 1: { sctHasDailyRate: true }, 13: { sctHasDailyRate: false } };
const rates: ById<ValuingRate> = { 1: { drtDate: '2026-01-30', drtInUSD: 50, drtUSDinNaira: 1500, drtUnit: 'gram' } };
const announced = (fields: Partial<AnnouncementInput>) =>
  AnnouncementInput.parse({
    annID: 1,
    annDate: '2026-02-02',
    annBody: 'nmcn',
    annKind: 'nisab',
    annValueInNaira: 6_000_000,
    annBasis: '20 dinars',
    annRuleID: 1,
    annSource: 's',
    ...fields,
  });

describe('valueAnnouncement', () => {
  it('sets ours beside the announced figure: the rule at the newest rate on or before the day, and the difference in percent', () => {
    expect(valueAnnouncement(announced({}), rules, subcategories, rates)).toEqual({
      annID: 1,
      annDate: '2026-02-02',
      annBody: 'nmcn',
      annKind: 'nisab',
      annValueInNaira: 6_000_000,
      annBasis: '20 dinars',
      annRuleID: 1,
      annComputedInNaira: 6_375_000,
      // (6,000,000 - 6,375,000) / 6,375,000 = -5.882...%
      annDifferencePercent: -5.88,
      annSource: 's',
      annRateDate: '2026-01-30',
      annComputedNote: null,
      // 5.88 % from ours that day, and no earlier day was given
      annMatchesDate: null,
    });
    // The diyyah, 4,250 g measured by gold: 4250 × 50 × 1500 = 318,750,000; ₦320,000,000 is 0.39% above.
    expect(valueAnnouncement(announced({ annKind: 'diyyah', annValueInNaira: 320_000_000, annRuleID: 30 }), rules, subcategories, rates)).toMatchObject({
      annComputedInNaira: 318_750_000,
      annDifferencePercent: 0.39,
    });
  });

  it('names the date of the rate of ours within 1 % of the figure: its own when it matches there, else the closest earlier one, for a figure older than its date (CONTRACT §13)', () => {
    const on = (date: string, drtInUSD: number) => ({ date, rates: { 1: { drtDate: date, drtInUSD, drtUSDinNaira: 1500, drtUnit: 'gram' as const } } });
    // ₦6,000,000 against 85 g × price × 1500: at 48, 6,120,000 (1.96 % away: no match); at 46.9, 5,979,750
    // (0.34 %); at 47, 5,992,500 (0.13 %, the closest); at 47.1, 6,005,250 (0.09 %, closer still, but 400 days old).
    const earlier = [on('2026-01-15', 48), on('2025-12-31', 46.9), on('2025-11-28', 47), on('2024-12-29', 47.1)];
    expect(valueAnnouncement(announced({}), rules, subcategories, rates, earlier)).toMatchObject({ annDifferencePercent: -5.88, annMatchesDate: '2025-11-28' });
    // ₦6,400,000 is 0.39 % above ours on its own day (6,375,000): the rate of that day.
    expect(valueAnnouncement(announced({ annValueInNaira: 6_400_000 }), rules, subcategories, rates, earlier).annMatchesDate).toBe('2026-01-30');
    // ₦5,000,000 matches no day: 85 g at 39.2 would be needed.
    expect(valueAnnouncement(announced({ annValueInNaira: 5_000_000 }), rules, subcategories, rates, earlier).annMatchesDate).toBeNull();
    // No rule, no match.
    expect(valueAnnouncement(announced({ annRuleID: null }), rules, subcategories, rates, earlier).annMatchesDate).toBeNull();
  });

  it('says why there is no figure of ours: no rule with the measure, a rule not published, no rate on or before the day', () => {
    const none = (fields: Partial<AnnouncementInput>, r: ById<ValuingRate> = rates) => valueAnnouncement(announced(fields), rules, subcategories, r);
    expect(none({ annRuleID: null })).toMatchObject({
      annComputedInNaira: null,
      annDifferencePercent: null,
      annRateDate: null,
      annComputedNote: 'the announcement states no measure that a rule of /nisab has, so there is no figure of ours to set beside it',
    });
    expect(none({ annRuleID: 7 }).annComputedNote).toBe('rule 7 is not published in this snapshot');
    expect(none({ annDate: '2020-01-01' }, {})).toMatchObject({
      annComputedInNaira: null,
      annComputedNote: 'no rate of the metal that measures rule 1 is dated on or before 2020-01-01',
    });
  });
});
