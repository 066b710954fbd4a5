// The embedded zakat calculator, served as /calculator.js (docs/API.md §10):
//
//   <div data-nisab-calculator data-lang="ha" data-currency="NGN" data-school="maliki"></div>
//   <script src="https://HOST/widget.js" async></script>
//
// widget.js loads this script when the page has such an element (a site may
// also include /calculator.js itself). It fills each element with the page's
// calculator: the same form (page/zakat-fields.ts; page/zakat-form.ts reads it), the same engine
// (the client's zakatDue, client/src/zakat/) on the rules and rates the typed
// client asks of the origin that served this script, the same words
// (page/result-words.ts and i18n/result-LANG.ts; the form's labels are the
// page's, calculator-labels.ts). Under a strict Content-Security-Policy like the
// widget: no eval, no style attribute (a constructed style sheet adopted by a
// shadow root), no cookie (credentials omitted), nothing from another host.
// Under the answer, the page's "years I did not pay" part, folded: its code and
// words are their own script of each language (widget/years.ts), added from our
// origin when a payer first opens it (years-module.ts), so this one stays small.
import { createClient } from '../../../client/src/client.ts';
import type { Rate } from '../../../client/src/types.ts';
import type { Published } from '../../../client/src/zakat.ts';
import type { CalendarStrings, Lang, ResultStrings, WidgetStrings } from '../i18n/catalogue.ts';
import { byLanguage, LANGUAGE_INFO, isLang } from '../i18n/catalogue.ts';
import { formats } from '../i18n/format.ts';
import { RESULT_CATALOGUES } from '../i18n/result-catalogues.ts';
import { WIDGET_CATALOGUES } from '../i18n/widget-catalogues.ts';
import { el } from '../page/element.ts';
import { inCurrency } from '../page/in-currency.ts';
import { showZakat } from '../page/zakat-form.ts';
import { choiceValues, labelText, ZAKAT_FORM, type ChoiceName, type FieldLabel, type ZakatField, type ZakatGroup } from '../page/zakat-fields.ts';
import type { CalculatorLabels, EmbeddedLabels } from './calculator-labels.ts';
import STYLE from './calculator.css';
import { adoptStyle } from './shadow-style.ts';
import { EMBEDDED_YEARS_MODULE, type EmbeddedYears, YEARS_READY } from './years-module.ts';

/** The page's labels of each language, defined by the bundler (assets.ts, calculator-labels.ts). */
declare const CALCULATOR_LABELS: { [L in Lang]: EmbeddedLabels };

const WORDS: { [L in Lang]: { widget: WidgetStrings; calendar: CalendarStrings; result: ResultStrings } } = byLanguage((lang) => ({
  ...WIDGET_CATALOGUES[lang],
  result: RESULT_CATALOGUES[lang],
}));

const script = document.currentScript as HTMLScriptElement | null;
// The origin that served this script (or widget.js, which loads it): every request goes there and nowhere else.
const ORIGIN = new URL(
  script?.src || (document.querySelector('script[src$="/calculator.js"],script[src$="/widget.js"]') as HTMLScriptElement | null)?.src || location.href,
).origin;

// The typed client of the API, asking our origin alone, with no cookie and no referrer. Its own ETag
// cache is off: an If-None-Match header would make every cross-origin question a preflighted one.
const api = createClient({
  baseUrl: `${ORIGIN}/api/v1`,
  etagCache: false,
  fetch: (input, init) => fetch(input, { ...init, credentials: 'omit', referrerPolicy: 'no-referrer' }),
});

/** The published rules, subcategories and metals' newest rates, asked once for every calculator of the page. */
let naira: Promise<Published> | null = null;
const published = () =>
  (naira ??= (async () => {
    const [rules, subcategories] = await Promise.all([api.nisab(), api.subcategories()]);
    const metals = subcategories.filter((s) => s.sctHasDailyRate && (s.sctSlug === 'gold' || s.sctSlug === 'silver'));
    const latest = await Promise.all(metals.map((s) => api.latest({ subcategory: s.sctID }).catch(() => null)));
    const rates = new Map<number, Rate>();
    for (const rate of latest) if (rate) rates.set(rate.drtSubcategoryID, rate);
    return { rules, subcategories, rates };
  })());
const inCurrencies = new Map<string, Promise<Published | null>>();

/** The years part's module of each language, added to the page once (and again after a failure) for every calculator in it. */
const yearsModules = new Map<Lang, Promise<EmbeddedYears>>();
function yearsModule(lang: Lang): Promise<EmbeddedYears> {
  let module = yearsModules.get(lang);
  if (!module) {
    module = new Promise<EmbeddedYears>((resolve, reject) => {
      const script = Object.assign(document.createElement('script'), { src: `${ORIGIN}${EMBEDDED_YEARS_MODULE(lang)}`, async: true });
      script.addEventListener(YEARS_READY, (event) => resolve((event as CustomEvent<EmbeddedYears>).detail));
      // It sends YEARS_READY as it runs, before its load event: a load without it is a script that did not start.
      script.addEventListener('load', () => reject(new Error(`${script.src} did not start`)));
      script.addEventListener('error', () => reject(new Error(`${script.src} did not load`)));
      (document.head ?? document.documentElement).append(script);
    });
    module.catch(() => yearsModules.delete(lang));
    yearsModules.set(lang, module);
  }
  return module;
}

/** The years part (page/years.ts, in the page a fold under the calculator): its title now, the rest when it is first opened. */
function yearsPart(lang: Lang, root: ShadowRoot, title: string): HTMLElement {
  const body = el('div', { id: 'years-body' });
  const part = el('details', { id: 'years' }, el('summary', {}, title), body);
  let started = false;
  part.addEventListener('toggle', () => {
    if (!part.open || started) return;
    started = true;
    const page = `${ORIGIN}${LANGUAGE_INFO[lang].path}`;
    yearsModule(lang).then(
      (start) => start({ api, origin: ORIGIN, root, page, result: RESULT_CATALOGUES[lang] }),
      (error: Error) => {
        started = false;
        body.replaceChildren(el('p', { class: 'small' }, WORDS[lang].widget.failed));
        console.warn(`Nisab calculator: ${error.message}`);
      },
    );
  });
  return part;
}

/** The page's form (page/zakat-fields.ts, as html.ts writes it) as elements, the school and standard chosen by the host. */
function zakatForm(t: CalculatorLabels, r: ResultStrings['inputs'], chosen: Partial<Record<ChoiceName, string>>, code: string) {
  // Amounts are in the calculator's currency: the labels that say ₦ say its code.
  const words = (label: FieldLabel) => {
    const text = labelText(label, t, r);
    return code === 'NGN' ? text : text.replace('(₦)', `(${code})`);
  };
  const field = (f: ZakatField): Node[] => {
    switch (f.kind) {
      case 'number': {
        const mode = f.whole ? { step: '1', inputmode: 'numeric' } : { step: 'any', inputmode: 'decimal' };
        return [el('label', {}, `${words(f.label)} `, el('input', { name: f.name, type: 'number', min: '0', ...mode }))];
      }
      case 'choice': {
        const select = el('select', { name: f.name }, ...f.options.map(([value, label]) => el('option', { value }, words(label))));
        select.value = chosen[f.name] ?? f.options[0]![0];
        return [el('label', {}, `${words(f.label)} `, select)];
      }
      case 'check':
        return [el('label', {}, el('input', { type: 'checkbox', name: f.name, value: 'yes' }), ` ${words(f.label)}`)];
      case 'note':
        return [el('p', { class: 'small' }, words(f.label))];
      case 'currency':
        return []; // the host's data-currency chose it
    }
  };
  const group = (g: ZakatGroup) => el('fieldset', {}, el('legend', {}, words(g.legend)), ...g.fields.flatMap(field));
  // #zakat-form as on the page: the years part reads the school and the standard from it (page/years.ts).
  return el(
    'form',
    { id: 'zakat-form', class: 'calc' },
    ...ZAKAT_FORM.map((part) => ('group' in part ? group(part.group) : el('details', {}, el('summary', {}, words(part.summary)), ...part.groups.map(group)))),
  );
}

async function render(host: HTMLElement) {
  if (host.dataset.nisabCalculatorDone) return;
  host.dataset.nisabCalculatorDone = 'true';
  const lang: Lang = isLang(host.dataset.lang) ? host.dataset.lang : 'en';
  const { widget: w, calendar, result } = WORDS[lang];
  const t = CALCULATOR_LABELS[lang];
  const format = formats(calendar);
  const wanted = /^[A-Z]{3}$/.test(host.dataset.currency ?? '') ? host.dataset.currency! : 'NGN';
  // What the host asks for, when the form has it; otherwise the form's first (Maliki, the gold standard).
  const school = choiceValues('school').includes(host.dataset.school ?? '') ? host.dataset.school : undefined;
  const standard = choiceValues('standard').includes(host.dataset.standard ?? '') ? host.dataset.standard : undefined;
  const root = host.attachShadow({ mode: 'open' });
  adoptStyle(root, STYLE);
  const box = el(
    'section',
    { class: 'w', lang, dir: LANGUAGE_INFO[lang].dir },
    el('p', { class: 'title' }, t.calculatorTitle),
    el('p', { class: 'small' }, w.loading),
  );
  root.append(box);
  try {
    const inNaira = await published();
    // A currency the API does not publish, or without a rate near the metals' newest: the calculator counts in Naira.
    if (wanted !== 'NGN' && !inCurrencies.has(wanted))
      inCurrencies.set(
        wanted,
        inCurrency(api, inNaira, wanted).catch(() => null),
      );
    const chosen = wanted === 'NGN' ? null : await inCurrencies.get(wanted)!;
    const code = chosen ? wanted : 'NGN';
    const form = zakatForm(t, result.inputs, { school, standard }, code);
    const out = el('div', { class: 'answer', 'aria-live': 'polite' });
    const link = el('a', { class: 'more', href: `${ORIGIN}${LANGUAGE_INFO[lang].path}`, target: '_blank', rel: 'noopener' }, w.more);
    const figures = { money: (n: number) => format.money(n, code), number: format.number };
    const calculate = () => showZakat(out, form, chosen ?? inNaira, code, figures, result, t);
    form.addEventListener('submit', (event) => event.preventDefault());
    form.addEventListener('input', calculate);
    form.addEventListener('change', calculate);
    calculate();
    box.replaceChildren(el('p', { class: 'title' }, t.calculatorTitle), form, out, yearsPart(lang, root, t.yearsSummary), link);
    host.dataset.nisabCalculatorReady = 'true';
  } catch (error) {
    box.replaceChildren(el('p', { class: 'title' }, t.calculatorTitle), el('p', { class: 'small' }, w.failed));
    host.dataset.nisabCalculatorReady = 'failed';
    console.warn(`Nisab calculator: ${(error as Error).message}`);
  }
}

function renderAll() {
  document.querySelectorAll<HTMLElement>('[data-nisab-calculator]').forEach((host) => void render(host));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', renderAll);
else renderAll();
