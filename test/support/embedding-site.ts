// A mosque's website on ANOTHER origin (a second server on another 127.0.0.1
// port) that embeds our scripts: each request's query picks the page, and the
// page says the Content-Security-Policy it is sent with. For the widget's and
// the embedded calculator's tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { useDefaultPage, type DefaultPage } from './default-page.ts';

export interface EmbeddingSite {
  url: string;
  close(): Promise<void>;
}

/** A policy that allows `apiOrigin` alone, as a careful site with nothing of its own sends it. */
export const strictPolicy = (apiOrigin: string) =>
  `default-src ${apiOrigin}; script-src ${apiOrigin}; connect-src ${apiOrigin}; style-src ${apiOrigin}; img-src ${apiOrigin}; base-uri 'none'; form-action 'none'`;

/** Serves `page(query)`: the body inside <body>, and its policy. */
export async function startEmbeddingSite(page: (query: URLSearchParams) => { policy: string; body: string }): Promise<EmbeddingSite> {
  const server = http.createServer((req, res) => {
    const { policy, body } = page(new URL(req.url ?? '/', 'http://x').searchParams);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>A mosque</title></head><body>
<h1>Masallacin Juma'a</h1>
${body}
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface EmbeddedPage extends DefaultPage {
  host: EmbeddingSite;
}

/**
 * Hooks of the calling file (or describe): the default data as of `asOf` on the preview, Chromium (support/
 * default-page.ts, which says what `options` does), and the embedding site, whose pages `page` writes for the API's
 * origin. Its fields are set before the first test.
 */
export function useEmbeddingSite(
  asOf: string | undefined,
  page: (apiOrigin: string, query: URLSearchParams) => { policy: string; body: string },
  options: Parameters<typeof useDefaultPage>[1] = {},
): EmbeddedPage {
  const site = useDefaultPage(asOf, options) as EmbeddedPage;
  beforeAll(async () => {
    site.host = await startEmbeddingSite((query) => page(site.preview.url, query));
  });
  afterAll(async () => {
    await site.host?.close();
  });
  return site;
}
