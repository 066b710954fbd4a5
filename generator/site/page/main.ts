// The landing page's script, bundled once per language (assets/page-LANG.js).
// It asks the API of the site it is served from, through the same typed client
// app builders use, so every figure is the API's own answer. The first render
// (today's Nisab) asks three things: /nisab and the two metals' newest rates;
// the chart's module and ranges come after it, each example's answer when it
// is opened (scripts/bench-page.ts measures it).
import type uPlot from 'uplot';
import { el } from './element.ts';
import { withGaps } from './gaps.ts';
import { showAnnounced, showNotice } from './notice.ts';
import { OLD_RATE_AFTER_DAYS } from './rate-age.ts';
import { createClient, requestPath, type NisabClient } from '../../../client/src/client.ts';
import type { Meta, NisabRule, Rate, RateInCurrency, Source, SourceFigure, Subcategory } from '../../../client/src/types.ts';
import { zakatDue, type Holdings, type Published, type School, type Standard } from '../../../client/src/zakat.ts';
import { BASES } from '../../core/endpoints.ts';
import { paths } from '../../core/layout.ts';
import type { Lang } from '../i18n/catalogue.ts';
import { calendar as arCalendar, page as arPage } from '../i18n/ar.ts';
import { calendar as enCalendar, page as enPage } from '../i18n/en.ts';
import { calendar as haCalendar, page as haPage } from '../i18n/ha.ts';
import { formats } from '../i18n/format.ts';

/** The page's language, defined by the bundler (assets.ts): the other languages' words are left out of the bundle. */
declare const PAGE_LANG: Lang;
/** uPlot, as assets/chart.js (assets.ts CHART_MODULE). */
const CHART_MODULE = '/assets/chart.js';
/** The hawl lookup, in the page's language (assets.ts HAWL_MODULE). */
const HAWL_MODULE = `/assets/hawl-${PAGE_LANG}.js`;

interface Config {
  lang: string;
  asOf: string;
  /** GET /subcategories and GET /sources as the build wrote them into the page: the first render asks neither. */
  subcategories: Subcategory[];
  sources: Source[];
  defaultSubcategoryID: number;
  firstDate: string | null;
  lastDate: string | null;
  /** Requests to show with their live answers (path and query under /api/v1), from the endpoint table. */
  examples: { path: string; title: string }[];
}

const main = document.getElementById('main')!;
const config = JSON.parse(main.dataset.config!) as Config;
// On a plain static host (no /api/v1) the client answers from the snapshot's files under /v1/.
const api = createClient({ fallbackBaseUrls: [`${location.origin}${BASES[1]}`], staticRoot: location.origin });
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

// Every word of the page from its language's catalogue (i18n/), every figure and date through its formats.
const t = PAGE_LANG === 'ha' ? haPage : PAGE_LANG === 'ar' ? arPage : enPage;
const calendar = PAGE_LANG === 'ha' ? haCalendar : PAGE_LANG === 'ar' ? arCalendar : enCalendar;
const format = formats(calendar);
const naira = { format: (n: number) => format.money(n, 'NGN') };
const usd = { format: (n: number) => format.money(n, 'USD') };

// ---- Nisab today -------------------------------------------------------------

// Both Hijri dates: Umm al-Qura always, Nigeria's where the month's declaration is in the data (docs/calendar.md).
const rateDateText = (rate: Rate) =>
  [
    format.date(rate.drtDate),
    t.hijriIn(format.hijri(rate.drtHijriDate), calendar.ummAlQura),
    ...(rate.drtHijriDateNigeria ? [t.hijriIn(format.hijri(rate.drtHijriDateNigeria), calendar.nigeria)] : []),
  ].join(' · ');

/** What a source's figure is, in a few words (the record's date means a different thing for each). */
const FIGURE_WORDS: Record<SourceFigure, string> = t.figure;

/** A figure's source by name, linked to where it is published, as GET /sources describes it. */
function sourceText(sources: Map<string, Source>, id: string, testid: string): HTMLElement {
  const source = sources.get(id);
  // The build checks every rate's source against the list; an unknown id is shown as it is.
  if (!source) return el('span', { 'data-testid': testid, 'data-source': id }, id);
  const name = source.srcURL ? el('a', { href: source.srcURL, rel: 'noopener' }, source.srcName) : el('span', {}, source.srcName);
  return el('span', { 'data-testid': testid, 'data-source': source.srcID }, name, ` (${FIGURE_WORDS[source.srcFigure]})`);
}

function nisabCard(title: string, rule: NisabRule, rate: Rate | undefined, slug: string, sources: Map<string, Source>): HTMLElement {
  const value = (n: number | null, money: { format(n: number): string }) => (n === null ? t.notAvailable : money.format(n));
  const carried = rate && rate.drtNairaDate !== rate.drtDate ? t.carriedFrom(format.date(rate.drtNairaDate)) : '';
  const metal = slug === 'gold' ? calendar.gold : calendar.silver;
  const grams = format.number(rule.nsbThreshold ?? 0, 0);
  return el(
    'article',
    { class: 'card', 'data-standard': slug },
    el('h3', {}, title),
    el('p', { class: 'big', 'data-testid': `nisab-${slug}-naira`, 'data-value': String(rule.nsbValueInNaira) }, value(rule.nsbValueInNaira, naira)),
    el('p', { 'data-testid': `nisab-${slug}-usd`, 'data-value': String(rule.nsbValueInUSD) }, value(rule.nsbValueInUSD, usd)),
    el('p', { class: 'small' }, rate ? t.thresholdAt(grams, metal, naira.format(rate.drtInNaira)) : t.thresholdNoPrice(grams, metal)),
    el(
      'p',
      { class: 'small', 'data-testid': `rate-date-${slug}` },
      t.rateOf(rate ? rateDateText(rate) : rule.nsbRateDate ? format.date(rule.nsbRateDate) : t.noDate),
    ),
    ...(rate
      ? [
          el('p', { class: 'small' }, t.priceSource, sourceText(sources, rate.drtPriceSource, `source-${slug}-price`)),
          el('p', { class: 'small' }, t.nairaSource, sourceText(sources, rate.drtNairaSource, `source-${slug}-naira`), carried),
        ]
      : []),
  );
}

async function showNisab(published: Published, sources: Map<string, Source>) {
  const cards = $('nisab-cards');
  cards.replaceChildren();
  for (const [slug, title] of [
    ['gold', t.goldStandard],
    ['silver', t.silverStandard],
  ] as const) {
    const id = published.subcategories.find((s) => s.sctSlug === slug)?.sctID;
    const rule = published.rules.find((r) => r.nsbSubcategoryID === id && r.nsbIsDefault);
    if (id !== undefined && rule) cards.append(nisabCard(title, rule, published.rates.get(id), slug, sources));
  }
  const newest = published.rates.get(config.defaultSubcategoryID);
  if (!newest) return;
  // The rate's age is the API's (nsbRateAgeDays, to the as-of date), never the browser's clock's.
  const rule = published.rules.find((r) => r.nsbSubcategoryID === config.defaultSubcategoryID && r.nsbIsDefault);
  const age = rule?.nsbRateAgeDays;
  if (rule?.nsbRateDate && age != null && age > OLD_RATE_AFTER_DAYS) {
    const stale = $('stale');
    stale.textContent = t.stale(format.date(rule.nsbRateDate), age, format.number(age, 0), format.date(config.asOf));
    stale.hidden = false;
  }
  $('nisab-rate').textContent = t.dollarWas(naira.format(newest.drtUSDinNaira), format.date(newest.drtNairaDate));
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

async function drawChart(subcategories: Subcategory[]) {
  const ticket = ++drawing;
  const form = $<HTMLFormElement>('chart-controls');
  const data = new FormData(form);
  const inNaira = data.get('currency') !== 'usd';
  $('custom-range').hidden = data.get('range') !== 'custom';
  const { start, end } = chosenRange(form);
  const caption = $('chart-caption');
  if (start && end && start > end) {
    caption.textContent = t.firstAfterSecond;
    return;
  }
  // A range wholly after the newest rate or before the first has nothing to draw: say so, not that the dates are swapped.
  if (config.lastDate && start && start > config.lastDate) {
    caption.textContent = t.afterLastRate(format.date(config.lastDate));
    return;
  }
  if (config.firstDate && end && end < config.firstDate) {
    caption.textContent = t.beforeFirstRate(format.date(config.firstDate));
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
  const points = answers.map((_answer, i) => (joined[i + 1] as (number | null)[]).filter((v) => v !== null && v !== undefined).length);
  const target = $('chart-plot');
  target.dataset.range = `${start ?? 'first'}..${end ?? 'last'}`;
  metals.forEach((s, i) => {
    target.dataset[`${s.sctSlug}Points`] = String(points[i]);
    target.dataset[`${s.sctSlug}Gaps`] = String((series[i]![1] as (number | null)[]).filter((v) => v === null).length);
  });
  target.dataset.drawn = 'true';
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
  const options: uPlot.Options = {
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
  plot?.destroy();
  plot = new uPlotClass(options, joined, target);
  target.setAttribute('aria-label', `${t.chartLabel}. ${caption.textContent}`);
}

const compact = (n: number) => new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 }).format(n);

// ---- Calculator ----------------------------------------------------------------

/** What the calculator works in: the Naira (the published rules as they are) or a currency of GET /currencies (docs/API.md §2c). */
interface Amounts {
  code: string;
  published: Published;
  money: { format(n: number): string };
}

/**
 * The published rules and the metals' newest rates with the currency's figures where the Naira's
 * are (nsbValueInCurrency, drtInCurrency): zakatDue counts in one currency, whichever it is. Null
 * when the currency has no rate for a metal's newest record (docs/API.md §2c: at most 7 days old).
 */
async function inCurrency(client: NisabClient, published: Published, code: string): Promise<Published | null> {
  const ids = [...published.rates.keys()];
  const [rules, ...latest] = await Promise.all([
    client.nisab({ currency: code }),
    ...ids.map((id) => client.latest({ subcategory: id, currency: code })),
  ] as const);
  const rates = new Map<number, Rate>();
  for (const rate of latest as RateInCurrency[]) {
    if (rate.drtInCurrency === null || rate.drtUSDinCurrency === null) return null;
    rates.set(rate.drtSubcategoryID, { ...rate, drtInNaira: rate.drtInCurrency, drtUSDinNaira: rate.drtUSDinCurrency });
  }
  return { ...published, rules: rules.map((rule) => ({ ...rule, nsbValueInNaira: rule.nsbValueInCurrency })), rates };
}

/** The calculator's currency list, asked once the figures are shown (the first render asks nothing more), and its switch. */
async function startAmounts(client: NisabClient, naira: Amounts, switched: (amounts: Amounts) => void) {
  const select = $<HTMLSelectElement>('calc-currency');
  const note = $('calc-currency-note');
  for (const currency of await client.currencies()) {
    if (currency.curCode !== 'NGN') select.append(el('option', { value: currency.curCode }, `${currency.curCode} (${currency.curName})`));
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

function calculate({ published, money: naira, code }: Amounts) {
  const form = $<HTMLFormElement>('zakat-form');
  const data = new FormData(form);
  const num = (name: string) => {
    const n = Number(data.get(name) ?? 0);
    return Number.isFinite(n) && n > 0 ? n : 0;
  };
  const holdings: Holdings = {
    cash: num('cash'),
    tradeGoods: num('tradeGoods'),
    goldGrams: num('goldGrams'),
    silverGrams: num('silverGrams'),
    wornGoldGrams: num('wornGoldGrams'),
    wornSilverGrams: num('wornSilverGrams'),
    trader: data.get('trader') === 'muhtakir' ? 'muhtakir' : 'mudir',
    tradeGoodsSold: data.get('tradeGoodsSold') === 'yes',
    cropsKg: num('cropsKg'),
    watering: data.get('watering') as Holdings['watering'],
    persons: num('persons'),
  };
  const livestock = { camels: num('camels'), cattle: num('cattle'), 'sheep-goats': num('sheep-goats') };
  const result = zakatDue(published, holdings, data.get('standard') as Standard, data.get('school') as School, livestock);
  const out = $('zakat-result');
  if (result.lines.length === 0) {
    out.replaceChildren(el('p', {}, t.enterHoldings));
    return;
  }
  const rows = result.lines.map((line) =>
    el(
      'tr',
      { 'data-line': line.what },
      el('th', { scope: 'row' }, line.what),
      el('td', { 'data-label': t.colHeld }, `${line.unit === 'NGN' ? naira.format(line.held) : `${line.held} ${line.unit}`}`),
      el('td', { 'data-label': t.colNisab }, line.nisab === null ? '—' : line.unit === 'NGN' ? naira.format(line.nisab) : `${line.nisab} ${line.unit}`),
      el(
        'td',
        { 'data-label': t.colDue, 'data-testid': 'due', 'data-naira': String(line.dueNaira) },
        line.due,
        line.dueNaira ? el('br') : '',
        line.dueNaira ? naira.format(line.dueNaira) : '',
      ),
      el(
        'td',
        { 'data-label': t.colRule, class: 'small' },
        line.ruleText,
        el('br'),
        el('span', { 'data-testid': 'why' }, line.why),
        ...(line.sourceURL ? [' ', el('a', { href: line.sourceURL, rel: 'noopener' }, `(${t.source})`)] : []),
      ),
    ),
  );
  out.replaceChildren(
    el(
      'div',
      { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': t.resultLabel },
      el(
        'table',
        {},
        el('thead', {}, el('tr', {}, ...[t.colWhat, t.colHeld, t.colNisab, t.colDue, t.colRule].map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, ...rows),
      ),
    ),
    ...(result.combination
      ? [
          el(
            'p',
            { class: 'small', 'data-testid': 'combination', 'data-method': result.combination.method },
            result.combination.text,
            ' ',
            el('a', { href: result.combination.sourceURL, rel: 'noopener' }, `(${t.source})`),
          ),
        ]
      : []),
    el(
      'p',
      { class: 'big', 'data-testid': 'zakat-total', 'data-naira': String(result.totalDueNaira), 'data-currency': code },
      t.totalDue(naira.format(result.totalDueNaira)),
    ),
    ...(PAGE_LANG === 'en' ? [] : [el('p', { class: 'small' }, t.calculatorEnglish)]),
  );
}

// ---- Examples ------------------------------------------------------------------

/** A URL that wraps only between its parts on a narrow screen, never inside a date. */
function wrappingUrl(url: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  url.split(/(?=[?&])/).forEach((part, i) => {
    if (i > 0) fragment.append(el('wbr'));
    fragment.append(el('span', { class: 'nobr' }, part));
  });
  return fragment;
}

/** Renders the examples; each one's live answer is asked for when it is opened, never before (the page's weight is the figures'). */
function showExamples() {
  const box = $('examples');
  for (const example of config.examples) {
    const url = `${location.origin}/api/v1${example.path}`;
    const curl = el('pre', {}, el('code', {}, 'curl ', "'", wrappingUrl(url), "'"));
    const js = el('pre', {}, el('code', {}, 'const answer = await (await fetch(', "'", wrappingUrl(url), "'", ')).json();'));
    const details = el('details', {}, el('summary', {}, t.liveAnswer));
    const answer = el('pre', { class: 'answer', tabindex: '0', 'aria-label': t.liveAnswerOf(example.path) }, t.answering);
    const copy = (source: HTMLElement, label: string) => {
      const button = el('button', { type: 'button' }, label);
      button.addEventListener('click', () => {
        void navigator.clipboard?.writeText(source.textContent ?? '').then(() => (button.textContent = t.copied));
      });
      return button;
    };
    box.append(
      el(
        'article',
        { class: 'example' },
        el('h3', {}, el('code', {}, 'GET ', wrappingUrl(example.path)), el('br'), example.title),
        curl,
        copy(curl, t.copyCurl),
        js,
        copy(js, t.copyFetch),
        details,
      ),
    );
    const show = (head: string, text: string) => {
      const lines = text.split('\n');
      answer.dataset.answered = 'true';
      answer.textContent = `${head}\n${lines.length > 8 ? [...lines.slice(0, 6), t.moreLines(String(lines.length - 8)), ...lines.slice(-2)].join('\n') : text}`;
    };
    details.append(answer);
    let asked = false;
    details.addEventListener('toggle', () => {
      if (!details.open || asked) return;
      asked = true;
      (async () => {
        // A static host has no /api/v1 to ask: the answer the page computed from the files instead.
        if (api.answersFromFiles()) return show(t.answeredFromFiles, JSON.stringify(await api.answer(example.path), null, 1));
        const response = await fetch(url);
        show(`HTTP ${response.status}`, await response.text());
      })().catch((error: Error) => {
        answer.dataset.answered = 'failed';
        answer.textContent = t.couldNotAsk(error.message);
      });
    });
  }
}

// ---- Embed code ----------------------------------------------------------------

/** The widget's code with this site's own origin (the build cannot know the host). */
function showEmbedCode() {
  const code = $('embed-code');
  code.textContent = (code.textContent ?? '').replace('https://HOST', location.origin);
  const button = $('embed-copy');
  button.addEventListener('click', () => {
    void navigator.clipboard?.writeText(code.textContent ?? '').then(() => (button.textContent = t.copied));
  });
}

// ---- Start ---------------------------------------------------------------------

async function start(client: NisabClient) {
  showEmbedCode();
  showExamples();
  const subcategories = config.subcategories;
  const words = { t, calendar, format };
  // The hawl lookup: its module, tables and answers are asked at the first lookup (the module already when the form is entered).
  let hawl: Promise<(form: HTMLFormElement) => void> | null = null;
  const loadHawl = () =>
    (hawl ??= (import(HAWL_MODULE) as Promise<typeof import('./hawl.ts')>).then((m) =>
      m.startHawl({
        api: client,
        subcategories,
        sources: new Map(config.sources.map((s) => [s.srcID, s])),
        words,
        routingUrl: `${location.origin}/${paths.routing}`,
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
          $('hawl-result').replaceChildren(el('p', { class: 'warning' }, t.couldNotAsk(error.message)));
        },
      );
    });
  }
  // Today's Nisab first; the chart (its module and its two ranges) once it is shown.
  const published = await showFigures(client, subcategories);
  showNotice(published.rules, subcategories, published.rates, words);
  // The figures the bodies announced (GET /announcements), beside ours: not waited for, and the notice stands without them.
  void client
    .announcements()
    .then((announced) => showAnnounced(announced, new Map(config.sources.map((s) => [s.srcID, s])), words))
    .catch(() => {});
  await startChart(subcategories);
  const zakatForm = $<HTMLFormElement>('zakat-form');
  let amounts: Amounts = { code: 'NGN', published, money: naira };
  zakatForm.addEventListener('input', () => calculate(amounts));
  zakatForm.addEventListener('submit', (event) => event.preventDefault());
  calculate(amounts);
  await startAmounts(client, amounts, (chosen) => {
    amounts = chosen;
    calculate(amounts);
  }).catch(showError);
  document.body.dataset.ready = 'true';
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
  await showNisab(published, new Map(sourceList.map((s) => [s.srcID, s])));
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

function showError(error: Error) {
  const stale = $('stale');
  stale.textContent = t.couldNotLoad(error.message);
  stale.hidden = false;
}

start(api).catch(showError);

export type { Meta };
