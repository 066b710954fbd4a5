// The page at the root of the site: what the API is and how to call it.
import { BASES, ENDPOINTS } from '../core/endpoints.ts';
import type { Meta } from '../core/schemas.ts';

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function landingPage(meta: Meta): string {
  const coverage = meta.subcategories
    .filter((s) => s.count > 0)
    .map((s) => `<li><code>${s.sctID}</code> ${escape(s.sctSlug)}: ${s.count} rates, ${s.firstDate} to ${s.lastDate}</li>`)
    .join('\n      ');
  const example = (path: string) => `<li><a href="${escape(path)}"><code>GET ${escape(path)}</code></a></li>`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Gold and silver rates and Zakat Nisab rules API</title>
    <style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}code{background:#f3f3f3;padding:0 .2em}</style>
  </head>
  <body>
    <h1>Gold and silver rates and Zakat Nisab rules</h1>
    <p>A free, read-only JSON API. This snapshot is as of <strong>${meta.asOf}</strong> (${escape(meta.timeZone)}) and is rebuilt every night.</p>
    <ul>
      ${coverage}
    </ul>
    <h2>Endpoints</h2>
    <ul>
      ${ENDPOINTS.flatMap((e) => e.examples.map((q) => `${BASES[0]}${e.path}${q ? `?${q}` : ''}`))
        .map(example)
        .join('\n      ')}
    </ul>
    <p>Every endpoint also answers under <code>/index.php/api/v1</code>. The contract is in <a href="/API.md">API.md</a>, every field in <a href="/openapi.json">openapi.json</a>.</p>
    <p>Prices: The World Bank, Commodity Price Data (The Pink Sheet), CC BY 4.0, monthly averages. Naira rates: International Monetary Fund, International Financial Statistics. Please use the service responsibly.</p>
  </body>
</html>
`;
}
