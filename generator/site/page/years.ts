// The years a payer did not pay (#years, issue 45): the calculator's part that
// asks the client's zakatForYears (client/src/zakat/years.ts) of the page's own
// client, so each year's Nisab is the dated answer the page reads elsewhere
// (`/nisab?hijri_date=…&calendar=…`, the snapshot's static files on a plain host),
// and writes one row per year, the total, a printable statement (print CSS:
// body[data-print="years"] prints it alone, on one A4 page for 30 years) and the
// reminder of the next hawl day (hawl-reminder.ts). The school and the standard
// are the calculator's own selectors; the herds are the calculator's own (the
// form's table, zakat-fields.ts, with its labels and the client's bounds), held
// the same every year, and each year's row says what they owe in kind as the
// calculator's answer words it (result-words.ts wordAnimals). Its own module per language
// (assets/years-LANG.js), imported when the part is first opened. Offline it
// reads what the service worker kept of a statement made online (sw.ts); one
// with a year not kept is refused in the page's words (words.ts couldNotAsk).
//
// The embedded calculator (widget/calculator.ts, in another site's page) runs this
// same code in its shadow root, from its own module (widget/years.ts,
// assets/embed-years-LANG.js): every look-up goes through the root it is given (a
// shadow root has getElementById, the document's does not see into it), and the
// client, the calendars' tables and the reminder's page are those of the origin
// it was given. There the statement is not printed inside the other site's page:
// its button opens our page of the language in its own window with the same
// question in its address (`?years=print&day=…`, `statementAddress`), which
// answers it and prints the statement as the page does (docs/site.md).
import type { HijriCalendar, NisabClient } from '../../../client/src/client.ts';
import { ANIMAL_OPTIONS } from '../../../client/src/zakat/in-kind.ts';
import { inputProblems } from '../../../client/src/zakat/limits.ts';
import type { PastYearWhy } from '../../../client/src/zakat/types.ts';
import type { School, Standard } from '../../../client/src/zakat/types.ts';
import { MAX_YEARS, type YearAnswer, type YearPart, type YearsHoldings, type YearsResult, zakatForYears } from '../../../client/src/zakat/years.ts';
import { daysBetween } from '../../model/dates.ts';
import { gregorianDay } from '../../router/hijri-days.ts';
import { type Due, dueNotation, livestockDueAtMost } from '../../router/livestock.ts';
import type { ResultStrings } from '../i18n/catalogue.ts';
import { reach as r, years as y } from '../i18n/current.ts';
import { calendarTables, type Tables } from './calendar-tables.ts';
import { el } from './element.ts';
import type { SourceName } from './figures.ts';
import { reminderFile } from './hawl-reminder.ts';
import { type Figures, isolate, plain, wordAnimals } from './result-words.ts';
import { labelText, numberFields } from './zakat-fields.ts';
import { HERD_SLUGS } from './zakat-form.ts';
import { couldNotAsk, type PageWords } from './words.ts';

/** Umm al-Qura first: its days are known for every year; Nigeria's only for the months the data holds. */
const CALENDARS: HijriCalendar[] = ['umm-al-qura', 'nigeria'];

type HerdSlug = (typeof HERD_SLUGS)[number];
/** The calculator's own inputs of the herds (camels, cattle, sheep-goats), from its form's table: their labels and kinds. */
const HERD_FIELDS = numberFields(HERD_SLUGS);

/** How the statement prints: here, from the page's own print CSS (with the rate records' sources by name), or on our page at `page` in its own window. */
export type YearsPrint = { here: Map<string, SourceName> } | { page: string };

export interface YearsContext {
  /** The typed client of the site whose dated answers count (the page's own, or the origin that served the embedded calculator). */
  api: NisabClient;
  /** That site's origin: its calendars' tables. */
  origin: string;
  /** The page's document, or the embedded calculator's shadow root: holds #years-body and #zakat-form (the school, the standard). */
  root: Document | ShadowRoot;
  /** The page a reminder names: our page of the language. */
  page: string;
  print: YearsPrint;
  words: PageWords;
  /**
   * The calculator's answer words (result-LANG.ts): the herds' names, their animals and the bounds' message. Lent by
   * the page's calculator module or the embedded calculator, which carry them, so this module does not.
   */
  result: ResultStrings;
  /** The page's address's query: a statement asked for by `statementAddress` is filled in, answered and printed. */
  search?: string;
}

/** Marks a query that asks for a statement (the page's script opens the part on it: main.ts). */
const PRINT_QUERY = 'years';
/** The form's fields an address carries (the herds by their slugs: `cattle=45`), with the calculator's two selectors. */
const ADDRESSED = ['day', 'month', 'calendar', 'count', 'cash', ...HERD_SLUGS] as const;

/** Our page at `page`, asked for the statement of these years: it fills the part in, answers and prints. A field left empty is not carried. */
export function statementAddress(page: string, asked: Record<(typeof ADDRESSED)[number] | 'school' | 'standard' | 'held', string>): string {
  const query = new URLSearchParams({ [PRINT_QUERY]: 'print' });
  for (const name of [...ADDRESSED, 'school', 'standard', 'held'] as const) if (asked[name] !== '') query.set(name, asked[name]);
  return `${page}?${query}#years`;
}

/** The amounts a payer changed year by year, as an address carries them: `1446:10000000,1447:15000000`. */
const heldText = (held: ReadonlyMap<number, number>, years: readonly number[]) =>
  years
    .filter((year) => held.has(year))
    .map((year) => `${year}:${held.get(year)}`)
    .join(',');
function heldFrom(text: string): Map<number, number> {
  const held = new Map<number, number>();
  for (const pair of text.split(',')) {
    const match = /^(\d{4}):(\d+(?:\.\d+)?)$/.exec(pair);
    if (match) held.set(Number(match[1]), Number(match[2]));
  }
  return held;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The browser's own day, YYYY-MM-DD in its time zone: the statement's print date. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** What every piece of the part writes with: its context, its words' helpers, and what it keeps between answers. */
function partOf(context: YearsContext, held: Map<number, number>, again: () => void) {
  const { t, calendar, format } = context.words;
  const w = context.result;
  const money = (n: number) => format.money(n, 'NGN');
  const figures: Figures = { money, number: format.number };
  return {
    ...context,
    $: <T extends HTMLElement>(id: string) => context.root.getElementById(id) as T | null,
    calendarName: (c: HijriCalendar) => (c === 'nigeria' ? calendar.nigeria : calendar.ummAlQura),
    money,
    figures,
    /** A count of head as the calculator's answer says it ("dabbobi 45"). */
    heads: (n: number) => isolate(w.units.head(plain(figures, n))),
    herdName: (slug: string) => w.what[slug as HerdSlug] ?? slug,
    herdLabel: (slug: string) => {
      const field = HERD_FIELDS.find((f) => f.name === slug);
      return field ? labelText(field.label, t, w.inputs) : slug;
    },
    /** The amounts changed in a year's row (by Hijri year); every other year is held at the form's amount. */
    held,
    /** Works the statement out again (a year's amount was changed in its row). */
    again,
    /** The reminder's file last made, revoked when the next is. */
    blob: null as string | null,
  };
}
type Part = ReturnType<typeof partOf>;

const numberInput = (name: string, label: string, attributes: Record<string, string>) =>
  el('label', {}, `${label} `, el('input', { name, type: 'number', inputmode: 'numeric', ...attributes }));

/** The part's form: the hawl day, its calendar, the count of years, the cash and the herds. */
function yearsForm(p: Part): HTMLFormElement {
  const { calendar } = p.words;
  return el(
    'form',
    { id: 'years-form', class: 'calc' },
    el(
      'fieldset',
      {},
      el('legend', {}, y.summary),
      numberInput('day', y.day, { min: '1', max: '30', step: '1', value: '1', required: '' }),
      el(
        'label',
        {},
        `${y.month} `,
        el(
          'select',
          { name: 'month' },
          ...calendar.hijriMonths.map((name, i) => el('option', { value: pad(i + 1), ...(i === 8 ? { selected: '' } : {}) }, name)),
        ),
      ),
      el('label', {}, `${y.calendar} `, el('select', { name: 'calendar' }, ...CALENDARS.map((c) => el('option', { value: c }, p.calendarName(c))))),
      numberInput('count', y.count, { min: '1', max: String(MAX_YEARS), step: '1', value: '1', required: '' }),
      numberInput('cash', y.cash, { min: '0', step: 'any', inputmode: 'decimal' }),
      el(
        'fieldset',
        { class: 'years-herds' },
        el('legend', {}, y.herds),
        ...HERD_FIELDS.map((f) =>
          numberInput(f.name, p.herdLabel(f.name), { min: '0', step: f.whole ? '1' : 'any', inputmode: f.whole ? 'numeric' : 'decimal' }),
        ),
      ),
      el('button', { type: 'submit' }, y.show),
    ),
  );
}

const dayOf = (hijri: string, c: HijriCalendar, known: Tables | null): string | null => {
  if (!known) return null;
  const found = gregorianDay(hijri, c, known);
  return 'date' in found ? found.date : null;
};

// The calculator's school and standard: one choice for the whole page (or the whole embedded calculator).
const chooser = (p: Part, name: 'school' | 'standard') => p.$<HTMLFormElement>('zakat-form')?.querySelector<HTMLSelectElement>(`select[name=${name}]`) ?? null;

/** A statement asked for by address (statementAddress): the question filled in as it came. */
function fillIn(p: Part, form: HTMLFormElement, addressed: URLSearchParams): void {
  for (const name of ADDRESSED) {
    const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    const value = addressed.get(name);
    if (field && value !== null) field.value = value;
  }
  for (const name of ['school', 'standard'] as const) {
    const select = chooser(p, name);
    const value = addressed.get(name);
    if (select && value !== null && [...select.options].some((o) => o.value === value)) select.value = value;
  }
}

/** The form's question as typed, or the warnings that refuse it. */
function question(p: Part, form: HTMLFormElement) {
  const data = new FormData(form);
  const day = Number(data.get('day'));
  const count = Number(data.get('count'));
  const cashText = String(data.get('cash') ?? '').trim();
  const cash = Number(cashText);
  const chosen = String(data.get('calendar')) as HijriCalendar;
  // The herds as typed (the address carries them so), and those given as counts; cash, the herds, or both.
  const herdTexts = Object.fromEntries(HERD_SLUGS.map((slug) => [slug, String(data.get(slug) ?? '').trim()])) as Record<HerdSlug, string>;
  const herds = Object.fromEntries(HERD_SLUGS.filter((slug) => herdTexts[slug] !== '').map((slug) => [slug, Number(herdTexts[slug])]));
  const anyHerd = Object.values(herds).some((head) => head > 0);
  const warning = (text: string) => el('p', { class: 'warning', role: 'alert', 'data-testid': 'years-problem' }, text);
  if (!(Number.isInteger(day) && day >= 1 && day <= 30 && Number.isInteger(count) && count >= 1 && count <= MAX_YEARS && (cashText !== '' || anyHerd))) {
    return [warning(y.bad)];
  }
  // Each amount and herd within the calculator's bounds (client limits.ts), said with the input's own label.
  const problems = inputProblems(cashText === '' ? {} : { cash }, herds);
  if (problems.length > 0) {
    return problems.map((problem) =>
      warning(
        p.result.inputs.outOfRange(
          problem.field === 'cash' ? y.cash : p.herdLabel(problem.field.replace(/^herds\./, '')),
          p.words.format.number(problem.max, 0),
        ),
      ),
    );
  }
  const counted = Object.fromEntries(Object.entries(herds).filter(([, head]) => head > 0));
  const same: YearsHoldings = { ...(cashText === '' ? {} : { cash }), ...(anyHerd ? { herds: counted } : {}) };
  const hawlDay = `${String(data.get('month'))}-${pad(day)}`;
  const school = (chooser(p, 'school')?.value ?? 'maliki') as School;
  const standard = (chooser(p, 'standard')?.value ?? 'gold') as Standard;
  return { count, cashText, cash, chosen, herdTexts, same, hawlDay, school, standard };
}

/** The last year missed: the latest whose hawl day has come by the data's day (`asOfHijri`, in the chosen calendar). */
function lastMissed(asOfHijri: string, hawlDay: string): number {
  const asOfYear = Number(asOfHijri.slice(0, 4));
  return `${asOfYear}-${hawlDay}` <= asOfHijri ? asOfYear : asOfYear - 1;
}

/** Builds the part's form into #years-body and answers each submission. */
export function startYears(context: YearsContext): void {
  // A statement asked for by address (statementAddress): the question filled in as it came, answered and printed.
  const addressed = new URLSearchParams(context.search ?? '');
  const printAsked = addressed.get(PRINT_QUERY) === 'print';
  let ticket = 0;
  const p = partOf(context, heldFrom(printAsked ? (addressed.get('held') ?? '') : ''), () => void work(++ticket));
  const form = yearsForm(p);
  const out = el('div', { id: 'years-result', 'aria-live': 'polite' });
  p.$('years-body')!.replaceChildren(form, out);

  // The Umm al-Qura table and Nigeria's months, for each year's Gregorian day.
  const loadTables = calendarTables(p.api, p.origin);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void work(++ticket);
  });
  if (printAsked) {
    fillIn(p, form, addressed);
    void work(++ticket, true);
  }

  async function work(mine: number, printNow = false) {
    const q = question(p, form);
    if (Array.isArray(q)) {
      out.replaceChildren(...q);
      return;
    }
    const { count, cashText, cash, chosen, hawlDay, school, standard } = q;
    delete out.dataset.answered;
    out.replaceChildren(el('p', {}, y.loading));
    try {
      const meta = await p.api.meta();
      const last = lastMissed(chosen === 'nigeria' ? (meta.asOfHijriNigeria ?? meta.asOfHijri) : meta.asOfHijri, hawlDay);
      const list = Array.from({ length: count }, (_, i) => last - count + 1 + i);
      const holdings = p.held.size === 0 || cashText === '' ? q.same : list.map((year) => ({ ...q.same, cash: p.held.get(year) ?? cash }));
      const [result, known] = await Promise.all([
        zakatForYears(p.api, { hawlDay, calendar: chosen, years: list, holdings, school, standard }),
        loadTables().catch(() => null),
      ]);
      if (mine !== ticket) return;
      const held = cashText === '' ? '' : heldText(p.held, list);
      const asked = { hawlDay, chosen, school, standard, last, known, asOf: meta.asOf, count: String(count), cash: cashText, herds: q.herdTexts, held };
      show(p, out, result, asked, printNow);
    } catch (error) {
      if (mine === ticket) out.replaceChildren(el('p', { class: 'warning', 'data-testid': 'years-not-asked' }, couldNotAsk(p.words.t, error)));
    }
  }
}

interface Asked {
  hawlDay: string;
  chosen: HijriCalendar;
  school: School;
  standard: Standard;
  last: number;
  known: Tables | null;
  asOf: string;
  /** As typed: the address of a statement printed elsewhere carries them. */
  count: string;
  /** Empty when only herds were given: the statement then has no money part. */
  cash: string;
  herds: Record<HerdSlug, string>;
  held: string;
}

const said = (why: PastYearWhy) =>
  why === 'no-rate' ? y.why.noRate : why === 'below-nisab' ? y.why.below : why === 'after-below' ? y.why.afterBelow : y.why.reaches;
/** A part's reason, with its note on the earlier years not known said on the first row it applies to, not repeated on every row after. */
function noted<D>(line: YearPart<D>, before: YearPart<D> | undefined): string {
  const unknown = line.why !== 'no-rate' ? line.unknownBefore : [];
  const saidBefore = before && before.why !== 'no-rate' ? before.unknownBefore : [];
  if (unknown.length === 0 || unknown.join() === saidBefore.join()) return said(line.why);
  // Years in a run (every year before the first rate) as one span, so a row of the statement stays one line or two.
  const run = unknown.length > 2 && unknown[unknown.length - 1]! - unknown[0]! + 1 === unknown.length;
  return `${said(line.why)}; ${y.unknownBefore(run ? `${unknown[0]}–${unknown[unknown.length - 1]}` : unknown.join(', '))}`;
}

/** Why a year's row says what it says: the whole year's problem once, or the money's reason and each herd's. */
function why(p: Part, year: YearAnswer, before: YearAnswer | undefined, asked: Asked): (string | Node)[][] {
  if (year.problem?.kind === 'no-calendar') return [[y.why.noCalendar(p.calendarName(year.calendar))]];
  if (year.problem?.kind === 'not-yet') return [[y.why.notYet]];
  const line = year.money;
  // Nothing held in money (0 entered): below the Nisab, unless the day has no Nisab at all.
  const money = !line ? (year.problem?.kind === 'no-rate' ? y.why.noRate : y.why.below) : noted(line, before?.money ?? undefined);
  return [
    ...(hasMoney(asked) ? [[money]] : []),
    ...Object.entries(year.livestock).map(([slug, part]) => [herdItem(p, slug, noted(part, before?.livestock[slug]))]),
  ];
}

/** The statement has a money part when cash was given (herds alone have none). */
const hasMoney = (asked: Asked) => asked.cash !== '';
const herdItem = (p: Part, slug: string, text: string, data: Record<string, string> = {}) =>
  el('span', { 'data-herd': slug, ...data }, `${p.herdName(slug)}: ${text}`);
/**
 * A herd's due in the calculator's words. The client lists at most ANIMAL_OPTIONS mixes; beyond them, as the
 * calculator says (in-kind.ts), the formula of the herd's row names what else discharges it.
 */
const animalsDue = (p: Part, options: Due[], counted: number, slug: string, result: YearsResult) => {
  const rule = result.herdRules[slug]!;
  const formula = rule.nsbBrackets.find((b) => counted >= b.lbrMinCount && (b.lbrMaxCount === null || counted <= b.lbrMaxCount))?.lbrFormula ?? null;
  const more = formula && livestockDueAtMost(rule.nsbBrackets, counted, ANIMAL_OPTIONS).more ? formula.per : undefined;
  return wordAnimals(options, rule, more, p.result, p.figures);
};
/** What a herd owes in a year; '—' where its year is not counted. */
const herdDue = (p: Part, slug: string, part: YearPart<Due[]>, result: YearsResult) =>
  part.why === 'no-rate' ? '—' : part.due && part.due.length > 0 ? animalsDue(p, part.due, part.counted, slug, result) : p.result.due.nothing;
/** A cell's items, one a line. */
const lines = (items: (string | Node)[][]) => items.flatMap((item, i) => (i ? [el('br'), ...item] : item));

/** A year's amount, changed in its row: the statement is worked out again (an emptied field goes back to the form's amount). */
function heldField(p: Part, year: number, value: number): HTMLElement {
  const input = el('input', {
    type: 'number',
    inputmode: 'decimal',
    min: '0',
    step: 'any',
    value: String(value),
    'aria-label': y.heldIn(String(year)),
    'data-testid': 'years-held',
  }) as HTMLInputElement;
  input.addEventListener('change', () => {
    const text = input.value.trim();
    const amount = Number(text);
    if (text === '') p.held.delete(year);
    else if (Number.isFinite(amount) && amount >= 0 && amount <= 1e15) p.held.set(year, amount);
    else return;
    p.again();
  });
  return input;
}

/** A year's row, in the answer (its amount a field, `editable`) and in the statement alike: the money's line, then each herd's. */
function row(p: Part, result: YearsResult, year: YearAnswer, before: YearAnswer | undefined, asked: Asked, editable: boolean): HTMLElement {
  const { format } = p.words;
  const gregorian = dayOf(year.hijriDate, year.calendar, asked.known);
  const nisab = year.nisab?.value ?? null;
  const line = year.money;
  const money$ = hasMoney(asked);
  const herds = Object.entries(year.livestock);
  // What was held in money: the line's, or (0 entered, so no line) the amount asked for that year.
  const amount = line ? line.held : (p.held.get(year.year) ?? Number(asked.cash));
  const moneyNisab = nisab === null ? ['—'] : [p.money(nisab), el('br'), el('span', { class: 'small' }, y.rateOf(format.date(year.nisab!.rateDate!)))];
  return el(
    'tr',
    { 'data-year': String(year.year), 'data-problem': year.problem?.kind ?? '' },
    el('th', { scope: 'row' }, String(year.year)),
    el(
      'td',
      { 'data-label': y.colHawl, 'data-hijri': year.hijriDate, 'data-date': gregorian ?? '' },
      format.hijri(year.hijriDate),
      el('br'),
      gregorian ? format.date(gregorian) : '—',
    ),
    el(
      'td',
      { 'data-label': y.colNisab, 'data-testid': 'years-nisab', 'data-value': String(nisab), 'data-rate-date': year.nisab?.rateDate ?? '' },
      ...lines([...(money$ ? [moneyNisab] : []), ...herds.map(([slug, part]) => [herdItem(p, slug, part.nisab === null ? '—' : p.heads(part.nisab))])]),
    ),
    el(
      'td',
      { 'data-label': y.colHeld },
      ...lines([
        ...(money$ ? [[editable ? heldField(p, year.year, amount) : p.money(amount)]] : []),
        ...herds.map(([slug, part]) => [herdItem(p, slug, p.heads(part.held))]),
      ]),
    ),
    el(
      'td',
      { 'data-label': y.colTakenOff, 'data-money': String(line?.takenOff ?? 0) },
      ...lines([...(money$ ? [[line ? p.money(line.takenOff) : '—']] : []), ...herds.map(([slug, part]) => [herdItem(p, slug, p.heads(part.takenOff))])]),
    ),
    dueCell(p, result, year, money$),
    el('td', { 'data-label': y.colWhy, class: 'small', 'data-testid': 'years-why' }, ...lines(why(p, year, before, asked))),
  );
}

/** A year's due: the money's, then each herd's in kind, its counts carried as data. */
function dueCell(p: Part, result: YearsResult, year: YearAnswer, money$: boolean): HTMLElement {
  return el(
    'td',
    { 'data-label': y.colDue, 'data-testid': 'years-due', 'data-money': String(year.money?.due ?? 0) },
    ...lines([
      ...(money$ ? [[p.money(year.money?.due ?? 0)]] : []),
      ...Object.entries(year.livestock).map(([slug, part]) => [
        herdItem(p, slug, herdDue(p, slug, part, result), {
          'data-held': String(part.held),
          'data-taken-off': String(part.takenOff),
          'data-counted': String(part.counted),
          'data-due': dueNotation(part.due ?? []),
        }),
      ]),
    ]),
  );
}

const table = (p: Part, result: YearsResult, asked: Asked, editable: boolean) =>
  el(
    'table',
    {},
    el(
      'thead',
      {},
      el('tr', {}, ...[y.colYear, y.colHawl, y.colNisab, y.colHeld, y.colTakenOff, y.colDue, y.colWhy].map((h) => el('th', { scope: 'col' }, h))),
    ),
    el('tbody', {}, ...result.years.map((year, i) => row(p, result, year, result.years[i - 1], asked, editable))),
  );

// What is owed now: the money, then each year's due in kind (a herd's), as the calculator's answer says them.
function total(p: Part, result: YearsResult): HTMLElement[] {
  const w = p.result;
  const inKind = result.years.flatMap((year) =>
    Object.entries(year.livestock)
      .filter(([, part]) => part.due && part.due.length > 0)
      .map(([slug, part]) => `${p.herdName(slug)} (${year.year}): ${animalsDue(p, part.due!, part.counted, slug, result)}`),
  );
  const inKindOnly = result.totalMoney === 0 && inKind.length > 0;
  return [
    el(
      'p',
      { class: 'big', 'data-testid': 'years-total', 'data-money': String(result.totalMoney), 'data-currency': 'NGN' },
      inKindOnly ? w.inKindOnly : y.total(p.money(result.totalMoney), result.years.length, p.words.format.number(result.years.length, 0)),
    ),
    ...(inKind.length > 0 && !inKindOnly ? [el('p', {}, w.inKind)] : []),
    ...(inKind.length > 0 ? [el('ul', { 'data-testid': 'years-in-kind' }, ...inKind.map((text) => el('li', {}, text)))] : []),
  ];
}

function show(p: Part, out: HTMLElement, result: YearsResult, asked: Asked, printNow: boolean) {
  const print = 'here' in p.print ? printHere(p, result, asked, total(p, result)) : printElsewhere(p.print.page, asked);
  out.replaceChildren(
    el('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': y.summary }, table(p, result, asked, true)),
    ...(hasMoney(asked) ? [el('p', { class: 'small no-print' }, y.perYear)] : []),
    ...total(p, result),
    el('p', { class: 'no-print' }, print),
    ...reminder(p, asked),
  );
  out.dataset.answered = 'true';
  if (printNow && print instanceof HTMLButtonElement) print.click();
}

/** The statement written for the page's print CSS, and the button that prints it. */
function printHere(p: Part, result: YearsResult, asked: Asked, total: HTMLElement[]): HTMLElement {
  statement(p, result, asked, total);
  const print = el('button', { type: 'button', 'data-testid': 'years-print' }, y.print);
  print.addEventListener('click', () => {
    document.body.dataset.print = 'years';
    addEventListener('afterprint', () => delete document.body.dataset.print, { once: true });
    window.print();
  });
  return print;
}

/**
 * Inside another site's page (the embedded calculator) the statement is not printed there: that page's
 * print would carry the site around it and its own print CSS, none of it ours. Our page of the language,
 * in its own window, is asked the same question by its address and prints the statement itself.
 */
function printElsewhere(at: string, asked: Asked): HTMLElement {
  const address = statementAddress(at, {
    day: String(Number(asked.hawlDay.slice(3))),
    month: asked.hawlDay.slice(0, 2),
    calendar: asked.chosen,
    count: asked.count,
    cash: asked.cash,
    ...asked.herds,
    held: asked.held,
    school: asked.school,
    standard: asked.standard,
  });
  return el('a', { href: address, target: '_blank', rel: 'noopener', 'data-testid': 'years-print' }, y.print);
}

/**
 * The rate records' sources of every year counted, and the rules and positions applied, each once: the money's
 * where cash was given (a herd is counted by head, not at a rate), each herd's rule.
 */
function statementSources(p: Part, result: YearsResult, asked: Asked): HTMLElement[] {
  const money$ = hasMoney(asked);
  const named = new Map<string, HTMLElement>();
  const sources = 'here' in p.print && money$ ? p.print.here : new Map<string, SourceName>();
  for (const year of result.years) {
    for (const id of [year.nisab?.priceSource, year.nisab?.nairaSource]) {
      const source = id ? sources.get(id) : undefined;
      if (source && !named.has(source.srcID))
        named.set(source.srcID, source.srcURL ? el('a', { href: source.srcURL }, source.srcName) : el('span', {}, source.srcName));
    }
  }
  const moneyLinks = money$ ? [result.positions.owed, result.positions.unpaid, result.positions.below, ...result.years.map((year) => year.nisab)] : [];
  const links = new Set(
    [...moneyLinks.map((at) => (at && 'sourceURL' in at ? at.sourceURL : null)), ...Object.values(result.herdRules).map((rule) => rule.nsbSourceURL)].filter(
      (url): url is string => !!url,
    ),
  );
  return [...named.values(), ...[...links].map((url) => el('a', { href: url }, url))];
}

/** The statement printed alone (#years-print, a child of main so the print CSS can keep it and nothing else). */
function statement(p: Part, result: YearsResult, asked: Asked, total: HTMLElement[]) {
  const { t, calendar, format } = p.words;
  const month = calendar.hijriMonths[Number(asked.hawlDay.slice(0, 2)) - 1]!;
  const latest = `${asked.last}-${asked.hawlDay}`;
  const gregorian = dayOf(latest, asked.chosen, asked.known);
  const schoolName = t[asked.school];
  const standardName = { gold: t.goldStandard, silver: t.silverStandard, lower: t.lowerOfTwo }[result.standard];
  const sources = statementSources(p, result, asked);
  const printed = today();
  const age = Math.max(0, daysBetween(asked.asOf, printed));
  const box = p.$('years-print') ?? p.root.querySelector('main')!.appendChild(el('section', { id: 'years-print' }));
  box.replaceChildren(
    el('h2', {}, y.statement),
    el(
      'p',
      { 'data-testid': 'years-hawl-day' },
      y.hawlDay(
        `${format.number(Number(asked.hawlDay.slice(3)), 0)} ${month}`,
        p.calendarName(asked.chosen),
        format.hijri(latest),
        gregorian ? format.date(gregorian) : '—',
      ),
      ' ',
      y.school(schoolName, standardName),
    ),
    table(p, result, asked, false),
    ...total,
    el('p', { class: 'small', 'data-testid': 'years-sources' }, `${y.sources} `, ...sources.flatMap((node, i) => (i ? [' · ', node] : [node]))),
    el('p', { class: 'small', 'data-testid': 'years-printed' }, y.printed(format.date(printed), format.date(asked.asOf), age, format.number(age, 0))),
  );
}

/** The next hawl day after the statement's last year, as a reminder: in the chosen calendar, or Umm al-Qura's where Nigeria's is not known. */
function reminder(p: Part, asked: Asked): HTMLElement[] {
  const { format } = p.words;
  if (p.blob) URL.revokeObjectURL(p.blob);
  p.blob = null;
  if (!asked.known) return [];
  const hijri = `${asked.last + 1}-${asked.hawlDay}`;
  const own = dayOf(hijri, asked.chosen, asked.known);
  const c: HijriCalendar = own ? asked.chosen : 'umm-al-qura';
  const date = own ?? dayOf(hijri, 'umm-al-qura', asked.known);
  if (!date) return [];
  const file = reminderFile({ calendar: c, calendarName: p.calendarName(c), hijri, date, page: p.page }, asked.known.ummAlQura, r, format);
  p.blob = URL.createObjectURL(new Blob([file.text], { type: 'text/calendar' }));
  return [
    el(
      'p',
      { class: 'reminders no-print' },
      `${y.next} ${format.hijri(hijri)}, ${format.date(date)} · `,
      el(
        'a',
        { href: p.blob, download: file.name, class: 'reminder', 'data-testid': 'years-reminder', 'data-date': date, 'data-hijri': hijri },
        own ? `${r.addToCalendar} (${p.calendarName(c)})` : r.addUmmAlQura,
      ),
    ),
  ];
}
