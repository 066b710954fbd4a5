// Nigeria's calendar: the declared months of data/calendar-nigeria.csv give the
// dates the issue names (and where they differ from Umm al-Qura), and a date is
// only ever counted inside a declared month.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hijriDate } from '../../generator/model/hijri.ts';
import { nextHijriMonth, nigeriaCalendarEndsOn, nigeriaGregorianDate, nigeriaHijriDate, type MonthStart } from '../../generator/router/nigeria-calendar.ts';

const DECLARED: MonthStart[] = readFileSync(new URL('../../data/calendar-nigeria.csv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [calMonth, calFirstDay] = line.split(',') as [string, string];
    return { calMonth, calFirstDay };
  });

describe("Nigeria's declared months (data/calendar-nigeria.csv)", () => {
  it("give the first days the Sultan declared, a day after Umm al-Qura for Sha'ban 1442, Muharram 1443 and Muharram 1441", () => {
    const first = (month: string) => nigeriaGregorianDate(`${month}-01`, DECLARED);
    expect(first('1442-08')).toEqual({ date: '2021-03-15' });
    expect(hijriDate('2021-03-14')).toBe('1442-08-01');
    expect(first('1443-01')).toEqual({ date: '2021-08-10' });
    expect(hijriDate('2021-08-09')).toBe('1443-01-01');
    expect(first('1441-01')).toEqual({ date: '2019-09-01' });
    expect(hijriDate('2019-08-31')).toBe('1441-01-01');
    // 30 Rajab 1442: Rajab began 13 February 2021 (P.M. News: "Saturday, March 13, which is equivalent to 29th day of Rajab 1442AH"), 30 days before Sha'ban
    expect(nigeriaHijriDate('2021-03-14', DECLARED)).toBe('1442-07-30');
    expect(nigeriaHijriDate('2021-03-15', DECLARED)).toBe('1442-08-01');
    expect(nigeriaHijriDate('2021-08-10', DECLARED)).toBe('1443-01-01');
  });

  it("give the first days of the other months the Sultan declared a day after Umm al-Qura: Sha'ban 1439 and 1444, Jumada al-Akhirah 1446", () => {
    for (const [month, date] of [
      ['1439-08', '2018-04-18'], // Nigerian Eye: no report of the crescent
      ['1444-08', '2023-02-22'], // Rahma TV: no report on the Monday
      ['1446-06', '2024-12-03'], // Africa 247: Monday 2 December was 30 Jumada al-Ula
    ] as const) {
      expect(nigeriaGregorianDate(`${month}-01`, DECLARED), month).toEqual({ date });
      expect(hijriDate(date), month).toBe(`${month}-02`);
    }
  });

  it('agree with Umm al-Qura on Ramadan 1446 and 1447, Shawwal 1446, Dhul Hijjah 1446 and Muharram 1447', () => {
    for (const [month, date] of [
      ['1446-09', '2025-03-01'],
      ['1447-09', '2026-02-18'],
      ['1446-10', '2025-03-30'],
      ['1446-12', '2025-05-28'],
      ['1447-01', '2025-06-26'],
    ] as const) {
      expect(nigeriaGregorianDate(`${month}-01`, DECLARED), month).toEqual({ date });
      expect(hijriDate(date), month).toBe(`${month}-01`);
      expect(nigeriaHijriDate(date, DECLARED), month).toBe(`${month}-01`);
    }
  });

  it('begin each month within a day of Umm al-Qura (a sighting moves a month by a day, not more)', () => {
    const day = (date: string, offset: number) => new Date(Date.parse(date) + offset * 86_400_000).toISOString().slice(0, 10);
    for (const { calMonth, calFirstDay } of DECLARED) {
      const offsets = [-1, 0, 1].filter((offset) => hijriDate(day(calFirstDay, offset)) === `${calMonth}-01`);
      expect(offsets, calMonth).toHaveLength(1);
    }
  });

  it('date every day of a declared month both ways, and no day outside one', () => {
    let dated = 0;
    for (let t = Date.UTC(2017, 0, 1); t <= Date.UTC(2026, 11, 31); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      const hijri = nigeriaHijriDate(date, DECLARED);
      if (hijri === null) continue;
      dated++;
      expect(nigeriaGregorianDate(hijri, DECLARED), hijri).toEqual({ date });
    }
    // Every day of each declared month: 29, or 30 when the next month is declared 30 days on.
    expect(dated).toBe(
      DECLARED.length * 29 +
        DECLARED.filter(
          (m, i) =>
            DECLARED[i + 1]?.calMonth === nextHijriMonth(m.calMonth) &&
            Date.parse(DECLARED[i + 1]!.calFirstDay) - Date.parse(m.calFirstDay) === 30 * 86_400_000,
        ).length,
    );
  });
});

describe('nigeriaHijriDate and nigeriaGregorianDate', () => {
  // Made-up months for the edge cases: 1445-12 of 30 days, 1446-01 of 29, 1446-02 of unknown length, 1446-04 alone.
  const STARTS: MonthStart[] = [
    { calMonth: '1445-12', calFirstDay: '2024-06-07' },
    { calMonth: '1446-01', calFirstDay: '2024-07-07' },
    { calMonth: '1446-02', calFirstDay: '2024-08-05' },
    { calMonth: '1446-04', calFirstDay: '2024-10-04' },
  ];

  it("end on 29 Rabi' al-Awwal 1448 (11 September 2026): Rabi' al-Thani to Jumada al-Akhirah 1448 were not found (issue 46, docs/calendar.md)", () => {
    // 1 Rabi' al-Awwal 1448 was declared for Friday 14 August 2026; its day 29 is 28 days on, its day 30 unknown.
    expect(DECLARED.at(-1)).toEqual({ calMonth: '1448-03', calFirstDay: '2026-08-14' });
    expect(nigeriaCalendarEndsOn(DECLARED)).toBe('2026-09-11');
    expect(nigeriaHijriDate('2026-09-11', DECLARED)).toBe('1448-03-29');
    expect(nigeriaHijriDate('2026-09-12', DECLARED)).toBeNull();
    // Dhul Qa'dah 1447 declared 30 days after 1 Shawwal: 18 April 2026 is 30 Shawwal.
    expect(nigeriaHijriDate('2026-04-18', DECLARED)).toBe('1447-10-30');
    // So hijri_date=1448-06-01&calendar=nigeria has no day (the edges' 404) until the month is declared and added.
    expect(nigeriaGregorianDate('1448-06-01', DECLARED)).toEqual({ unknownMonth: true });
    expect(nigeriaCalendarEndsOn([])).toBeNull();
  });

  it('counts days 1 to 29 of a declared month, and day 30 only when the next month is declared 30 days on', () => {
    expect(nigeriaHijriDate('2024-06-06', STARTS)).toBeNull();
    expect(nigeriaHijriDate('2024-06-07', STARTS)).toBe('1445-12-01');
    expect(nigeriaHijriDate('2024-07-05', STARTS)).toBe('1445-12-29');
    expect(nigeriaHijriDate('2024-07-06', STARTS)).toBe('1445-12-30');
    expect(nigeriaHijriDate('2024-08-04', STARTS)).toBe('1446-01-29');
    expect(nigeriaHijriDate('2024-09-02', STARTS)).toBe('1446-02-29');
    expect(nigeriaHijriDate('2024-09-03', STARTS)).toBeNull(); // day 30 of Safar, or 1 Rabi' al-Awwal: not declared
    expect(nigeriaHijriDate('2024-10-03', STARTS)).toBeNull();
    expect(nigeriaHijriDate('2024-11-01', STARTS)).toBe('1446-04-29');
    expect(nigeriaHijriDate('2024-11-02', STARTS)).toBeNull();
  });

  it('says why a Hijri date has no day: the month is not declared, its length is not known, or it has 29 days', () => {
    expect(nigeriaGregorianDate('1445-12-30', STARTS)).toEqual({ date: '2024-07-06' });
    expect(nigeriaGregorianDate('1446-01-29', STARTS)).toEqual({ date: '2024-08-04' });
    expect(nigeriaGregorianDate('1446-01-30', STARTS)).toEqual({ shortMonth: true });
    expect(nigeriaGregorianDate('1446-02-30', STARTS)).toEqual({ unknownLength: true });
    expect(nigeriaGregorianDate('1446-02-29', STARTS)).toEqual({ date: '2024-09-02' });
    expect(nigeriaGregorianDate('1446-03-01', STARTS)).toEqual({ unknownMonth: true });
    expect(nextHijriMonth('1445-12')).toBe('1446-01');
    expect(nextHijriMonth('1446-09')).toBe('1446-10');
  });
});
