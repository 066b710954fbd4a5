// The pages of the site, rendered at build time: the landing page in each
// language of i18n/catalogue.ts (its figures, chart, calculator and examples are
// filled in by assets/page.js from the API itself, in the page's language) and
// the API reference (openapi.json rendered by Redoc).
// The build writes the as-of date and coverage into the page, so it says what
// it holds before any script runs.
import { BASES, ENDPOINTS } from '../../core/endpoints.ts';
import { paths } from '../../core/layout.ts';
import type { Meta, Source, Subcategory } from '../../core/schemas.ts';
import { LANGUAGE_INFO, LANGUAGES, type Lang } from '../i18n/catalogue.ts';
import { PAGE_CATALOGUES } from '../i18n/catalogues.ts';
import { formats } from '../i18n/format.ts';
import { hawlSection, noticeSection } from './calendar-sections.ts';
import { shareLink, subscribeSection } from './reach.ts';
import { escapeHtml as escape } from './escape-html.ts';

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
export const LANDING_FILES: { [L in Lang]: string } = { en: 'index.html', ha: 'ha/index.html', ar: 'ar/index.html' };

/** Links to the page in every language, each named in its own language; the current one marked. */
function languageSwitch(lang: Lang, label: string): string {
  const links = LANGUAGES.map((other) => {
    const info = LANGUAGE_INFO[other];
    const current = other === lang ? ' aria-current="page"' : '';
    return `<a href="${info.path}" hreflang="${other}" lang="${other}" dir="${info.dir}"${current}>${escape(info.name)}</a>`;
  });
  return `<nav class="languages" aria-label="${escape(label)}">${links.join(' ')}</nav>`;
}

/** The widget's embed code (docs/API.md §9); the page puts its own origin for HOST when it runs. */
export const embedCode = (origin: string, lang: Lang) =>
  `<div data-nisab-widget data-lang="${lang}" data-currency="NGN"></div>\n<script src="${origin}/widget.js" async></script>`;

/** The landing page in one language (docs/API.md §9): the same figures, the words of its catalogue. */
export function landingPage(meta: Meta, sources: Source[], subcategories: Subcategory[], lang: Lang = 'en', share: string | null = null): string {
  const { page: t, calendar, hawl } = PAGE_CATALOGUES[lang];
  const format = formats(calendar);
  const gold = meta.subcategories.find((s) => s.sctID === meta.defaultSubcategoryID);
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
  const config = {
    lang,
    asOf: meta.asOf,
    subcategories,
    sources,
    defaultSubcategoryID: meta.defaultSubcategoryID,
    firstDate: gold?.firstDate ?? null,
    lastDate: gold?.lastDate ?? null,
    examples,
  };
  const alternates = LANGUAGES.map((other) => `<link rel="alternate" hreflang="${other}" href="${LANGUAGE_INFO[other].path}">`).join('\n');
  const radio = (name: string, value: string, text: string, checked = false) =>
    `<label><input type="radio" name="${name}" value="${value}"${checked ? ' checked' : ''}> ${escape(text)}</label>`;
  const option = (value: string, text: string, selected = false) => `<option value="${value}"${selected ? ' selected' : ''}>${escape(text)}</option>`;
  const number = (name: string, text: string, step = 'any', mode = 'decimal') =>
    `<label>${escape(text)} <input name="${name}" type="number" min="0" step="${step}" inputmode="${mode}"></label>`;
  const heading = gold?.lastDate ? t.heading(format.date(gold.lastDate)) : t.headingNoRate;
  return `${HEAD(
    t.title,
    t.description,
    `${alternates}
<link rel="stylesheet" href="/assets/page.css">
<script type="module" src="/assets/page-${lang}.js"></script>
`,
    lang,
  )}
<body>
<a class="skip" href="#main">${escape(t.skip)}</a>
<header class="top">
  <p class="brand">${escape(t.brand)}</p>
  <nav aria-label="${escape(t.sections)}">
    <a href="#nisab">${escape(t.navNisab)}</a> <a href="#notice">${escape(t.notice.nav)}</a> <a href="#hawl">${escape(hawl.nav)}</a> <a href="#chart">${escape(t.navChart)}</a> <a href="#calculator">${escape(t.navCalculator)}</a> <a href="#embed">${escape(t.navEmbed)}</a> <a href="#api">${escape(t.navApi)}</a> <a href="/reference.html">${escape(t.navReference)}</a>
  </nav>
  ${languageSwitch(lang, t.language)}
</header>
<main id="main" data-config="${escape(JSON.stringify(config))}">
<h1${gold?.lastDate ? ` data-date="${gold.lastDate}"` : ''}>${escape(heading)}</h1>
<p class="lead">${escape(t.lead(format.date(meta.asOf), meta.timeZone))}</p>
<div id="stale" class="warning" role="alert" hidden></div>

<section id="nisab" aria-labelledby="nisab-title">
  <h2 id="nisab-title">${escape(t.nisabTitle)}</h2>
  <div id="nisab-cards" class="cards" aria-live="polite"><p>${escape(t.loading)}</p></div>
  <p id="nisab-rate" class="small"></p>
  ${share === null ? '' : shareLink(lang, share)}
</section>

${noticeSection(t)}

${hawlSection(hawl, calendar, meta.asOfHijri)}
${subscribeSection(lang)}

<section id="chart" aria-labelledby="chart-title">
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
      <label>${escape(t.from)} <input type="date" name="from" min="${config.firstDate ?? ''}" max="${config.lastDate ?? ''}"></label>
      <label>${escape(t.to)} <input type="date" name="to" min="${config.firstDate ?? ''}" max="${config.lastDate ?? ''}"></label>
      <button type="submit">${escape(t.show)}</button>
    </fieldset>
  </form>
  <figure>
    <div id="chart-plot" class="plot" role="img" aria-label="${escape(t.chartLabel)}"></div>
    <figcaption id="chart-caption" aria-live="polite"></figcaption>
  </figure>
  <p class="small">${t.drawnFromHtml('<code id="chart-query"></code>')}</p>
</section>

<section id="calculator" aria-labelledby="calculator-title">
  <h2 id="calculator-title">${escape(t.calculatorTitle)}</h2>
  <p>${escape(t.calculatorIntro)}</p>
  <p>${escape(t.combineNote)}</p>
  <form id="zakat-form" class="calc">
    <fieldset>
      <legend>${escape(t.rules)}</legend>
      <label>${escape(t.school)} <select name="school">
        ${option('maliki', t.maliki, true)}
        ${option('hanafi', t.hanafi)}
        ${option('shafii', t.shafii)}
        ${option('hanbali', t.hanbali)}
      </select></label>
      <label>${escape(t.calcCurrency)} <select name="amountsIn" id="calc-currency">
        ${option('NGN', 'NGN (Naira)', true)}
      </select></label>
      <p class="small" id="calc-currency-note" aria-live="polite"></p>
      <label>${escape(t.cashStandard)} <select name="standard">
        ${option('gold', t.goldStandard)}
        ${option('silver', t.silverStandard)}
        ${option('lower', t.lowerOfTwo)}
      </select></label>
    </fieldset>
    <fieldset>
      <legend>${escape(t.moneyAndMetals)}</legend>
      ${number('cash', t.cash)}
      ${number('tradeGoods', t.tradeGoods)}
      ${number('goldGrams', t.goldHeld)}
      ${number('silverGrams', t.silverHeld)}
      ${number('wornGoldGrams', t.wornGold)}
      ${number('wornSilverGrams', t.wornSilver)}
      <label>${escape(t.trader)} <select name="trader">
        ${option('mudir', t.mudir, true)}
        ${option('muhtakir', t.muhtakir)}
      </select></label>
      <label><input type="checkbox" name="tradeGoodsSold" value="yes"> ${escape(t.sold)}</label>
    </fieldset>
    <fieldset>
      <legend>${escape(t.livestock)}</legend>
      ${number('camels', t.camels, '1', 'numeric')}
      ${number('cattle', t.cattle, '1', 'numeric')}
      ${number('sheep-goats', t.sheepGoats, '1', 'numeric')}
    </fieldset>
    <fieldset>
      <legend>${escape(t.crops)}</legend>
      ${number('cropsKg', t.harvest)}
      <label>${escape(t.wateredBy)} <select name="watering">
        ${option('rain-fed', t.rainFed)}
        ${option('irrigated', t.irrigated)}
        ${option('mixed', t.mixed)}
      </select></label>
    </fieldset>
    <fieldset>
      <legend>${escape(t.fitrTitle)}</legend>
      ${number('persons', t.persons, '1', 'numeric')}
    </fieldset>
  </form>
  <div id="zakat-result" aria-live="polite"></div>
</section>

<section id="embed" aria-labelledby="embed-title">
  <h2 id="embed-title">${escape(t.embedTitle)}</h2>
  <p>${escape(t.embedIntro)}</p>
  <pre><code id="embed-code" data-lang="${lang}">${escape(embedCode('https://HOST', lang))}</code></pre>
  <button type="button" id="embed-copy">${escape(t.copyEmbed)}</button>
</section>

<section id="api" aria-labelledby="api-title">
  <h2 id="api-title">${escape(t.apiTitle)}</h2>
  <p>${t.apiIntroHtml(BASES[1]!)}</p>
  <p id="downloads">${t.downloadsHtml(`<a href="/${paths.downloadsIndex}">${paths.downloadsIndex}</a>`)}</p>
  <ul>
${coverage}
  </ul>
  <div id="examples"></div>
</section>
</main>
<footer>
<p>${t.sourcesIntroHtml(`<a href="/${paths.sources}">${paths.sources}</a>`, `${BASES[0]}/sources`)}</p>
<ul id="sources-list">
${credits(sources)}
</ul>
<p>${escape(t.rulesNote)}</p>
</footer>
<noscript><p class="warning">${escape(t.noscript)}</p></noscript>
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
