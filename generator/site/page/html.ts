// The pages of the site, rendered at build time: the payers' page in each
// language of i18n/catalogue.ts, the developers' page beside it, and the API
// reference (openapi.json rendered by Redoc).
// The build writes today's figures into the payers' page (the Nisab, the dollar,
// the old-rate warning and NMCN's notice: page/figures.ts, from the snapshot's
// own /nisab and /rates/latest files), so a phone with scripts off shows them;
// assets/page-LANG.js then asks the API and writes the same markup on its answer,
// and adds the hawl lookup, the calculator and the chart. The gold Nisab comes
// early in the file (first 14,600 gzipped bytes: the first round trip), the
// script's settings at the end.
import { BASES, ENDPOINTS } from '../../router/endpoints.ts';
import { paths } from '../../router/layout.ts';
import type { Meta, Source, Subcategory } from '../../model/schemas.ts';
import { byLanguage, LANGUAGE_INFO, LANGUAGES, landingFile, type Lang, type PageStrings, type ResultStrings } from '../i18n/catalogue.ts';
import { PAGE_CATALOGUES } from '../i18n/catalogues.ts';
import { RESULT_CATALOGUES } from '../i18n/result-catalogues.ts';
import { WIDGET_CATALOGUES } from '../i18n/widget-catalogues.ts';
import { formats } from '../i18n/format.ts';
import { hawlSection, noticeSection } from './calendar-sections.ts';
import { shareLink, subscribeSection } from './reach.ts';
import { escapeHtml as escape } from './escape-html.ts';
import { dollarText, nisabCards, perGramText, sourceNames, staleText, todayDates, type Figures } from './figures.ts';
import type { PageWords } from './words.ts';
import { labelText, ZAKAT_FORM, type ZakatField, type ZakatGroup } from './zakat-fields.ts';

const HEAD = (title: string, description: string, extra = '', lang: Lang = 'en') => `<!doctype html>
<html lang="${lang}" dir="${LANGUAGE_INFO[lang].dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<meta name="description" content="${escape(description)}">
<link rel="icon" href="data:,">
${extra}</head>`;

/** The credits: every entry of GET /sources, with its licence (the figures on the page name theirs one by one). */
function credits(sources: Source[]): string {
  return sources
    .map((s) => {
      const name = s.srcURL ? `<a href="${escape(s.srcURL)}">${escape(s.srcName)}</a>` : escape(s.srcName);
      return `<li data-source="${escape(s.srcID)}">${name}: ${escape(s.srcLicence)}</li>`;
    })
    .join('\n');
}

/** The path of the landing page of each language under the snapshot root. */
export const LANDING_FILES: { [L in Lang]: string } = byLanguage(landingFile);
/** The developers' page of each language: the API's examples, the widget's code, every source. */
export const DEVELOPER_FILES: { [L in Lang]: string } = byLanguage((lang) => `${LANGUAGE_INFO[lang].path.slice(1)}developers/index.html`);
export const developersPath = (lang: Lang) => `${LANGUAGE_INFO[lang].path}developers/`;

/** Links to the page in every language, each named in its own language; the current one marked. */
function languageSwitch(lang: Lang, label: string, path: (lang: Lang) => string = (l) => LANGUAGE_INFO[l].path): string {
  const links = LANGUAGES.map((other) => {
    const info = LANGUAGE_INFO[other];
    const current = other === lang ? ' aria-current="page"' : '';
    return `<a href="${path(other)}" hreflang="${other}" lang="${other}" dir="${info.dir}"${current}>${escape(info.name)}</a>`;
  });
  return `<nav class="languages" aria-label="${escape(label)}">${links.join(' ')}</nav>`;
}

/** The widget's embed code (docs/API.md §9); the page puts its own origin for HOST when it runs. */
export const embedCode = (origin: string, lang: Lang) =>
  `<div data-nisab-widget data-lang="${lang}" data-currency="NGN"></div>\n<script src="${origin}/widget.js" async></script>`;

/**
 * The embedded calculator's code (docs/API.md §10): widget.js loads /calculator.js
 * where the page has the element (widget/calculator.ts).
 */
export const embedCalculatorCode = (origin: string, lang: Lang) =>
  `<div data-nisab-calculator data-lang="${lang}" data-currency="NGN" data-school="maliki"></div>\n<script src="${origin}/widget.js" async></script>`;

/**
 * What a site with a Content-Security-Policy must allow for the widget: our
 * origin in script-src (widget.js) and connect-src (its /api/v1 questions). Its
 * style is a constructed style sheet, which style-src does not govern.
 * test/site/widget.test.ts loads the widget under this policy.
 */
export const embedPolicy = (origin: string) => `default-src 'self'; script-src 'self' ${origin}; connect-src 'self' ${origin}`;

/** The settings the page's script reads (at the end of the page: the figures come first in its bytes). */
/** The calculator's form (zakat-fields.ts), as the page's HTML: the first option of each choice chosen. */
function zakatFormHtml(t: PageStrings, r: ResultStrings['inputs']): string {
  const words = (label: Parameters<typeof labelText>[0]) => escape(labelText(label, t, r));
  const field = (f: ZakatField): string => {
    switch (f.kind) {
      case 'number':
        return `<label>${words(f.label)} <input name="${f.name}" type="number" min="0" step="${f.whole ? '1' : 'any'}" inputmode="${f.whole ? 'numeric' : 'decimal'}"></label>`;
      case 'choice':
        return `<label>${words(f.label)} <select name="${f.name}">\n${f.options
          .map(([value, label], n) => `        <option value="${value}"${n === 0 ? ' selected' : ''}>${words(label)}</option>`)
          .join('\n')}\n      </select></label>`;
      case 'check':
        return `<label><input type="checkbox" name="${f.name}" value="yes"> ${words(f.label)}</label>`;
      case 'note':
        return `<p class="small">${words(f.label)}</p>`;
      case 'currency':
        // The page's own: main.ts fills it from /currencies and says in the note what the amounts are valued at.
        return `<label>${escape(t.calcCurrency)} <select name="amountsIn" id="calc-currency">
        <option value="NGN" selected>${escape(t.calcNaira)}</option>
      </select></label>
      <p class="small" id="calc-currency-note" aria-live="polite"></p>`;
    }
  };
  const group = (g: ZakatGroup) => `<fieldset>
      <legend>${words(g.legend)}</legend>
      ${g.fields.map(field).join('\n      ')}
    </fieldset>`;
  const parts = ZAKAT_FORM.map((part) =>
    'group' in part
      ? group(part.group)
      : `<details id="${part.fold}">\n    <summary>${words(part.summary)}</summary>\n    ${part.groups.map(group).join('\n    ')}\n    </details>`,
  );
  return `<form id="zakat-form" class="calc">\n    ${parts.join('\n    ')}\n  </form>`;
}

function configScript(config: object): string {
  // JSON in a <script>: "<" escaped, so no text in it can close the element.
  return `<script type="application/json" id="config">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`;
}

/** The snapshot's /nisab answer and the metals' newest rates, as the build read them from its own files. */
export type PageFigures = Pick<Figures, 'rules' | 'rates'>;

const radio = (name: string, value: string, text: string, checked = false) =>
  `<label><input type="radio" name="${name}" value="${value}"${checked ? ' checked' : ''}> ${escape(text)}</label>`;

/** The calculator, and the years a payer did not pay folded under it (their part is built by the page's script: years.ts). */
function calculatorSection(lang: Lang): string {
  const { page: t, years } = PAGE_CATALOGUES[lang];
  const r = RESULT_CATALOGUES[lang].inputs;
  return `<section id="calculator" aria-labelledby="calculator-title">
  <h2 id="calculator-title">${escape(t.calculatorTitle)}</h2>
  <p>${escape(t.calculatorIntro)}</p>
  <p>${escape(t.combineNote)}</p>
  ${zakatFormHtml(t, r)}
  <div id="zakat-result" aria-live="polite"></div>
  <details id="years">
    <summary>${escape(years.summary)}</summary>
    <p class="small">${escape(years.intro)}</p>
    <div id="years-body"></div>
  </details>
</section>`;
}

/** The chart's controls (its custom range held to the data's first and last days) and its empty plot, drawn by the page's script. */
function chartSection(t: PageStrings, firstDate: string | null, lastDate: string | null): string {
  return `<section id="chart" aria-labelledby="chart-title">
  <h2 id="chart-title">${escape(t.chartTitle)}</h2>
  <form id="chart-controls" class="controls" novalidate>
    <fieldset>
      <legend>${escape(t.pricePerGramIn)}</legend>
      ${radio('currency', 'naira', t.currencyNaira, true)}
      ${radio('currency', 'usd', t.currencyUsd)}
    </fieldset>
    <fieldset>
      <legend>${escape(t.range)}</legend>
      ${radio('range', '1m', t.range1m)}
      ${radio('range', '1y', t.range1y)}
      ${radio('range', '10y', t.range10y, true)}
      ${radio('range', 'all', t.rangeAll)}
      ${radio('range', 'custom', t.rangeCustom)}
    </fieldset>
    <fieldset id="custom-range" class="dates" hidden>
      <legend>${escape(t.fromTo)}</legend>
      <label>${escape(t.from)} <input type="date" name="from" min="${firstDate ?? ''}" max="${lastDate ?? ''}"></label>
      <label>${escape(t.to)} <input type="date" name="to" min="${firstDate ?? ''}" max="${lastDate ?? ''}"></label>
      <button type="submit">${escape(t.show)}</button>
    </fieldset>
  </form>
  <figure>
    <div id="chart-plot" class="plot" role="img" aria-label="${escape(t.chartLabel)}"></div>
    <figcaption id="chart-caption" aria-live="polite"></figcaption>
  </figure>
  <p class="small">${t.drawnFromHtml('<code id="chart-query"></code>')}</p>
</section>`;
}

/** The page's head: its title, the other languages' pages, its style and its first script. */
function landingHead(lang: Lang, title: string): string {
  const alternates = LANGUAGES.map((other) => `<link rel="alternate" hreflang="${other}" href="${LANGUAGE_INFO[other].path}">`).join('\n');
  return HEAD(
    title,
    PAGE_CATALOGUES[lang].page.description,
    `${alternates}
<link rel="stylesheet" href="/assets/page.css">
<script type="module" src="/assets/page-${lang}.js"></script>
`,
    lang,
  );
}

/** The skip link and the top bar: the brand, the sections, the language switch. */
function landingHeader(lang: Lang): string {
  const { page: t, hawl } = PAGE_CATALOGUES[lang];
  return `<a class="skip" href="#main">${escape(t.skip)}</a>
<header class="top">
  <p class="brand">${escape(t.brand)}</p>
  <nav aria-label="${escape(t.sections)}">
    <a href="#nisab">${escape(t.navNisab)}</a> <a href="#notice">${escape(t.notice.nav)}</a> <a href="#hawl">${escape(hawl.nav)}</a> <a href="#calculator">${escape(t.navCalculator)}</a> <a href="#chart">${escape(t.navChart)}</a> <a href="${developersPath(lang)}">${escape(t.navDevelopers)}</a>
  </nav>
  ${languageSwitch(lang, t.language)}
</header>`;
}

/** Today's Nisab: the cards, the warning of a stale rate, what it is, the dollar's rate, the data's day and the link that shares it. */
function nisabSection(lang: Lang, meta: Meta, shown: Figures, words: PageWords, share: string | null): string {
  const { t, format } = words;
  const stale = staleText(shown, words);
  return `<section id="nisab" aria-labelledby="nisab-title">
  <h2 id="nisab-title">${escape(t.nisabTitle)}</h2>
  <div id="nisab-cards" class="cards" aria-live="polite">${nisabCards(shown, words)}</div>
  <div id="stale" class="warning" role="alert"${stale ? '' : ' hidden'}>${stale ? escape(stale) : ''}</div>
  <p id="nisab-explain">${escape(WIDGET_CATALOGUES[lang].widget.explain)}</p>
  <p id="nisab-rate" class="small">${escape(dollarText(shown, words))}</p>
  <p class="lead small">${escape(t.lead(format.date(meta.asOf), meta.timeZone))}</p>
  ${share === null ? '' : shareLink(lang, share)}
</section>`;
}

/** What the page's script reads of the build (the config element), before the data's first and last days. */
const pageConfig = (lang: Lang, meta: Meta, subcategories: Subcategory[], sources: Source[]) => ({
  lang,
  asOf: meta.asOf,
  subcategories,
  sources: sourceNames(sources),
  defaultSubcategoryID: meta.defaultSubcategoryID,
});

/** The payers' page in one language (docs/API.md §9): today's figures, NMCN's notice, the hawl lookup, the calculator, the chart. */
export function landingPage(
  meta: Meta,
  sources: Source[],
  subcategories: Subcategory[],
  lang: Lang,
  figures: PageFigures,
  /** The text answer of the language (v1/text/nisab.LANG.txt), shared by the WhatsApp link; null without one. */
  share: string | null = null,
): string {
  const { page: t, calendar, hawl } = PAGE_CATALOGUES[lang];
  const format = formats(calendar);
  const words: PageWords = { t, calendar, format };
  const gold = meta.subcategories.find((s) => s.sctID === meta.defaultSubcategoryID);
  const shown: Figures = { ...figures, subcategories, sources, defaultSubcategoryID: meta.defaultSubcategoryID, asOf: meta.asOf };
  const config = { ...pageConfig(lang, meta, subcategories, sources), firstDate: gold?.firstDate ?? null, lastDate: gold?.lastDate ?? null };
  const heading = gold?.lastDate ? t.heading(format.date(gold.lastDate)) : t.headingNoRate;
  return `${landingHead(lang, gold?.lastDate ? t.title(format.date(gold.lastDate)) : t.titleNoRate)}
<body>
${landingHeader(lang)}
<main id="main">
<h1${gold?.lastDate ? ` data-date="${gold.lastDate}"` : ''}>${escape(heading)}</h1>
<p id="today" class="today">${todayDates(meta, words).html}</p>
<p id="per-gram" class="today">${perGramText(shown, words)?.html ?? ''}</p>
<div id="offline" class="warning" role="status" hidden></div>

${nisabSection(lang, meta, shown, words, share)}

${noticeSection(t, shown, words)}

${hawlSection(hawl, calendar, meta.asOfHijri, subscribeSection(lang))}

${calculatorSection(lang)}

${chartSection(t, config.firstDate, config.lastDate)}

<p id="developers" class="small"><a href="${developersPath(lang)}">${escape(t.developersLink)}</a></p>
</main>
<footer>
<p>${t.sourcesIntroHtml(`<a href="${developersPath(lang)}#sources">${paths.sources}</a>`, `${BASES[0]}/sources`)}</p>
<p>${escape(t.rulesNote)}</p>
</footer>
<noscript><p class="warning">${escape(t.noscript)}</p></noscript>
${configScript(config)}
</body>
</html>
`;
}

/** The widget's and the calculator's code to embed, with the policy a site needs. */
function embedSection(t: PageStrings, lang: Lang): string {
  return `<section id="embed" aria-labelledby="embed-title">
  <h2 id="embed-title">${escape(t.embedTitle)}</h2>
  <p>${escape(t.embedIntro)}</p>
  <pre><code id="embed-code" data-lang="${lang}">${escape(embedCode('https://HOST', lang))}</code></pre>
  <button type="button" id="embed-copy">${escape(t.copyEmbed)}</button>
  <p id="embed-calculator-intro">${escape(t.embedCalculatorIntro)}</p>
  <pre><code id="embed-calculator-code" data-lang="${lang}">${escape(embedCalculatorCode('https://HOST', lang))}</code></pre>
  <p id="embed-csp-intro">${escape(t.embedCspIntro)}</p>
  <pre><code id="embed-csp">Content-Security-Policy: ${escape(embedPolicy('https://HOST'))}</code></pre>
  <p>${escape(t.embedCspMeta)}</p>
  <pre><code id="embed-csp-meta">${escape(`<meta http-equiv="Content-Security-Policy" content="${embedPolicy('https://HOST')}">`)}</code></pre>
</section>`;
}

function apiSection(t: PageStrings, coverage: string): string {
  return `<section id="api" aria-labelledby="api-title">
  <h2 id="api-title">${escape(t.apiTitle)}</h2>
  <p>${t.apiIntroHtml(BASES[1]!)}</p>
  <p id="api-unit">${escape(t.apiUnit)}</p>
  <p id="downloads">${t.downloadsHtml(`<a href="/${paths.downloadsIndex}">${paths.downloadsIndex}</a>`)}</p>
  <ul>
${coverage}
  </ul>
  <div id="examples"></div>
</section>`;
}

function sourcesSection(t: PageStrings, sources: Source[]): string {
  return `<section id="sources" aria-labelledby="sources-title">
  <h2 id="sources-title">${escape(t.navSources)}</h2>
  <p>${t.sourcesIntroHtml(`<a href="/${paths.sources}">${paths.sources}</a>`, `${BASES[0]}/sources`)}</p>
  <ul id="sources-list">
${credits(sources)}
  </ul>
  <p>${escape(t.rulesNote)}</p>
</section>`;
}

/** The developers' page in one language: the widget's code (with the policy a site needs), the API's examples with live answers, every source. */
export function developersPage(meta: Meta, sources: Source[], lang: Lang): string {
  const { page: t, calendar } = PAGE_CATALOGUES[lang];
  const format = formats(calendar);
  const coverage = meta.subcategories
    .filter((s) => s.count > 0)
    .map((s) => `<li>${escape(t.coverage(s.sctSlug, String(s.sctID), format.number(s.count, 0), s.firstDate!, s.lastDate!))}</li>`)
    .join('\n');
  // The examples come from the endpoint table, so a new endpoint shows up here by itself; each is titled by the catalogue.
  const titles = t.examples as { [path: string]: string };
  const examples = ENDPOINTS.flatMap((e) => e.examples.map((query) => (query ? `${e.path}?${query}` : e.path))).map((path) => ({
    path,
    title: titles[path] ?? '',
  }));
  const alternates = LANGUAGES.map((other) => `<link rel="alternate" hreflang="${other}" href="${developersPath(other)}">`).join('\n');
  return `${HEAD(
    t.developersTitle,
    t.developersDescription,
    `${alternates}
<link rel="stylesheet" href="/assets/page.css">
<script type="module" src="/assets/developers-${lang}.js"></script>
`,
    lang,
  )}
<body>
<a class="skip" href="#main">${escape(t.skip)}</a>
<header class="top">
  <p class="brand"><a href="${LANGUAGE_INFO[lang].path}">${escape(t.brand)}</a></p>
  <nav aria-label="${escape(t.sections)}">
    <a href="${LANGUAGE_INFO[lang].path}">${escape(t.backToPage)}</a> <a href="#embed">${escape(t.navEmbed)}</a> <a href="#api">${escape(t.navApi)}</a> <a href="/reference.html">${escape(t.navReference)}</a> <a href="#sources">${escape(t.navSources)}</a>
  </nav>
  ${languageSwitch(lang, t.language, developersPath)}
</header>
<main id="main">
<h1>${escape(t.developersTitle)}</h1>

${embedSection(t, lang)}

${apiSection(t, coverage)}

${sourcesSection(t, sources)}
</main>
${configScript({ lang, examples })}
</body>
</html>
`;
}

export function referencePage(): string {
  return `${HEAD('API reference: gold and silver rates and Zakat Nisab rules', 'The OpenAPI reference of the Nisab API, rendered from openapi.json.')}
<body style="margin:0">
<p style="font:14px system-ui,sans-serif;margin:.5rem 1rem"><a href="/">← Back to the Nisab page</a> · <a href="/openapi.json">openapi.json</a></p>
<div id="reference"></div>
<script src="/assets/redoc.standalone.js"></script>
<script>
Redoc.init('/openapi.json', { hideDownloadButton: false, disableSearch: false, expandResponses: '200', theme: { typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' }, code: { fontFamily: 'ui-monospace, monospace' } } } }, document.getElementById('reference'));
</script>
</body>
</html>
`;
}
