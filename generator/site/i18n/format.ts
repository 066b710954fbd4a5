// Figures and dates in a language's words, written here rather than by Intl so
// the build (Node) and every browser write the same text: Chromium ships no
// Hausa locale data, and ICU versions differ on Arabic digits. Hijri dates come
// from the API (drtHijriDate and, once published, drtHijriDateNigeria) as
// YYYY-MM-DD; this only names their month.
import type { CalendarStrings } from './catalogue.ts';

export interface Formats {
  /** 14983930.44 → "14,983,930.44" (always `decimals` places). */
  number(value: number, decimals?: number): string;
  /** In Naira, US dollars or another ISO currency, 2 decimals. */
  money(value: number, currency: string): string;
  /** "2025-09-21" → "21 September 2025". */
  date(iso: string): string;
  /** "1447-03-29" → "29 Rabi' al-Awwal 1447 AH". */
  hijri(iso: string): string;
}

export function formats(words: CalendarStrings): Formats {
  const number = (value: number, decimals = 2) => {
    const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
    const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, words.groupSeparator);
    return `${value < 0 ? '-' : ''}${grouped}${fraction ? words.decimalSeparator + fraction : ''}`;
  };
  const named = (iso: string, months: readonly string[], write: (day: string, month: string, year: string) => string) => {
    const [year, month, day] = iso.split('-');
    return write(String(Number(day)), months[Number(month) - 1] ?? month!, String(Number(year)));
  };
  return {
    number,
    money: (value, currency) =>
      currency === 'NGN' ? words.naira(number(value)) : currency === 'USD' ? words.usd(number(value)) : words.currency(number(value), currency),
    date: (iso) => named(iso, words.gregorianMonths, words.gregorianDate),
    hijri: (iso) => named(iso, words.hijriMonths, words.hijriDate),
  };
}
