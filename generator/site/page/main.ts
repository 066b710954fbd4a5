// The payers' page's script, bundled once per language (assets/page-LANG.js).
// The build already wrote today's figures into the page (page/figures.ts); this
// asks the API of the site it is served from, through the same typed client app
// builders use, and writes the same markup on its answer (a page kept offline by
// the service worker, sw.ts, says how old its figures are). The first render
// asks three things: /nisab and the two metals' newest rates, and the first
// visit nothing more (scripts/site-sizes.ts counts it, within 60 kB gzipped):
// the chart's module and ranges, the calculator's module, /currencies and
// /announcements are each asked when the payer reaches or uses their section.
import type uPlot from 'uplot';
import { el } from './element.ts';
import { dollarText, nisabCards, perGramText, rateAge, staleText, type Figures, type SourceName } from './figures.ts';
import { withGaps } from './gaps.ts';
import { showAnnounced, showNotice } from './notice.ts';
import { inCurrency } from './in-currency.ts';
import { couldNotAsk } from './words.ts';
import type { Amounts } from './calculator.ts';
import { createClient, requestPath, type NisabClient } from '../../../client/src/client.ts';
import type { Meta, Rate, Subcategory } from '../../../client/src/types.ts';
import { daysBetween } from '../../model/dates.ts';
import type { Published } from '../../../client/src/zakat.ts';
import { BASES } from '../../router/bases.ts';
import type { Lang } from '../i18n/catalogue.ts';
import { calendar, page as t } from '../i18n/current.ts';
import { formats } from '../i18n/format.ts';

/** The page's language, defined by the bundler (assets.ts); its words come from i18n/current.ts, the other languages' are not in the bundle. */
declare const PAGE_LANG: Lang;
/** uPlot, as assets/chart.js (assets.ts CHART_MODULE). */
const CHART_MODULE = '/assets/chart.js';
/** The hawl lookup, in the page's language (assets.ts HAWL_MODULE). */
const HAWL_MODULE = `/assets/hawl-${PAGE_LANG}.js`;
/** The calculator, in the page's language (assets.ts CALCULATOR_MODULE): asked when the calculator is reached or first used. */
const CALCULATOR_MODULE = `/assets/calculator-${PAGE_LANG}.js`;
/** The years not paid, in the page's language (assets.ts YEARS_MODULE): asked when its part is first opened. */
const YEARS_MODULE = `/assets/years-${PAGE_LANG}.js`;

interface Config {
  lang: string;
  asOf: string;
  /** GET /subcategories and GET /sources as the build wrote them into the page: the first render asks neither. */
  subcategories: Subcategory[];
  sources: SourceName[];
  defaultSubcategoryID: number;
  firstDate: string | null;
  lastDate: string | null;
}

const config = JSON.parse(document.getElementById('config')!.textContent!) as Config;
// On a plain static host (no /api/v1) the client answers from the snapshot's files under /v1/.
/** Set once an answer comes from what the service worker kept, with no network (sw.ts marks it with this header). */
let keptAnswer = false;
const keptFetch: typeof fetch = (input, init) =>
  fetch(input, init).then((response) => {
    if (response.headers.has('x-nisab-kept')) keptAnswer = true;
    return response;
  });
const api = createClient({ fallbackBaseUrls: [`${location.origin}${BASES[1]}`], staticRoot: location.origin, fetch: keptFetch });
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

// Every word of the page from its language's catalogue (i18n/), every figure and date through its formats.
const format = formats(calendar);
const words = { t, calendar, format };
const naira = { format: (n: number) => format.money(n, 'NGN') };
const usd = { format: (n: number) => format.money(n, 'USD') };

// ---- Nisab today -------------------------------------------------------------

/** Writes the figures of the API's answer where the build wrote its own (the same markup: page/figures.ts). */
function showNisab(figures: Figures) {
  $('nisab-cards').innerHTML = nisabCards(figures, words);
  $('nisab-rate').textContent = dollarText(figures, words);
  $('per-gram').innerHTML = perGramText(figures, words)?.html ?? '';
  const stale = staleText(figures, words);
  const warning = $('stale');
  warning.textContent = stale ?? '';
  warning.hidden = stale === null;
}

/** The browser's own day, YYYY-MM-DD in its time zone. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** With no network the figures are those the device kept (sw.ts): say so, and how old their rate is by the device's clock. */
function showOffline(figures: Figures) {
  const age = rateAge(figures);
  const box = $('offline');
  if ((navigator.onLine && !keptAnswer) || !age) {
    box.hidden = true;
    return;
  }
  const days = Math.max(0, daysBetween(age.date, today()));
  box.textContent = t.offline(format.date(age.date), days, format.number(days, 0));
  box.dataset.days = String(days);
  box.hidden = false;
}

// ---- Chart ---------------------------------------------------------------------

const shiftYears = (date: string, years: number) => `${String(Number(date.slice(0, 4)) - years).padStart(4, '0')}${date.slice(4)}`.replace(/-02-29$/, '-02-28');
function shiftMonth(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 10);
}

function chosenRange(form: HTMLFormElement): { start: string | undefined; end: string | undefined } {
  const data = new FormData(form);
  const last = config.lastDate ?? config.asOf;
  switch (data.get('range')) {
    case '1m':
      return { start: shiftMonth(last), end: last };
    case '1y':
      return { start: shiftYears(last, 1), end: last };
    case '10y':
      return { start: shiftYears(last, 10), end: last };
    case 'custom':
      return { start: (data.get('from') as string) || undefined, end: (data.get('to') as string) || undefined };
    default:
      return { start: undefined, end: undefined };
  }
}

let plot: uPlot | null = null;
/** The newest chart request: an older answer arriving late does not overwrite it. */
let drawing = 0;
let chartModule: Promise<typeof uPlot> | null = null;
const loadChart = () => (chartModule ??= (import(CHART_MODULE) as Promise<{ default: typeof uPlot }>).then((m) => m.default));

/** Why a range has nothing to draw, in the page's words; null when it has. */
function rangeProblem(start: string | undefined, end: string | undefined): string | null {
  if (start && end && start > end) return t.firstAfterSecond;
  // A range wholly after the newest rate or before the first has nothing to draw: say so, not that the dates are swapped.
  if (config.lastDate && start && start > config.lastDate) return t.afterLastRate(format.date(config.lastDate));
  if (config.firstDate && end && end < config.firstDate) return t.beforeFirstRate(format.date(config.firstDate));
  return null;
}

/** The chart's two series on their own scales (gold left, silver right, dashed), `width` wide, in `unit`. */
function chartOptions(width: number, unit: string): uPlot.Options {
  return {
    width,
    height: Math.round(Math.min(360, Math.max(220, width * 0.55))),
    scales: { x: { time: true }, gold: { auto: true }, silver: { auto: true } },
    series: [
      { label: t.axisDate },
      { label: t.seriesLabel(t.goldName, unit), scale: 'gold', stroke: '#9a6b00', width: 2, spanGaps: false, points: { show: false } },
      { label: t.seriesLabel(t.silverName, unit), scale: 'silver', stroke: '#4a5a6a', width: 2, spanGaps: false, dash: [6, 3], points: { show: false } },
    ],
    axes: [
      { label: t.axisDate, labelSize: 24 },
      {
        scale: 'gold',
        label: t.seriesLabel(t.goldName, unit),
        labelSize: 24,
        stroke: '#6b4a00',
        size: 64,
        values: (_u, ticks) => ticks.map((n) => compact(n)),
      },
      {
        scale: 'silver',
        label: t.seriesLabel(t.silverName, unit),
        labelSize: 24,
        side: 1,
        stroke: '#37434f',
        size: 56,
        grid: { show: false },
        values: (_u, ticks) => ticks.map((n) => compact(n)),
      },
    ],
  };
}

/** What the plot drew, on its element (the range, each metal's points and gaps): the tests read them. */
function markPlot(target: HTMLElement, range: string, metals: Subcategory[], series: uPlot.AlignedData[], joined: uPlot.AlignedData): void {
  const points = series.map((_answer, i) => (joined[i + 1] as (number | null)[]).filter((v) => v !== null && v !== undefined).length);
  target.dataset.range = range;
  metals.forEach((s, i) => {
    target.dataset[`${s.sctSlug}Points`] = String(points[i]);
    target.dataset[`${s.sctSlug}Gaps`] = String((series[i]![1] as (number | null)[]).filter((v) => v === null).length);
  });
  target.dataset.drawn = 'true';
}

async function drawChart(subcategories: Subcategory[]) {
  const ticket = ++drawing;
  const form = $<HTMLFormElement>('chart-controls');
  const data = new FormData(form);
  const inNaira = data.get('currency') !== 'usd';
  $('custom-range').hidden = data.get('range') !== 'custom';
  const { start, end } = chosenRange(form);
  const caption = $('chart-caption');
  const problem = rangeProblem(start, end);
  if (problem !== null) {
    caption.textContent = problem;
    return;
  }
  const metals = ['gold', 'silver'].map((slug) => subcategories.find((s) => s.sctSlug === slug)).filter((s): s is Subcategory => s !== undefined);
  const [answers, uPlotClass] = await Promise.all([
    Promise.all(metals.map((s) => api.rates({ start_date: start, end_date: end, subcategory: s.sctID }))),
    loadChart(),
  ]);
  if (ticket !== drawing) return;
  $('chart-query').textContent = `GET /api/v1${requestPath('/rates', { start_date: start, end_date: end, subcategory: metals[0]?.sctID })}`;
  const value = (r: Rate) => (inNaira ? r.drtInNaira : r.drtInUSD);
  const series = answers.map(
    (answer) =>
      withGaps(
        answer.data.map((r) => Date.parse(`${r.drtDate}T00:00:00Z`) / 1000),
        answer.data.map(value),
      ) as uPlot.AlignedData,
  );
  // Nulls kept (mode 1): they are the gaps.
  const joined = uPlotClass.join(
    series,
    series.map(() => [1]),
  );
  const target = $('chart-plot');
  markPlot(target, `${start ?? 'first'}..${end ?? 'last'}`, metals, series, joined);
  const unit = inNaira ? t.currencyNaira : t.currencyUsd;
  const money = inNaira ? naira : usd;
  const metalName = (s: Subcategory) => (s.sctSlug === 'gold' ? t.goldName : s.sctSlug === 'silver' ? t.silverName : s.sctName);
  caption.textContent = answers
    .map((a, i) => {
      const last = a.data.at(-1);
      return `${t.chartCaption(metalName(metals[i]!), format.number(a.count, 0))}${last ? t.chartNewest(money.format(value(last)), format.date(last.drtDate)) : ''}`;
    })
    .join('. ');
  const width = Math.max(280, target.clientWidth);
  const options = chartOptions(width, unit);
  plot?.destroy();
  plot = new uPlotClass(options, joined, target);
  target.setAttribute('aria-label', `${t.chartLabel}. ${caption.textContent}`);
}

const compact = (n: number) => new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 }).format(n);

// ---- Calculator ----------------------------------------------------------------

/** The calculator's currency list, asked when the chooser is first touched (the first visit asks nothing more), and its switch. */
async function startAmounts(client: NisabClient, naira: Amounts, named: (code: string) => string | undefined, switched: (amounts: Amounts) => void) {
  const select = $<HTMLSelectElement>('calc-currency');
  const note = $('calc-currency-note');
  // /currencies names them in English; the calculator's module has their names in the page's language.
  for (const currency of await client.currencies()) {
    if (currency.curCode !== 'NGN')
      select.append(el('option', { value: currency.curCode }, `${currency.curCode} (${named(currency.curCode) ?? currency.curName})`));
  }
  // The labels that say ₦ say the chosen code instead.
  const labels = [...document.querySelectorAll<HTMLLabelElement>('#zakat-form label')].filter((label) => label.firstChild?.textContent?.includes('(₦)'));
  const texts = labels.map((label) => label.firstChild!.textContent!);
  select.addEventListener('change', async () => {
    const code = select.value;
    const chosen = code === 'NGN' ? naira.published : await inCurrency(client, naira.published, code).catch(() => null);
    const amounts = chosen === null ? naira : { code, published: chosen, money: { format: (n: number) => format.money(n, code) } };
    if (chosen === null) select.value = 'NGN';
    note.textContent = chosen === null ? t.calcNoRate(code) : amounts.code === 'NGN' ? '' : t.calcCurrencyNote(code);
    labels.forEach((label, i) => {
      label.firstChild!.textContent = texts[i]!.replace('(₦)', amounts.code === 'NGN' ? '(₦)' : `(${amounts.code})`);
    });
    switched(amounts);
  });
}

// ---- Start ---------------------------------------------------------------------

async function start(client: NisabClient) {
  registerWorker();
  const subcategories = config.subcategories;
  // The hawl lookup: its module, tables and answers are asked at the first lookup (the module already when the form is entered).
  let hawl: Promise<(form: HTMLFormElement) => void> | null = null;
  const loadHawl = () =>
    (hawl ??= (import(HAWL_MODULE) as Promise<typeof import('./hawl.ts')>).then((m) =>
      m.startHawl({
        api: client,
        subcategories,
        sources: new Map(config.sources.map((s) => [s.srcID, s])),
        words,
      }),
    ));
  $('hawl').addEventListener('focusin', () => void loadHawl().catch(() => (hawl = null)), { once: true });
  for (const id of ['hawl-hijri', 'hawl-gregorian']) {
    $(id).addEventListener('submit', (event) => {
      event.preventDefault();
      loadHawl().then(
        (submit) => submit(event.target as HTMLFormElement),
        (error: Error) => {
          hawl = null;
          $('hawl-result').replaceChildren(el('p', { class: 'warning' }, couldNotAsk(t, error)));
        },
      );
    });
  }
  // Today's Nisab first; every other question waits until the payer reaches or uses its section.
  const published = await showFigures(client, subcategories);
  // The figures the bodies announced (GET /announcements), beside ours, once the notice's table is on screen: not waited for, and the notice stands without them.
  whenSeen($('notice-table'), () =>
    client
      .announcements()
      .then((announced) => showAnnounced(announced, new Map(config.sources.map((s) => [s.srcID, s])), words))
      .catch(() => {}),
  );
  // The chart (its module and its two ranges) once its section comes near the screen.
  whenSeen($('chart'), () => void startChart(subcategories).catch(showError), NEAR);
  startCalculator(client, published);
  startYears(client);
  document.body.dataset.ready = 'true';
}

/** Below the screen by this much counts as reached: a section's module is asked a little before it shows. */
const NEAR = '0px 0px 400px 0px';

/**
 * Calls `then` once, when `target` first comes within `margin` of the screen (at once in a
 * browser without IntersectionObserver: the page then asks what it asked before).
 */
function whenSeen(target: Element, then: () => void, margin = '0px') {
  if (!('IntersectionObserver' in window)) return then();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin: margin },
  );
  observer.observe(target);
}

/**
 * The calculator: its module when the form is first used or comes near the screen (what was typed
 * before it arrived is counted on arrival), and /currencies when the currency chooser is first touched.
 */
function startCalculator(client: NisabClient, published: Published) {
  const zakatForm = $<HTMLFormElement>('zakat-form');
  zakatForm.addEventListener('submit', (event) => event.preventDefault());
  let module: Promise<typeof import('./calculator.ts')> | null = null;
  let amounts: Amounts = { code: 'NGN', published, money: naira };
  const shown = { t, format, out: $('zakat-result') };
  const load = () =>
    (module ??= (import(CALCULATOR_MODULE) as Promise<typeof import('./calculator.ts')>).then(
      (m) => {
        zakatForm.addEventListener('input', () => m.calculate(zakatForm, amounts, shown));
        m.calculate(zakatForm, amounts, shown);
        return m;
      },
      (error: Error) => {
        module = null;
        throw error;
      },
    ));
  const used = () => void load().catch(showError);
  for (const type of ['focusin', 'input', 'change']) zakatForm.addEventListener(type, used, { once: true });
  whenSeen($('calculator'), used, NEAR);
  /** Set while /currencies is asked or answered: a failure lets the next touch ask again. */
  let asked = false;
  const chooser = $<HTMLSelectElement>('calc-currency');
  const touched = () => {
    if (asked) return;
    asked = true;
    load()
      .then(({ calculate, currencyName }) =>
        startAmounts(client, amounts, currencyName, (chosen) => {
          amounts = chosen;
          calculate(zakatForm, amounts, shown);
        }),
      )
      .catch((error: Error) => {
        asked = false;
        showError(error);
      });
  };
  // A pointer over the chooser or a finger on it asks a moment before it opens; the keyboard's focus too.
  for (const type of ['pointerenter', 'pointerdown', 'focus']) chooser.addEventListener(type, touched);
}

/** The years not paid (#years, page/years.ts): its module when its part is first opened; a failure lets the next opening ask again. */
function startYears(client: NisabClient) {
  const part = $<HTMLDetailsElement>('years');
  let module: Promise<void> | null = null;
  // With the calculator's module (kept as the calculator's own): its answer words word the herds.
  const load = () =>
    (module ??= Promise.all([
      import(YEARS_MODULE) as Promise<typeof import('./years.ts')>,
      import(CALCULATOR_MODULE) as Promise<typeof import('./calculator.ts')>,
    ]).then(
      ([m, calculator]) =>
        m.startYears({
          api: client,
          origin: location.origin,
          root: document,
          page: location.origin + location.pathname,
          print: { here: new Map(config.sources.map((s) => [s.srcID, s])) },
          words,
          result: calculator.resultWords,
          search: location.search,
        }),
      (error: Error) => {
        module = null;
        throw error;
      },
    ));
  part.addEventListener('toggle', () => {
    if (part.open) void load().catch(showError);
  });
  // A statement asked for by address (years.ts statementAddress: the embedded calculator's print opens it): the part opened, which loads it.
  if (/[?&]years=print(&|$)/.test(location.search)) {
    part.open = true;
    part.scrollIntoView();
  }
}

async function showFigures(client: NisabClient, subcategories: Subcategory[]): Promise<Published> {
  const metals = subcategories.filter((s) => s.sctHasDailyRate && (s.sctSlug === 'gold' || s.sctSlug === 'silver'));
  // /nisab alone first: on a static host it is the one question that finds no API (the client then reads the files).
  const rules = await client.nisab();
  const latest = await Promise.all(metals.map((s) => client.latest({ subcategory: s.sctID }).catch(() => null)));
  const sourceList = config.sources;
  const rates = new Map<number, Rate>();
  for (const rate of latest) if (rate) rates.set(rate.drtSubcategoryID, rate);
  const published: Published = { rules, subcategories, rates };
  const figures: Figures = { rules, rates, subcategories, sources: sourceList, defaultSubcategoryID: config.defaultSubcategoryID, asOf: config.asOf };
  showNisab(figures);
  showNotice(figures, words);
  showOffline(figures);
  // The first render's end, for scripts/bench-page.ts: the requests started before it are its cost.
  performance.mark('nisab-shown');
  return published;
}

async function startChart(subcategories: Subcategory[]) {
  const chartForm = $<HTMLFormElement>('chart-controls');
  const redraw = () => drawChart(subcategories).catch(showError);
  chartForm.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.type !== 'date') void redraw();
  });
  chartForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void redraw();
  });
  let resizing = 0;
  addEventListener('resize', () => {
    clearTimeout(resizing);
    resizing = window.setTimeout(() => plot?.setSize({ width: Math.max(280, $('chart-plot').clientWidth), height: plot.height }), 150);
  });
  await redraw();
}

/**
 * The service worker that keeps this page, its script and the figures it last
 * showed for a visit with no network (sw.ts). Its scope is the page's folder;
 * it answers nothing under /api/ but the page's own figure questions. It is
 * registered after the page's load event (its precache waits for the page).
 */
function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: location.pathname.replace(/[^/]*$/, '') }).catch(() => {
      // A host that does not serve /sw.js (or a browser that refuses it) leaves the page as it was: online only.
    });
  // Its install fetches the page's set again: only after the page's load event, so it never competes with the first render.
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}

function showError(error: Error) {
  // Offline, what fails is what the device did not keep (the chart, other currencies): #offline already says why.
  if (!navigator.onLine || keptAnswer) return;
  const stale = $('stale');
  stale.textContent = t.couldNotLoad(error.message);
  stale.hidden = false;
}

start(api).catch(showError);

export type { Meta };
