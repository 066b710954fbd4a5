// The embeddable widget, served as /widget.js (docs/API.md §9):
//
//   <div data-nisab-widget data-lang="ha" data-currency="NGN"></div>
//   <script src="https://HOST/widget.js" async></script>
//
// It fills every such element with today's gold and silver Nisab, the rate's
// date in the Gregorian and both Hijri calendars, the sources by name and a
// link to the page, asking only the origin that served this script. It runs
// under a page's strict Content-Security-Policy: no eval or Function, no inline
// style attributes (its style sheet is constructed and adopted by a shadow
// root), no cookie (every request omits credentials), nothing from elsewhere.
// Bundled by esbuild as one classic script (document.currentScript names it).
// A page with <div data-nisab-calculator> gets the calculator too: this script
// then loads /calculator.js from the same origin (widget/calculator.ts).
import type { NisabRule, Rate, Source } from '../../model/schemas.ts';
import { LANGUAGE_INFO, isLang, type Lang } from '../i18n/catalogue.ts';
import { WIDGET_CATALOGUES as WORDS } from '../i18n/widget-catalogues.ts';
import { whatsAppHref } from '../share.ts';
import { formats } from '../i18n/format.ts';
import { OLD_RATE_AFTER_DAYS } from '../page/rate-age.ts';
import STYLE from './widget.css';
import { adoptStyle } from './shadow-style.ts';

/**
 * The text answer of a language (docs/API.md §10), which the share link sends; null where the site has none.
 * Its path is router/layout.ts' textAnswer, written out: importing the layout would add its patterns to the
 * widget (11 kB); test/site/widget.test.ts fetches the layout's path and compares.
 */
const textAnswer = (lang: Lang) =>
  fetch(`${ORIGIN}/v1/text/nisab.${lang}.txt`, { credentials: 'omit', referrerPolicy: 'no-referrer' })
    .then((response) => (response.ok ? response.text() : null))
    .catch(() => null);

/** A rule valued in a currency (currency=, docs/API.md §2c) carries these. */
type Valued = NisabRule & { nsbCurrency?: string; nsbValueInCurrency?: number | null };
/** Nigeria's declared Hijri date (docs/API.md §2b), once published. */
type Dated = Rate & { drtHijriDateNigeria?: string | null };

const script = document.currentScript as HTMLScriptElement | null;
// The origin that served this script: every request goes there and nowhere else.
const ORIGIN = new URL(script?.src || (document.querySelector('script[src$="/widget.js"]') as HTMLScriptElement | null)?.src || location.href).origin;

async function ask<T>(path: string): Promise<T> {
  const response = await fetch(`${ORIGIN}/api/v1${path}`, { credentials: 'omit', referrerPolicy: 'no-referrer' });
  const body = (await response.json()) as { success: boolean; data: T; message?: string };
  if (!response.ok || !body.success) throw new Error(body.message ?? `HTTP ${response.status}`);
  return body.data;
}

/** Answers shared by every widget of the page asking the same thing. */
const asked = new Map<string, Promise<unknown>>();
const once = <T>(path: string) => {
  if (!asked.has(path)) asked.set(path, ask<T>(path));
  return asked.get(path) as Promise<T>;
};

function node<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  made.append(...children);
  return made;
}

/** How a widget says its figures: its language's words and formats, and the currency it was asked for. */
interface Say {
  t: (typeof WORDS)[Lang]['widget'];
  calendar: (typeof WORDS)[Lang]['calendar'];
  format: ReturnType<typeof formats>;
  currency: string;
}

const value = ({ format, currency }: Say, rule: Valued) =>
  rule.nsbCurrency === currency && rule.nsbValueInCurrency != null
    ? format.money(rule.nsbValueInCurrency, currency)
    : rule.nsbValueInNaira === null
      ? '—'
      : format.money(rule.nsbValueInNaira, 'NGN');

const dated = ({ format, calendar }: Say, rate: Dated) =>
  [
    format.date(rate.drtDate),
    `${format.hijri(rate.drtHijriDate)} (${calendar.ummAlQura})`,
    ...(rate.drtHijriDateNigeria ? [`${format.hijri(rate.drtHijriDateNigeria)} (${calendar.nigeria})`] : []),
  ].join(' · ');

/** A metal's row: the Nisab of its default rule, with its rate's own day where that is not the gold rate's. */
function figure(say: Say, slug: 'gold' | 'silver', rules: Valued[], rate: Dated, goldDate: string) {
  const { t, format, currency } = say;
  const rule = rules.find((r) => r.nsbIsDefault) ?? rules[0];
  if (!rule) return [];
  const grams = format.number(rule.nsbThreshold ?? 0, 0);
  const shown = node('dd', '', value(say, rule));
  shown.dataset.nisab = slug;
  shown.dataset.value = String(rule.nsbCurrency === currency && rule.nsbValueInCurrency != null ? rule.nsbValueInCurrency : rule.nsbValueInNaira);
  const own = rate.drtDate !== goldDate ? [node('dd', 'small', t.on(dated(say, rate)))] : [];
  return [node('div', 'row', node('dt', '', slug === 'gold' ? t.gold(grams) : t.silver(grams)), shown, ...own)];
}

/** The sources of the rates, by name (an unknown one by its id), each once. */
function usedSources(sources: Source[], rates: Dated[]): string[] {
  const byId = new Map(sources.map((s) => [s.srcID, s.srcName]));
  return [...new Set(rates.flatMap((rate) => [rate.drtPriceSource, rate.drtNairaSource]))].map((id) => byId.get(id) ?? id);
}

/** "More" to our page of the language, in its own window. */
function pageLink(lang: Lang, label: string): HTMLElement {
  const link = node('a', 'more', label);
  link.href = `${ORIGIN}${LANGUAGE_INFO[lang].path}`;
  link.target = '_blank';
  link.rel = 'noopener';
  return link;
}

async function render(host: HTMLElement) {
  if (host.dataset.nisabWidgetDone) return;
  host.dataset.nisabWidgetDone = 'true';
  const lang: Lang = isLang(host.dataset.lang) ? host.dataset.lang : 'en';
  const { widget: t, calendar } = WORDS[lang];
  const format = formats(calendar);
  const currency = /^[A-Z]{3}$/.test(host.dataset.currency ?? '') ? host.dataset.currency! : 'NGN';
  const root = host.attachShadow({ mode: 'open' });
  adoptStyle(root, STYLE);
  const box = node('section', 'w', node('p', 'title', t.title), node('p', 'small', t.loading));
  box.lang = lang;
  box.dir = LANGUAGE_INFO[lang].dir;
  root.append(box);
  try {
    // A code the API does not publish is a 404 (docs/API.md §2c): the widget then shows the Naira, as it
    // does where the currency has no rate yet (nsbValueInCurrency null).
    const rules = (slug: string) =>
      currency === 'NGN'
        ? once<Valued[]>(`/nisab?subcategory=${slug}`)
        : once<Valued[]>(`/nisab?subcategory=${slug}&currency=${currency}`).catch(() => once<Valued[]>(`/nisab?subcategory=${slug}`));
    const [gold, silver, goldRate, silverRate, sources, text] = await Promise.all([
      rules('gold'),
      rules('silver'),
      once<Dated>('/rates/latest?subcategory=gold'),
      once<Dated>('/rates/latest?subcategory=silver'),
      once<Source[]>('/sources'),
      textAnswer(lang),
    ]);
    const say: Say = { t, calendar, format, currency };
    const used = usedSources(sources, [goldRate, silverRate]);
    // The rate's age as the API counts it (nsbRateAgeDays, docs/API.md §3), said past the page's threshold.
    const age = (gold.find((r) => r.nsbIsDefault) ?? gold[0])?.nsbRateAgeDays;
    const old = age != null && age > OLD_RATE_AFTER_DAYS ? [node('p', 'small old', t.old(age, format.number(age, 0)))] : [];
    box.replaceChildren(
      node('p', 'title', t.title),
      node('p', 'small date', t.on(dated(say, goldRate))),
      ...old,
      node('dl', '', ...figure(say, 'gold', gold, goldRate, goldRate.drtDate), ...figure(say, 'silver', silver, silverRate, goldRate.drtDate)),
      node('p', 'small explain', t.explain),
      node('p', 'small sources', t.sources, used.join(' · ')),
      pageLink(lang, t.more),
      ...(text === null ? [] : [shareLink(text, t.share)]),
    );
    host.dataset.nisabWidgetReady = 'true';
  } catch (error) {
    box.replaceChildren(node('p', 'title', t.title), node('p', 'small', t.failed));
    host.dataset.nisabWidgetReady = 'failed';
    console.warn(`Nisab widget: ${(error as Error).message}`);
  }
}

/** A wa.me link (WhatsApp's documented share address): no script of WhatsApp's, nothing loaded from it. */
function shareLink(text: string, label: string): HTMLElement {
  const link = node('a', 'share', label);
  link.href = whatsAppHref(text);
  link.target = '_blank';
  link.rel = 'noopener';
  link.dataset.share = 'whatsapp';
  return link;
}

function renderAll() {
  document.querySelectorAll<HTMLElement>('[data-nisab-widget]').forEach((host) => void render(host));
  // The embedded calculator is its own script (/calculator.js, assets.ts): asked of our origin only where a page has one.
  if (document.querySelector('[data-nisab-calculator]') && !document.querySelector('script[src$="/calculator.js"]')) {
    document.head.append(Object.assign(document.createElement('script'), { src: `${ORIGIN}/calculator.js`, async: true }));
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', renderAll);
else renderAll();
