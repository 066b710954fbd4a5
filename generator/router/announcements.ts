// A figure a Nigerian body announced, beside ours (docs/API.md §2d): ours is the
// rule of the same measure valued exactly as /nisab?date=annDate values it
// (valueRule, the router's own), and the difference is the announced figure's
// distance from ours in percent. Where there is nothing to compare, the record
// says why instead of guessing.
import { addDays } from '../model/dates.ts';
import { money } from './money.ts';
import { type ById, type ValuingRate, type ValuingSubcategory, valueRule } from './nisab-value.ts';
import type { Announcement, AnnouncementInput, NisabRuleInput } from '../model/schemas.ts';

/** An announced figure "matches" ours within this share of ours (CONTRACT §13). */
export const MATCH_WITHIN = 0.01;
/** How far back annMatchesDate looks: a year (a year-old figure is the stalest a notice has been found to use). */
export const MATCH_DAYS = 366;

export function valueAnnouncement(
  announcement: AnnouncementInput,
  rules: ById<NisabRuleInput>,
  subcategories: ById<ValuingSubcategory>,
  rates: ById<ValuingRate>,
  earlier: readonly { date: string; rates: ById<ValuingRate> }[] = [],
): Announcement {
  const oldest = addDays(announcement.annDate, -MATCH_DAYS);
  const within = (computed: number | null, rateDate: string | null) =>
    computed !== null && rateDate !== null && rateDate >= oldest && Math.abs(announcement.annValueInNaira - computed) <= MATCH_WITHIN * computed;
  // The date of the rate of ours the figure matches: its own day's; else, for a figure older than its date,
  // the earlier rate closest to it (the newest of equals), which is the rate the body most likely used.
  const matches = (rule: NisabRuleInput, computed: number | null, rateDate: string | null): string | null => {
    if (within(computed, rateDate)) return rateDate;
    let best: { date: string; off: number } | null = null;
    for (let i = 0; i < earlier.length; i++) {
      const day = earlier[i]!;
      const valued = valueRule(rule, subcategories, day.rates, day.date);
      if (!within(valued.nsbValueInNaira, valued.nsbRateDate)) continue;
      const off = Math.abs(announcement.annValueInNaira - valued.nsbValueInNaira!);
      if (best === null || off < best.off) best = { date: valued.nsbRateDate!, off: off };
    }
    return best === null ? null : best.date;
  };
  const compared = (computed: number | null, rateDate: string | null, note: string | null, matchesDate: string | null = null): Announcement => ({
    annID: announcement.annID,
    annDate: announcement.annDate,
    annBody: announcement.annBody,
    annKind: announcement.annKind,
    annValueInNaira: announcement.annValueInNaira,
    annBasis: announcement.annBasis,
    annRuleID: announcement.annRuleID,
    annComputedInNaira: computed,
    annDifferencePercent: computed === null || computed === 0 ? null : money([((announcement.annValueInNaira - computed) / computed) * 100]),
    annSource: announcement.annSource,
    annRateDate: rateDate,
    annComputedNote: note,
    annMatchesDate: matchesDate,
  });
  if (announcement.annRuleID === null) {
    return compared(null, null, 'the announcement states no measure that a rule of /nisab has, so there is no figure of ours to set beside it');
  }
  const rule = rules[String(announcement.annRuleID)];
  if (rule === undefined) return compared(null, null, `rule ${announcement.annRuleID} is not published in this snapshot`);
  const valued = valueRule(rule, subcategories, rates, announcement.annDate);
  if (valued.nsbValueInNaira === null) {
    return compared(null, null, `no rate of the metal that measures rule ${rule.nsbID} is dated on or before ${announcement.annDate}`);
  }
  return compared(valued.nsbValueInNaira, valued.nsbRateDate, null, matches(rule, valued.nsbValueInNaira, valued.nsbRateDate));
}
