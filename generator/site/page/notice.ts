// NMCN's monthly notice on the page (#notice, docs/site.md): the four figures the
// National Moonsighting Committee of Nigeria publishes each month (the Nisab of
// 20 dinars, the minimum dowry and the theft threshold of a quarter dinar, the
// diyyah of 1,000 dinars), with the Maliki measures in silver dirhams beside
// them, dated in Nigeria's calendar, Umm al-Qura and the Gregorian one. Every
// figure is a rule of the /nisab answer the first render already holds: the
// notice asks nothing more. The print style sheet prints this section alone,
// with the day it is printed, the rate's age on that day and a warning when it
// is old (printAge). Its markup is written by the build (page/html.ts) and again
// by the script on the API's answer, by the same functions (page/figures.ts).
import type { Announcement, NisabRule, Subcategory } from '../../../client/src/types.ts';
import type { PageStrings } from '../i18n/catalogue.ts';
import { el } from './element.ts';
import { printAge, rateAge, type Figures, type SourceName } from './figures.ts';
import { h, markup, type Markup } from './markup.ts';
import type { PageWords } from './words.ts';

type NoticeWords = PageStrings['notice'];
type Measure = 'twentyDinars' | 'quarterDinar' | 'thousandDinars' | 'twoHundredDirhams' | 'threeDirhams' | 'twelveThousandDirhams';
/** A rule by its subcategory's slug and its variant (data/nisab.json), and the words of its measure. */
type Pick = { slug: string; variant: string; measure: Measure };

/** The notice's rows: NMCN's measure on gold, and the Maliki dirham measure on silver (docs/fiqh.md, legal thresholds). */
export const NOTICE_ROWS: { row: 'nisab' | 'dowry' | 'theft' | 'diyyah'; gold: Pick; silver: Pick }[] = [
  {
    row: 'nisab',
    gold: { slug: 'gold', variant: 'majority-85g', measure: 'twentyDinars' },
    silver: { slug: 'silver', variant: 'majority-595g', measure: 'twoHundredDirhams' },
  },
  {
    row: 'dowry',
    gold: { slug: 'minimum-dowry', variant: 'maliki-quarter-dinar', measure: 'quarterDinar' },
    silver: { slug: 'minimum-dowry', variant: 'maliki-three-dirhams', measure: 'threeDirhams' },
  },
  {
    row: 'theft',
    gold: { slug: 'theft-threshold', variant: 'quarter-dinar', measure: 'quarterDinar' },
    silver: { slug: 'theft-threshold', variant: 'three-dirhams', measure: 'threeDirhams' },
  },
  {
    row: 'diyyah',
    gold: { slug: 'diyyah', variant: 'thousand-dinars', measure: 'thousandDinars' },
    silver: { slug: 'diyyah', variant: 'twelve-thousand-dirhams', measure: 'twelveThousandDirhams' },
  },
];

const NMCN = 'National Moonsighting Committee of Nigeria (NMCN)';

function findRule(pick: Pick, rules: NisabRule[], subcategories: Subcategory[]): NisabRule | undefined {
  const id = subcategories.find((s) => s.sctSlug === pick.slug)?.sctID;
  return rules.find((r) => r.nsbSubcategoryID === id && r.nsbVariant === pick.variant);
}

/** One figure: in Naira, in dollars under it, and its measure in dinars or dirhams and grams. */
function cell(pick: Pick, rule: NisabRule | undefined, metal: string, label: string, words: PageWords, n: NoticeWords): Markup {
  const { t, format } = words;
  if (!rule) return h('td', { 'data-rule': '', 'data-label': label }, t.notAvailable);
  const naira = rule.nsbValueInNaira === null ? t.notAvailable : format.money(rule.nsbValueInNaira, 'NGN');
  const usd = rule.nsbValueInUSD === null ? '' : format.money(rule.nsbValueInUSD, 'USD');
  // The weight as the rule gives it (1.0625 g, not 1.063).
  const grams = format.number(rule.nsbThreshold ?? 0, (String(rule.nsbThreshold ?? 0).split('.')[1] ?? '').length);
  return h(
    'td',
    { 'data-rule': String(rule.nsbID), 'data-value': String(rule.nsbValueInNaira), 'data-label': label },
    h('strong', { class: 'figure' }, naira),
    usd && h('span', { class: 'small' }, ` · ${usd}`),
    h('br'),
    h(
      'span',
      { class: 'small' },
      n.measure(n[pick.measure], grams, metal),
      rule.nsbSourceURL && ' ',
      rule.nsbSourceURL && h('a', { href: rule.nsbSourceURL, rel: 'noopener' }, `(${t.source})`),
    ),
  );
}

/** #notice-date: the gold rate's day in Nigeria's calendar, Umm al-Qura and the Gregorian one, and its data attributes. */
export function noticeDated(f: Figures, { t, calendar, format }: PageWords): { text: string; data: Record<string, string> } | null {
  const n = t.notice;
  const goldID = f.subcategories.find((s) => s.sctSlug === 'gold')?.sctID;
  const rate = goldID === undefined ? undefined : f.rates.get(goldID);
  if (rate) {
    const nigeria = rate.drtHijriDateNigeria ? t.hijriIn(format.hijri(rate.drtHijriDateNigeria), calendar.nigeria) : n.nigeriaUnknown;
    return {
      text: n.dated(nigeria, t.hijriIn(format.hijri(rate.drtHijriDate), calendar.ummAlQura), format.date(rate.drtDate)),
      data: { date: rate.drtDate, hijri: rate.drtHijriDate, 'hijri-nigeria': rate.drtHijriDateNigeria ?? '' },
    };
  }
  const nisab = NOTICE_ROWS[0] && findRule(NOTICE_ROWS[0].gold, f.rules, f.subcategories);
  return nisab?.nsbRateDate ? { text: format.date(nisab.nsbRateDate), data: { date: nisab.nsbRateDate } } : null;
}

/** The inside of #notice-table: NMCN's four figures and the dirham measures beside them. */
export function noticeTable(f: Figures, words: PageWords): string {
  const { t, calendar } = words;
  const n = t.notice;
  const rows = NOTICE_ROWS.map(({ row, gold, silver }) =>
    h(
      'tr',
      { 'data-row': row },
      h('th', { scope: 'row' }, n[row]),
      cell(gold, findRule(gold, f.rules, f.subcategories), calendar.gold, n.colGold, words, n),
      cell(silver, findRule(silver, f.rules, f.subcategories), calendar.silver, n.colSilver, words, n),
    ),
  );
  return markup(h('thead', {}, h('tr', {}, ...[n.colWhat, n.colGold, n.colSilver].map((head) => h('th', { scope: 'col' }, head)))), h('tbody', {}, ...rows));
}

/** #notice-source: NMCN's own notice, as the rule that follows it names it. */
export function noticeSource(f: Figures): string {
  const nisab = NOTICE_ROWS[0] && findRule(NOTICE_ROWS[0].gold, f.rules, f.subcategories);
  const nmcn = nisab?.nsbAuthorities.find((a) => a.name === NMCN);
  return nmcn ? markup(h('a', { href: nmcn.sourceURL, rel: 'noopener' }, nmcn.name)) : '';
}

/** #notice-age's inside: the rate's age on `on`, and the warning when it is old. */
export function noticeAge(f: Figures, on: string, printed: boolean, words: PageWords): string {
  const age = rateAge(f);
  if (!age) return '';
  const { text, stale, days } = printAge(age.date, on, printed, words);
  return markup(h('span', { 'data-days': String(days), 'data-on': on }, text), stale && h('strong', { class: 'print-stale' }, ` ${stale}`));
}

const $ = (id: string) => document.getElementById(id) as HTMLElement;

/** The browser's own day (the day a printout is made), as YYYY-MM-DD in its time zone. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Fills #notice from one /nisab answer and the metals' rates (the first render's), and dates its printout. */
export function showNotice(f: Figures, words: PageWords): void {
  const n = words.t.notice;
  const dated = noticeDated(f, words);
  const date = $('notice-date');
  date.textContent = dated?.text ?? '';
  for (const [name, value] of Object.entries(dated?.data ?? {})) date.setAttribute(`data-${name}`, value);
  $('notice-table').innerHTML = noticeTable(f, words);
  $('notice-source').innerHTML = noticeSource(f);
  // The address left to right inside an Arabic sentence (a <bdi>), the sentence's words around it.
  const [before, after] = n.printedFrom('\u0000').split('\u0000');
  $('notice-printed').replaceChildren(before ?? '', el('bdi', { dir: 'ltr' }, `${location.origin}${location.pathname}`), after ?? '');
  // The day it is printed is the browser's: written now and again just before printing (a page left open overnight).
  const dateAge = () => {
    $('notice-age').innerHTML = noticeAge(f, today(), true, words);
  };
  dateAge();
  addEventListener('beforeprint', dateAge);
  const button = $('notice-print');
  button.hidden = false;
  button.onclick = () => {
    dateAge();
    print();
  };
  $('notice').dataset.shown = 'true';
}

/**
 * How the notice names each announced kind, in its rows' order: typed over every kind, so a new kind
 * fails tsc here until the page shows it (the four of NMCN's notice by the notice's words, zakat
 * al-fitr by the calculator's).
 */
const ANNOUNCED_ROWS: { readonly [K in Announcement['annKind']]: (t: PageStrings) => string } = {
  nisab: (t) => t.notice.nisab,
  'minimum-dowry': (t) => t.notice.dowry,
  'theft-threshold': (t) => t.notice.theft,
  diyyah: (t) => t.notice.diyyah,
  'zakat-al-fitr': (t) => t.fitrTitle,
};

/**
 * Fills #notice-announced from GET /announcements (docs/API.md §2d): the newest
 * figure of each kind a body announced, who announced it and for which day,
 * linked to its source, beside ours for that day and the difference. Nothing
 * shows when no figure was announced.
 */
export function showAnnounced(announcements: Announcement[], sources: Map<string, SourceName>, words: PageWords): void {
  const { t, format } = words;
  const n = t.notice;
  const newest = (kind: Announcement['annKind']) =>
    announcements
      .filter((a) => a.annKind === kind)
      .sort((a, b) => a.annDate.localeCompare(b.annDate) || a.annID - b.annID)
      .at(-1);
  const rows = (Object.keys(ANNOUNCED_ROWS) as Announcement['annKind'][]).flatMap((kind) => {
    const a = newest(kind);
    if (!a) return [];
    const source = sources.get(a.annSource);
    const by = n.announcedBy(n.bodies[a.annBody] ?? a.annBody, format.date(a.annDate));
    const ours = a.annComputedInNaira === null ? (a.annRuleID === null ? n.noMeasure : t.notAvailable) : format.money(a.annComputedInNaira, 'NGN');
    const difference =
      a.annDifferencePercent === null ? '' : n.difference(`${a.annDifferencePercent > 0 ? '+' : ''}${format.number(a.annDifferencePercent, 2)}`);
    return [
      el(
        'tr',
        { 'data-kind': kind, 'data-announcement': String(a.annID) },
        el('th', { scope: 'row' }, ANNOUNCED_ROWS[kind](t)),
        el(
          'td',
          { 'data-label': n.colAnnounced, 'data-value': String(a.annValueInNaira) },
          el('strong', { class: 'figure' }, format.money(a.annValueInNaira, 'NGN')),
          el('br'),
          el('span', { class: 'small' }, by, ' ', source?.srcURL ? el('a', { href: source.srcURL, rel: 'noopener' }, `(${t.source})`) : ''),
        ),
        el('td', { 'data-label': n.colOurs, 'data-value': String(a.annComputedInNaira) }, ours),
        el('td', { 'data-label': n.colDifference, 'data-value': String(a.annDifferencePercent) }, difference),
      ),
    ];
  });
  const section = $('notice-announced');
  if (rows.length === 0) {
    section.hidden = true;
    return;
  }
  $('notice-announced-table').replaceChildren(
    el('thead', {}, el('tr', {}, ...[n.colWhat, n.colAnnounced, n.colOurs, n.colDifference].map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, ...rows),
  );
  section.hidden = false;
}
