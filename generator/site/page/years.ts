// The years a payer did not pay (#years, issue 45): the calculator's part that
// asks the client's zakatForYears (client/src/zakat/years.ts) of the page's own
// client, so each year's Nisab is the dated answer the page reads elsewhere
// (`/nisab?hijri_date=…&calendar=…`, the snapshot's static files on a plain host),
// and writes one row per year, the total, a printable statement (print CSS:
// body[data-print="years"] prints it alone, on one A4 page for 30 years) and the
// reminder of the next hawl day (hawl-reminder.ts). The school and the standard
// are the calculator's own selectors. Its own module per language
// (assets/years-LANG.js), imported when the part is first opened. Offline it
// reads what the service worker kept of a statement made online (sw.ts); one
// with a year not kept is refused in the page's words (words.ts couldNotAsk).
import type { HijriCalendar, NisabClient } from '../../../client/src/client.ts';
import type { School, Standard } from '../../../client/src/zakat/types.ts';
import { MAX_YEARS, type YearAnswer, type YearsResult, zakatForYears } from '../../../client/src/zakat/years.ts';
import { daysBetween } from '../../core/dates.ts';
import { gregorianDay } from '../../core/hijri-days.ts';
import { reach as r, years as y } from '../i18n/current.ts';
import { calendarTables, type Tables } from './calendar-tables.ts';
import { el } from './element.ts';
import type { SourceName } from './figures.ts';
import { reminderFile } from './hawl-reminder.ts';
import { couldNotAsk, type PageWords } from './words.ts';

/** Umm al-Qura first: its days are known for every year; Nigeria's only for the months the data holds. */
const CALENDARS: HijriCalendar[] = ['umm-al-qura', 'nigeria'];

export interface YearsContext {
  api: NisabClient;
  sources: Map<string, SourceName>;
  words: PageWords;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const pad = (value: number) => String(value).padStart(2, '0');

/** The browser's own day, YYYY-MM-DD in its time zone: the statement's print date. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Builds the part's form into #years-body and answers each submission. */
export function startYears({ api, sources, words }: YearsContext): void {
  const { t, calendar, format } = words;
  const calendarName = (c: HijriCalendar) => (c === 'nigeria' ? calendar.nigeria : calendar.ummAlQura);
  const money = (n: number) => format.money(n, 'NGN');
  const number = (name: string, label: string, attributes: Record<string, string>) =>
    el('label', {}, `${label} `, el('input', { name, type: 'number', inputmode: 'numeric', ...attributes }));
  const form = el(
    'form',
    { id: 'years-form', class: 'calc' },
    el(
      'fieldset',
      {},
      el('legend', {}, y.summary),
      number('day', y.day, { min: '1', max: '30', step: '1', value: '1', required: '' }),
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
      el('label', {}, `${y.calendar} `, el('select', { name: 'calendar' }, ...CALENDARS.map((c) => el('option', { value: c }, calendarName(c))))),
      number('count', y.count, { min: '1', max: String(MAX_YEARS), step: '1', value: '1', required: '' }),
      number('cash', y.cash, { min: '0', step: 'any', inputmode: 'decimal', required: '' }),
      el('button', { type: 'submit' }, y.show),
    ),
  );
  const out = el('div', { id: 'years-result', 'aria-live': 'polite' });
  $('years-body').replaceChildren(form, out);

  // The Umm al-Qura table and Nigeria's months, for each year's Gregorian day.
  const loadTables = calendarTables(api);
  const dayOf = (hijri: string, c: HijriCalendar, known: Tables | null): string | null => {
    if (!known) return null;
    const found = gregorianDay(hijri, c, known);
    return 'date' in found ? found.date : null;
  };

  let ticket = 0;
  let blob: string | null = null;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void work(++ticket);
  });

  async function work(mine: number) {
    const data = new FormData(form);
    const day = Number(data.get('day'));
    const count = Number(data.get('count'));
    const cashText = String(data.get('cash') ?? '').trim();
    const cash = Number(cashText);
    const chosen = String(data.get('calendar')) as HijriCalendar;
    if (!(Number.isInteger(day) && day >= 1 && day <= 30 && Number.isInteger(count) && count >= 1 && count <= MAX_YEARS && cashText !== '' && cash >= 0)) {
      out.replaceChildren(el('p', { class: 'warning', role: 'alert', 'data-testid': 'years-problem' }, y.bad));
      return;
    }
    const hawlDay = `${String(data.get('month'))}-${pad(day)}`;
    // The calculator's school and standard: one choice for the whole page.
    const calc = document.getElementById('zakat-form') as HTMLFormElement | null;
    const chosenIn = (name: string, fallback: string) => (calc?.querySelector<HTMLSelectElement>(`select[name=${name}]`)?.value ?? fallback) as string;
    const school = chosenIn('school', 'maliki') as School;
    const standard = chosenIn('standard', 'gold') as Standard;
    delete out.dataset.answered;
    out.replaceChildren(el('p', {}, y.loading));
    try {
      const meta = await api.meta();
      // The last year missed is the latest whose hawl day has come by the data's day, in the chosen calendar.
      const asOfHijri = chosen === 'nigeria' ? (meta.asOfHijriNigeria ?? meta.asOfHijri) : meta.asOfHijri;
      const asOfYear = Number(asOfHijri.slice(0, 4));
      const last = `${asOfYear}-${hawlDay}` <= asOfHijri ? asOfYear : asOfYear - 1;
      const list = Array.from({ length: count }, (_, i) => last - count + 1 + i);
      const [result, known] = await Promise.all([
        zakatForYears(api, { hawlDay, calendar: chosen, years: list, holdings: { cash }, school, standard }),
        loadTables().catch(() => null),
      ]);
      if (mine !== ticket) return;
      show(result, { hawlDay, chosen, school, standard, last, known, asOf: meta.asOf });
    } catch (error) {
      if (mine === ticket) out.replaceChildren(el('p', { class: 'warning', 'data-testid': 'years-not-asked' }, couldNotAsk(t, error)));
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
  }

  /** A reason's note on the earlier years not known, said on the first row it applies to, not repeated on every row after. */
  function why(year: YearAnswer, before: YearAnswer | undefined): string {
    if (year.problem?.kind === 'no-calendar') return y.why.noCalendar(calendarName(year.calendar));
    if (year.problem?.kind === 'not-yet') return y.why.notYet;
    const line = year.money;
    const said =
      !line || line.why === 'no-rate' ? y.why.noRate : line.why === 'below-nisab' ? y.why.below : line.why === 'after-below' ? y.why.afterBelow : y.why.reaches;
    const unknown = line && line.why !== 'no-rate' ? line.unknownBefore : [];
    const saidBefore = before?.money && before.money.why !== 'no-rate' ? before.money.unknownBefore : [];
    if (unknown.length === 0 || unknown.join() === saidBefore.join()) return said;
    // Years in a run (every year before the first rate) as one span, so a row of the statement stays one line or two.
    const run = unknown.length > 2 && unknown[unknown.length - 1]! - unknown[0]! + 1 === unknown.length;
    return `${said}; ${y.unknownBefore(run ? `${unknown[0]}–${unknown[unknown.length - 1]}` : unknown.join(', '))}`;
  }

  /** A year's row, in the answer and in the statement alike. */
  function row(year: YearAnswer, before: YearAnswer | undefined, known: Tables | null): HTMLElement {
    const gregorian = dayOf(year.hijriDate, year.calendar, known);
    const nisab = year.nisab?.value ?? null;
    const line = year.money;
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
        ...(nisab === null ? ['—'] : [money(nisab), el('br'), el('span', { class: 'small' }, y.rateOf(format.date(year.nisab!.rateDate!)))]),
      ),
      el('td', { 'data-label': y.colHeld }, line ? money(line.held) : '—'),
      el('td', { 'data-label': y.colTakenOff, 'data-money': String(line?.takenOff ?? 0) }, line ? money(line.takenOff) : '—'),
      el('td', { 'data-label': y.colDue, 'data-testid': 'years-due', 'data-money': String(line?.due ?? 0) }, money(line?.due ?? 0)),
      el('td', { 'data-label': y.colWhy, class: 'small', 'data-testid': 'years-why' }, why(year, before)),
    );
  }

  const table = (result: YearsResult, known: Tables | null) =>
    el(
      'table',
      {},
      el(
        'thead',
        {},
        el('tr', {}, ...[y.colYear, y.colHawl, y.colNisab, y.colHeld, y.colTakenOff, y.colDue, y.colWhy].map((h) => el('th', { scope: 'col' }, h))),
      ),
      el('tbody', {}, ...result.years.map((year, i) => row(year, result.years[i - 1], known))),
    );

  function show(result: YearsResult, asked: Asked) {
    const total = () =>
      el(
        'p',
        { class: 'big', 'data-testid': 'years-total', 'data-money': String(result.totalMoney), 'data-currency': 'NGN' },
        y.total(money(result.totalMoney), result.years.length, format.number(result.years.length, 0)),
      );
    const print = el('button', { type: 'button', 'data-testid': 'years-print' }, y.print);
    print.addEventListener('click', () => {
      document.body.dataset.print = 'years';
      addEventListener('afterprint', () => delete document.body.dataset.print, { once: true });
      window.print();
    });
    out.replaceChildren(
      el('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': y.summary }, table(result, asked.known)),
      total(),
      el('p', { class: 'no-print' }, print),
      ...reminder(asked),
    );
    statement(result, asked, total());
    out.dataset.answered = 'true';
  }

  /** The statement printed alone (#years-print, a child of main so the print CSS can keep it and nothing else). */
  function statement(result: YearsResult, asked: Asked, total: HTMLElement) {
    const month = calendar.hijriMonths[Number(asked.hawlDay.slice(0, 2)) - 1]!;
    const latest = `${asked.last}-${asked.hawlDay}`;
    const gregorian = dayOf(latest, asked.chosen, asked.known);
    const schoolName = t[asked.school];
    const standardName = { gold: t.goldStandard, silver: t.silverStandard, lower: t.lowerOfTwo }[result.standard];
    // The rate records' sources of every year counted, and the rules and positions applied, each once.
    const named = new Map<string, HTMLElement>();
    for (const year of result.years) {
      for (const id of [year.nisab?.priceSource, year.nisab?.nairaSource]) {
        const source = id ? sources.get(id) : undefined;
        if (source && !named.has(source.srcID))
          named.set(source.srcID, source.srcURL ? el('a', { href: source.srcURL }, source.srcName) : el('span', {}, source.srcName));
      }
    }
    const links = new Set(
      [result.positions.owed, result.positions.unpaid, result.positions.below, ...result.years.map((year) => year.nisab)]
        .map((p) => (p && 'sourceURL' in p ? p.sourceURL : null))
        .filter((url): url is string => !!url),
    );
    const printed = today();
    const age = Math.max(0, daysBetween(asked.asOf, printed));
    const box = document.getElementById('years-print') ?? document.querySelector('main')!.appendChild(el('section', { id: 'years-print' }));
    box.replaceChildren(
      el('h2', {}, y.statement),
      el(
        'p',
        { 'data-testid': 'years-hawl-day' },
        y.hawlDay(
          `${format.number(Number(asked.hawlDay.slice(3)), 0)} ${month}`,
          calendarName(asked.chosen),
          format.hijri(latest),
          gregorian ? format.date(gregorian) : '—',
        ),
        ' ',
        y.school(schoolName, standardName),
      ),
      table(result, asked.known),
      total,
      el(
        'p',
        { class: 'small', 'data-testid': 'years-sources' },
        `${y.sources} `,
        ...[...named.values(), ...[...links].map((url) => el('a', { href: url }, url))].flatMap((node, i) => (i ? [' · ', node] : [node])),
      ),
      el('p', { class: 'small', 'data-testid': 'years-printed' }, y.printed(format.date(printed), format.date(asked.asOf), age, format.number(age, 0))),
    );
  }

  /** The next hawl day after the statement's last year, as a reminder: in the chosen calendar, or Umm al-Qura's where Nigeria's is not known. */
  function reminder(asked: Asked): HTMLElement[] {
    if (blob) URL.revokeObjectURL(blob);
    blob = null;
    if (!asked.known) return [];
    const hijri = `${asked.last + 1}-${asked.hawlDay}`;
    const own = dayOf(hijri, asked.chosen, asked.known);
    const c: HijriCalendar = own ? asked.chosen : 'umm-al-qura';
    const date = own ?? dayOf(hijri, 'umm-al-qura', asked.known);
    if (!date) return [];
    const file = reminderFile(
      { calendar: c, calendarName: calendarName(c), hijri, date, page: location.origin + location.pathname },
      asked.known.ummAlQura,
      r,
      format,
    );
    blob = URL.createObjectURL(new Blob([file.text], { type: 'text/calendar' }));
    return [
      el(
        'p',
        { class: 'reminders no-print' },
        `${y.next} ${format.hijri(hijri)}, ${format.date(date)} · `,
        el(
          'a',
          { href: blob, download: file.name, class: 'reminder', 'data-testid': 'years-reminder', 'data-date': date, 'data-hijri': hijri },
          own ? `${r.addToCalendar} (${calendarName(c)})` : r.addUmmAlQura,
        ),
      ),
    ];
  }
}
