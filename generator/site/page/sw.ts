// The service worker (/sw.js, docs/site.md "Offline"): after one visit the
// payers' page opens with no network, with the figures it last showed. It keeps
// the page, its script and style, and the answers of the page's first render
// (/nisab and the metals' newest rates, under /api/v1 or as the static files a
// plain host serves), and nothing else: a navigation under /api/ or to any
// other page is never answered by it.
//
// Network first, always: online, every answer is the server's own. Only a
// failed fetch (no network) is answered from the kept copy; a failure to keep
// (storage full, an answer the Cache API refuses, such as `Vary: *`) serves the
// network's answer and leaves the kept copy as it was. What is kept must look
// like the page's own: a 200 of the right type within KEEP_CAP, and for an
// answer a parsed `success: true` envelope, so a captive portal's page or a
// runaway body is never shown later as the figures.
//
// Each page's worker (its scope is the page's folder) keeps its set in a cache of
// its own language and build (`nisab-page-<lang>-<VERSION>`) and deletes only its
// own language's older caches: another page's worker, not yet updated, still
// answers from its own (docs/decisions.md "One cache per page"). Each build
// writes its own sw.js (VERSION is its content id), so a new build installs a new
// worker, which fetches the page and its answers afresh into a new cache before
// it deletes the old one: the kept set is one build's, never a mix (an install
// that fails, offline or with storage full, leaves the old worker and its whole
// set in place).
import { LANGUAGE_INFO, LANGUAGES, type Lang } from '../i18n/catalogue.ts';

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
/** The build's content id, the metals' subcategory IDs and the largest body kept, defined by the build (sw-file.ts). */
declare const VERSION: string;
declare const METALS: number[];
declare const KEEP_CAP: number;
/** The header of an answer given from the kept copy (page/main.ts reads it). */
const KEPT_HEADER = 'x-nisab-kept';

// This worker's page: the language whose page's folder is its scope (page/main.ts registers with the page's folder).
const SCOPE = new URL(worker.registration.scope).pathname;
const LANG: Lang = LANGUAGES.find((lang) => LANGUAGE_INFO[lang].path === SCOPE) ?? LANGUAGES[0];
const CACHE_PREFIX = `nisab-page-${LANG}-`;
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const PAGE = LANGUAGE_INFO[LANG].path;
const STYLE = '/assets/page.css';
/** The page's scripts (site/assets.ts names them so): the hawl lookup's and the years-not-paid part's are kept once used. */
const SCRIPTS = [`/assets/page-${LANG}.js`, `/assets/calculator-${LANG}.js`, `/assets/hawl-${LANG}.js`, `/assets/years-${LANG}.js`];
const ANSWER = /^\/(index\.php\/)?api\/v1\/(nisab|rates\/latest\?subcategory=[0-9]+)$|^\/v1\/(nisab\.json|rates\/latest\/[0-9]+\.json)$/;

type Kind = 'page' | 'script' | 'style' | 'answer';
/** The media type each kind must be answered with to be kept. */
const TYPES: Record<Kind, readonly string[]> = {
  page: ['text/html'],
  script: ['text/javascript', 'application/javascript'],
  style: ['text/css'],
  answer: ['application/json'],
};

/** What this worker answers, and so keeps: its page, the page's assets and its first render's answers, of this origin, by GET. */
function kindOf(request: Request): Kind | null {
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || request.method !== 'GET') return null;
  if (request.mode === 'navigate') return url.pathname === PAGE || url.pathname === `${PAGE}index.html` ? 'page' : null;
  const path = url.pathname + url.search;
  if (path === STYLE) return 'style';
  if (SCRIPTS.includes(path)) return 'script';
  return ANSWER.test(path) ? 'answer' : null;
}

/** A page by its folder, whichever way it was asked for (/ha/ or /ha/index.html). */
const key = (request: Request) => {
  const url = new URL(request.url);
  return request.mode === 'navigate' ? `${url.origin}${url.pathname.replace(/index\.html$/, '')}` : request.url;
};

/** The body, read whole, or null once it passes `cap` bytes (read no further). */
async function bodyWithin(response: Response, cap: number): Promise<ArrayBuffer | null> {
  if (Number(response.headers.get('content-length')) > cap) {
    await response.body?.cancel();
    return null;
  }
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
    size += part.value.byteLength;
    if (size > cap) {
      await reader!.cancel();
      return null;
    }
    chunks.push(part.value);
  }
  return new Blob(chunks as BlobPart[]).arrayBuffer();
}

/** The copy to keep, or why the answer is not kept: its status, its type, its size and, for an answer, its envelope. */
async function keepable(kind: Kind, response: Response): Promise<Response | string> {
  if (response.status !== 200 || response.redirected) return `status ${response.status}${response.redirected ? ', redirected' : ''}`;
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!TYPES[kind].includes(type)) return `type ${type || 'none'}`;
  const body = await bodyWithin(response, KEEP_CAP);
  if (body === null) return `over ${KEEP_CAP} bytes`;
  if (kind === 'answer') {
    let envelope: unknown;
    try {
      envelope = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return 'not JSON';
    }
    if ((envelope as { success?: unknown } | null)?.success !== true) return 'not a success envelope';
  }
  // The body as read (decoded): its length and coding are no longer the wire's.
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(body, { status: 200, statusText: response.statusText, headers });
}

/**
 * Keeps a copy of the answer if it is keepable, in this build's cache while it exists (a newer worker of this page
 * deletes it, and a late answer to this one must not bring it back); a failure to keep (storage full, `Vary: *`) is
 * not the network's and changes nothing kept.
 */
async function keep(at: string, kind: Kind, response: Response, cache?: Cache): Promise<boolean> {
  const copy = await keepable(kind, response);
  if (typeof copy === 'string') return false;
  return (async () => {
    if (!cache && !(await caches.has(CACHE))) return false;
    await (cache ?? (await caches.open(CACHE))).put(at, copy);
    return true;
  })().catch(() => false);
}

worker.addEventListener('install', (event) => {
  const required: [string, Kind][] = [
    [PAGE, 'page'],
    [SCRIPTS[0]!, 'script'],
    [SCRIPTS[1]!, 'script'],
    [STYLE, 'style'],
  ];
  // The answers under /api/v1 and as static files: a plain host has only the second (each kept where it answers).
  const answers = ['/api/v1/nisab', '/v1/nisab.json', ...METALS.flatMap((id) => [`/api/v1/rates/latest?subcategory=${id}`, `/v1/rates/latest/${id}.json`])];
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        const copies = await Promise.all(
          required.map(async ([path, kind]) => {
            const copy = await keepable(kind, await fetch(path, { cache: 'no-cache' }));
            if (typeof copy === 'string') throw new Error(`${path}: ${copy}`);
            return [path, copy] as const;
          }),
        );
        for (const [path, copy] of copies) await cache.put(new URL(path, worker.location.origin).href, copy);
        await Promise.all(
          answers.map(async (path) => {
            const response = await fetch(path, { cache: 'no-cache' }).catch(() => null);
            if (response) await keep(new URL(path, worker.location.origin).href, 'answer', response, cache);
          }),
        );
      } catch (error) {
        // A set that cannot be kept whole is not kept: the old worker stays, with its own set.
        await caches.delete(CACHE);
        throw error;
      }
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Only this page's older sets: another page's worker may still answer from its own.
      for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  const kind = kindOf(request);
  if (kind === null) return;
  event.respondWith(
    (async () => {
      let response: Response;
      try {
        response = await fetch(request);
      } catch (error) {
        // No network: the kept copy, marked, so the page can say its figures are the kept ones (page/main.ts).
        const copy = await caches.match(key(request), { cacheName: CACHE });
        if (!copy) throw error;
        const headers = new Headers(copy.headers);
        headers.set(KEPT_HEADER, '1');
        return new Response(copy.body, { status: copy.status, statusText: copy.statusText, headers });
      }
      // An answer is read whole by the page anyway: kept (or not) before it is given, so the page's next look finds it.
      // The page and its assets stream to the page as they come, and are kept beside it.
      if (kind === 'answer') await keep(key(request), kind, response.clone());
      else event.waitUntil(keep(key(request), kind, response.clone()));
      return response;
    })(),
  );
});
