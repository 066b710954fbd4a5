// Nisab in money: the threshold valued at the newest published rate of the
// subcategory whose price measures it (the rule's own, or for cash, trade goods
// and minerals the metal named as its basis).
import { money } from '../core/money.ts';
import type { NisabRule, NisabRuleInput, Rate, Subcategory } from '../core/schemas.ts';


export function withValues(rule: NisabRuleInput, subcategories: Map<number, Subcategory>, latest: Map<number, Rate>): NisabRule {
  const own = subcategories.get(rule.nsbSubcategoryID);
  const measuredBy = rule.nsbBasisSubcategoryID ?? (own?.sctHasDailyRate ? rule.nsbSubcategoryID : null);
  const rate = measuredBy === null ? undefined : latest.get(measuredBy);
  const unitMatches = rate !== undefined && rate.drtUnit === rule.nsbThresholdUnit;
  const valued = rule.nsbThreshold !== null && rule.nsbThreshold > 0 && rate !== undefined && unitMatches;
  return {
    nsbID: rule.nsbID,
    nsbSubcategoryID: rule.nsbSubcategoryID,
    nsbVariant: rule.nsbVariant,
    nsbIsDefault: rule.nsbIsDefault,
    nsbThreshold: rule.nsbThreshold,
    nsbThresholdUnit: rule.nsbThresholdUnit,
    nsbRatePercent: rule.nsbRatePercent,
    nsbRateKind: rule.nsbRateKind,
    nsbBasisSubcategoryID: rule.nsbBasisSubcategoryID,
    nsbHawlRequired: rule.nsbHawlRequired,
    nsbValueInUSD: valued ? money([rule.nsbThreshold!, rate.drtInUSD]) : null,
    nsbValueInNaira: valued ? money([rule.nsbThreshold!, rate.drtInUSD, rate.drtUSDinNaira]) : null,
    nsbRateDate: valued ? rate.drtDate : null,
    nsbConditions: rule.nsbConditions,
    nsbNotes: rule.nsbNotes,
    nsbSourceURL: rule.nsbSourceURL,
    nsbBrackets: rule.nsbBrackets,
  };
}
