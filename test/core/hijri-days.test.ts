// hijri_date's conversion (core/hijri-days.ts) with the tables a snapshot
// publishes: the Umm al-Qura table against Intl for every day it covers, both
// ways, and Nigeria's declared months; the errors of docs/API.md §2b.
import { describe, expect, it } from 'vitest';
import { hijriDate, ummAlQuraTable } from '../../generator/core/hijri.ts';
import { gregorianDay, ummAlQuraDate, type HijriTables } from '../../generator/core/hijri-days.ts';

const TABLES: HijriTables = {
  ummAlQura: ummAlQuraTable(),
  nigeria: [
    { calMonth: '1442-08', calFirstDay: '2021-03-15' },
    { calMonth: '1442-09', calFirstDay: '2021-04-13' },
    { calMonth: '1443-01', calFirstDay: '2021-08-10' },
  ],
};

describe('the Umm al-Qura table (1300 to 1600 AH)', () => {
  it('gives every day it covers the Gregorian day Intl gives, and back', () => {
    expect(TABLES.ummAlQura.lengths).toHaveLength(301 * 12);
    let days = 0;
    for (let t = Date.UTC(1882, 10, 12); t <= Date.UTC(2174, 10, 25); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      const hijri = hijriDate(date);
      const back = gregorianDay(hijri, 'umm-al-qura', TABLES);
      if (!('date' in back) || back.date !== date) expect(back, `${hijri} (Intl: ${date})`).toEqual({ date });
      // And the page's way back, Gregorian to Hijri, from the same table.
      const forth = ummAlQuraDate(date, TABLES.ummAlQura);
      if (forth !== hijri) expect(forth, date).toBe(hijri);
      days++;
    }
    expect(days).toBe(106_665);
  }, 60_000);

  it('gives no Umm al-Qura date outside the table', () => {
    expect(ummAlQuraDate('1882-11-11', TABLES.ummAlQura)).toBeNull();
    expect(ummAlQuraDate('1882-11-12', TABLES.ummAlQura)).toBe('1300-01-01');
    expect(ummAlQuraDate('2174-11-25', TABLES.ummAlQura)).toBe('1600-12-30');
    expect(ummAlQuraDate('2174-11-26', TABLES.ummAlQura)).toBeNull();
  });

  it('refuses day 30 of a 29-day month (400) and a year outside the table (404)', () => {
    expect(gregorianDay('1447-09-01', 'umm-al-qura', TABLES)).toEqual({ date: '2026-02-18' });
    expect(hijriDate('2025-06-25')).toBe('1446-12-29'); // Dhul Hijjah 1446 had 29 days
    expect(gregorianDay('1446-12-30', 'umm-al-qura', TABLES)).toEqual({
      status: 400,
      message: 'hijri_date 1446-12-30 does not exist: month 1446-12 has 29 days in the umm-al-qura calendar',
    });
    expect(gregorianDay('1299-12-01', 'umm-al-qura', TABLES)).toEqual({
      status: 404,
      message: 'hijri_date 1299-12-01 is outside the years the umm-al-qura table covers (1300 to 1600)',
    });
    expect(gregorianDay('1601-01-01', 'umm-al-qura', TABLES)).toEqual({
      status: 404,
      message: 'hijri_date 1601-01-01 is outside the years the umm-al-qura table covers (1300 to 1600)',
    });
  });
});

describe("Nigeria's declared months", () => {
  it('give the declared days, and say why a day has none', () => {
    expect(gregorianDay('1443-01-01', 'nigeria', TABLES)).toEqual({ date: '2021-08-10' });
    expect(gregorianDay('1442-08-29', 'nigeria', TABLES)).toEqual({ date: '2021-04-12' });
    expect(gregorianDay('1442-08-30', 'nigeria', TABLES)).toEqual({
      status: 400,
      message: 'hijri_date 1442-08-30 does not exist: month 1442-08 has 29 days in the nigeria calendar',
    });
    expect(gregorianDay('1442-09-30', 'nigeria', TABLES)).toEqual({
      status: 404,
      message:
        "hijri_date 1442-09-30: the length of month 1442-09 in the nigeria calendar is not known yet (the next month's declared first day is not in the data)",
    });
    expect(gregorianDay('1442-10-01', 'nigeria', TABLES)).toEqual({
      status: 404,
      message:
        'hijri_date 1442-10-01: the declared first day of month 1442-10 is not in the nigeria calendar (the months it holds are listed at /api/v1/calendars/nigeria)',
    });
  });
});
