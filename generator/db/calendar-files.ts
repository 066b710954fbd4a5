// `calendar add MONTH FIRST-DAY --source URL`: the operator's monthly step
// (docs/calendar.md) as one command. It adds the declared month to
// data/calendar-nigeria.csv and its source to data/sources.csv, after the checks
// the import makes (model/declared-month.ts): its neighbours in the file (29 or
// 30 days per month between them), Umm al-Qura (a day either side, unless the
// operator accepts the report's difference), the clock (tomorrow at the latest),
// and a report a reader can open. Both files or neither: each is written whole
// under a temporary name, and the sources file is renamed first, so that no
// moment has a month whose source is missing (an unused source imports fine).
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isRealDate } from '../model/dates.ts';
import { type DeclaredMonth, declarationProblem, spacingProblem, ummAlQuraFirstDay } from '../model/declared-month.ts';
import { NigeriaMonth, SourceInput } from '../model/schemas.ts';
import { UserError } from '../errors.ts';
import { readCsv } from './csv-records.ts';
import { Problems } from './problems.ts';

export const CALENDAR_FILE = 'calendar-nigeria.csv';
export const SOURCES_FILE = 'sources.csv';

export interface AddMonthOptions {
  /** The folder holding calendar-nigeria.csv and sources.csv (data/). */
  dataDir: string;
  month: string;
  firstDay: string;
  /** The URL of the report of the declaration. */
  source: string | undefined;
  /** srcName: who reported it and when; by default the URL's host. */
  title?: string;
  /** The injected clock's day. */
  today: string;
  acceptSightingDifference: boolean;
  /** The English names of the months, as the page's catalogue spells them (the CLI passes them): the source's words. */
  names: MonthNames;
}

export interface MonthNames {
  hijriMonths: readonly string[];
  gregorianMonths: readonly string[];
}

export interface AddedMonth {
  sourceId: string;
  ummAlQura: string | null;
  files: string[];
}

const LICENCE = 'No licence stated; the report belongs to its publisher, cited for the date it reports';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export async function addDeclaredMonth(options: AddMonthOptions): Promise<AddedMonth> {
  const { month, firstDay } = options;
  const what = `${month} beginning ${firstDay}`;
  if (!NigeriaMonth.shape.calMonth.safeParse(month).success)
    throw new UserError(`MONTH ${JSON.stringify(month)} must be a Hijri year and month in YYYY-MM form, e.g. 1448-06 for Jumada al-Akhirah 1448`);
  if (!isRealDate(firstDay)) throw new UserError(`FIRST-DAY ${JSON.stringify(firstDay)} must be a real date in YYYY-MM-DD form, e.g. 2026-11-21`);
  if (options.source === undefined || options.source.trim() === '')
    throw new UserError(`${what} not added: give --source URL, the report of the declaration a reader can open; a month without one is never added`);
  const url = SourceInput.shape.srcURL.safeParse(options.source);
  if (!url.success || url.data === null)
    throw new UserError(`--source ${JSON.stringify(options.source)} must be an http(s) URL of the report of the declaration`);

  const calendarFile = path.join(options.dataDir, CALENDAR_FILE);
  const sourcesFile = path.join(options.dataDir, SOURCES_FILE);
  const problems = new Problems(calendarFile);
  const months: NigeriaMonth[] = [];
  await readCsv(calendarFile, NigeriaMonth, problems, ({ value }) => months.push(value));
  problems.throwIfAny('cannot add a month to this file; correct it first');
  const sourceProblems = new Problems(sourcesFile);
  const sourceIds = new Set<string>();
  await readCsv(sourcesFile, SourceInput, sourceProblems, ({ value }) => sourceIds.add(value.srcID));
  sourceProblems.throwIfAny('cannot add a source to this file; correct it first');

  const refusals: string[] = [];
  const sameMonth = months.find((m) => m.calMonth === month);
  if (sameMonth)
    refusals.push(
      `${month} is already in ${calendarFile}, beginning ${sameMonth.calFirstDay} (${sameMonth.calSource}); correct that line by hand if the report says otherwise`,
    );
  const sameDay = months.find((m) => m.calFirstDay === firstDay);
  if (sameDay && sameDay !== sameMonth) refusals.push(`${firstDay} is already the first day of ${sameDay.calMonth}`);
  const sourceId = `nigeria-moon-${month}`;
  if (sourceIds.has(sourceId) && !sameMonth) refusals.push(`${sourcesFile} already has a source ${sourceId}`);

  const added: DeclaredMonth = { calMonth: month, calFirstDay: firstDay };
  const before = months.filter((m) => m.calMonth < month).at(-1);
  const after = months.find((m) => m.calMonth > month);
  if (before) {
    const problem = spacingProblem(before, added);
    if (problem) refusals.push(problem);
  }
  if (after) {
    const problem = spacingProblem(added, after);
    if (problem) refusals.push(problem);
  }
  const impossible = declarationProblem(added, options.today);
  if (impossible && !(impossible.kind === 'sighting' && options.acceptSightingDifference)) refusals.push(impossible.message);
  if (refusals.length > 0) throw new UserError(`${what} not added; nothing was written`, refusals);

  const ummAlQura = ummAlQuraFirstDay(month, firstDay);
  const hijriName = `${options.names.hijriMonths[Number(month.slice(5, 7)) - 1]} ${Number(month.slice(0, 4))} AH`;
  const difference =
    ummAlQura !== null && ummAlQura !== firstDay
      ? ` Umm al-Qura began the month on ${ummAlQura}${impossible ? '; the report\u2019s date, further from it than a sighting usually moves a month, was accepted as read (--accept-sighting-difference)' : ''}.`
      : '';
  const description =
    "A report of the Sultan of Sokoto's declaration of a Hijri month (he declares each month, as President-General of the Nigeria Supreme Council for Islamic Affairs, " +
    `on the reports of the moon-sighting committees): ${longDate(firstDay, options.names)} as 1 ${hijriName}.${difference} ` +
    'Cited for the first day of the month in GET /calendars/nigeria; nothing about the month is computed.';
  const name = options.title ?? `${new URL(url.data).hostname}: the Sultan of Sokoto declares 1 ${hijriName}`;
  const sourceLine = [sourceId, name, url.data, LICENCE, description, 'declaration'].map(csvField).join(',');
  const calendarFileText = await readFile(calendarFile, 'utf8');
  // A declared first day; the file's own columns (calBasis and calStatedDay may be left out of an older file).
  const columns = calendarFileText
    .slice(0, calendarFileText.indexOf('\n'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(',');
  const cells: Record<string, string> = { calMonth: month, calFirstDay: firstDay, calSource: sourceId, calBasis: 'declared-first-day', calStatedDay: '' };
  const monthLine = columns.map((column) => cells[column] ?? '').join(',');

  const sourcesText = insertLine(
    await readFile(sourcesFile, 'utf8'),
    sourceLine,
    (line) => line.startsWith('nigeria-moon-') && line.split(',')[0]! < sourceId,
    'end',
  );
  const calendarText = insertLine(calendarFileText, monthLine, (line) => line.slice(0, 7) < month, 'start');
  await writeBoth([
    [sourcesFile, sourcesText],
    [calendarFile, calendarText],
  ]);
  return { sourceId, ummAlQura, files: [sourcesFile, calendarFile] };
}

/** `2026-11-21` → `Saturday 21 November 2026`, the form the sources' descriptions use. */
function longDate(day: string, names: MonthNames): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${names.gregorianMonths[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** `text` with `line` after the last line `after` holds for (when none does, after the header or at the end), keeping every other byte. */
function insertLine(text: string, line: string, after: (line: string) => boolean, otherwise: 'start' | 'end'): string {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  let at = otherwise === 'start' ? 1 : lines.length;
  lines.forEach((existing, index) => {
    if (index > 0 && after(existing)) at = index + 1;
  });
  lines.splice(at, 0, line);
  return `${lines.join('\n')}\n`;
}

async function writeBoth(files: [string, string][]): Promise<void> {
  const temporary = files.map(([file]) => `${file}.${process.pid}.tmp`);
  try {
    await Promise.all(files.map(([, text], i) => writeFile(temporary[i]!, text)));
    for (let i = 0; i < files.length; i++) await rename(temporary[i]!, files[i]![0]);
  } finally {
    await Promise.all(temporary.map((file) => rm(file, { force: true })));
  }
}
