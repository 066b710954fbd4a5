// The service worker (/sw.js, docs/site.md "Offline"): after one visit the
// payers' page opens with no network, with the figures it last showed. It keeps
// the page, its script and style, and the answers of the page's first render
// (/nisab and the metals' newest rates, under /api/v1 or as the static files a
// plain host serves), and nothing else: a navigation under /api/ or to any
// other page is never answered by it.
//
// Network first, always: online, every answer is the server's own, and is kept.
// Offline, the kept copy answers. Each build writes its own sw.js (VERSION is
// its content id), so a new build installs a new worker, which fetches the page
// and its answers afresh into a new cache before it deletes the old one: the
// kept set is one build's, never a mix (an install that fails offline leaves the
// old worker and its whole set in place).

// The few parts of a service worker's scope used here (the project compiles with the DOM's types, not the worker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
const worker = self as unknown as WorkerScope;
/** The build's content id and the metals' subcategory IDs, defined by the build (sw-file.ts). */
declare const VERSION: string;
declare const METALS: number[];

const CACHE = `nisab-page-${VERSION}`;
/** The header of an answer given from the kept copy (page/main.ts reads it). */
const KEPT_HEADER = 'x-nisab-kept';
/** The page of each language, by the path its worker is registered for (page/main.ts registers with the page's folder). */
const LANGS: Record<string, string> = { '/': 'en', '/ha/': 'ha', '/ar/': 'ar' };

/** What this worker answers: the pages, their assets and the first render's answers, of this origin, by GET. */
function kept(request: Request): boolean {
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || request.method !== 'GET') return false;
  if (request.mode === 'navigate') return url.pathname in LANGS || /^\/(ha\/|ar\/)?index\.html$/.test(url.pathname);
  const path = url.pathname + url.search;
  return (
    /^\/assets\/(page-(en|ha|ar)\.js|hawl-(en|ha|ar)\.js|calculator-(en|ha|ar)\.js|page\.css)$/.test(path) ||
    /^\/(index\.php\/)?api\/v1\/(nisab|rates\/latest\?subcategory=[0-9]+)$/.test(path) ||
    /^\/v1\/(nisab\.json|rates\/latest\/[0-9]+\.json)$/.test(path)
  );
}

/** A page by its folder, whichever way it was asked for (/ha/ or /ha/index.html). */
const key = (request: Request) => {
  const url = new URL(request.url);
  return request.mode === 'navigate' ? `${url.origin}${url.pathname.replace(/index\.html$/, '')}` : request.url;
};

worker.addEventListener('install', (event) => {
  const scope = new URL(worker.registration.scope).pathname;
  const lang = LANGS[scope] ?? 'en';
  const required = [scope, `/assets/page-${lang}.js`, `/assets/calculator-${lang}.js`, '/assets/page.css'];
  // The answers under /api/v1 and as static files: a plain host has only the second (each kept where it answers).
  const answers = ['/api/v1/nisab', '/v1/nisab.json', ...METALS.flatMap((id) => [`/api/v1/rates/latest?subcategory=${id}`, `/v1/rates/latest/${id}.json`])];
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(required.map((path) => new Request(path, { cache: 'no-cache' })));
      await Promise.all(
        answers.map(async (path) => {
          const response = await fetch(path, { cache: 'no-cache' }).catch(() => null);
          if (response?.ok) await cache.put(path, response);
        }),
      );
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('nisab-page-') && name !== CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  if (!kept(request)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const response = await fetch(request);
        if (response.ok) await cache.put(key(request), response.clone());
        return response;
      } catch (error) {
        const copy = await cache.match(key(request));
        if (!copy) throw error;
        // Marked, so the page can say its figures are the kept ones (page/main.ts).
        const headers = new Headers(copy.headers);
        headers.set(KEPT_HEADER, '1');
        return new Response(copy.body, { status: copy.status, statusText: copy.statusText, headers });
      }
    })(),
  );
});
