// A Nisab rule valued in money: the threshold at the rate of the subcategory
// whose price measures it (the rule's own, or for cash, trade goods and minerals
// the metal named as its basis). One function for the build (/nisab at the
// as-of date) and for the router (/nisab?date=, valued at request time), so the
// two can never disagree.
//
// Router core: keep to what nginx's njs 0.7.9 runs (no destructuring, spread,
// for-of, classes, optional chaining, nullish coalescing, Map/Set); inputs are
// plain objects keyed by subcategory id.
import { money } from './money.ts';
import type { NisabRule, NisabRuleInput } from './schemas.ts';

/** What valuing needs of a subcategory. */
export interface ValuingSubcategory {
  sctHasDailyRate: boolean;
}

/** What valuing needs of a rate record. */
export interface ValuingRate {
  drtDate: string;
  drtInUSD: number;
  drtUSDinNaira: number;
  drtUnit: string;
}

export interface ById<T> {
  [id: string]: T | undefined;
}


/** The subcategory whose rate measures the rule, or null when no rate applies. */
export function measuringSubcategoryID(rule: NisabRuleInput, subcategories: ById<ValuingSubcategory>): number | null {
  if (rule.nsbBasisSubcategoryID !== null) return rule.nsbBasisSubcategoryID;
  const own = subcategories[String(rule.nsbSubcategoryID)];
  return own !== undefined && own.sctHasDailyRate ? rule.nsbSubcategoryID : null;
}

/**
 * The published rule: its fields in the record's order, valued at `rates`
 * (the rate record to use, by subcategory id: the newest, or the newest on or
 * before a date). No rate for the measuring subcategory: the values are null.
 */
export function valueRule(rule: NisabRuleInput, subcategories: ById<ValuingSubcategory>, rates: ById<ValuingRate>): NisabRule {
  const measuredBy = measuringSubcategoryID(rule, subcategories);
  const rate = measuredBy === null ? undefined : rates[String(measuredBy)];
  const threshold = rule.nsbThreshold;
  const valued = threshold !== null && threshold > 0 && rate !== undefined && rate.drtUnit === rule.nsbThresholdUnit;
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
    nsbValueInUSD: valued ? money([threshold as number, (rate as ValuingRate).drtInUSD]) : null,
    nsbValueInNaira: valued ? money([threshold as number, (rate as ValuingRate).drtInUSD, (rate as ValuingRate).drtUSDinNaira]) : null,
    nsbRateDate: valued ? (rate as ValuingRate).drtDate : null,
    nsbConditions: rule.nsbConditions,
    nsbNotes: rule.nsbNotes,
    nsbSourceURL: rule.nsbSourceURL,
    nsbBrackets: rule.nsbBrackets,
  };
}
