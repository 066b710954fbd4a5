// Every language's catalogue has every string of the English one, and nothing
// else (tsc holds the same; this names what is missing, and checks the values:
// no empty string, twelve months in each calendar), and every example of the
// endpoint table has a title in every language.
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../generator/router/endpoints.ts';
import { LANGUAGES, type Lang, type WidgetStrings } from '../../generator/site/i18n/catalogue.ts';
import { PAGE_CATALOGUES } from '../../generator/site/i18n/catalogues.ts';
import { WIDGET_CATALOGUES } from '../../generator/site/i18n/widget-catalogues.ts';
import * as ar from '../../generator/site/i18n/ar.ts';
import * as en from '../../generator/site/i18n/en.ts';
import * as ha from '../../generator/site/i18n/ha.ts';
import { formats } from '../../generator/site/i18n/format.ts';

// From the tables (every language of LANGUAGES, or tsc fails), so a language added there is checked here too.
const ALL = Object.fromEntries(LANGUAGES.map((lang) => [lang, { ...PAGE_CATALOGUES[lang], widget: WIDGET_CATALOGUES[lang].widget }])) as {
  [L in Lang]: (typeof PAGE_CATALOGUES)[L] & { widget: WidgetStrings };
};
const PARTS = ['calendar', 'page', 'hawl', 'widget', 'reach'] as const;

/** Every key path of a catalogue part, with what its value is (a function's parameter count). */
function shape(value: unknown, at = ''): string[] {
  if (typeof value === 'function') return [`${at} (${value.length} values)`];
  if (Array.isArray(value)) return [`${at} [${value.length}]`];
  if (typeof value === 'object' && value !== null)
    return Object.entries(value)
      .flatMap(([key, inner]) => shape(inner, at ? `${at}.${key}` : key))
      .sort();
  return [at];
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

describe('the catalogues', () => {
  it('cover every language', () => {
    expect(Object.keys(ALL).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const lang of LANGUAGES) {
    for (const part of PARTS) {
      it(`${lang}.${part} has exactly the keys of en.${part}, none empty`, () => {
        expect(shape(ALL[lang][part])).toEqual(shape(ALL.en[part]));
        expect(strings(ALL[lang][part]).filter((s) => s.trim() === '')).toEqual([]);
      });
    }
    it(`${lang} names twelve Gregorian and twelve Hijri months`, () => {
      expect(new Set(ALL[lang].calendar.gregorianMonths).size).toBe(12);
      expect(new Set(ALL[lang].calendar.hijriMonths).size).toBe(12);
    });
  }

  it('title every example of the endpoint table', () => {
    const examples = ENDPOINTS.flatMap((e) => e.examples.map((query) => (query ? `${e.path}?${query}` : e.path)));
    expect(Object.keys(en.page.examples).sort()).toEqual([...examples].sort());
  });

  it('format figures and dates by hand-checked examples', () => {
    const f = { en: formats(en.calendar), ha: formats(ha.calendar), ar: formats(ar.calendar) };
    expect(f.en.money(14983930.44, 'NGN')).toBe('₦14,983,930.44');
    expect(f.en.money(0.5, 'USD')).toBe('$0.50');
    expect(f.en.money(-1234.5, 'GBP')).toBe('GBP -1,234.50');
    expect(f.en.number(1234567, 0)).toBe('1,234,567');
    expect(f.en.date('2025-09-01')).toBe('1 September 2025');
    expect(f.en.hijri('1447-09-01')).toBe('1 Ramadan 1447 AH');
    expect(f.ha.date('2021-03-12')).toBe('12 ga Maris, 2021');
    expect(f.ha.hijri('1442-07-28')).toBe('28 ga Rajab, 1442 BH');
    expect(f.ar.date('2021-03-12')).toBe('12 مارس 2021م');
    expect(f.ar.hijri('1447-12-10')).toBe('10 ذو الحجة 1447هـ');
    expect(f.ar.money(985000, 'NGN')).toBe('985,000.00 نيرة');
  });

  it("give a count of days in Arabic the noun's form for that number, as the grammar books list it", () => {
    // The forms by the number's last two digits (CLDR's plural rules for ar): one, two, 3–10, 11–99, and 100–102.
    const forms: [number, string, string][] = [
      [1, 'يوم واحد', 'يوم واحد'],
      [2, 'يومان', 'يومين'],
      [3, '3 أيام', '3 أيام'],
      [8, '8 أيام', '8 أيام'],
      [10, '10 أيام', '10 أيام'],
      [11, '11 يومًا', '11 يومًا'],
      [57, '57 يومًا', '57 يومًا'],
      [99, '99 يومًا', '99 يومًا'],
      [100, '100 يوم', '100 يوم'],
      [102, '102 يوم', '102 يوم'],
      [103, '103 أيام', '103 أيام'],
      [111, '111 يومًا', '111 يومًا'],
      [1200, '1,200 يوم', '1,200 يوم'],
    ];
    const f = formats(ar.calendar);
    for (const [days, nominative, genitive] of forms) {
      const shown = f.number(days, 0);
      expect(ar.arabicCount(days, ar.arabicNouns.day, { shown }), String(days)).toBe(nominative);
      expect(ar.arabicCount(days, ar.arabicNouns.day, { shown, grammaticalCase: 'genitive' }), String(days)).toBe(genitive);
    }
    // In the strings that say a rate's age: the widget's line, the page's warning (after بـ "by") and the hawl lookup.
    expect(ar.widget.old(8, '8')).toBe('عمر هذا السعر 8 أيام: لم يُنشر سعر أحدث منه.');
    expect(ar.widget.old(57, '57')).toBe('عمر هذا السعر 57 يومًا: لم يُنشر سعر أحدث منه.');
    expect(ar.page.stale('1 أكتوبر 2026', 9, '9', '10 أكتوبر 2026')).toContain('قبل 10 أكتوبر 2026 بـ9 أيام،');
    expect(ar.page.stale('1 أكتوبر 2026', 2, '2', '3 أكتوبر 2026')).toContain('قبل 3 أكتوبر 2026 بيومين،');
    expect(ar.hawl.rateAge(2, '2')).toBe('سعر عمره يومان');
    expect(ar.hawl.rateAge(14, '14')).toBe('سعر عمره 14 يومًا');
  });
});
