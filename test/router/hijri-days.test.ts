// hijri_date's conversion (router/hijri-days.ts) with the tables a snapshot
// publishes: the Umm al-Qura table against Intl for every day it covers, both
// ways, and Nigeria's declared months; the errors of docs/API.md §2b.
import { describe, expect, it } from 'vitest';
import { hijriDate, ummAlQuraTable } from '../../generator/model/hijri.ts';
import { gregorianDay, ummAlQuraDate, type HijriTables } from '../../generator/router/hijri-days.ts';

const TABLES: HijriTables = {
  ummAlQura: ummAlQuraTable(),
  nigeria: [
    { calMonth: '1442-08', calFirstDay: '2021-03-15' },
    { calMonth: '1442-09', calFirstDay: '2021-04-13' },
    { calMonth: '1443-01', calFirstDay: '2021-08-10' },
  ],
};

describe('the Umm al-Qura table (1300 to 1600 AH)', () => {
  // Intl (the oracle) is asked where the table can be wrong: the first and the
  // last day of every month (a wrong month length moves one of them), and every
  // day of each year's Ramadan (the day arithmetic inside a month, day 1 to 30).
  // Every other day is held to the table both ways, without Intl: about 16,000 calls
  // instead of 106,665, the same months and boundaries (54 s of 60 under load before).
  it('gives every day it covers the Gregorian day Intl gives on every month boundary and through each Ramadan, and back', () => {
    expect(TABLES.ummAlQura.lengths).toHaveLength(301 * 12);
    let days = 0;
    let asked = 0;
    const check = (date: string, hijri: string) => {
      const back = gregorianDay(hijri, 'umm-al-qura', TABLES);
      if (!('date' in back) || back.date !== date) expect(back, `${hijri} (${date})`).toEqual({ date });
    };
    const askIntl = (date: string, table: string) => {
      const hijri = hijriDate(date);
      if (table !== hijri) expect(table, `${date} (Intl: ${hijri})`).toBe(hijri);
      asked++;
    };
    let previous: { date: string; hijri: string } | null = null;
    for (let t = Date.UTC(1882, 10, 12); t <= Date.UTC(2174, 10, 25); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      // The page's way, Gregorian to Hijri, from the table; and back to the same day.
      const hijri = ummAlQuraDate(date, TABLES.ummAlQura)!;
      check(date, hijri);
      if (hijri.slice(8) === '01' || hijri.slice(5, 7) === '09') askIntl(date, hijri);
      // The day before a first day is the last day of the month before.
      if (hijri.slice(8) === '01' && previous !== null) askIntl(previous.date, previous.hijri);
      previous = { date, hijri };
      days++;
    }
    // The table's last day is a month's last day too.
    askIntl(previous!.date, previous!.hijri);
    expect(days).toBe(106_665);
    expect(asked).toBeGreaterThan(15_000);
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
