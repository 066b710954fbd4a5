// Dates in Nigeria's Hijri calendar: the months as the Sultan of Sokoto declares
// them (docs/API.md §2b). Only counting inside a declared month, never a guess:
// days 1 to 29 of a month whose first day is known are certain (no month is
// shorter); day 30 is known only when the next month's first day is known, 30
// days later. Anything else is null.
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).
import { addDays, daysBetween } from '../model/dates.ts';

/** A declared month start: the Hijri month (`1447-09`) and its Gregorian first day. */
export interface MonthStart {
  calMonth: string;
  calFirstDay: string;
}

/** The month after `1447-12` is `1448-01`. */
export function nextHijriMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const next = m === 12 ? [year + 1, 1] : [year, m + 1];
  return pad(next[0] as number, 4) + '-' + pad(next[1] as number, 2);
}

function pad(value: number, width: number): string {
  const text = String(value);
  return text.length >= width ? text : '0000'.slice(0, width - text.length) + text;
}

/** The index of the last start on or before `date` in `starts` (ordered by calFirstDay), or -1. */
function startOn(date: string, starts: MonthStart[]): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as MonthStart).calFirstDay <= date) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** The length of a declared month, 29 or 30, when the next month's start is declared too; else null. */
export function monthLength(index: number, starts: MonthStart[]): number | null {
  const here = starts[index] as MonthStart;
  const next = starts[index + 1];
  if (next === undefined || next.calMonth !== nextHijriMonth(here.calMonth)) return null;
  return daysBetween(here.calFirstDay, next.calFirstDay);
}

/** `2021-08-10` → `1443-01-01`; null when the month of that day is not declared in `starts` (ordered by calFirstDay). */
export function nigeriaHijriDate(date: string, starts: MonthStart[]): string | null {
  const index = startOn(date, starts);
  if (index < 0) return null;
  const start = starts[index] as MonthStart;
  const day = daysBetween(start.calFirstDay, date) + 1;
  if (day > 30 || (day === 30 && monthLength(index, starts) !== 30)) return null;
  return start.calMonth + '-' + pad(day, 2);
}

/**
 * The last day the declared months cover (`/meta` nigeriaCalendarEndsOn): day 29
 * of the newest month, whose day 30 is known only once the next month is
 * declared; null without months.
 */
export function nigeriaCalendarEndsOn(starts: MonthStart[]): string | null {
  const newest = starts[starts.length - 1];
  return newest === undefined ? null : addDays(newest.calFirstDay, 28);
}

/** Why a Hijri date has no Gregorian day in Nigeria's calendar, or the day. */
export type NigeriaDay = { date: string } | { unknownMonth: true } | { unknownLength: true } | { shortMonth: true };

/** The Gregorian day of a Hijri date (`1443-01-01`, day 01–30) in Nigeria's calendar. */
export function nigeriaGregorianDate(hijri: string, starts: MonthStart[]): NigeriaDay {
  const month = hijri.slice(0, 7);
  const day = Number(hijri.slice(8, 10));
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i] as MonthStart;
    if (start.calMonth !== month) continue;
    if (day < 30) return { date: addDays(start.calFirstDay, day - 1) };
    const length = monthLength(i, starts);
    if (length === null) return { unknownLength: true };
    if (length === 29) return { shortMonth: true };
    return { date: addDays(start.calFirstDay, 29) };
  }
  return { unknownMonth: true };
}
