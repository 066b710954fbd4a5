// Nigeria's declared Hijri months (docs/API.md §2b, docs/calendar.md): a CSV of
// `calMonth,calFirstDay,calSource,calBasis,calStatedDay`, upserted by month, all
// or nothing. A month's first day is declared (calBasis declared-first-day) or
// follows from a stated day (stated-day: `2024-10-02=29` puts day 1 on
// 2024-09-04), and the two must agree. A row is a
// declaration someone can read, so every row names a known source; and since a
// typo in a date would move every Hijri date of a month, the months are checked
// against each other as the import would leave the table: in order, and any two
// known months n months apart between 29n and 30n days apart (consecutive
// months 29 or 30 days); and each month of the file against Umm al-Qura and the
// clock (model/declared-month.ts): more than a day from Umm al-Qura's first day is
// refused unless the operator accepts the sighting difference, a first day after
// tomorrow always.
import type { Database } from 'better-sqlite3';
import { declarationProblem, spacingProblem, statedDayProblem } from '../model/declared-month.ts';
import { NigeriaMonth } from '../model/schemas.ts';
import { importCsvById } from './import-csv-by-id.ts';
import type { ImportSummary } from './import-summary.ts';
import type { Located, Problems } from './problems.ts';

export interface CalendarOptions {
  /** The injected clock's day (generator/clock.ts); a first day after the day after it is refused. Not checked when absent. */
  today?: string;
  /** The operator read in the reports that these months really began more than a day from Umm al-Qura. */
  acceptSightingDifference?: boolean;
}

export function importNigeriaCalendar(db: Database, file: string, options: CalendarOptions = {}): Promise<ImportSummary> {
  return importCsvById(db, file, {
    schema: NigeriaMonth,
    table: 'calendar_nigeria',
    unique: ['calMonth', 'calFirstDay'],
    check: (db, records, problems) => check(db, records, problems, options),
  });
}

function check(db: Database, records: readonly Located<NigeriaMonth>[], problems: Problems, options: CalendarOptions): void {
  const sources = new Set(db.prepare('SELECT srcID FROM sources').pluck().all());
  let previous: Located<NigeriaMonth> | undefined;
  for (const record of records) {
    const { line, value } = record;
    if (!sources.has(value.calSource))
      problems.add(line, 'calSource', `unknown source ${JSON.stringify(value.calSource)}; import the sources first (import sources FILE.csv)`);
    if (previous && value.calMonth <= previous.value.calMonth) {
      problems.add(line, 'calMonth', `${value.calMonth} comes after ${previous.value.calMonth} (line ${previous.line}); list the months oldest first`);
    }
    previous = record;
    const stated = statedDayProblem(value);
    if (stated) problems.add(line, 'calStatedDay', stated);
    const impossible = declarationProblem(value, options.today ?? null);
    if (impossible && !(impossible.kind === 'sighting' && options.acceptSightingDifference)) problems.add(line, 'calFirstDay', impossible.message);
  }

  // The table as this import leaves it: the stored months, replaced by the file's.
  const byMonth = new Map<string, { value: NigeriaMonth; line: number | null }>();
  for (const value of db.prepare('SELECT calMonth, calFirstDay, calSource, calBasis, calStatedDay FROM calendar_nigeria').all() as NigeriaMonth[]) {
    byMonth.set(value.calMonth, { value, line: null });
  }
  for (const { line, value } of records) byMonth.set(value.calMonth, { value, line });
  const months = [...byMonth.values()].sort((a, b) => (a.value.calMonth < b.value.calMonth ? -1 : 1));
  for (let i = 1; i < months.length; i++) {
    const before = months[i - 1]!;
    const here = months[i]!;
    // A stored pair was checked when it was imported; only a pair with a row of this file can be wrong.
    const line = here.line ?? before.line;
    if (line === null) continue;
    const beyond = statedBeyondMonth(before.value, here.value);
    if (beyond !== null && before.line !== null) problems.add(before.line, 'calStatedDay', beyond);
    const problem = spacingProblem(before.value, here.value);
    if (problem === null) continue;
    const where = here.line === null || before.line === null ? ' (the other is in the database)' : '';
    problems.add(line, 'calFirstDay', problem.replace('; expected', `${where}; expected`));
  }
}

/** A stated day on or after the next month's first day (day 30 of a month of 29 days), or null. */
function statedBeyondMonth(month: NigeriaMonth, next: NigeriaMonth): string | null {
  if (month.calStatedDay === null) return null;
  const day = month.calStatedDay.split('=')[0]!;
  if (day < next.calFirstDay) return null;
  return `${month.calMonth}: calStatedDay ${month.calStatedDay} is not in the month: ${next.calMonth} begins ${next.calFirstDay}`;
}
