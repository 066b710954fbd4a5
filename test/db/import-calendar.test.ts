// Nigeria's declared months: imported all or nothing, each with a known source,
// the months in order and consistent with each other (docs/calendar.md).
import { describe, expect, it } from 'vitest';
import { importNigeriaCalendar } from '../../generator/db/import-calendar.ts';
import { importSources } from '../../generator/db/import-sources.ts';
import { useScratch, userError } from './scratch.ts';

const scratch = useScratch();
const HEADER = 'calMonth,calFirstDay,calSource\n';

async function withSources() {
  const db = scratch.database();
  await importSources(
    db,
    await scratch.write(
      'sources.csv',
      'srcID,srcName,srcURL,srcLicence,srcDescription,srcFigure\n' +
        'moon-a,Daily Trust,https://dailytrust.com/a,none stated,a report,declaration\n' +
        'moon-b,Premium Times,https://www.premiumtimesng.com/b,none stated,a report,declaration\n',
    ),
  );
  return db;
}

const stored = (db: Awaited<ReturnType<typeof withSources>>) =>
  db.prepare('SELECT calMonth, calFirstDay, calSource FROM calendar_nigeria ORDER BY calMonth').raw().all();

describe('importNigeriaCalendar', () => {
  // CONTRACT §13: a month fixed by the authority's statement that a day is its Nth (calBasis stated-day).
  const STATED = 'calMonth,calFirstDay,calSource,calBasis,calStatedDay\n';

  it('takes a stated day whose first day agrees: NTA, 2024-10-03, "Wednesday 2nd October, 2024 equivalent to 29th Rabi\'u Awwal 1446AH" puts day 1 on 4 September 2024', async () => {
    const db = await withSources();
    // 1446-04 began Friday 4 October 2024 (the same statement's declaration): 30 days after 4 September.
    const file = await scratch.write('stated.csv', STATED + '1446-03,2024-09-04,moon-a,stated-day,2024-10-02=29\n1446-04,2024-10-04,moon-b,,\n');
    expect(await importNigeriaCalendar(db, file)).toMatchObject({ rows: 2, inserted: 2 });
    expect(db.prepare('SELECT calMonth, calBasis, calStatedDay FROM calendar_nigeria ORDER BY calMonth').raw().all()).toEqual([
      ['1446-03', 'stated-day', '2024-10-02=29'],
      ['1446-04', 'declared-first-day', null],
    ]);
  });

  it('refuses a stated day that contradicts its first day or its neighbours, and a malformed or missing calStatedDay, naming line and field', async () => {
    const db = await withSources();
    const file = await scratch.write(
      'stated-bad.csv',
      STATED +
        // the 29th on 2 October puts day 1 on 4 September, not 3 September
        '1446-03,2024-09-03,moon-a,stated-day,2024-10-02=29\n' +
        // day 30 on 2 November, but 1446-05 begins on 2 November (1446-04 had 29 days)
        '1446-04,2024-10-04,moon-a,stated-day,2024-11-02=30\n' +
        '1446-05,2024-11-02,moon-a,declared-first-day,\n' +
        // malformed: no day of the month, day 31, and a stated day on a declared first day
        '1446-06,2024-12-01,moon-a,stated-day,2024-12-29\n' +
        '1446-07,2024-12-31,moon-a,stated-day,2025-01-30=31\n' +
        '1446-08,2025-01-30,moon-a,declared-first-day,2025-02-27=29\n' +
        // a stated day without its day, and one on no real date
        '1446-09,2025-03-01,moon-a,stated-day,\n' +
        '1446-10,2025-03-30,moon-a,stated-day,2025-02-30=29\n',
    );
    const error = await userError(importNigeriaCalendar(db, file, { acceptSightingDifference: true }));
    expect(error.problems).toEqual([
      `${file}:2: calStatedDay: 1446-03: calStatedDay 2024-10-02=29 (day 29 on 2024-10-02) puts day 1 on 2024-09-04, not on calFirstDay 2024-09-03`,
      // the wrong first day is 31 days from the next month's too
      `${file}:3: calFirstDay: 1446-03 begins 2024-09-03 and 1446-04 2024-10-04, 31 days apart; expected 29 or 30 days`,
      `${file}:3: calStatedDay: 1446-04: calStatedDay 2024-11-02=30 is not in the month: 1446-05 begins 2024-11-02`,
      `${file}:5: calStatedDay: must be the Gregorian day and the day of the month the statement names, YYYY-MM-DD=N with N from 1 to 30, e.g. 2024-10-02=29`,
      `${file}:6: calStatedDay: must be the Gregorian day and the day of the month the statement names, YYYY-MM-DD=N with N from 1 to 30, e.g. 2024-10-02=29`,
      `${file}:7: calStatedDay: 1446-08 has calStatedDay 2025-02-27=29 but calBasis declared-first-day; give calBasis stated-day, or leave calStatedDay empty`,
      `${file}:8: calStatedDay: 1446-09 has calBasis stated-day but no calStatedDay; give the day the statement names and the day of the month it says, e.g. 2024-10-02=29`,
      `${file}:9: calStatedDay: 1446-10: calStatedDay 2025-02-30=29 names 2025-02-30, not a real date`,
    ]);
    expect(stored(db)).toEqual([]);
  });

  it('refuses a stated day whose first day is 31 days from the month stored before it', async () => {
    const db = await withSources();
    await importNigeriaCalendar(db, await scratch.write('ok.csv', HEADER + '1446-02,2024-08-05,moon-a\n'));
    // The 29th on 3 October would put 1 Rabi' al-Awwal 1446 on 5 September, 31 days after 1 Safar.
    const file = await scratch.write('late.csv', STATED + '1446-03,2024-09-05,moon-a,stated-day,2024-10-03=29\n');
    expect((await userError(importNigeriaCalendar(db, file, { acceptSightingDifference: true }))).problems).toEqual([
      `${file}:2: calFirstDay: 1446-02 begins 2024-08-05 and 1446-03 2024-09-05, 31 days apart (the other is in the database); expected 29 or 30 days`,
    ]);
  });

  it('upserts months by calMonth, oldest first, and says what changed', async () => {
    const db = await withSources();
    // Sha'ban 1442 (29 days), Ramadan, Shawwal 1442 (30 days after Ramadan), then Muharram 1443 three months on.
    const file = await scratch.write(
      'calendar.csv',
      HEADER + '1442-08,2021-03-15,moon-a\n1442-09,2021-04-13,moon-a\n1442-10,2021-05-13,moon-b\n1443-01,2021-08-10,moon-a\n',
    );
    expect(await importNigeriaCalendar(db, file)).toEqual({ file, rows: 4, inserted: 4, updated: 0, unchanged: 0 });
    expect(await importNigeriaCalendar(db, file)).toMatchObject({ inserted: 0, updated: 0, unchanged: 4 });
    const next = await scratch.write('next.csv', HEADER + '1442-10,2021-05-13,moon-a\n1443-02,2021-09-08,moon-b\n');
    expect(await importNigeriaCalendar(db, next)).toMatchObject({ inserted: 1, updated: 1, unchanged: 0 });
    expect(stored(db)).toEqual([
      ['1442-08', '2021-03-15', 'moon-a'],
      ['1442-09', '2021-04-13', 'moon-a'],
      ['1442-10', '2021-05-13', 'moon-a'],
      ['1443-01', '2021-08-10', 'moon-a'],
      ['1443-02', '2021-09-08', 'moon-b'],
    ]);
  });

  it('refuses, naming file, line and field: an unknown source, months out of order, a repeated month or day, and malformed values', async () => {
    const db = await withSources();
    const file = await scratch.write(
      'bad.csv',
      HEADER +
        '1442-09,2021-04-13,moon-c\n' +
        '1442-08,2021-03-15,moon-a\n' +
        '1442-09,2021-05-13,moon-a\n' +
        '1442-13,2021-06-10,moon-a\n' +
        '1442-11,2021-02-30,moon-a\n' +
        '1443-01,2021-03-15,moon-a\n',
    );
    // Umm al-Qura is another test's: these months are accepted however far from it they are.
    const error = await userError(importNigeriaCalendar(db, file, { acceptSightingDifference: true }));
    expect(error.message).toBe(`${file}: nothing imported, 8 problems`);
    expect(error.problems).toEqual([
      `${file}:2: calSource: unknown source "moon-c"; import the sources first (import sources FILE.csv)`,
      `${file}:3: calMonth: 1442-08 comes after 1442-09 (line 2); list the months oldest first`,
      `${file}:4: calMonth: "1442-09" is already on line 2`,
      `${file}:4: calFirstDay: 1442-08 begins 2021-03-15 and 1442-09 2021-05-13, 59 days apart; expected 29 or 30 days`,
      `${file}:5: calMonth: must be a Hijri year and month in YYYY-MM form, e.g. 1447-09 for Ramadan 1447`,
      `${file}:6: calFirstDay: must be a real date in YYYY-MM-DD form, e.g. 2024-03-15`,
      `${file}:7: calFirstDay: "2021-03-15" is already on line 3`,
      `${file}:7: calFirstDay: 1442-09 begins 2021-05-13 and 1443-01 2021-03-15, -59 days apart; expected 116 to 120 days (4 months of 29 or 30 days)`,
    ]);
    expect(stored(db)).toEqual([]);
  });

  it('refuses consecutive months that are not 29 or 30 days apart, against the months already stored too', async () => {
    const db = await withSources();
    await importNigeriaCalendar(db, await scratch.write('ok.csv', HEADER + '1446-09,2025-03-01,moon-a\n'));
    const file = await scratch.write('late.csv', HEADER + '1446-10,2025-04-01,moon-a\n');
    expect((await userError(importNigeriaCalendar(db, file, { acceptSightingDifference: true }))).problems).toEqual([
      `${file}:2: calFirstDay: 1446-09 begins 2025-03-01 and 1446-10 2025-04-01, 31 days apart (the other is in the database); expected 29 or 30 days`,
    ]);
    const early = await scratch.write('early.csv', HEADER + '1446-07,2025-01-01,moon-a\n1446-08,2025-01-29,moon-a\n');
    expect((await userError(importNigeriaCalendar(db, early, { acceptSightingDifference: true }))).problems).toEqual([
      `${early}:3: calFirstDay: 1446-07 begins 2025-01-01 and 1446-08 2025-01-29, 28 days apart; expected 29 or 30 days`,
      `${early}:3: calFirstDay: 1446-08 begins 2025-01-29 and 1446-09 2025-03-01, 31 days apart (the other is in the database); expected 29 or 30 days`,
    ]);
    expect(stored(db)).toEqual([['1446-09', '2025-03-01', 'moon-a']]);
  });

  // Umm al-Qura's first days by Intl's own islamic-umalqura calendar (ICU's table), not by our hijri.ts.
  const ummAlQuraFirst = (month: string, near: string) => {
    const format = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let t = Date.parse(`${near}T00:00:00Z`) - 40 * 86_400_000; ; t += 86_400_000) {
      const parts = Object.fromEntries(format.formatToParts(new Date(t)).map((p) => [p.type, p.value]));
      if (`${parts.year}-${parts.month}` === month && parts.day === '01') return new Date(t).toISOString().slice(0, 10);
    }
  };
  const plus = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it("refuses a month more than a day from Umm al-Qura's first day, even where its neighbours allow it, unless the sighting difference is accepted (issue 31)", async () => {
    const db = await withSources();
    await importNigeriaCalendar(db, await scratch.write('ok.csv', HEADER + '1446-09,2025-03-01,moon-a\n'));
    // Rabi' al-Awwal 1447 began 24 August 2025 in Umm al-Qura (Nigeria declared the 25th); the 27th is 179 days
    // after 1 Ramadan 1446, inside the 174 to 180 days six months can span, so only Umm al-Qura catches it.
    expect(ummAlQuraFirst('1447-03', '2025-08-27')).toBe('2025-08-24');
    const off = await scratch.write('off.csv', HEADER + '1447-03,2025-08-27,moon-a\n');
    expect((await userError(importNigeriaCalendar(db, off))).problems).toEqual([
      `${off}:2: calFirstDay: 1447-03 begins 2025-08-27, 3 days after Umm al-Qura's first day (2025-08-24); a sighting moves a month by a day. If the report says Nigeria's month really began so, give --accept-sighting-difference`,
    ]);
    // 40 days off, across 100 months whose span (2,900 to 3,000 days) holds it.
    const muharram = ummAlQuraFirst('1455-01', '2033-03-01');
    const far = plus(muharram, 40);
    const apart = (Date.parse(far) - Date.parse('2025-03-01')) / 86_400_000;
    expect(apart >= 2900 && apart <= 3000, String(apart)).toBe(true);
    const distant = await scratch.write('distant.csv', HEADER + `1455-01,${far},moon-a\n`);
    expect((await userError(importNigeriaCalendar(db, distant))).problems).toEqual([
      `${distant}:2: calFirstDay: 1455-01 begins ${far}, 40 days after Umm al-Qura's first day (${muharram}); a sighting moves a month by a day. If the report says Nigeria's month really began so, give --accept-sighting-difference`,
    ]);
    expect(stored(db)).toEqual([['1446-09', '2025-03-01', 'moon-a']]);
    // A day either side is a sighting: accepted as it is.
    expect(await importNigeriaCalendar(db, await scratch.write('next.csv', HEADER + '1447-03,2025-08-25,moon-a\n'))).toMatchObject({ inserted: 1 });
    // The operator who read the report accepts the difference.
    expect(await importNigeriaCalendar(db, off, { acceptSightingDifference: true })).toMatchObject({ updated: 1 });
    expect(stored(db)).toEqual([
      ['1446-09', '2025-03-01', 'moon-a'],
      ['1447-03', '2025-08-27', 'moon-a'],
    ]);
  });

  it('refuses a month beginning after tomorrow by the clock, even with the sighting difference accepted; tomorrow is declared the evening before (issue 31)', async () => {
    const db = await withSources();
    const file = await scratch.write('future.csv', HEADER + '1447-03,2025-08-25,moon-a\n1447-04,2025-09-23,moon-b\n');
    expect((await userError(importNigeriaCalendar(db, file, { today: '2025-09-21', acceptSightingDifference: true }))).problems).toEqual([
      `${file}:3: calFirstDay: 1447-04 begins 2025-09-23, after tomorrow (today is 2025-09-21); a month is declared on the evening before its first day, not earlier`,
    ]);
    expect(stored(db)).toEqual([]);
    expect(await importNigeriaCalendar(db, file, { today: '2025-09-22' })).toMatchObject({ inserted: 2 });
  });
});
