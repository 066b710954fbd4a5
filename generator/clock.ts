// The only place the build reads the clock: today's date and the next nightly
// build, in the operator's time zone. NISAB_TODAY=YYYY-MM-DD stands in for the
// clock (tests, and simulated nights: docs/testing.md).
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { UserError } from './errors.ts';

export const DEFAULT_TIME_ZONE = 'Africa/Lagos';
/** When the nightly job runs (.github/workflows/nightly.yml), local time. */
export const NIGHTLY_AT = { hours: 0, minutes: 5 };

export function checkTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    throw new UserError(`unknown time zone "${timeZone}"; use an IANA name such as Africa/Lagos or UTC`);
  }
}

/**
 * Now: the real clock, or, when NISAB_TODAY names a day, that day at the
 * nightly's hour (NIGHTLY_AT) in `timeZone`, as the nightly job would see it.
 */
export function clockNow(timeZone: string, env: NodeJS.ProcessEnv = process.env): Date {
  const given = env.NISAB_TODAY;
  if (given === undefined || given === '') return new Date();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(given);
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (day === null || day.toISOString().slice(0, 10) !== given)
    throw new UserError(`NISAB_TODAY=${given} is not a day; give it as YYYY-MM-DD, or unset it to use the clock`);
  const local = new TZDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), NIGHTLY_AT.hours, NIGHTLY_AT.minutes, 0, checkTimeZone(timeZone));
  return new Date(local.getTime());
}

export function todayIn(timeZone: string, now: Date = clockNow(timeZone)): string {
  return format(new TZDate(now.getTime(), checkTimeZone(timeZone)), 'yyyy-MM-dd');
}

/**
 * Refuses an as-of date after today: it would publish rates entered ahead of time
 * and a max-age running to the day after it (2100-01-01 gave 73 years). With the
 * as-of at most today, no answer is cached past the next nightly build.
 */
export function checkAsOfNotFuture(asOf: string, timeZone: string, now: Date = clockNow(timeZone)): string {
  const today = todayIn(timeZone, now);
  if (asOf > today) {
    throw new UserError(`--as-of ${asOf} is after today (${today} in ${timeZone}); a snapshot can only be built as of today or an earlier day`);
  }
  return asOf;
}

/** The instant the build after the one as of `asOf` is due: the next day at NIGHTLY_AT, local time. */
export function nextBuildAt(asOf: string, timeZone: string): string {
  const next = addDays(parseISO(asOf), 1);
  const local = new TZDate(next.getFullYear(), next.getMonth(), next.getDate(), NIGHTLY_AT.hours, NIGHTLY_AT.minutes, 0, checkTimeZone(timeZone));
  return new Date(local.getTime()).toISOString();
}
