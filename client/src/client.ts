// One function per endpoint of the API, with typed parameters; answers are
// kept with their ETag and revalidated with If-None-Match (a 304 costs no body).
// On a plain static host (no /api/v1, only the snapshot's files) the client
// answers from the files under /v1/ itself, with the router every edge runs
// (snapshot-files.ts, imported only then).
import { BASES } from '../../generator/router/bases.ts';
import type { FilesAnswer } from './snapshot-files.ts';
import type {
  Announcement,
  Answered,
  Currency,
  ErrorBody,
  Gap,
  IsoDate,
  ItemBody,
  ListBody,
  Meta,
  NigeriaMonth,
  NisabRule,
  OptionsQuery,
  Rate,
  Source,
  Subcategory,
  SubcategoryRef,
} from './types.ts';

export interface ClientOptions {
  /** Where the API answers, e.g. `https://rates.example.org/api/v1`. Default in a browser: this page's origin + `/api/v1`. */
  baseUrl?: string;
  /**
   * Tried in order when a base cannot be reached or answers 5xx (a broken or
   * unreachable deployment), e.g. a mirror, or `/index.php/api/v1` of the same host.
   */
  fallbackBaseUrls?: string[];
  /**
   * The root of a site that serves the snapshot's files (`/v1/routing.json`,
   * `/v1/rates/...`), e.g. `https://example.github.io/rates`: when no base
   * answers, the client answers from these files with the API's own router,
   * so a plain static host (no /api/v1) still gives every answer.
   */
  staticRoot?: string;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** Keep answers with their ETag and revalidate them (default true). */
  etagCache?: boolean;
}

/** A failed answer of the API: its status and the message of its error envelope. */
export class NisabApiError extends Error {
  override readonly name = 'NisabApiError';
  constructor(
    /** The HTTP status (400, 404, 405, 503, ...); 0 when no base could be reached. */
    readonly status: number,
    message: string,
    /** The URL that answered (or the last one tried). */
    readonly url: string,
  ) {
    super(message);
  }
}

/**
 * The HTTP status of a NisabApiError (0: nothing could be reached), or null for any other error. By its name, not
 * `instanceof`: a page's modules each bundle their own copy of this file (assets/years-LANG.js beside the page's
 * client), and a class of one copy is not the class of another.
 */
export function apiErrorStatus(error: unknown): number | null {
  const failed = error as Partial<NisabApiError> | null;
  return failed?.name === 'NisabApiError' && typeof failed.status === 'number' ? failed.status : null;
}

/**
 * With answer options, from the API's table of them: `currency` (every record also in that currency, docs/API.md
 * §2c, listed by currencies(); a range of at most 366 days of published rates) and `unit: 'troy-ounce'` (the prices
 * per troy ounce, docs/API.md §2e). Without `unit`, `drtInUSD` is US dollars per gram (`drtUnit`); a troy ounce is
 * 31.1034768 g.
 */
export interface RatesQuery extends OptionsQuery<'Rate'> {
  start_date?: IsoDate;
  end_date?: IsoDate;
  subcategory?: SubcategoryRef;
}
/**
 * With answer options (`currency`: the record also in that currency, docs/API.md §2c; `unit: 'troy-ounce'`, its
 * prices per troy ounce, §2e). Without `unit`, `drtInUSD` is US dollars per gram (`drtUnit`); a troy ounce is 31.1034768 g.
 */
export interface LatestQuery extends OptionsQuery<'Rate'> {
  subcategory?: SubcategoryRef;
  /** The newest rate dated on or before this day. */
  date?: IsoDate;
  /** Instead of date: a Hijri date, `YYYY-MM-DD` (docs/API.md §2b). */
  hijri_date?: string;
  /** The calendar of hijri_date (default umm-al-qura). */
  calendar?: HijriCalendar;
}
/** With an answer option (`currency`: every rule also valued in that currency, nsbValueInCurrency, docs/API.md §2c). */
export interface NisabQuery extends OptionsQuery<'NisabRule'> {
  subcategory?: SubcategoryRef;
  /** The rules valued at the newest rate on or before this day. */
  date?: IsoDate;
  /** Instead of date: a Hijri date, `YYYY-MM-DD` (docs/API.md §2b). */
  hijri_date?: string;
  /** The calendar of hijri_date (default umm-al-qura). */
  calendar?: HijriCalendar;
}

/** The calendars hijri_date is read in (docs/API.md §2b). */
export type HijriCalendar = 'umm-al-qura' | 'nigeria';

type Query = Record<string, string | number | undefined>;

interface Kept {
  etag: string;
  body: unknown;
}

function defaultBase(): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (origin && origin !== 'null') return `${origin}${BASES[0]}`;
  throw new Error('createClient: give a baseUrl, e.g. createClient({ baseUrl: "https://rates.example.org/api/v1" })');
}

/** The path and query of a request, as the API documents it (empty values left out). */
export function requestPath(path: string, query: Query = {}): string {
  const pairs = Object.entries(query).filter((pair): pair is [string, string | number] => pair[1] !== undefined && pair[1] !== '');
  const search = pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join('&');
  return search ? `${path}?${search}` : path;
}

type Answer = { status: number; body: unknown };

/** A file of the snapshot under staticRoot, as text. */
async function snapshotFile(fetchImpl: typeof fetch, staticRoot: string | null, name: string): Promise<string> {
  const url = `${staticRoot}/${name}`;
  const response = await fetchImpl(url);
  const text = await response.text();
  if (response.status !== 200) throw new NisabApiError(response.status, `${url} answered ${response.status}: not a snapshot's file`, url);
  return text;
}

/** The answer the API would give, from the snapshot's files: route, read, assemble (generator/router/router.ts). */
function snapshotAnswerer(fetchImpl: typeof fetch, staticRoot: string | null): (target: string) => Promise<Answer & { url: string }> {
  /** The snapshot's files' answerer, its module imported at the first question no base answers. */
  let files: Promise<FilesAnswer> | null = null;
  return (target) => {
    files ??= import('./snapshot-files.ts').then(
      (m) =>
        m.filesAnswer(
          staticRoot!,
          (name) => snapshotFile(fetchImpl, staticRoot, name),
          (message, url) => new NisabApiError(0, message, url),
        ),
      (error: Error) => {
        files = null;
        throw error;
      },
    );
    return files.then((answer) => answer(target));
  };
}

async function fetchOnce(fetchImpl: typeof fetch, kept: Map<string, Kept> | null, url: string): Promise<Answer> {
  const previous = kept?.get(url);
  // With its own ETag cache the client revalidates itself; the browser's HTTP
  // cache stays out of it ('no-store'), so a 304 reaches this code as a 304.
  const init: RequestInit = kept ? { headers: previous ? { 'If-None-Match': previous.etag } : {}, cache: 'no-store' } : {};
  const response = await fetchImpl(url, init);
  // Read even a 304's empty body: an unread one counts as an aborted request in browsers.
  const text = await response.text();
  if (response.status === 304 && previous) return { status: 200, body: previous.body };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new NisabApiError(response.status, `${url} answered ${response.status} without a JSON envelope`, url);
  }
  const etag = response.headers.get('etag');
  if (kept && response.status === 200 && etag) kept.set(url, { etag, body });
  return { status: response.status, body };
}

/** How one client asks: its bases, then the snapshot's files. */
interface Asker {
  bases: string[];
  staticRoot: string | null;
  once: (url: string) => Promise<Answer>;
  fromSnapshotFiles: (target: string) => Promise<Answer & { url: string }>;
  /** Once no base answered and the files did, the bases are not asked again. */
  fromFiles: boolean;
}

/**
 * `takesUnit`: the endpoint takes `unit`. A snapshot built with `--legacy-unit` answers the legacy base's rates in
 * that unit when none is given (CONTRACT §12), so there the client names the gram its types promise.
 */
async function ask<T>(asker: Asker, path: string, query?: Query, takesUnit = false): Promise<T> {
  const target = requestPath(path, query);
  const legacyTarget = takesUnit && query?.unit === undefined ? requestPath(path, { ...query, unit: 'gram' }) : target;
  let last: NisabApiError | null = null;
  for (const base of asker.fromFiles ? [] : asker.bases) {
    const url = base + (base.endsWith(BASES[1]!) ? legacyTarget : target);
    let answer: Answer;
    try {
      answer = await asker.once(url);
    } catch (error) {
      // Unreachable, or not the API at all (an HTML error page): try the next base.
      last = error instanceof NisabApiError ? error : new NisabApiError(0, `${url} could not be reached: ${(error as Error).message}`, url);
      continue;
    }
    const body = answer.body as { success?: unknown; message?: unknown };
    if (answer.status >= 500) {
      last = new NisabApiError(answer.status, typeof body.message === 'string' ? body.message : `${url} answered ${answer.status}`, url);
      continue;
    }
    if (answer.status !== 200 || body.success !== true) {
      const message = typeof body.message === 'string' ? (body as ErrorBody).message : `${url} answered ${answer.status}`;
      throw new NisabApiError(answer.status, message, url);
    }
    return answer.body as T;
  }
  if (asker.staticRoot !== null) return askFiles<T>(asker, asker.staticRoot, target, last);
  throw last ?? new NisabApiError(0, 'no base URL to ask', target);
}

/** No base answered: the snapshot's files answer, or the error says both failed. */
async function askFiles<T>(asker: Asker, staticRoot: string, target: string, last: NisabApiError | null): Promise<T> {
  let answer: Answer & { url: string };
  try {
    answer = await asker.fromSnapshotFiles(target);
  } catch (error) {
    const status = error instanceof NisabApiError ? error.status : 0;
    const url = error instanceof NisabApiError ? error.url : staticRoot;
    throw new NisabApiError(status, `${last ? `${last.message}; ` : ''}the snapshot's files did not answer either: ${(error as Error).message}`, url);
  }
  asker.fromFiles = true;
  const body = answer.body as { success?: unknown; message?: unknown };
  if (answer.status !== 200 || body.success !== true) {
    throw new NisabApiError(answer.status, typeof body.message === 'string' ? body.message : `answered ${answer.status}`, answer.url);
  }
  return answer.body as T;
}

export function createClient(options: ClientOptions = {}) {
  const bases = [options.baseUrl ?? defaultBase(), ...(options.fallbackBaseUrls ?? [])].map((base) => base.replace(/\/+$/, ''));
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const kept = options.etagCache === false ? null : new Map<string, Kept>();
  const staticRoot = options.staticRoot?.replace(/\/+$/, '') ?? null;
  const asker: Asker = {
    bases,
    staticRoot,
    once: (url) => fetchOnce(fetchImpl, kept, url),
    fromSnapshotFiles: snapshotAnswerer(fetchImpl, staticRoot),
    fromFiles: false,
  };
  const get = <T>(path: string, query?: Query, takesUnit = false): Promise<T> => ask<T>(asker, path, query, takesUnit);

  const data = async <T>(path: string, query?: Query, takesUnit = false) => (await get<ItemBody<T>>(path, query, takesUnit)).data;

  return {
    /** The bases asked, in order. */
    bases,
    /** True once the client answers from the snapshot's files (no base answered; see staticRoot). */
    answersFromFiles: () => asker.fromFiles,
    /** `GET /rates/latest`: the newest rate of gold, or of a subcategory, optionally as of a date and in a currency. */
    latest: <Q extends LatestQuery>(query: Q = {} as Q) => data<Answered<Q, 'Rate', Rate>>('/rates/latest', { ...(query as LatestQuery) }, true),
    /** `GET /rates`: rates in an inclusive date range, with the answer's count, optionally in a currency. */
    rates: <Q extends RatesQuery>(query: Q = {} as Q) => get<ListBody<Answered<Q, 'Rate', Rate>>>('/rates', { ...(query as RatesQuery) }, true),
    /** `GET /nisab`: the Nisab rules, valued at the newest published rate (or as of a date), optionally in a currency too. */
    nisab: <Q extends NisabQuery>(query: Q = {} as Q) => data<Answered<Q, 'NisabRule', NisabRule>[]>('/nisab', { ...(query as NisabQuery) }),
    /** `GET /currencies`: the currencies `currency` takes, with the first and last date of their rates per US dollar. */
    currencies: () => data<Currency[]>('/currencies'),
    /** `GET /subcategories`: what can be asked for, by ID and slug. */
    subcategories: () => data<Subcategory[]>('/subcategories'),
    /** `GET /sources`: where every figure comes from; a rate's drtPriceSource and drtNairaSource are srcIDs of this list. */
    sources: () => data<Source[]>('/sources'),
    /** `GET /calendars/nigeria`: the Hijri months as Nigeria declared them, oldest first; each calSource is a srcID of sources(). */
    nigeriaCalendar: () => data<NigeriaMonth[]>('/calendars/nigeria'),
    /** The body of any GET under the base, e.g. `answer('/rates?start_date=2025-01-01')` (the page's live examples use it on a static host). */
    answer: (target: string) => get<unknown>(target),
    /** `GET /meta`: the snapshot's as-of date and coverage. */
    meta: () => data<Meta>('/meta'),
    /** `GET /gaps`: every run of days without a rate of each daily series (a Nisab value's nsbRateAgeDays says how old its rate is). */
    gaps: () => data<Gap[]>('/gaps'),
    /** `GET /announcements`: the figures Nigerian bodies announced (NMCN, Kano's Sharia Commission), each beside ours for its day and the difference in percent. */
    announcements: () => data<Announcement[]>('/announcements'),
  };
}

export type NisabClient = ReturnType<typeof createClient>;
