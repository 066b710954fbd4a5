// Calendar dates as `YYYY-MM-DD` strings. Plain string work on purpose: this file
// is part of the router core, which also runs in workerd and in nginx's njs
// (no Date parsing quirks, no time zones, no library).

const DATE_FORM = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

export function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** True for a zero-padded real calendar date: `2024-02-29` yes, `2023-02-29`, `2024-2-5` no. */
export function isRealDate(value: string): boolean {
  // The length too: in njs (PCRE) `$` also matches before a final newline.
  if (value.length !== 10 || !DATE_FORM.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export const DATE_EXPECTATION = 'a real date in YYYY-MM-DD form, e.g. 2024-03-15';

/** Whole days from `from` to `to` (both real dates); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86400000;
}

/** `date` moved by `days` (negative: earlier). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * 86400000).toISOString().slice(0, 10);
}

/** Every date from `from` to `to`, both included; empty when `to` is earlier. */
export function datesFrom(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let i = 0; i <= daysBetween(from, to); i++) dates.push(addDays(from, i));
  return dates;
}
