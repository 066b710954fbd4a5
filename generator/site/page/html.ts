// The two pages of the site, rendered at build time: the landing page (its
// figures, chart, calculator and examples are filled in by assets/page.js from
// the API itself) and the API reference (openapi.json rendered by Redoc).
// The build writes the as-of date and coverage into the page, so it says what
// it holds before any script runs.
import { BASES, ENDPOINTS } from '../../core/endpoints.ts';
import { paths } from '../../core/layout.ts';
import type { Meta, Source } from '../../core/schemas.ts';

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const HEAD = (title: string, description: string, extra = '') => `<!doctype html>
<html lang="en">
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

export function landingPage(meta: Meta, sources: Source[]): string {
  const gold = meta.subcategories.find((s) => s.sctID === meta.defaultSubcategoryID);
  const coverage = meta.subcategories
    .filter((s) => s.count > 0)
    .map((s) => `<li><b>${escape(s.sctSlug)}</b> (subcategory ${s.sctID}): ${s.count} rates, ${s.firstDate} to ${s.lastDate}</li>`)
    .join('\n');
  // The examples come from the endpoint table, so a new endpoint shows up here by itself.
  const examples = ENDPOINTS.flatMap((e) => e.examples.map((query) => ({ path: query ? `${e.path}?${query}` : e.path, title: e.summary })));
  const config = { asOf: meta.asOf, defaultSubcategoryID: meta.defaultSubcategoryID, firstDate: gold?.firstDate ?? null, lastDate: gold?.lastDate ?? null, examples };
  return `${HEAD(
    'Gold and silver rates and Zakat Nisab today, in Naira and US dollars',
    'Today\'s Zakat Nisab in Naira and US dollars on the gold and silver standards, daily gold and silver rates, a zakat calculator and a free JSON API.',
    `<link rel="stylesheet" href="/assets/page.css">
<script type="module" src="/assets/page.js"></script>
`,
  )}
<body>
<a class="skip" href="#main">Skip to the figures</a>
<header class="top">
  <p class="brand">Nisab API</p>
  <nav aria-label="Sections">
    <a href="#nisab">Nisab</a> <a href="#chart">Chart</a> <a href="#calculator">Calculator</a> <a href="#api">API</a> <a href="/reference.html">Reference</a>
  </nav>
</header>
<main id="main" data-config="${escape(JSON.stringify(config))}">
<h1>Zakat Nisab today, in Naira and US dollars</h1>
<p class="lead">From a snapshot as of <time datetime="${meta.asOf}">${meta.asOf}</time> (${escape(meta.timeZone)}), rebuilt every night. Every figure on this page comes from the free JSON API below.</p>
<div id="stale" class="warning" role="alert" hidden></div>

<section id="nisab" aria-labelledby="nisab-title">
  <h2 id="nisab-title">Nisab: the least wealth on which zakat is due</h2>
  <div id="nisab-cards" class="cards" aria-live="polite"><p>Loading today's figures…</p></div>
  <p id="nisab-rate" class="small"></p>
</section>

<section id="chart" aria-labelledby="chart-title">
  <h2 id="chart-title">Gold and silver prices</h2>
  <form id="chart-controls" class="controls">
    <fieldset>
      <legend>Price per gram in</legend>
      <label><input type="radio" name="currency" value="naira" checked> Naira</label>
      <label><input type="radio" name="currency" value="usd"> US dollars</label>
    </fieldset>
    <fieldset>
      <legend>Range</legend>
      <label><input type="radio" name="range" value="1m"> 1 month</label>
      <label><input type="radio" name="range" value="1y"> 1 year</label>
      <label><input type="radio" name="range" value="10y" checked> 10 years</label>
      <label><input type="radio" name="range" value="all"> All</label>
      <label><input type="radio" name="range" value="custom"> Two dates</label>
    </fieldset>
    <fieldset id="custom-range" class="dates" hidden>
      <legend>From and to (inclusive)</legend>
      <label>From <input type="date" name="from" min="${config.firstDate ?? ''}" max="${config.lastDate ?? ''}"></label>
      <label>To <input type="date" name="to" min="${config.firstDate ?? ''}" max="${config.lastDate ?? ''}"></label>
      <button type="submit">Show</button>
    </fieldset>
  </form>
  <figure>
    <div id="chart-plot" class="plot" role="img" aria-label="Chart of gold and silver prices"></div>
    <figcaption id="chart-caption" aria-live="polite"></figcaption>
  </figure>
  <p class="small">Drawn from <code id="chart-query"></code>: the API's own range query.</p>
</section>

<section id="calculator" aria-labelledby="calculator-title">
  <h2 id="calculator-title">Zakat calculator</h2>
  <p>Runs in your browser on the published rules; nothing you type leaves this page. Each kind of wealth is measured against its own Nisab, after a full lunar year (hawl) of ownership where the rule requires it; cash and trade goods are one pool.</p>
  <form id="zakat-form" class="calc">
    <fieldset>
      <legend>Rules</legend>
      <label>School <select name="school">
        <option value="maliki" selected>Maliki</option>
        <option value="hanafi">Hanafi</option>
        <option value="shafii">Shafi'i</option>
        <option value="hanbali">Hanbali</option>
      </select></label>
      <label>Nisab for cash and trade goods <select name="standard">
        <option value="gold">Gold standard</option>
        <option value="silver">Silver standard</option>
        <option value="lower">Lower of the two</option>
      </select></label>
    </fieldset>
    <fieldset>
      <legend>Money and metals</legend>
      <label>Cash and savings (₦) <input name="cash" type="number" min="0" step="any" inputmode="decimal"></label>
      <label>Trade goods at market value (₦) <input name="tradeGoods" type="number" min="0" step="any" inputmode="decimal"></label>
      <label>Gold held (grams) <input name="goldGrams" type="number" min="0" step="any" inputmode="decimal"></label>
      <label>Silver held (grams) <input name="silverGrams" type="number" min="0" step="any" inputmode="decimal"></label>
    </fieldset>
    <fieldset>
      <legend>Livestock (grazing animals, head)</legend>
      <label>Camels <input name="camels" type="number" min="0" step="1" inputmode="numeric"></label>
      <label>Cattle <input name="cattle" type="number" min="0" step="1" inputmode="numeric"></label>
      <label>Sheep and goats <input name="sheep-goats" type="number" min="0" step="1" inputmode="numeric"></label>
    </fieldset>
    <fieldset>
      <legend>Crops</legend>
      <label>Harvest (kg) <input name="cropsKg" type="number" min="0" step="any" inputmode="decimal"></label>
      <label>Watered by <select name="watering">
        <option value="rain-fed">Rain or rivers</option>
        <option value="irrigated">Irrigation (labour or cost)</option>
        <option value="mixed">Both, half and half</option>
      </select></label>
    </fieldset>
  </form>
  <div id="zakat-result" aria-live="polite"></div>
</section>

<section id="api" aria-labelledby="api-title">
  <h2 id="api-title">The API: copy, paste, run</h2>
  <p>Free, read-only, no key. Every answer is <code>{"success": true, "data": …}</code> (with <code>count</code> for lists) or <code>{"success": false, "message": "…"}</code>. The same paths answer under <code>${BASES[1]}</code>. The contract: <a href="/API.md">API.md</a>. Full reference: <a href="/reference.html">API reference</a> (<a href="/openapi.json">openapi.json</a>), JSON Schemas under <a href="/schemas/index.json">/schemas/</a>, and a typed JavaScript client in the repository's <code>client/</code> folder.</p>
  <ul>
${coverage}
  </ul>
  <div id="examples"></div>
</section>
</main>
<footer>
<p>Where the figures come from (<a href="/${paths.sources}">${paths.sources}</a>, also <code>GET ${BASES[0]}/sources</code>, describes each; every figure above names its own):</p>
<ul id="sources-list">
${credits(sources)}
</ul>
<p>Rules: compiled from the sources each rule names. Ask a scholar you trust about your own case.</p>
</footer>
<noscript><p class="warning">The figures, chart and calculator need JavaScript; the API itself works without it.</p></noscript>
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
