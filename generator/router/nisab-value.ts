// A Nisab rule valued in money: the threshold at the rate of the subcategory
// whose price measures it (the rule's own, or for cash, trade goods and minerals
// the metal named as its basis). One function for the build (/nisab at the
// as-of date) and for the router (/nisab?date=, valued at request time), so the
// two can never disagree.
//
// Router core: keep to what nginx's njs 0.7.9 runs (no destructuring, spread,
// for-of, classes, optional chaining, nullish coalescing, Map/Set); inputs are
// plain objects keyed by subcategory id.
import { daysBetween } from '../model/dates.ts';
import { money } from './money.ts';
import { bracketNotation } from './livestock.ts';
import type { Bracket, NisabRule, NisabRuleInput } from '../model/schemas.ts';

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
  /** With currency= (docs/API.md §2c): units of the currency per US dollar for this record; null when none is published on or before it. */
  fx?: number | null;
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
  /** In the currency of currency=, when asked and its rate is published (else null). */
  inCurrency: number | null;
  date: string;
  subcategoryID: number;
}

function valueAt(threshold: number | null, unit: string | null, subcategoryID: number, rates: ById<ValuingRate>): Valuation | null {
  const rate = rates[String(subcategoryID)];
  if (threshold === null || !(threshold > 0) || rate === undefined || rate.drtUnit !== unit) return null;
  const fx = rate.fx === undefined ? null : rate.fx;
  return {
    usd: money([threshold, rate.drtInUSD]),
    naira: money([threshold, rate.drtInUSD, rate.drtUSDinNaira]),
    inCurrency: fx === null ? null : money([threshold, rate.drtInUSD, fx]),
    date: rate.drtDate,
    subcategoryID: subcategoryID,
  };
}

/**
 * The value of a rule: at the rate of its measuring subcategory, or for
 * nsbLowerOf the lowest of its metal thresholds compared in Naira (the
 * currency the payers hold; the first listed wins a tie), or with currency=
 * in that currency where every metal's rate has one (docs/API.md §2c). Any
 * rate missing: null, since which is lower cannot be told.
 */
function valuation(rule: NisabRuleInput, subcategories: ById<ValuingSubcategory>, rates: ById<ValuingRate>): Valuation | null {
  if (rule.nsbLowerOf.length === 0) {
    const measuredBy = measuringSubcategoryID(rule, subcategories);
    return measuredBy === null ? null : valueAt(rule.nsbThreshold, rule.nsbThresholdUnit, measuredBy, rates);
  }
  let lowest: Valuation | null = null;
  const values: Valuation[] = [];
  for (let i = 0; i < rule.nsbLowerOf.length; i++) {
    const metal = rule.nsbLowerOf[i]!;
    const value = valueAt(metal.threshold, rule.nsbThresholdUnit, metal.subcategoryID, rates);
    if (value === null) return null;
    values.push(value);
  }
  let inCurrency = true;
  for (let i = 0; i < values.length; i++) if ((values[i] as Valuation).inCurrency === null) inCurrency = false;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as Valuation;
    if (lowest === null || (inCurrency ? (value.inCurrency as number) < (lowest.inCurrency as number) : value.naira < lowest.naira)) lowest = value;
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
 * `day` is the day the answer is for (the as-of date, or a dated answer's):
 * nsbRateAgeDays counts the days from the rate's date to it.
 */
export function valueRule(rule: NisabRuleInput, subcategories: ById<ValuingSubcategory>, rates: ById<ValuingRate>, day: string): NisabRule {
  return valueRuleIn(rule, subcategories, rates, day).rule;
}

/** nsbRateAgeDays (docs/API.md §3): days from the rate's date to the answer's day; null when not valued. */
export function rateAgeDays(rateDate: string | null, day: string): number | null {
  return rateDate === null ? null : daysBetween(rateDate, day);
}

/**
 * A rule valued, and in the currency of the rates' `fx` (docs/API.md §2c):
 * `inCurrency` is null where the rule has no value or the currency no rate.
 * (The caller writes the currency's fields after the rule's JSON: an object's
 * key order is the engine's once a key is added to it, and njs's is not V8's.)
 */
export function valueRuleIn(
  rule: NisabRuleInput,
  subcategories: ById<ValuingSubcategory>,
  rates: ById<ValuingRate>,
  day: string,
): { rule: NisabRule; inCurrency: number | null } {
  const value = valuation(rule, subcategories, rates);
  const valued: NisabRule = {
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
    nsbRateAgeDays: rateAgeDays(value === null ? null : value.date, day),
    nsbValueSubcategoryID: value === null ? null : value.subcategoryID,
    nsbConditions: rule.nsbConditions,
    nsbNotes: rule.nsbNotes,
    nsbSourceURL: rule.nsbSourceURL,
    nsbBrackets: publishedBrackets(rule.nsbBrackets),
    nsbCombining: rule.nsbCombining,
    nsbWornJewellery: rule.nsbWornJewellery,
    nsbDueItems: rule.nsbDueItems,
    nsbTrader: rule.nsbTrader,
    nsbPositions: rule.nsbPositions,
  };
  return { rule: valued, inCurrency: value === null ? null : value.inCurrency };
}
