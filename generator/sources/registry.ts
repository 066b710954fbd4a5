// The sources `fetch` asks, in the order it asks them: one entry each. An entry
// names its entry of GET /sources, the environment variable that says where to
// read it, how its URLs are read from that variable and how the source is made
// from them; a price source also says which metal each of its fields prices.
// fetch-days.ts iterates these lists, the CLI reads every variable through them
// and fetch's help lists them. A new source is an adapter (a DailySource, whose
// requests go through firstUsable in source.ts) and an entry here. The
// adapters load when first asked, so the CLI reads this list (for fetch's
// help) without loading them.
import type { NairaFigure } from './cbn.ts';
import { GRAMS_PER_TROY_OUNCE } from '../router/per-unit.ts';
import type { HttpPolicy } from './http.ts';
import { CBN_NFEM_ID, CURRENCY_API_ID } from './ids.ts';
import { type DailySource, type DayAnswer, type PriceDay, SourceError } from './source.ts';

export interface SourceContext {
  policy: HttpPolicy;
  warn(line: string): void;
}

interface SourceEntry<Option extends string> {
  /** Its entry in GET /sources (data/sources.csv): what drtPriceSource or drtNairaSource says. */
  id: string;
  /** Who it is, in messages: "the currency API". */
  name: string;
  /** The environment variable that says where to read it. */
  env: string;
  /** Its field of fetch's options (FetchOptions): its URLs, tried in order. */
  option: Option;
  /** What the variable holds, for fetch's help (its defaults follow). */
  about: string;
  /** Its URLs when the variable is unset or empty. */
  defaults: readonly string[];
  /** Its URLs are templates holding {date} (a file per day), not base URLs. */
  templates: boolean;
}

export interface PriceSourceEntry<Option extends string = string> extends SourceEntry<Option> {
  /** Each subcategory it prices, by slug, and the field of its day that prices it. */
  metals: readonly { slug: string; field: string }[];
  /** US dollars per gram from one of those fields' figures. */
  usdPerGram(figure: number): number;
  /** The field of its own naira per US dollar (a market reference rate): the naira rate when no naira source has one. */
  nairaField?: string;
  make(urls: readonly string[], context: SourceContext): DailySource<PriceDay>;
}

export interface NairaSourceEntry<Option extends string = string> extends SourceEntry<Option> {
  make(urls: readonly string[], context: SourceContext): DailySource<NairaFigure>;
}

/** A source whose adapter module is loaded on its first question. */
function loaded<T>(id: string, load: () => Promise<DailySource<T>>): DailySource<T> {
  let source: Promise<DailySource<T>> | undefined;
  return {
    id,
    async day(date: string): Promise<DayAnswer<T>> {
      source ??= load();
      return (await source).day(date);
    },
  };
}

/** US dollars per gram from troy ounces per US dollar (the currency API's xau, xag), to 6 decimals like the rest of the data. */
function usdPerGram(ouncesPerDollar: number): number {
  return Number((1 / ouncesPerDollar / Number(GRAMS_PER_TROY_OUNCE)).toFixed(6));
}

// Keep each entry's option as its literal name, for SourceUrls.
const priceSource = <Option extends string>(entry: PriceSourceEntry<Option>) => entry;
const nairaSource = <Option extends string>(entry: NairaSourceEntry<Option>) => entry;

/** Where the US dollar prices come from: each day is priced by the first that publishes it. */
export const PRICE_SOURCES = [
  priceSource({
    id: CURRENCY_API_ID,
    name: 'the currency API',
    env: 'NISAB_CURRENCY_API',
    option: 'currencyUrls',
    about: 'URL templates with {date}',
    defaults: [
      'https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api@{date}/v1/currencies/usd.json',
      'https://{date}.currency-api.pages.dev/v1/currencies/usd.json',
    ],
    templates: true,
    metals: [
      { slug: 'gold', field: 'xau' },
      { slug: 'silver', field: 'xag' },
    ],
    usdPerGram,
    nairaField: 'ngn',
    make: (urls, { policy }) => loaded(CURRENCY_API_ID, async () => (await import('./currency-api.ts')).currencyApi(urls, policy)),
  }),
] as const;

/** Where the naira per US dollar comes from: the first that has a day's rate gives it, else the price source's own. */
export const NAIRA_SOURCES = [
  nairaSource({
    id: CBN_NFEM_ID,
    name: 'the CBN',
    env: 'NISAB_CBN_API',
    option: 'cbnBases',
    about: "base URLs of the CBN's JSON (the official rate)",
    defaults: ['https://www.cbn.gov.ng'],
    templates: false,
    make: (bases, { policy, warn }) => loaded(CBN_NFEM_ID, async () => (await import('./cbn.ts')).cbnNfem(bases, policy, warn)),
  }),
] as const;

const ALL_SOURCES = [...PRICE_SOURCES, ...NAIRA_SOURCES];

/** Every source's URLs, under its option. */
export type SourceUrls = Record<(typeof ALL_SOURCES)[number]['option'], readonly string[]>;

function hasEverySource(urls: Record<string, readonly string[]>): urls is SourceUrls {
  return ALL_SOURCES.every((entry) => entry.option in urls);
}

/** Every source's URLs from its environment variable. */
export function sourceUrls(env: Readonly<Record<string, string | undefined>>): SourceUrls {
  const urls: Record<string, readonly string[]> = {};
  for (const entry of ALL_SOURCES) urls[entry.option] = urlsOf(entry, env[entry.env]);
  if (!hasEverySource(urls)) throw new Error('a source has no URLs');
  return urls;
}

/**
 * The URLs a source's variable gives, comma-separated and tried in order: each
 * http(s), a template holding {date} where the source reads a file per day, a
 * base without its trailing slashes otherwise; the defaults when unset or empty.
 */
export function urlsOf(entry: SourceEntry<string>, setting: string | undefined): string[] {
  if (setting === undefined || setting.trim() === '') return [...entry.defaults];
  const urls = setting
    .split(',')
    .map((url) => (entry.templates ? url.trim() : url.trim().replace(/\/+$/, '')))
    .filter(Boolean);
  for (const url of urls) {
    if (entry.templates && !url.includes('{date}'))
      throw new SourceError(`${entry.env}: ${url} has no {date} in it; give URL templates such as ${entry.defaults[0]}`);
    if (!/^https?:\/\//.test(url)) throw new SourceError(`${entry.env}: ${url} is not an http(s) URL`);
  }
  return urls;
}

/** The slugs of the subcategories the price sources price. */
export function pricedSlugs(): string[] {
  return [...new Set(PRICE_SOURCES.flatMap((entry) => entry.metals.map((metal) => metal.slug)))];
}

/** For fetch's help: each variable, what it holds, in the order the sources are asked. */
export function sourcesHelp(): string {
  const lines = (kind: string, entry: SourceEntry<string>) => [
    `  ${kind} from ${entry.id}: ${entry.env}, ${entry.about}; by default`,
    ...entry.defaults.map((url) => `    ${url}`),
  ];
  return [
    '',
    'Sources, asked in this order; a variable (comma-separated URLs, tried in turn) replaces the default:',
    ...PRICE_SOURCES.flatMap((entry) => lines('prices', entry)),
    ...NAIRA_SOURCES.flatMap((entry) => lines('naira rates', entry)),
  ].join('\n');
}
