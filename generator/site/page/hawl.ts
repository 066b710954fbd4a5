// The hawl in both directions (#hawl, docs/site.md): a Hijri day gives its
// Gregorian day as Nigeria declared the month and by Umm al-Qura, and the Nisab
// of that day as the API answers /nisab?hijri_date=…&calendar=…; a Gregorian day
// gives its Hijri date in both and the Nisab of /nisab?date=…. The days come
// from the tables the API converts hijri_date with (the snapshot's
// v1/routing.json for Umm al-Qura, GET /calendars/nigeria for Nigeria) through
// the core's own functions, so the day shown is the day the API answered for;
// a Nigerian month whose declaration is not in the data is said to be unknown,
// never guessed.
// Its own module per language (assets/hawl-LANG.js, assets.ts), imported by the
// page at the first lookup: the first render carries none of it.
import type { NisabClient, NisabQuery } from '../../../client/src/client.ts';
import type { NigeriaMonth, NisabRule, Subcategory } from '../../../client/src/types.ts';
import type { SourceName } from './figures.ts';
import { gregorianDay, ummAlQuraDate } from '../../router/hijri-days.ts';
import { nigeriaGregorianDate, nigeriaHijriDate } from '../../router/nigeria-calendar.ts';
import { hawl as h, reach as r } from '../i18n/current.ts';
import { calendarTables, type Tables } from './calendar-tables.ts';
import { el } from './element.ts';
import { reminderFile } from './hawl-reminder.ts';
import { OLD_RATE_AFTER_DAYS } from './rate-age.ts';
import { couldNotAsk, type PageWords } from './words.ts';

type Calendar = 'nigeria' | 'umm-al-qura';
/** Nigeria first: the months its payers keep their hawl by. */
const CALENDARS: Calendar[] = ['nigeria', 'umm-al-qura'];

/** One calendar's line of the answer: its Hijri and Gregorian day (or why there is none) and the query that values it. */
interface Line {
  calendar: Calendar;
  hijri: string | null;
  date: string | null;
  why: string;
  query: NisabQuery | null;
  declared?: NigeriaMonth;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** What the page gives the module: its client, what the build wrote into it and its words. */
export interface HawlContext {
  api: NisabClient;
  subcategories: Subcategory[];
  sources: Map<string, SourceName>;
  words: PageWords;
}

const monthName = ({ calendar }: PageWords, hijri: string) =>
  h.monthYear(calendar.hijriMonths[Number(hijri.slice(5, 7)) - 1] ?? hijri.slice(5, 7), String(Number(hijri.slice(0, 4))));
const calendarName = ({ calendar }: PageWords, c: Calendar) => (c === 'nigeria' ? calendar.nigeria : calendar.ummAlQura);

/** A Hijri date's Gregorian day in each calendar, from the tables. */
function fromHijri(words: PageWords, hijri: string, tables: Tables): Line[] {
  return CALENDARS.map((c): Line => {
    if (c === 'nigeria') {
      const found = nigeriaGregorianDate(hijri, tables.nigeria);
      const declared = tables.nigeria.find((m) => m.calMonth === hijri.slice(0, 7));
      if ('date' in found) return { calendar: c, hijri, date: found.date, why: '', query: { hijri_date: hijri, calendar: c }, declared };
      const why =
        'shortMonth' in found
          ? h.shortMonth(monthName(words, hijri), calendarName(words, c))
          : 'unknownLength' in found
            ? h.unknownLength(monthName(words, hijri))
            : h.unknownMonth(monthName(words, hijri));
      return { calendar: c, hijri, date: null, why, query: null };
    }
    const found = gregorianDay(hijri, c, { ummAlQura: tables.ummAlQura, nigeria: [] });
    if ('date' in found) return { calendar: c, hijri, date: found.date, why: '', query: { hijri_date: hijri } };
    return {
      calendar: c,
      hijri,
      date: null,
      why: found.status === 400 ? h.shortMonth(monthName(words, hijri), calendarName(words, c)) : h.outsideTable,
      query: null,
    };
  });
}

/** A Gregorian day's Hijri date in each calendar, from the tables; its Nisab is the same in both. */
function fromGregorian(date: string, tables: Tables): Line[] {
  return CALENDARS.map((c): Line => {
    const hijri = c === 'nigeria' ? nigeriaHijriDate(date, tables.nigeria) : ummAlQuraDate(date, tables.ummAlQura);
    const declared = hijri && c === 'nigeria' ? tables.nigeria.find((m) => m.calMonth === hijri.slice(0, 7)) : undefined;
    return { calendar: c, hijri, date, why: hijri ? '' : c === 'nigeria' ? h.noHijri : h.outsideTable, query: { date }, declared };
  });
}

const defaultRule = (subcategories: Subcategory[], rules: NisabRule[], slug: string) => {
  const id = subcategories.find((s) => s.sctSlug === slug)?.sctID;
  return rules.find((r) => r.nsbSubcategoryID === id && r.nsbIsDefault);
};

function nisabCell(words: PageWords, rule: NisabRule | undefined, slug: 'gold' | 'silver'): HTMLElement {
  const { t, format } = words;
  const label = slug === 'gold' ? h.colGold : h.colSilver;
  if (!rule) return el('td', { 'data-label': label }, t.notAvailable);
  const value = rule.nsbValueInNaira === null ? t.notAvailable : format.money(rule.nsbValueInNaira, 'NGN');
  return el(
    'td',
    { 'data-testid': `hawl-${slug}`, 'data-value': String(rule.nsbValueInNaira), 'data-rate-date': rule.nsbRateDate ?? '', 'data-label': label },
    el('strong', {}, value),
    rule.nsbValueInUSD === null ? '' : el('span', { class: 'small' }, ` · ${format.money(rule.nsbValueInUSD, 'USD')}`),
    ...(rule.nsbRateDate ? [el('br'), el('span', { class: 'small' }, h.rateOf(format.date(rule.nsbRateDate)))] : []),
    ...rateAge(words, rule, slug),
  );
}

/** How old the rate is on the day asked (the API's nsbRateAgeDays), and a warning past OLD_RATE_AFTER_DAYS. */
function rateAge({ format }: PageWords, rule: NisabRule, slug: 'gold' | 'silver'): HTMLElement[] {
  const days = rule.nsbRateAgeDays;
  if (days === null) return [];
  const shown = format.number(days, 0);
  const age = el('span', { class: 'small', 'data-testid': `hawl-${slug}-age`, 'data-days': String(days) }, ` · ${h.rateAge(days, shown)}`);
  if (days <= OLD_RATE_AFTER_DAYS) return [age];
  return [age, el('p', { class: 'warning small', role: 'note', 'data-testid': `hawl-${slug}-old` }, h.oldRate(shown))];
}

function declaredBy({ format }: PageWords, sources: Map<string, SourceName>, month: NigeriaMonth | undefined): (Node | string)[] {
  const source = month && sources.get(month.calSource);
  if (!month || !source) return [];
  // "Channels Television, 2026-02-17: the Sultan of Sokoto declares 1 Ramadan 1447 AH" in the page's words, from the
  // record's publisher and day and the month's own first day; the English title stays the link's title.
  // A title of another form (a month's day only, another body) stays as it is.
  const report = /^(.+?)(?:, (\d{4}-\d{2}-\d{2}))?: the Sultan of Sokoto declares 1 /.exec(source.srcName);
  const said = report ? h.declaration(report[1]!, report[2] ? format.date(report[2]) : null, format.hijri(`${month.calMonth}-01`)) : source.srcName;
  const name = source.srcURL ? el('a', { href: source.srcURL, rel: 'noopener', title: source.srcName }, said) : el('span', { title: source.srcName }, said);
  return [el('br'), el('span', { class: 'small', 'data-testid': 'hawl-declared', 'data-source': source.srcID }, `${h.declaredBy} `, name)];
}

/** A calendar's reminder: its file's address kept in `blobs` to be released with the answer. */
function reminderLink(words: PageWords, line: Line & { date: string; hijri: string }, label: string, tables: Tables, blobs: string[]): HTMLElement {
  const page = location.origin + location.pathname;
  const file = reminderFile(
    { calendar: line.calendar, calendarName: calendarName(words, line.calendar), hijri: line.hijri, date: line.date, page },
    tables.ummAlQura,
    r,
    words.format,
  );
  const url = URL.createObjectURL(new Blob([file.text], { type: 'text/calendar' }));
  blobs.push(url);
  return el(
    'a',
    {
      href: url,
      download: file.name,
      class: 'reminder',
      'data-testid': `hawl-reminder-${line.calendar}`,
      'data-date': line.date,
      'data-hijri': line.hijri,
    },
    label,
  );
}

/**
 * "Add to my calendar" for each calendar whose day is known: Nigeria's for the
 * day shown, Umm al-Qura's yearly; where Nigeria's month is not declared, its
 * reason and Umm al-Qura's day instead (hawl-reminder.ts). The answer shown before's are released.
 */
function reminders(words: PageWords, lines: Line[], tables: Tables, blobs: string[]): HTMLElement[] {
  const { calendar } = words;
  for (const url of blobs.splice(0)) URL.revokeObjectURL(url);
  const known = (line: Line | undefined): line is Line & { date: string; hijri: string } => !!line && line.date !== null && line.hijri !== null;
  const nigeria = lines.find((l) => l.calendar === 'nigeria');
  const ummAlQura = lines.find((l) => l.calendar === 'umm-al-qura');
  const out: (HTMLElement | string)[] = [];
  if (known(nigeria)) out.push(reminderLink(words, nigeria, `${r.addToCalendar} (${calendar.nigeria})`, tables, blobs));
  if (known(ummAlQura)) {
    if (out.length > 0) out.push(' · ');
    out.push(reminderLink(words, ummAlQura, known(nigeria) ? `${r.addToCalendar} (${calendar.ummAlQura})` : r.addUmmAlQura, tables, blobs));
  }
  if (out.length === 0) return [];
  const why =
    !known(nigeria) && nigeria?.why ? [el('span', { class: 'small', 'data-testid': 'hawl-reminder-why' }, `${calendar.nigeria}: ${nigeria.why} `)] : [];
  return [el('p', { class: 'reminders' }, ...why, ...out)];
}

/** A calendar's row of the answer: its days, the month's declaration, and the Nisab of both metals (or why not). */
function hawlRow({ subcategories, sources, words }: HawlContext, line: Line, answer: NisabRule[] | Error | null): HTMLElement {
  const { t, format } = words;
  const known = line.date !== null && line.hijri !== null;
  const figures =
    answer instanceof Error
      ? [el('td', { colspan: '2' }, couldNotAsk(t, answer))]
      : answer && known
        ? [nisabCell(words, defaultRule(subcategories, answer, 'gold'), 'gold'), nisabCell(words, defaultRule(subcategories, answer, 'silver'), 'silver')]
        : [el('td', { colspan: '2', class: 'small' }, line.why)];
  return el(
    'tr',
    { 'data-calendar': line.calendar },
    el('th', { scope: 'row' }, calendarName(words, line.calendar)),
    el(
      'td',
      { 'data-testid': 'hawl-hijri', 'data-hijri': line.hijri ?? '', 'data-label': h.colHijri },
      line.hijri ? format.hijri(line.hijri) : h.noHijri,
      ...declaredBy(words, sources, line.declared),
    ),
    el('td', { 'data-testid': 'hawl-date', 'data-date': line.date ?? '', 'data-label': h.colGregorian }, line.date ? format.date(line.date) : '—'),
    ...figures,
  );
}

/** The answer: a row per calendar, the queries that valued them, and the reminders. */
function answerShown(context: HawlContext, lines: Line[], answers: (NisabRule[] | Error | null)[], tables: Tables, blobs: string[]): HTMLElement[] {
  const rows = lines.map((line, i) => hawlRow(context, line, answers[i]!));
  const queries = [...new Set(lines.filter((l) => l.query).map((l) => `GET /api/v1/nisab?${queryText(l.query!)}`))];
  return [
    el(
      'div',
      { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': h.title },
      el(
        'table',
        {},
        el('thead', {}, el('tr', {}, ...[h.colCalendar, h.colHijri, h.colGregorian, h.colGold, h.colSilver].map((c) => el('th', { scope: 'col' }, c)))),
        el('tbody', {}, ...rows),
      ),
    ),
    ...(queries.length ? [el('p', { class: 'small' }, `${h.askedWith} `, ...queries.flatMap((q, i) => [i ? ' · ' : '', el('code', {}, q)]))] : []),
    ...reminders(context.words, lines, tables, blobs),
  ];
}

/** Sets the lookup up; the page calls the returned function with each submitted form (the first one included). */
export function startHawl(context: HawlContext): (form: HTMLFormElement) => void {
  const { api, words } = context;
  // The snapshot's v1/routing.json on this site (named here, not by the page: its first script does not carry the layout).
  /** The reminders' blob: addresses of the answer shown, released when the next one replaces it. */
  const blobs: string[] = [];
  const loadTables = calendarTables(api, location.origin);
  const result = $('hawl-result');
  /** The newest lookup: an older answer arriving late does not overwrite it. */
  let ticket = 0;

  async function show(lines: Line[], mine: number, tables: Tables) {
    // Each distinct query once: a Gregorian day's two lines share one answer.
    const asked = new Map<string, Promise<NisabRule[] | Error>>();
    const answerOf = (query: NisabQuery) => {
      const key = JSON.stringify(query);
      if (!asked.has(key))
        asked.set(
          key,
          api.nisab(query).catch((error: Error) => error),
        );
      return asked.get(key)!;
    };
    const answers = await Promise.all(lines.map((line) => (line.query ? answerOf(line.query) : Promise.resolve(null))));
    if (mine !== ticket) return;
    result.replaceChildren(...answerShown(context, lines, answers, tables, blobs));
    result.dataset.answered = 'true';
  }

  async function lookup(make: (tables: Tables) => Line[]) {
    const mine = ++ticket;
    delete result.dataset.answered;
    result.replaceChildren(el('p', {}, h.loading));
    try {
      const loaded = await loadTables();
      await show(make(loaded), mine, loaded);
    } catch (error) {
      if (mine === ticket) result.replaceChildren(el('p', { class: 'warning' }, couldNotAsk(words.t, error)));
    }
  }

  return (form) => {
    const make = question(words, form);
    if (typeof make === 'string') result.replaceChildren(el('p', { class: 'warning' }, make));
    else void lookup(make);
  };
}

/** A submitted form's question, as what makes its lines from the tables, or the warning that refuses it. */
function question(words: PageWords, form: HTMLFormElement): ((tables: Tables) => Line[]) | string {
  const data = new FormData(form);
  if (form.id === 'hawl-gregorian') {
    const date = String(data.get('date') ?? '');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return h.badDate;
    return (tables) => fromGregorian(date, tables);
  }
  const day = Number(data.get('day'));
  const month = Number(data.get('month'));
  const year = Number(data.get('year'));
  if (!(Number.isInteger(day) && day >= 1 && day <= 30 && month >= 1 && month <= 12 && Number.isInteger(year) && year >= 1000 && year <= 9999)) {
    return h.badHijri;
  }
  return (tables) => fromHijri(words, `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`, tables);
}

/** The query as the API documents it (hijri_date, then calendar; or date): its values need no escaping. */
const queryText = (query: NisabQuery) =>
  Object.entries(query)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
