// A figure a Nigerian body announced, beside ours (docs/API.md §2d): ours is the
// rule of the same measure valued exactly as /nisab?date=annDate values it
// (valueRule, the router's own), and the difference is the announced figure's
// distance from ours in percent. Where there is nothing to compare, the record
// says why instead of guessing.
import { money } from './money.ts';
import { type ById, type ValuingRate, type ValuingSubcategory, valueRule } from './nisab-value.ts';
import type { Announcement, AnnouncementInput, NisabRuleInput } from './schemas.ts';

export function valueAnnouncement(
  announcement: AnnouncementInput,
  rules: ById<NisabRuleInput>,
  subcategories: ById<ValuingSubcategory>,
  rates: ById<ValuingRate>,
): Announcement {
  const compared = (computed: number | null, rateDate: string | null, note: string | null): Announcement => ({
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
  return compared(valued.nsbValueInNaira, valued.nsbRateDate, null);
}
