// /llms.txt (docs/API.md §10; the llmstxt.org form: a title, a one-paragraph
// summary, then sections of links): what the API is, every endpoint of the
// endpoint table with its parameters and an example, and where the OpenAPI
// document and the other files are. Written from the table, so an endpoint
// added there is listed here without an edit.
import { BASES, ENDPOINTS } from '../router/endpoints.ts';
import { PARAMETERS } from '../router/parameters.ts';
import { paths, TEXT_FORMS } from '../router/layout.ts';
import { UNIT_NOTE } from '../router/per-unit.ts';

export const LLMS_FILE = 'llms.txt';
export const OPENAPI_PATH = '/openapi.json';

export function llmsTxt(): string {
  const base = BASES[0]!;
  const endpoints = ENDPOINTS.map((e) => {
    const example = e.examples.find((query) => query !== '') ?? '';
    const parameters = e.parameters.length === 0 ? 'no parameters' : `parameters: ${e.parameters.join(', ')}`;
    const shown = example === '' ? '' : ` Example: ${base}${e.path}?${example}`;
    return `- [GET ${base}${e.path}](${base}${e.path}): ${e.summary} (${parameters}).${shown}`;
  });
  const parameters = Object.keys(PARAMETERS).map((name) => `- \`${name}\`: ${PARAMETERS[name as keyof typeof PARAMETERS].description}`);
  return `# Nisab API: daily gold and silver rates and Zakat Nisab rules

> A free, public, read-only JSON API of daily gold and silver prices in US dollars and Naira (with other currencies on request), the Zakat Nisab rules of the four Sunni schools valued at those prices, and Nigeria's Hijri months as the Sultan of Sokoto declared them. Every figure names its source. Precomputed static files behind a CDN: no key, no rate limit, CORS open.

Every answer is a JSON envelope: \`{"success":true,"data":...,"count":N}\` (count only for lists) or \`{"success":false,"message":"..."}\` with status 400, 404 or 405. The bases \`${BASES.join('` and `')}\` answer identically. Dates are \`YYYY-MM-DD\`; money has 2 decimals. ${UNIT_NOTE}. The OpenAPI document at ${OPENAPI_PATH} describes every endpoint, parameter and field.

## Endpoints

${endpoints.join('\n')}

## Parameters

${parameters.join('\n')}

## Documents

- [OpenAPI 3.1 document](${OPENAPI_PATH}): every endpoint, parameter, field and error
- [API reference](/reference.html): the OpenAPI document rendered
- [The contract](/API.md): what every server guarantees, every message
- [JSON Schemas](/schemas/index.json): the schema of every record and answer

## Files

- [Nigeria's months as a calendar feed](/${paths.calendarIcs}): iCalendar, one all-day event per declared month
- Today's Nisab as text to forward: ${TEXT_FORMS.map((form) => `/${paths.textAnswer(form)}`).join(', ')}
- [Bulk downloads](/${paths.downloadsIndex}): every rate and the daily Nisab as CSV
- [The widget](/widget.js): \`<div data-nisab-widget data-lang="ha"></div>\` and this script show today's Nisab on any site
`;
}
