// Today's figures on the page: the gold and silver Nisab cards, the dollar's
// rate, the old-rate warning and NMCN's monthly notice, written as markup by the
// same functions at build time (page/html.ts, from the snapshot's own /nisab and
// /rates/latest files, so the page shows them with scripts off) and in the
// browser (page/main.ts, on the API's answer), so the figures do not move when
// the script takes over.
import type { NisabRule, Rate, Source, SourceFigure, Subcategory } from '../../../client/src/types.ts';
import { daysBetween } from '../../model/dates.ts';
import type { PageStrings } from '../i18n/catalogue.ts';
import { h, markup, type Markup } from './markup.ts';
import { OLD_RATE_AFTER_DAYS } from './rate-age.ts';
import type { PageWords } from './words.ts';

/** What the figures are made of: one /nisab answer and the metals' newest rates, with the lists the build wrote into the page. */
/**
 * What the page's script names a source by. The rest of GET /sources (a report's description quoting its words,
 * the licence) is in the page's credits and on /developers/: the whole list in the page's config was 11 kB of the
 * first render's gzipped 60 once the Sultanate's reports of Nigeria's months came in (issue 46).
 */
export type SourceName = Pick<Source, 'srcID' | 'srcName' | 'srcURL' | 'srcFigure'>;

export function sourceNames(sources: readonly Source[]): SourceName[] {
  return sources.map((s) => ({ srcID: s.srcID, srcName: s.srcName, srcURL: s.srcURL, srcFigure: s.srcFigure }));
}

export interface Figures {
  rules: NisabRule[];
  /** The newest rate of each metal with a daily rate, by subcategory ID. */
  rates: Map<number, Rate>;
  subcategories: Subcategory[];
  sources: SourceName[];
  defaultSubcategoryID: number;
  /** The day the figures are for (the snapshot's as-of date). */
  asOf: string;
}

const ruleOf = (f: Figures, slug: string) => {
  const id = f.subcategories.find((s) => s.sctSlug === slug)?.sctID;
  return id === undefined ? undefined : { id, rule: f.rules.find((r) => r.nsbSubcategoryID === id && r.nsbIsDefault) };
};

/** Both Hijri dates: Umm al-Qura always, Nigeria's where the month's declaration is in the data (docs/calendar.md). */
export function rateDateText(rate: Rate, { t, calendar, format }: PageWords): string {
  return [
    format.date(rate.drtDate),
    t.hijriIn(format.hijri(rate.drtHijriDate), calendar.ummAlQura),
    ...(rate.drtHijriDateNigeria ? [t.hijriIn(format.hijri(rate.drtHijriDateNigeria), calendar.nigeria)] : []),
  ].join(' · ');
}

/** A figure's source by name, linked to where it is published, as GET /sources describes it. */
function sourceText(sources: SourceName[], id: string, testid: string, t: PageStrings): Markup {
  const source = sources.find((s) => s.srcID === id);
  // The build checks every rate's source against the list; an unknown id is shown as it is.
  if (!source) return h('span', { 'data-testid': testid, 'data-source': id }, id);
  const name = source.srcURL ? h('a', { href: source.srcURL, rel: 'noopener' }, source.srcName) : h('span', {}, source.srcName);
  return h('span', { 'data-testid': testid, 'data-source': source.srcID }, name, ` (${(t.figure as Record<SourceFigure, string>)[source.srcFigure]})`);
}

/**
 * The other weight of a standard shown on its card beside the default's, with who uses each: dailynisab.org's
 * help page gives the gold Nisab as 87.48 g (rule 2, `tola-87.48g`), NMCN 85 g (rule 1, the default), so a
 * mosque switching over sees why its figure moves.
 */
const OTHER_WEIGHT: { [slug: string]: string } = { gold: 'tola-87.48g' };

function otherWeight(rule: NisabRule, slug: string, f: Figures, { t, format }: PageWords): Markup | undefined {
  const other = f.rules.find((r) => r.nsbSubcategoryID === rule.nsbSubcategoryID && r.nsbVariant === OTHER_WEIGHT[slug]);
  if (!other) return undefined;
  const value = other.nsbValueInNaira === null ? t.notAvailable : format.money(other.nsbValueInNaira, 'NGN');
  return h(
    'p',
    { class: 'small', 'data-testid': `nisab-${slug}-other-naira`, 'data-value': String(other.nsbValueInNaira), 'data-rule': String(other.nsbID) },
    h('strong', {}, value),
    ' · ',
    t.weightBy(format.number(other.nsbThreshold ?? 0, 2), t.otherWeightBy),
  );
}

function nisabCard(title: string, rule: NisabRule, rate: Rate | undefined, slug: string, f: Figures, words: PageWords): Markup {
  const { t, calendar, format } = words;
  const value = (n: number | null, currency: string) => (n === null ? t.notAvailable : format.money(n, currency));
  const carried = rate && rate.drtNairaDate !== rate.drtDate ? t.carriedFrom(format.date(rate.drtNairaDate)) : '';
  const metal = slug === 'gold' ? calendar.gold : calendar.silver;
  const grams = format.number(rule.nsbThreshold ?? 0, 0);
  return h(
    'article',
    { class: 'card', 'data-standard': slug },
    h('h3', {}, title),
    h('p', { class: 'big', 'data-testid': `nisab-${slug}-naira`, 'data-value': String(rule.nsbValueInNaira) }, value(rule.nsbValueInNaira, 'NGN')),
    h('p', { 'data-testid': `nisab-${slug}-usd`, 'data-value': String(rule.nsbValueInUSD) }, value(rule.nsbValueInUSD, 'USD')),
    OTHER_WEIGHT[slug] !== undefined && h('p', { class: 'small', 'data-testid': `nisab-${slug}-weight` }, t.weightBy(grams, t.defaultWeightBy)),
    OTHER_WEIGHT[slug] !== undefined && otherWeight(rule, slug, f, words),
    h('p', { class: 'small' }, rate ? t.thresholdAt(grams, metal, format.money(rate.drtInNaira, 'NGN')) : t.thresholdNoPrice(grams, metal)),
    h(
      'p',
      { class: 'small', 'data-testid': `rate-date-${slug}` },
      t.rateOf(rate ? rateDateText(rate, words) : rule.nsbRateDate ? format.date(rule.nsbRateDate) : t.noDate),
    ),
    rate && h('p', { class: 'small' }, t.priceSource, sourceText(f.sources, rate.drtPriceSource, `source-${slug}-price`, t)),
    rate && h('p', { class: 'small' }, t.nairaSource, sourceText(f.sources, rate.drtNairaSource, `source-${slug}-naira`, t), carried),
  );
}

/** The inside of #nisab-cards: the gold and the silver standard. */
export function nisabCards(f: Figures, words: PageWords): string {
  const { t } = words;
  return markup(
    ...(
      [
        ['gold', t.goldStandard],
        ['silver', t.silverStandard],
      ] as const
    ).map(([slug, title]) => {
      const found = ruleOf(f, slug);
      return found?.rule ? nisabCard(title, found.rule, f.rates.get(found.id), slug, f, words) : undefined;
    }),
  );
}

/** The snapshot's day (its as-of date, /meta) in both Hijri calendars. */
export interface Today {
  asOf: string;
  asOfHijri: string;
  asOfHijriNigeria: string | null;
}

/**
 * #today: the snapshot's as-of date and its Hijri dates in the elements dailynisab.org's page has (#hijri-date by
 * Umm al-Qura, #nigeria-hijri-date as Nigeria declared the month, or that it is not yet declared; CONTRACT §12),
 * so the scrapers written for that page find them. Not the rate's day: a rate may be older than today.
 */
export function todayDates(today: Today, { t, calendar, format }: PageWords): Markup {
  return h(
    'span',
    {},
    t.todayIs(format.date(today.asOf)),
    ' ',
    h('span', { id: 'hijri-date', 'data-date': today.asOfHijri }, format.hijri(today.asOfHijri)),
    ` (${calendar.ummAlQura}) · `,
    today.asOfHijriNigeria === null
      ? h('span', { id: 'nigeria-hijri-date' }, t.nigeriaNotDeclared)
      : h('span', { id: 'nigeria-hijri-date', 'data-date': today.asOfHijriNigeria }, format.hijri(today.asOfHijriNigeria)),
    today.asOfHijriNigeria !== null && ` (${calendar.nigeria})`,
  );
}

/**
 * #per-gram: the day's gold and silver price per gram in naira with the rate's date, near the top of the page and
 * before the Nisab figures (CONTRACT §12: a scraper of dailynisab.org's page reads a price per gram there).
 */
export function perGramText(f: Figures, { t, format }: PageWords): Markup | undefined {
  const rateOfSlug = (slug: string) => {
    const id = f.subcategories.find((s) => s.sctSlug === slug)?.sctID;
    return id === undefined ? undefined : f.rates.get(id);
  };
  const gold = rateOfSlug('gold');
  const silver = rateOfSlug('silver');
  if (!gold) return undefined;
  const price = (slug: string, rate: Rate, text: (price: string) => string) =>
    h(
      'span',
      { 'data-testid': `per-gram-${slug}`, 'data-value': String(rate.drtInNaira), 'data-date': rate.drtDate },
      text(format.money(rate.drtInNaira, 'NGN')),
    );
  return h(
    'span',
    {},
    price('gold', gold, t.goldPerGram),
    silver && ', ',
    silver && price('silver', silver, t.silverPerGram),
    ' ',
    t.perGramOf(format.date(gold.drtDate)),
  );
}

/** #nisab-rate: what one US dollar was, on the day of the default metal's newest rate. */
export function dollarText(f: Figures, { t, format }: PageWords): string {
  const newest = f.rates.get(f.defaultSubcategoryID);
  return newest ? t.dollarWas(format.money(newest.drtUSDinNaira, 'NGN'), format.date(newest.drtNairaDate)) : '';
}

/** The default Nisab's rate: its day and its age to the as-of date, as the API counts it (nsbRateAgeDays), never a browser's clock. */
export function rateAge(f: Figures): { date: string; days: number } | null {
  const rule = f.rules.find((r) => r.nsbSubcategoryID === f.defaultSubcategoryID && r.nsbIsDefault);
  return rule?.nsbRateDate && rule.nsbRateAgeDays != null ? { date: rule.nsbRateDate, days: rule.nsbRateAgeDays } : null;
}

/** #stale: the warning past OLD_RATE_AFTER_DAYS, or null. */
export function staleText(f: Figures, { t, format }: PageWords): string | null {
  const age = rateAge(f);
  return age && age.days > OLD_RATE_AFTER_DAYS ? t.stale(format.date(age.date), age.days, format.number(age.days, 0), format.date(f.asOf)) : null;
}

/**
 * What a printout says of its age (#notice-age): the rate's day, the day it is
 * printed and the days between, and a warning past OLD_RATE_AFTER_DAYS. With
 * scripts off `on` is the as-of date (the page cannot know the day it is
 * printed); the script writes the browser's day before printing.
 */
export function printAge(rateDate: string, on: string, printed: boolean, { t, format }: PageWords): { text: string; stale: string | null; days: number } {
  const days = daysBetween(rateDate, on);
  const shown = format.number(days, 0);
  const p = t.printout;
  return {
    text: printed ? p.printedOn(format.date(on), format.date(rateDate), days, shown) : p.figuresFor(format.date(on), format.date(rateDate), days, shown),
    stale: days > OLD_RATE_AFTER_DAYS ? p.stale(format.date(rateDate), days, shown) : null,
    days,
  };
}
