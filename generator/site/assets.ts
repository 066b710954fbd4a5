// The static files of the site around the API: the landing page's script, its
// hawl lookup's module and its style (bundled with uPlot by esbuild), the API
// reference page and its renderer (Redoc's standalone build from npm), so the
// site works offline and loads nothing from a third-party CDN.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { LANGUAGES, type Lang } from './i18n/catalogue.ts';
import { referencePage } from './page/html.ts';
import { calculatorLabels } from './widget/calculator-labels.ts';
import { EMBEDDED_YEARS_MODULE } from './widget/years-module.ts';

const PAGE_ENTRY = fileURLToPath(new URL('./page/main.ts', import.meta.url));
const DEVELOPERS_ENTRY = fileURLToPath(new URL('./page/developers.ts', import.meta.url));
const CHART_ENTRY = fileURLToPath(new URL('./page/chart.ts', import.meta.url));
const STYLE_ENTRY = fileURLToPath(new URL('./page/page.css', import.meta.url));
/** Where the page imports its chart module from (an absolute path on the site, left to the browser). */
export const CHART_MODULE = '/assets/chart.js';
const HAWL_ENTRY = fileURLToPath(new URL('./page/hawl.ts', import.meta.url));
/** The hawl lookup's module of each language, imported by the page at the first lookup. */
export const HAWL_MODULE = (lang: string) => `/assets/hawl-${lang}.js`;
const CALCULATOR_ENTRY = fileURLToPath(new URL('./page/calculator.ts', import.meta.url));
/** The calculator's module of each language, imported by the page when the calculator is reached or first used. */
export const CALCULATOR_MODULE = (lang: string) => `/assets/calculator-${lang}.js`;
const YEARS_ENTRY = fileURLToPath(new URL('./page/years.ts', import.meta.url));
/** The years-not-paid part's module of each language, imported by the page when the part is first opened. */
export const YEARS_MODULE = (lang: string) => `/assets/years-${lang}.js`;
const FILES_ENTRY = fileURLToPath(new URL('../../client/src/snapshot-files.ts', import.meta.url));
/** The client's answers from the snapshot's files (the router), imported by the page only on a host with no API. */
export const FILES_MODULE = '/assets/files.js';
const WIDGET_ENTRY = fileURLToPath(new URL('./widget/widget.ts', import.meta.url));
const EMBEDDED_CALCULATOR_ENTRY = fileURLToPath(new URL('./widget/calculator.ts', import.meta.url));
const EMBEDDED_YEARS_ENTRY = fileURLToPath(new URL('./widget/years.ts', import.meta.url));
const require = createRequire(import.meta.url);
const CURRENT_CATALOGUE = fileURLToPath(new URL('./i18n/current.ts', import.meta.url));
const CURRENT_RESULT_CATALOGUE = fileURLToPath(new URL('./i18n/current-result.ts', import.meta.url));
const CURRENT_CURRENCY_NAMES = fileURLToPath(new URL('./i18n/current-currency-names.ts', import.meta.url));
const CATALOGUE_DIR = fileURLToPath(new URL('./i18n/', import.meta.url));

/**
 * i18n/current.ts, the words the page's scripts take, resolved to one language's
 * own files (LANG.ts and result-LANG.ts): the module as written reads every
 * language's table, which would put every language into every bundle. A
 * language without its files fails here, by name.
 */
export function currentLanguage(lang: Lang): esbuild.Plugin {
  return {
    name: 'current-language',
    setup(build) {
      // current.ts is the page's words (LANG.ts), current-result.ts the calculator's (result-LANG.ts),
      // current-currency-names.ts the currencies' names (currency-names-LANG.ts).
      build.onResolve({ filter: /(^|\/)current(-result|-currency-names)?\.ts$/ }, (args) => {
        const file = path.resolve(args.resolveDir, args.path);
        if (file === CURRENT_CATALOGUE) return { path: `${lang}.ts`, namespace: 'current-language' };
        if (file === CURRENT_RESULT_CATALOGUE) return { path: `result-${lang}.ts`, namespace: 'current-language' };
        if (file === CURRENT_CURRENCY_NAMES) return { path: `currency-names-${lang}.ts`, namespace: 'current-language' };
        return undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'current-language' }, (args) => ({
        contents: `export * from './${args.path}';\n`,
        resolveDir: CATALOGUE_DIR,
        loader: 'ts',
      }));
    },
  };
}

/**
 * The client's import of snapshot-files.ts left to the browser, as FILES_MODULE: the page's
 * first script does not carry the router and the endpoint table a host with an API never needs.
 */
const filesApart: esbuild.Plugin = {
  name: 'files-apart',
  setup(build) {
    build.onResolve({ filter: /(^|\/)snapshot-files\.ts$/ }, (args) =>
      path.resolve(args.resolveDir, args.path) === FILES_ENTRY ? { path: FILES_MODULE, external: true } : undefined,
    );
  },
};

/** What makes a browser bundle one language's: its words (above) and PAGE_LANG, for the paths of its modules. */
const inLanguage = (lang: Lang): esbuild.BuildOptions => ({ define: { PAGE_LANG: JSON.stringify(lang) }, plugins: [currentLanguage(lang)] });

/**
 * The page's script, once per language (assets/page-LANG.js: its words are
 * i18n/current.ts resolved to the language's files, and PAGE_LANG is defined
 * for the paths of its modules), its chart module
 * (assets/chart.js, uPlot, imported after the first render) and its style.
 */
async function pageBundle(): Promise<Map<string, string>> {
  const common: esbuild.BuildOptions = {
    bundle: true,
    write: false,
    outdir: '/assets',
    format: 'esm',
    target: 'es2020',
    platform: 'browser',
    minify: true,
    // uPlot's licence line stays in the bundle.
    legalComments: 'eof',
    logLevel: 'silent',
    charset: 'utf8',
  };
  const files = new Map<string, string>();
  const builds = [
    ...LANGUAGES.map((lang) =>
      esbuild.build({
        ...common,
        entryPoints: { [`page-${lang}`]: PAGE_ENTRY },
        ...inLanguage(lang),
        plugins: [currentLanguage(lang), filesApart],
        external: [CHART_MODULE, HAWL_MODULE(lang), CALCULATOR_MODULE(lang), YEARS_MODULE(lang), FILES_MODULE],
      }),
    ),
    ...LANGUAGES.map((lang) => esbuild.build({ ...common, entryPoints: { [`hawl-${lang}`]: HAWL_ENTRY }, ...inLanguage(lang) })),
    ...LANGUAGES.map((lang) => esbuild.build({ ...common, entryPoints: { [`calculator-${lang}`]: CALCULATOR_ENTRY }, ...inLanguage(lang) })),
    ...LANGUAGES.map((lang) => esbuild.build({ ...common, entryPoints: { [`years-${lang}`]: YEARS_ENTRY }, ...inLanguage(lang) })),
    ...LANGUAGES.map((lang) => esbuild.build({ ...common, entryPoints: { [`developers-${lang}`]: DEVELOPERS_ENTRY }, ...inLanguage(lang) })),
    esbuild.build({ ...common, entryPoints: { chart: CHART_ENTRY, page: STYLE_ENTRY, files: FILES_ENTRY } }),
  ];
  for (const result of await Promise.all(builds)) {
    for (const file of result.outputFiles!) files.set(`assets/${file.path.split('/').pop()}`, file.text);
  }
  return files;
}

/**
 * /widget.js: one classic script (an embedding page loads it with <script async>,
 * and document.currentScript names its origin), its style sheet inlined as text.
 * /calculator.js, the embedded calculator (widget/calculator.ts), likewise: its own
 * file, which widget.js loads only on a page that has a calculator, so a page with
 * the Nisab widget alone does not carry the engine; the page's labels it shows are
 * defined in it (calculator-labels.ts), every language's, as plain strings.
 * Its years part is a classic script of each language (assets/embed-years-LANG.js,
 * widget/years.ts), which calculator.js adds to the page when the part is opened.
 */
async function classicBundle(entry: string, define: Record<string, string> = {}, plugins: esbuild.Plugin[] = []): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2018',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    charset: 'utf8',
    loader: { '.css': 'text' },
    define,
    plugins,
  });
  return result.outputFiles[0]!.text;
}

function labelsDefine(): Record<string, string> {
  const labels = calculatorLabels();
  for (const [lang, words] of Object.entries(labels)) {
    for (const [key, text] of Object.entries(words)) {
      if (typeof text !== 'string')
        throw new Error(`calculator-labels.ts: page.${key} of ${lang} is not a plain string, so it cannot be defined in /calculator.js`);
    }
  }
  return { CALCULATOR_LABELS: JSON.stringify(labels) };
}

// The one address outside the site that Redoc's bundle loads by itself: the logo
// beside "API docs by Redocly". It becomes an empty inline image (the link stays),
// so the reference page fetches nothing from a third party.
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const EMPTY_IMAGE = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%221%22 height=%221%22/%3E';

function redocStandalone(): string {
  const text = readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
  if (text.split(REDOC_LOGO).length !== 2) throw new Error(`redoc.standalone.js no longer holds ${REDOC_LOGO} once: check what it loads from outside`);
  return text.replace(REDOC_LOGO, EMPTY_IMAGE);
}

export const SITE_ASSET_FILES = [
  'widget.js',
  'calculator.js',
  ...LANGUAGES.map((lang) => `assets/page-${lang}.js`),
  ...LANGUAGES.map((lang) => `assets/hawl-${lang}.js`),
  ...LANGUAGES.map((lang) => `assets/calculator-${lang}.js`),
  ...LANGUAGES.map((lang) => `assets/years-${lang}.js`),
  ...LANGUAGES.map((lang) => `assets/developers-${lang}.js`),
  ...LANGUAGES.map((lang) => EMBEDDED_YEARS_MODULE(lang).slice(1)),
  'assets/chart.js',
  'assets/files.js',
  'assets/page.css',
  'assets/redoc.standalone.js',
  'assets/redoc.standalone.js.LICENSE.txt',
  'reference.html',
];

export async function siteAssets(): Promise<Map<string, string>> {
  const files = await pageBundle();
  files.set('widget.js', await classicBundle(WIDGET_ENTRY));
  files.set('calculator.js', await classicBundle(EMBEDDED_CALCULATOR_ENTRY, labelsDefine()));
  // The embedded calculator's years part, a classic script of each language as calculator.js is (widget/years.ts).
  const years = await Promise.all(LANGUAGES.map((lang) => classicBundle(EMBEDDED_YEARS_ENTRY, inLanguage(lang).define, inLanguage(lang).plugins)));
  LANGUAGES.forEach((lang, i) => {
    files.set(EMBEDDED_YEARS_MODULE(lang).slice(1), years[i]!);
  });
  files.set('assets/redoc.standalone.js', redocStandalone());
  files.set('assets/redoc.standalone.js.LICENSE.txt', readFileSync(require.resolve('redoc/bundles/redoc.standalone.js.LICENSE.txt'), 'utf8'));
  files.set('reference.html', referencePage());
  return files;
}
