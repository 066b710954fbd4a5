// `fetch --fill-gaps`: the days of the daily series without a rate (gaps.ts),
// fetched from every source in turn in runs of at most MAX_FETCH_DAYS (each all
// or nothing, as any fetch), then the days still without one listed.
import { openDatabase } from '../db/open.ts';
import { UserError } from '../errors.ts';
import { MAX_FETCH_DAYS } from './fetch-range.ts';
import { daysWithoutRate, seriesStart } from './gaps.ts';

export async function fillGaps(options: {
  db: string;
  since?: string;
  yesterday: string;
  dryRun: boolean;
  fetch(dates: readonly string[]): Promise<void>;
}): Promise<string> {
  const gaps = () => {
    const db = openDatabase(options.db, { readonly: true });
    try {
      const since = options.since ?? seriesStart(db);
      if (since === undefined) throw new UserError(`${options.db}: no daily series yet (no rate from a price source); give --since YYYY-MM-DD`);
      return { since, days: daysWithoutRate(db, since, options.yesterday) };
    } finally {
      db.close();
    }
  };
  const before = gaps();
  for (let i = 0; i < before.days.length; i += MAX_FETCH_DAYS) await options.fetch(before.days.slice(i, i + MAX_FETCH_DAYS));
  const span = `${before.since} to ${options.yesterday}`;
  if (options.dryRun) return `${span}: ${before.days.length} days without a rate (a dry run: nothing written)`;
  const after = gaps().days;
  if (after.length === 0) return `${span}: no gaps (${before.days.length} filled)`;
  return `${span}: ${before.days.length - after.length} of ${before.days.length} days without a rate filled; no source has the other ${after.length}: ${after.join(', ')}`;
}
