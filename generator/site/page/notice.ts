// NMCN's monthly notice on the page (#notice, docs/site.md): the four figures the
// National Moonsighting Committee of Nigeria publishes each month (the Nisab of
// 20 dinars, the minimum dowry and the theft threshold of a quarter dinar, the
// diyyah of 1,000 dinars), with the Maliki measures in silver dirhams beside
// them, dated in Nigeria's calendar, Umm al-Qura and the Gregorian one. Every
// figure is a rule of the /nisab answer the first render already holds: the
// notice asks nothing more. The print style sheet prints this section alone.
import type { Announcement, NisabRule, Rate, Source, Subcategory } from '../../../client/src/types.ts';
import type { PageStrings } from '../i18n/catalogue.ts';
import { el } from './element.ts';
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

const $ = (id: string) => document.getElementById(id) as HTMLElement;
const NMCN = 'National Moonsighting Committee of Nigeria (NMCN)';

function findRule(pick: Pick, rules: NisabRule[], subcategories: Subcategory[]): NisabRule | undefined {
  const id = subcategories.find((s) => s.sctSlug === pick.slug)?.sctID;
  return rules.find((r) => r.nsbSubcategoryID === id && r.nsbVariant === pick.variant);
}

/** One figure: in Naira, in dollars under it, and its measure in dinars or dirhams and grams. */
function cell(pick: Pick, rule: NisabRule | undefined, metal: string, label: string, words: PageWords, n: NoticeWords): HTMLElement {
  const { t, format } = words;
  if (!rule) return el('td', { 'data-rule': '', 'data-label': label }, t.notAvailable);
  const naira = rule.nsbValueInNaira === null ? t.notAvailable : format.money(rule.nsbValueInNaira, 'NGN');
  const usd = rule.nsbValueInUSD === null ? '' : format.money(rule.nsbValueInUSD, 'USD');
  // The weight as the rule gives it (1.0625 g, not 1.063).
  const grams = format.number(rule.nsbThreshold ?? 0, (String(rule.nsbThreshold ?? 0).split('.')[1] ?? '').length);
  return el(
    'td',
    { 'data-rule': String(rule.nsbID), 'data-value': String(rule.nsbValueInNaira), 'data-label': label },
    el('strong', { class: 'figure' }, naira),
    usd ? el('span', { class: 'small' }, ` · ${usd}`) : '',
    el('br'),
    el(
      'span',
      { class: 'small' },
      n.measure(n[pick.measure], grams, metal),
      ...(rule.nsbSourceURL ? [' ', el('a', { href: rule.nsbSourceURL, rel: 'noopener' }, `(${t.source})`)] : []),
    ),
  );
}

/** Fills #notice from the rules and the metals' rates of one /nisab answer (the first render's). */
export function showNotice(rules: NisabRule[], subcategories: Subcategory[], rates: Map<number, Rate>, words: PageWords): void {
  const { t, calendar, format } = words;
  const n = t.notice;
  const goldID = subcategories.find((s) => s.sctSlug === 'gold')?.sctID;
  const nisab = NOTICE_ROWS[0] && findRule(NOTICE_ROWS[0].gold, rules, subcategories);
  const rate = goldID === undefined ? undefined : rates.get(goldID);
  const dated = $('notice-date');
  if (rate) {
    const nigeria = rate.drtHijriDateNigeria ? t.hijriIn(format.hijri(rate.drtHijriDateNigeria), calendar.nigeria) : n.nigeriaUnknown;
    dated.textContent = n.dated(nigeria, t.hijriIn(format.hijri(rate.drtHijriDate), calendar.ummAlQura), format.date(rate.drtDate));
    dated.dataset.date = rate.drtDate;
    dated.dataset.hijri = rate.drtHijriDate;
    dated.dataset.hijriNigeria = rate.drtHijriDateNigeria ?? '';
  } else if (nisab?.nsbRateDate) {
    dated.textContent = format.date(nisab.nsbRateDate);
    dated.dataset.date = nisab.nsbRateDate;
  }
  const rows = NOTICE_ROWS.map(({ row, gold, silver }) =>
    el(
      'tr',
      { 'data-row': row },
      el('th', { scope: 'row' }, n[row]),
      cell(gold, findRule(gold, rules, subcategories), calendar.gold, n.colGold, words, n),
      cell(silver, findRule(silver, rules, subcategories), calendar.silver, n.colSilver, words, n),
    ),
  );
  $('notice-table').replaceChildren(
    el('thead', {}, el('tr', {}, ...[n.colWhat, n.colGold, n.colSilver].map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, ...rows),
  );
  // NMCN's own notice, as the rule that follows it names it.
  const nmcn = nisab?.nsbAuthorities.find((a) => a.name === NMCN);
  const source = $('notice-source');
  source.replaceChildren(...(nmcn ? [el('a', { href: nmcn.sourceURL, rel: 'noopener' }, nmcn.name)] : []));
  // The address left to right inside an Arabic sentence (a <bdi>), the sentence's words around it.
  const [before, after] = n.printedFrom('\u0000').split('\u0000');
  $('notice-printed').replaceChildren(before ?? '', el('bdi', { dir: 'ltr' }, `${location.origin}${location.pathname}`), after ?? '');
  const button = $('notice-print');
  button.hidden = false;
  button.onclick = () => print();
  $('notice').dataset.shown = 'true';
}

/** The announced kinds the notice shows, in its rows' order, by the words of its rows. */
const ANNOUNCED_ROWS: { kind: Announcement['annKind']; row: 'nisab' | 'dowry' | 'theft' | 'diyyah' }[] = [
  { kind: 'nisab', row: 'nisab' },
  { kind: 'minimum-dowry', row: 'dowry' },
  { kind: 'theft-threshold', row: 'theft' },
  { kind: 'diyyah', row: 'diyyah' },
];

/**
 * Fills #notice-announced from GET /announcements (docs/API.md §2d): the newest
 * figure of each kind a body announced, who announced it and for which day,
 * linked to its source, beside ours for that day and the difference. Nothing
 * shows when no figure was announced.
 */
export function showAnnounced(announcements: Announcement[], sources: Map<string, Source>, words: PageWords): void {
  const { t, format } = words;
  const n = t.notice;
  const newest = (kind: Announcement['annKind']) =>
    announcements
      .filter((a) => a.annKind === kind)
      .sort((a, b) => a.annDate.localeCompare(b.annDate) || a.annID - b.annID)
      .at(-1);
  const rows = ANNOUNCED_ROWS.flatMap(({ kind, row }) => {
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
        el('th', { scope: 'row' }, n[row]),
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
