// Dated answers (CONTRACT §2a): the newest rate on or before a date, and the
// Nisab rules valued at it. They are composed at request time from two small
// files besides the answer's own: the month of the date (every subcategory's
// records of that month) and the month ends of its year (each subcategory's
// newest record before the year and at the end of each month of it). So a
// dated answer reads at most three files, however long a gap before the date.
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).
import { listBody, renderItem, renderList, LIST_SEPARATOR } from './envelope.ts';
import { renderRecord } from './records.ts';
import { valueRule, type ById, type ValuingRate, type ValuingSubcategory } from './nisab-value.ts';
import type { NisabRuleInput, RoutingIndex } from './schemas.ts';

/** What a dated plan composes once its files are read. */
export interface Dated {
  kind: 'latest' | 'nisab';
  /** The day answered: the date asked for, or the as-of date when that is later. */
  date: string;
  /** latest: the subcategory whose record is answered. */
  subcategory: number;
}

interface Found {
  line: string;
  rate: ValuingRate & { drtSubcategoryID: number };
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
export function newestOnOrBefore(date: string, monthText: string | null, monthEndsText: string | null): ById<Found> {
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
  take(monthEndsText, monthStart, false);
  take(monthText, date, true);
  return found;
}

/** The body of a dated answer from its files: [own file (nisab only), month, month ends], as planned. */
export function composeDated(dated: Dated, texts: string[], index: RoutingIndex): { status: number; body: string } | null {
  if (dated.kind === 'latest') {
    const found = newestOnOrBefore(dated.date, texts[0] as string, texts[1] as string)[String(dated.subcategory)];
    return found === undefined ? null : { status: 200, body: renderItem(found.line) };
  }
  const rules = (JSON.parse(texts[0] as string) as { data: NisabRuleInput[] }).data;
  const newest = texts.length > 1 ? newestOnOrBefore(dated.date, texts[1] as string, texts[2] as string) : {};
  const rates: ById<ValuingRate> = {};
  const ids = Object.keys(newest);
  for (let i = 0; i < ids.length; i++) rates[ids[i] as string] = (newest[ids[i] as string] as Found).rate;
  const subcategories: ById<ValuingSubcategory> = {};
  for (let i = 0; i < index.dailyRateIDs.length; i++) subcategories[String(index.dailyRateIDs[i])] = { sctHasDailyRate: true };
  const valued: string[] = [];
  // Rendered by the build's renderer: JSON.stringify of the rule would write njs's key order, not the record's.
  for (let i = 0; i < rules.length; i++) valued.push(renderRecord('NisabRule', valueRule(rules[i] as NisabRuleInput, subcategories, rates)));
  return { status: 200, body: renderList(valued) };
}
