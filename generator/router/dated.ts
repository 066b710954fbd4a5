// Dated answers (docs/API.md §2a): the newest rate on or before a date, and the
// Nisab rules valued at it. They are composed at request time from two small
// files besides the answer's own: the month of the date (every subcategory's
// records of that month) and the month ends of its year (each subcategory's
// newest record before the year and at the end of each month of it). So a
// dated answer reads at most three files, however long a gap before the date.
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).
import { listBody, renderItem, renderList, LIST_SEPARATOR } from './envelope.ts';
import { renderRecord } from './records.ts';
import { rateLine, type Rewriter } from './answer-options.ts';
import { rateAgeDays, valueRuleIn, type ById, type ValuingRate, type ValuingSubcategory } from './nisab-value.ts';
import type { NisabRule, NisabRuleInput, RoutingIndex } from '../model/schemas.ts';

/** What a dated plan composes once its files are read. */
export interface Dated {
  kind: 'latest' | 'nisab';
  /** The day answered: the date asked for, or the as-of date when that is later. */
  date: string;
  /** latest: the subcategory whose record is answered. */
  subcategory: number;
  /**
   * nisab in a currency on or after the newest rate: the reads are [own file,
   * month ends of the newest rate's year], whose lines up to the date hold each
   * subcategory's newest rate (the month of the date is not read).
   */
  monthEndsOnly: boolean;
  /**
   * nisab without currency on or after the newest rate, before the as-of date:
   * the one read, the undated answer, is valued already; only nsbRateAgeDays is the day's.
   */
  ageOnly?: boolean;
}

interface Found {
  line: string;
  rate: ValuingRate & { drtSubcategoryID: number; drtPriceSource: string; drtNairaDate: string; drtNairaSource: string };
}

function lines(fileText: string): string[] {
  const body = listBody(fileText);
  return body.count === 0 ? [] : body.joined.split(LIST_SEPARATOR);
}

/**
 * Each subcategory's newest record on or before `date`, from the month file of
 * the date and the month ends of its year (both in drtDate order: a later line
 * replaces an earlier one).
 */
export function newestOnOrBefore(date: string, monthText: string | null, monthEndsText: string | null, monthEndsOnly?: boolean): ById<Found> {
  const found: ById<Found> = {};
  const monthStart = date.slice(0, 8) + '01';
  const take = function (text: string | null, before: string, inclusive: boolean) {
    if (text === null) return;
    const all = lines(text);
    for (let i = 0; i < all.length; i++) {
      const line = all[i] as string;
      const rate = JSON.parse(line) as Found['rate'];
      if (inclusive ? rate.drtDate <= before : rate.drtDate < before) found[String(rate.drtSubcategoryID)] = { line: line, rate: rate };
    }
  };
  if (monthEndsOnly === true) take(monthEndsText, date, true);
  else take(monthEndsText, monthStart, false);
  take(monthText, date, true);
  return found;
}

/**
 * The body of a dated answer from its files: [own file (nisab only), month, month
 * ends] as planned ([own file, month ends] when monthEndsOnly); with answer
 * options (currency=), `rewriters` rewrite the record line, and each one that
 * rewrites Nisab rules values them in its figures and adds its fields.
 */
export function composeDated(dated: Dated, texts: string[], index: RoutingIndex, rewriters?: Rewriter[]): { status: number; body: string } | null {
  const options = rewriters === undefined ? [] : rewriters;
  if (dated.kind === 'latest') {
    const found = newestOnOrBefore(dated.date, texts[0] as string, texts[1] as string)[String(dated.subcategory)];
    if (found === undefined) return null;
    return { status: 200, body: renderItem(rateLine(found.line, options)) };
  }
  if (dated.ageOnly === true) {
    const published = (JSON.parse(texts[0] as string) as { data: NisabRule[] }).data;
    const aged: string[] = [];
    for (let i = 0; i < published.length; i++) {
      const rule = published[i] as NisabRule;
      rule.nsbRateAgeDays = rateAgeDays(rule.nsbRateDate, dated.date);
      aged.push(renderRecord('NisabRule', rule));
    }
    return { status: 200, body: renderList(aged) };
  }
  const rules = (JSON.parse(texts[0] as string) as { data: NisabRuleInput[] }).data;
  let newest: ById<Found> = {};
  if (dated.monthEndsOnly) newest = newestOnOrBefore(dated.date, null, texts[1] as string, true);
  else if (texts.length > 1) newest = newestOnOrBefore(dated.date, texts[1] as string, texts[2] as string);
  const rates: ById<ValuingRate> = {};
  const ids = Object.keys(newest);
  for (let i = 0; i < ids.length; i++) rates[ids[i] as string] = (newest[ids[i] as string] as Found).rate;
  // Each option that rewrites rules: the rates, each with its figure in the option (nisab-value.ts values a rule in it).
  const valuing: { rewriter: Rewriter; rates: ById<ValuingRate> }[] = [];
  for (let k = 0; k < options.length; k++) {
    const rewriter = options[k] as Rewriter;
    const rewrite = rewriter.option.records.NisabRule;
    if (rewrite === undefined) continue;
    const own: ById<ValuingRate> = {};
    for (let i = 0; i < ids.length; i++) {
      const rate = (newest[ids[i] as string] as Found).rate;
      own[ids[i] as string] = {
        drtDate: rate.drtDate,
        drtInUSD: rate.drtInUSD,
        drtUSDinNaira: rate.drtUSDinNaira,
        drtUnit: rate.drtUnit,
        fx: rewrite.figure(rate, rewriter.state),
      };
    }
    valuing.push({ rewriter: rewriter, rates: own });
  }
  const subcategories: ById<ValuingSubcategory> = {};
  for (let i = 0; i < index.dailyRateIDs.length; i++) subcategories[String(index.dailyRateIDs[i])] = { sctHasDailyRate: true };
  const valued: string[] = [];
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as NisabRuleInput;
    // Rendered by the build's renderer: JSON.stringify of the rule would write njs's key order, not the record's.
    if (valuing.length === 0) {
      valued.push(renderRecord('NisabRule', valueRuleIn(rule, subcategories, rates, dated.date).rule));
      continue;
    }
    // The rule's own fields as the first option values it (a lower-of rule compares its metals in it),
    // then each option's fields after them (docs/API.md §2c).
    let json = '';
    for (let k = 0; k < valuing.length; k++) {
      const by = valuing[k] as { rewriter: Rewriter; rates: ById<ValuingRate> };
      const inOption = valueRuleIn(rule, subcategories, by.rates, dated.date);
      if (k === 0) json = renderRecord('NisabRule', inOption.rule);
      json = (by.rewriter.option.records.NisabRule as { line(line: string, value: number | null, state: unknown): string }).line(
        json,
        inOption.inCurrency,
        by.rewriter.state,
      );
    }
    valued.push(json);
  }
  return { status: 200, body: renderList(valued) };
}
