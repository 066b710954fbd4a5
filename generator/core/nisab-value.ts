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
import { bracketNotation } from './livestock.ts';
import type { Bracket, NisabRule, NisabRuleInput } from './schemas.ts';

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

interface Valuation {
  usd: number;
  naira: number;
  date: string;
  subcategoryID: number;
}

function valueAt(threshold: number | null, unit: string | null, subcategoryID: number, rates: ById<ValuingRate>): Valuation | null {
  const rate = rates[String(subcategoryID)];
  if (threshold === null || !(threshold > 0) || rate === undefined || rate.drtUnit !== unit) return null;
  return {
    usd: money([threshold, rate.drtInUSD]),
    naira: money([threshold, rate.drtInUSD, rate.drtUSDinNaira]),
    date: rate.drtDate,
    subcategoryID: subcategoryID,
  };
}

/**
 * The value of a rule: at the rate of its measuring subcategory, or for
 * nsbLowerOf the lowest of its metal thresholds compared in Naira (the
 * currency the payers hold; the first listed wins a tie). Any rate missing:
 * null, since which is lower cannot be told.
 */
function valuation(rule: NisabRuleInput, subcategories: ById<ValuingSubcategory>, rates: ById<ValuingRate>): Valuation | null {
  if (rule.nsbLowerOf.length === 0) {
    const measuredBy = measuringSubcategoryID(rule, subcategories);
    return measuredBy === null ? null : valueAt(rule.nsbThreshold, rule.nsbThresholdUnit, measuredBy, rates);
  }
  let lowest: Valuation | null = null;
  for (let i = 0; i < rule.nsbLowerOf.length; i++) {
    const metal = rule.nsbLowerOf[i]!;
    const value = valueAt(metal.threshold, rule.nsbThresholdUnit, metal.subcategoryID, rates);
    if (value === null) return null;
    if (lowest === null || value.naira < lowest.naira) lowest = value;
  }
  return lowest;
}

function publishedBrackets(brackets: NisabRuleInput['nsbBrackets']): Bracket[] {
  const out: Bracket[] = [];
  for (let i = 0; i < brackets.length; i++) {
    const b = brackets[i]!;
    out.push({
      lbrMinCount: b.lbrMinCount,
      lbrMaxCount: b.lbrMaxCount,
      lbrDue: bracketNotation(b),
      lbrDueText: b.lbrDueText,
      lbrDues: b.lbrDues,
      lbrFormula: b.lbrFormula,
    });
  }
  return out;
}

/**
 * The published rule: its fields in the record's order, valued at `rates`
 * (the rate record to use, by subcategory id: the newest, or the newest on or
 * before a date). No rate for the measuring subcategory: the values are null.
 */
export function valueRule(rule: NisabRuleInput, subcategories: ById<ValuingSubcategory>, rates: ById<ValuingRate>): NisabRule {
  const value = valuation(rule, subcategories, rates);
  return {
    nsbID: rule.nsbID,
    nsbSubcategoryID: rule.nsbSubcategoryID,
    nsbVariant: rule.nsbVariant,
    nsbIsDefault: rule.nsbIsDefault,
    nsbSchools: rule.nsbSchools,
    nsbAuthorities: rule.nsbAuthorities,
    nsbThreshold: rule.nsbThreshold,
    nsbThresholdUnit: rule.nsbThresholdUnit,
    nsbRatePercent: rule.nsbRatePercent,
    nsbSolarYearRatePercent: rule.nsbSolarYearRatePercent,
    nsbRateKind: rule.nsbRateKind,
    nsbBasisSubcategoryID: rule.nsbBasisSubcategoryID,
    nsbLowerOf: rule.nsbLowerOf,
    nsbHawlRequired: rule.nsbHawlRequired,
    nsbValueInUSD: value === null ? null : value.usd,
    nsbValueInNaira: value === null ? null : value.naira,
    nsbRateDate: value === null ? null : value.date,
    nsbValueSubcategoryID: value === null ? null : value.subcategoryID,
    nsbConditions: rule.nsbConditions,
    nsbNotes: rule.nsbNotes,
    nsbSourceURL: rule.nsbSourceURL,
    nsbBrackets: publishedBrackets(rule.nsbBrackets),
    nsbCombining: rule.nsbCombining,
    nsbWornJewellery: rule.nsbWornJewellery,
    nsbDueItems: rule.nsbDueItems,
    nsbTrader: rule.nsbTrader,
  };
}
