// `fetch --fill-gaps`: the days of the daily series without a rate (gaps.ts),
// fetched from every source in turn in runs of at most MAX_FETCH_DAYS (each all
// or nothing, as any fetch), then a report of what was imported, by source and
// day, and of what was not, each day with its reason.
//
// A run refused because some of its days failed (a source erred, the import's
// plausibility gate refused a figure) is fetched again without the days its
// error names, so that one bad day does not keep the other 399 out; those days
// are reported with their problems and the command fails after the report.
import { addDays } from '../model/dates.ts';
import { openDatabase } from '../db/open.ts';
import { UserError } from '../errors.ts';
import { MAX_FETCH_DAYS } from './fetch-range.ts';
import { daysWithoutRate, seriesStart } from './gaps.ts';
import { pricedSlugs } from './registry.ts';

export interface FillGapsOptions {
  db: string;
  since?: string;
  yesterday: string;
  dryRun: boolean;
  /** Days per run, each all or nothing: MAX_FETCH_DAYS (smaller only in tests). */
  runDays?: number;
  /** One run of `fetch`: its lines, one per day, each starting with the day. */
  fetch(dates: readonly string[]): Promise<{ lines: readonly string[] }>;
}

export interface FillGapsReport {
  lines: string[];
  /** Days a source failed on or the import refused (not days merely unpublished): the command fails after the report. */
  failed: number;
}

const DAY = /^(\d{4}-\d{2}-\d{2})\b/;

export async function fillGaps(options: FillGapsOptions): Promise<FillGapsReport> {
  const before = gaps(options);
  const { failures, said } = await fetchInRuns(options, before.days);
  const span = `${before.since} to ${options.yesterday}`;
  if (options.dryRun) {
    // What a real run would refuse is said by a dry run too.
    const lines = [`${span}: ${before.days.length} days without a rate (a dry run: nothing written)`];
    for (const [day, problems] of failures) lines.push(...failedLines(day, problems));
    return { lines, failed: failures.size };
  }
  const after = new Set(gaps(options).days);
  const filled = before.days.filter((day) => !after.has(day));
  const lines = [
    after.size === 0
      ? `${span}: no gaps (${before.days.length} filled)`
      : `${span}: ${filled.length} of ${before.days.length} days without a rate filled, ${after.size} not`,
  ];
  for (const [source, days] of sourcesOf(options.db, filled)) lines.push(`imported from ${source}: ${spans(days)} (${plural(days.length)})`);
  let failed = 0;
  for (const day of after) {
    const problems = failures.get(day);
    if (problems !== undefined) {
      failed++;
      lines.push(...failedLines(day, problems));
    } else {
      const line = said.get(day);
      lines.push(`not imported: ${day}: ${line === undefined ? 'no source has it' : line.replace(DAY, '').replace(/^:?\s*/, '')}`);
    }
  }
  return { lines, failed };
}

/** The days without a rate from --since (or the series' first day) to yesterday, as the database holds them now. */
function gaps(options: FillGapsOptions): { since: string; days: string[] } {
  const db = openDatabase(options.db, { readonly: true });
  try {
    const since = options.since ?? seriesStart(db);
    if (since === undefined) throw new UserError(`${options.db}: no daily series yet (no rate from a price source); give --since YYYY-MM-DD`);
    return { since, days: daysWithoutRate(db, since, options.yesterday) };
  } finally {
    db.close();
  }
}

/**
 * Fetches the days in runs; a run that fails is fetched again without the days
 * its error names. Why a day is not imported: its problems when it failed, else
 * fetch's line for it.
 */
async function fetchInRuns(options: FillGapsOptions, days: readonly string[]): Promise<{ failures: Map<string, string[]>; said: Map<string, string> }> {
  const runDays = options.runDays ?? MAX_FETCH_DAYS;
  const failures = new Map<string, string[]>();
  const said = new Map<string, string>();
  for (let i = 0; i < days.length; i += runDays) {
    let run = days.slice(i, i + runDays);
    while (run.length > 0) {
      try {
        const { lines } = await options.fetch(run);
        for (const line of lines) {
          const day = DAY.exec(line)?.[1];
          if (day !== undefined) said.set(day, line);
        }
        break;
      } catch (error) {
        if (!(error instanceof UserError) || !error.message.startsWith('nothing fetched was imported')) throw error;
        const named = problemsByDay(error, run);
        // Nothing names a day of the run: the whole run failed for one reason.
        if (named.size === 0) {
          for (const day of run) failures.set(day, [error.message, ...error.problems]);
          break;
        }
        for (const [day, problems] of named) failures.set(day, problems);
        run = run.filter((day) => !named.has(day));
      }
    }
  }
  return { failures, said };
}

function failedLines(day: string, problems: readonly string[]): string[] {
  return [`not imported: ${day}: ${problems[0]!.replace(DAY, '').replace(/^:?\s*/, '')}`, ...problems.slice(1).map((p) => `  ${p.trim()}`)];
}

/** The error's problem lines grouped by the day of the run each names (indented lines belong to the line above). */
function problemsByDay(error: UserError, run: readonly string[]): Map<string, string[]> {
  const days = new Set(run);
  const named = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of error.problems) {
    const day = DAY.exec(line)?.[1];
    if (day !== undefined && days.has(day)) {
      current = named.get(day) ?? [];
      named.set(day, current);
      current.push(line);
    } else if (current !== null && /^\s/.test(line)) current.push(line);
    else current = null;
  }
  return named;
}

/** The filled days grouped by where their rates came from: the price source and the naira rate's source, as stored. */
function sourcesOf(file: string, days: readonly string[]): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  if (days.length === 0) return grouped;
  const db = openDatabase(file, { readonly: true });
  try {
    // Every metal of a day comes from one fetch of one source: the first priced subcategory speaks for the day.
    const source = db.prepare(
      `SELECT drtPriceSource AS price, drtNairaSource AS naira FROM rates JOIN subcategories ON sctID = drtSubcategoryID
          WHERE sctSlug = ? AND drtDate = ?`,
    );
    const slug = pricedSlugs()[0];
    for (const day of days) {
      const row = source.get(slug, day) as { price: string | null; naira: string | null } | undefined;
      const key = row === undefined ? 'an unknown source' : `${row.price ?? 'no price source'}, the naira rate from ${row.naira ?? 'no source'}`;
      grouped.set(key, [...(grouped.get(key) ?? []), day]);
    }
  } finally {
    db.close();
  }
  return grouped;
}

/** Sorted days as runs: `2026-09-21 to 2026-09-23, 2026-09-26`. */
export function spans(days: readonly string[]): string {
  const runs: string[] = [];
  for (let i = 0; i < days.length; ) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === addDays(days[j]!, 1)) j++;
    runs.push(j === i ? days[i]! : `${days[i]} to ${days[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}

function plural(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}
