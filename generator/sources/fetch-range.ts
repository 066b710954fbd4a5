// Which days a `fetch` asks for: --date D, or --from D [--to D], or today;
// each D a date or the words today / yesterday (in the time zone), so the
// nightly workflow needs no date arithmetic of its own.
import { addDays, DATE_EXPECTATION, datesFrom, isRealDate } from '../model/dates.ts';
import { UserError } from '../errors.ts';

/** At most this many days in one run: a back-fill of years is a few runs, each one all or nothing. */
export const MAX_FETCH_DAYS = 400;

export function resolveDay(value: string, today: string, option: string): string {
  if (value === 'today') return today;
  if (value === 'yesterday') return addDays(today, -1);
  if (isRealDate(value)) return value;
  throw new UserError(`${option} must be ${DATE_EXPECTATION}, today or yesterday; got ${JSON.stringify(value)}`);
}

/**
 * `revisit`: also the days before the first, so a provisional naira rate stored
 * for one of them is replaced once the official figure appears (the nightly's
 * --revisit 7; fetch-days.ts keeps an official rate stored over a provisional one).
 */
export function fetchRange(options: { date?: string; from?: string; to?: string; revisit?: number }, today: string): string[] {
  if (options.to !== undefined && options.from === undefined) throw new UserError('--to needs --from (the first day of the range)');
  const from = resolveDay(options.date ?? options.from ?? 'today', today, options.date !== undefined ? '--date' : '--from');
  const to = options.date !== undefined ? from : resolveDay(options.to ?? 'today', today, '--to');
  if (to < from) throw new UserError(`--from ${from} is after --to ${to}`);
  if (to > today) throw new UserError(`${to} is after today (${today}); no source has published it`);
  const dates = datesFrom(addDays(from, -(options.revisit ?? 0)), to);
  if (dates.length > MAX_FETCH_DAYS) throw new UserError(`${from} to ${to} is ${dates.length} days; fetch at most ${MAX_FETCH_DAYS} at a time`);
  return dates;
}
