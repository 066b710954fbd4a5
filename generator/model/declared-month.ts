// What a declared first day of a Hijri month in Nigeria (docs/calendar.md) can
// be. Shared by the calendar import and `calendar add`, so that both refuse the
// same impossible months: one 31 days after its predecessor, one more than a day
// from Umm al-Qura's first day (a sighting moves a month by a day, not more,
// unless a report says otherwise), or one that begins after tomorrow.
//
// Build-time only (hijri.ts reads Intl): the router never checks a declaration.
import { addDays, daysBetween, isRealDate } from './dates.ts';
import { HIJRI_FIRST, HIJRI_LAST, hijriDate } from './hijri.ts';

export interface DeclaredMonth {
  calMonth: string;
  calFirstDay: string;
}

/** Months since the start of the era: 1447-09 and 1447-10 are one apart, 1447-12 and 1448-01 too. */
export function monthNumber(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

/**
 * Why two known months cannot both be right, or null: months n apart begin
 * between 29n and 30n days apart (consecutive months 29 or 30 days), so a
 * month 31 days after its predecessor, or a typo far from its neighbours, is caught.
 */
export function spacingProblem(before: DeclaredMonth, here: DeclaredMonth): string | null {
  const apart = monthNumber(here.calMonth) - monthNumber(before.calMonth);
  const days = daysBetween(before.calFirstDay, here.calFirstDay);
  if (days >= 29 * apart && days <= 30 * apart) return null;
  const expected = apart === 1 ? '29 or 30 days' : `${29 * apart} to ${30 * apart} days (${apart} months of 29 or 30 days)`;
  return `${before.calMonth} begins ${before.calFirstDay} and ${here.calMonth} ${here.calFirstDay}, ${days} days apart; expected ${expected}`;
}

/** The Gregorian first day of `month` (YYYY-MM) in Umm al-Qura, looked for near `near`; null outside the table or far from `near`. */
export function ummAlQuraFirstDay(month: string, near: string): string | null {
  if (!(near >= HIJRI_FIRST && near <= HIJRI_LAST)) return null;
  const here = hijriDate(near);
  // A mean month is 29.53 days; the guess is within a day or two of the first day when `near` is within a year of it.
  const guess = addDays(near, 1 - Number(here.slice(8, 10)) + Math.round((monthNumber(month) - monthNumber(here.slice(0, 7))) * 29.530589));
  const offsets = [0, -1, 1, -2, 2, -3, 3];
  for (let i = 0; i < offsets.length; i++) {
    const day = addDays(guess, offsets[i] as number);
    if (day >= HIJRI_FIRST && day <= HIJRI_LAST && hijriDate(day) === `${month}-01`) return day;
  }
  return null;
}

/** A month as the calendar file gives it: its first day, and what fixes it (CONTRACT §13). */
export interface SourcedMonth extends DeclaredMonth {
  calBasis: 'declared-first-day' | 'stated-day';
  calStatedDay: string | null;
}

/**
 * Why a month's basis and its first day disagree, or null. A stated day
 * `D=N` (the authority says D is day N of the month) puts day 1 on D - (N - 1);
 * a declared first day has no stated day, and a stated day always has one.
 */
export function statedDayProblem(month: SourcedMonth): string | null {
  if (month.calBasis === 'declared-first-day') {
    return month.calStatedDay === null
      ? null
      : `${month.calMonth} has calStatedDay ${month.calStatedDay} but calBasis declared-first-day; give calBasis stated-day, or leave calStatedDay empty`;
  }
  if (month.calStatedDay === null)
    return `${month.calMonth} has calBasis stated-day but no calStatedDay; give the day the statement names and the day of the month it says, e.g. 2024-10-02=29`;
  const parts = month.calStatedDay.split('=');
  const day = parts[0]!;
  const nth = parts[1]!;
  if (!isRealDate(day)) return `${month.calMonth}: calStatedDay ${month.calStatedDay} names ${day}, not a real date`;
  const first = addDays(day, 1 - Number(nth));
  if (first === month.calFirstDay) return null;
  return `${month.calMonth}: calStatedDay ${month.calStatedDay} (day ${nth} on ${day}) puts day 1 on ${first}, not on calFirstDay ${month.calFirstDay}`;
}

export type DeclarationProblem = { kind: 'future' | 'sighting'; message: string };

/**
 * Why a declared first day is impossible, or null. `today` is the injected clock's
 * day (null: not checked). A month is declared on the evening of the 29th for the
 * next day, so its first day may be tomorrow, never later. More than a day from
 * Umm al-Qura is a `sighting` problem, which an operator may accept when the
 * report says so; a first day after tomorrow is never accepted.
 */
export function declarationProblem(month: DeclaredMonth, today: string | null): DeclarationProblem | null {
  if (today !== null && month.calFirstDay > addDays(today, 1)) {
    return {
      kind: 'future',
      message: `${month.calMonth} begins ${month.calFirstDay}, after tomorrow (today is ${today}); a month is declared on the evening before its first day, not earlier`,
    };
  }
  const umm = ummAlQuraFirstDay(month.calMonth, month.calFirstDay);
  if (umm === null) {
    return {
      kind: 'sighting',
      message: `${month.calMonth} begins ${month.calFirstDay}, more than 3 days from Umm al-Qura's first day of that month (or outside its table, ${HIJRI_FIRST} to ${HIJRI_LAST}); a sighting moves a month by a day`,
    };
  }
  const off = daysBetween(umm, month.calFirstDay);
  if (Math.abs(off) <= 1) return null;
  return {
    kind: 'sighting',
    message: `${month.calMonth} begins ${month.calFirstDay}, ${Math.abs(off)} days ${off > 0 ? 'after' : 'before'} Umm al-Qura's first day (${umm}); a sighting moves a month by a day. If the report says Nigeria's month really began so, give --accept-sighting-difference`,
  };
}

/**
 * The warning of the nightly and `build` when the Umm al-Qura month of `day`
 * has no declared start in Nigeria's data (its dates in the nigeria calendar
 * are null, and `hijri_date=…&calendar=nigeria` answers 404, until it is added),
 * naming the month; null when it is declared.
 */
export function undeclaredMonthWarning(declared: readonly string[], day: string, monthNames: readonly string[]): string | null {
  // A database without any declared month does not keep Nigeria's calendar: nothing to remind.
  if (declared.length === 0 || !(day >= HIJRI_FIRST && day <= HIJRI_LAST)) return null;
  const month = hijriDate(day).slice(0, 7);
  if (declared.includes(month)) return null;
  const name = `${monthNames[Number(month.slice(5, 7)) - 1]} ${Number(month.slice(0, 4))}`;
  const umm = ummAlQuraFirstDay(month, day);
  return `Nigeria's calendar has no declared start of ${name} (${month}), the Umm al-Qura month of ${day} (begun ${umm}); add the Sultan's declaration with: npm run cli -- calendar add ${month} FIRST-DAY --source URL (docs/calendar.md)`;
}
