// The service worker (/sw.js, docs/site.md "Offline"): after one visit the
// payers' page opens with no network, with the figures it last showed. It keeps
// the page, its script and style, and the answers of the page's first render
// (/nisab and the metals' newest rates, under /api/v1 or as the static files a
// plain host serves), and, once asked online, what the hawl lookup and the years
// part read: /meta, /subcategories, Nigeria's months, the routing index (the
// Umm al-Qura table) and the dated answers (/nisab?date=, ?hijri_date=, the dated
// /rates/latest, or the month and month-ends files a plain host answers them
// from), at most DATED_CAP of these last, the oldest kept dropped first. Nothing
// else: a navigation under /api/ or to any other page is never answered by it.
//
// Network first, always: online, every answer is the server's own. Only a
// failed fetch (no network) is answered from the kept copy; a failure to keep
// (storage full, an answer the Cache API refuses, such as `Vary: *`) serves the
// network's answer and leaves the kept copy as it was. What is kept must look
// like the page's own: a 200 of the right type within KEEP_CAP, and for an
// answer a parsed `success: true` envelope (for the routing index, which is no
// envelope, an object with its as-of day and calendars), so a captive portal's
// page or a runaway body is never shown later as the figures.
//
// Each page's worker (its scope is the page's folder) keeps its set in a cache of
// its own language and build (`nisab-page-<lang>-<VERSION>`) and deletes only its
// own language's older caches: another page's worker, not yet updated, still
// answers from its own (docs/decisions.md "One cache per page"). Each build
// writes its own sw.js (VERSION is its content id), so a new build installs a new
// worker, which fetches the page and its answers afresh into a new cache (and
// carries over what the old one kept once used only as the new build answers it:
// carryOver) before it deletes the old one: the kept set is one build's, never a
// mix (an install that fails, offline or with storage full, leaves the old worker
// and its whole set in place).
import { parsePath, paths } from '../../router/layout.ts';
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
/** The build's content id, the metals' subcategory IDs, the largest body kept and the most dated answers kept, defined by the build (sw-file.ts). */
declare const VERSION: string;
declare const METALS: number[];
declare const KEEP_CAP: number;
declare const DATED_CAP: number;
/** The header of an answer given from the kept copy (page/main.ts reads it). */
const KEPT_HEADER = 'x-nisab-kept';
/** When a copy was kept (the worker's own clock, only to order them): the oldest dated answer is dropped first. */
const KEPT_AT = 'x-nisab-kept-at';

// This worker's page: the language whose page's folder is its scope (page/main.ts registers with the page's folder).
const SCOPE = new URL(worker.registration.scope).pathname;
const LANG: Lang = LANGUAGES.find((lang) => LANGUAGE_INFO[lang].path === SCOPE) ?? LANGUAGES[0];
const CACHE_PREFIX = `nisab-page-${LANG}-`;
const CACHE = `${CACHE_PREFIX}${VERSION}`;
const PAGE = LANGUAGE_INFO[LANG].path;
const STYLE = '/assets/page.css';
/** The snapshot files' answerer, a plain host's (site/assets.ts FILES_MODULE). */
const FILES = '/assets/files.js';
/** The page's scripts (site/assets.ts names them so): the hawl lookup's, the years-not-paid part's and FILES are kept once used. */
const SCRIPTS = [`/assets/page-${LANG}.js`, `/assets/calculator-${LANG}.js`, `/assets/hawl-${LANG}.js`, `/assets/years-${LANG}.js`, FILES];
const ROUTING = `/${paths.routing}`;
/** Under /api/v1 (or the legacy base, whose rates the client asks in grams): the first render's, then the lookups' fixed answers. */
const ANSWER = /^\/(index\.php\/)?api\/v1\/(nisab|rates\/latest\?subcategory=[0-9]+(&unit=gram)?|meta|subcategories|calendars\/nigeria)$/;
/** The dated answers the hawl lookup and the years part ask (client/src/client.ts requestPath writes their queries in this order). */
const DATED =
  /^\/(index\.php\/)?api\/v1\/(nisab\?(date=[0-9-]{10}|hijri_date=[0-9-]{10}(&calendar=(umm-al-qura|nigeria))?)|rates\/latest\?hijri_date=[0-9-]{10}&calendar=(umm-al-qura|nigeria)&subcategory=[0-9]+(&unit=gram)?)$/;

type Kind = 'page' | 'script' | 'style' | 'answer' | 'dated' | 'table';
/** The media type each kind must be answered with to be kept. */
const TYPES: Record<Kind, readonly string[]> = {
  page: ['text/html'],
  script: ['text/javascript', 'application/javascript'],
  style: ['text/css'],
  answer: ['application/json'],
  dated: ['application/json'],
  table: ['application/json'],
};

/** A plain host's file (router/layout.ts names them): the routing index, an answer of its own, or a file a dated answer is read from. */
function fileKind(path: string): Kind | null {
  const file = path.startsWith('/v1/') && !path.includes('?') ? parsePath(path.slice(1)) : null;
  if (!file) return null;
  if (file.kind === 'routing') return 'table';
  if (['nisabAll', 'latest', 'meta', 'subcategories', 'calendarNigeria'].includes(file.kind)) return 'answer';
  // A dated /nisab or /rates/latest reads the month of its day (of every subcategory) and the month ends of its year.
  return (file.kind === 'shard' && file.level === 'month' && file.scope === 'all') || file.kind === 'monthEnds' ? 'dated' : null;
}

/** What this worker answers, and so keeps: its page, the page's assets and the answers it reads, of this origin, by GET. */
function kindOf(request: Request): Kind | null {
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || request.method !== 'GET') return null;
  if (request.mode === 'navigate') return url.pathname === PAGE || url.pathname === `${PAGE}index.html` ? 'page' : null;
  const path = url.pathname + url.search;
  if (path === STYLE) return 'style';
  if (SCRIPTS.includes(path)) return 'script';
  return answerKind(path);
}

/** Which of the answers kept a path and query of this origin asks, if any. */
function answerKind(path: string): Kind | null {
  if (ANSWER.test(path)) return 'answer';
  if (DATED.test(path)) return 'dated';
  return fileKind(path);
}

/** A kept copy's path and query. */
const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

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
  if (kind === 'answer' || kind === 'dated' || kind === 'table') {
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return 'not JSON';
    }
    if (kind === 'table') {
      // What the page reads of it (page/calendar-tables.ts) and the client's files check (client/src/snapshot-files.ts).
      const index = json as { asOf?: unknown; calendars?: { ummAlQura?: unknown } } | null;
      if (typeof index?.asOf !== 'string' || typeof index.calendars?.ummAlQura !== 'object') return 'not a routing index';
    } else if ((json as { success?: unknown } | null)?.success !== true) return 'not a success envelope';
  }
  // The body as read (decoded): its length and coding are no longer the wire's.
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  headers.set(KEPT_AT, String(Date.now()));
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
    const into = cache ?? (await caches.open(CACHE));
    await into.put(at, copy);
    if (kind === 'dated') await trim(into);
    return true;
  })().catch(() => false);
}

/** The trims, one after another: a statement's thirty answers arrive together, and each counts what the last one left. */
let trims: Promise<void> = Promise.resolve();

/** Drops the oldest kept dated answers beyond DATED_CAP (a re-asked answer is kept anew, so it counts as new). */
function trim(cache: Cache): Promise<void> {
  trims = trims
    .then(async () => {
      const dated = (await cache.keys()).filter((request) => answerKind(pathOf(request)) === 'dated');
      if (dated.length <= DATED_CAP) return;
      const at = await Promise.all(dated.map(async (request) => Number((await cache.match(request))?.headers.get(KEPT_AT)) || 0));
      const oldest = dated.map((request, i) => ({ request, at: at[i]! })).sort((a, b) => a.at - b.at);
      for (const { request } of oldest.slice(0, dated.length - DATED_CAP)) await cache.delete(request);
    })
    .catch(() => {});
  return trims;
}

/**
 * What this page's older worker kept once used (the lookups' modules and reads), carried into this build's set only as
 * this build answers it, so the set stays one build's: the modules and the fixed answers (/meta, the tables: a few kB
 * each) asked afresh; a dated answer
 * only when this build's server answers its ETag (the hash of its body) with a 304, so no byte of it is fetched again
 * and one that changed (a corrected rate, a month since declared) is dropped, not shown (docs/decisions.md "The dated
 * answers kept offline"). A failure here leaves the copy out, never the install.
 */
async function carryOver(cache: Cache): Promise<void> {
  for (const name of await caches.keys()) {
    if (!name.startsWith(CACHE_PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    await Promise.all(
      (await old.keys()).map(async (request) => {
        const path = pathOf(request);
        const kind = SCRIPTS.includes(path) ? 'script' : answerKind(path);
        if (kind === null || (await cache.match(request))) return;
        if (kind !== 'dated') {
          const response = await fetch(request.url, { cache: 'no-cache' }).catch(() => null);
          if (response) await keep(request.url, kind, response, cache);
          return;
        }
        const copy = await old.match(request);
        const etag = copy?.headers.get('etag');
        if (!copy || !etag) return;
        const response = await fetch(request.url, { headers: { 'If-None-Match': etag }, cache: 'no-store' }).catch(() => null);
        await response?.body?.cancel();
        // Its time kept is the old one's: the order the oldest are dropped in stays the payer's.
        if (response?.status === 304) await cache.put(request, copy).catch(() => {});
      }),
    );
  }
}

/** The page, its scripts and its style, each copy keepable, or none is kept: the install fails. */
async function keepRequired(cache: Cache): Promise<void> {
  const required: [string, Kind][] = [
    [PAGE, 'page'],
    [SCRIPTS[0]!, 'script'],
    [SCRIPTS[1]!, 'script'],
    [STYLE, 'style'],
  ];
  const copies = await Promise.all(
    required.map(async ([path, kind]) => {
      const copy = await keepable(kind, await fetch(path, { cache: 'no-cache' }));
      if (typeof copy === 'string') throw new Error(`${path}: ${copy}`);
      return [path, copy] as const;
    }),
  );
  for (const [path, copy] of copies) await cache.put(new URL(path, worker.location.origin).href, copy);
}

/**
 * A plain host (no /api/v1 answer): its first render read the routing index and the files' answerer before this
 * worker controlled the page, and offline reads them again.
 */
const keepPlainHostFiles = (cache: Cache) =>
  Promise.all(
    (
      [
        [ROUTING, 'table'],
        [FILES, 'script'],
      ] as const
    ).map(async ([path, kind]) => {
      const response = await fetch(path, { cache: 'no-cache' }).catch(() => null);
      if (response) await keep(new URL(path, worker.location.origin).href, kind, response, cache);
    }),
  );

worker.addEventListener('install', (event) => {
  // The answers under /api/v1 and as static files: a plain host has only the second (each kept where it answers).
  const answers = ['/api/v1/nisab', '/v1/nisab.json', ...METALS.flatMap((id) => [`/api/v1/rates/latest?subcategory=${id}`, `/v1/rates/latest/${id}.json`])];
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      try {
        await keepRequired(cache);
        const kept = await Promise.all(
          answers.map(async (path) => {
            const response = await fetch(path, { cache: 'no-cache' }).catch(() => null);
            return response ? keep(new URL(path, worker.location.origin).href, 'answer', response, cache) : false;
          }),
        );
        if (!kept[0]) await keepPlainHostFiles(cache);
        await carryOver(cache).catch(() => {});
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
      if (kind === 'answer' || kind === 'dated' || kind === 'table') await keep(key(request), kind, response.clone());
      else event.waitUntil(keep(key(request), kind, response.clone()));
      return response;
    })(),
  );
});
