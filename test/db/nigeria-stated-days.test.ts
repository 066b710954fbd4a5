// Nigeria's months fixed by a stated day (CONTRACT §13, docs/calendar.md): the
// Sultanate's statement that a given day is the 29th (or 30th) of a month puts its
// first day 28 (or 29) days earlier. The oracle is each report's own words, quoted here as the
// page reads (the weekday and date it names, the day of the month it says): the
// data must hold that day, its weekday must be the one the words name, and the
// month must begin that many days before it.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';

const read = (file: string) =>
  parse(readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
const calendar = read('calendar-nigeria.csv');
const sources = new Map(read('sources.csv').map((s) => [s.srcID!, s]));

// month, the report's address, its words, and what they say: the weekday, the Gregorian day, the day of the month.
const REPORTS: [string, string, string, string, string, number][] = [
  [
    '1438-11',
    'http://www.nigeriatoday.ng/2017/08/sultan-directs-muslims-to-watch-out-for-new-moon-of-dhulhajj/',
    "Tuesday August 22, which is equivalent to 29th day of Zulki'ida 1438AH",
    'Tuesday',
    '2017-08-22',
    29,
  ],
  [
    '1439-06',
    'https://independent.ng/sultan-calls-on-muslims-to-look-for-new-moon-of-rajab/',
    'Saturday, March. 17, 2018, which is equivalent to 29 day of Jimada Assaniya 1439AH',
    'Saturday',
    '2018-03-17',
    29,
  ],
  [
    '1440-01',
    'https://www.peoplesdailyng.com/sultan-directs-muslims-to-watch-out-for-new-moon/',
    'Tuesday Oct. 9, equivalent to 29th day of Muharram 1440A.H.',
    'Tuesday',
    '2018-10-09',
    29,
  ],
  [
    '1440-04',
    'https://www.vanguardngr.com/2019/01/sultan-urges-muslims-to-search-for-new-moon-of-jimada-ula/',
    "on Jan. 6, which is equivalent to 29 day of Rabi'u Assani 1440AH",
    'Sunday',
    '2019-01-06',
    29,
  ],
  [
    '1440-06',
    'https://www.today.ng/news/nigeria/sultan-urges-muslims-watch-moon-rajab-200603',
    'Thursday March 7, equivalent to 29th day of Jumada al-Thani 1440AH',
    'Thursday',
    '2019-03-07',
    29,
  ],
  [
    '1440-07',
    'http://dailypost.ng/2019/04/04/ramadan-sultan-sokoto-tells-muslims-look-new-moon-shaaban/',
    'Friday, April 5, which is equivalent to 29 day of Rajab 1440A.H.',
    'Friday',
    '2019-04-05',
    29,
  ],
  [
    '1440-08',
    'https://www.sunnewsonline.com/look-out-for-new-moon-of-shaaban-sultan-urges-muslims/',
    "Sunday, May 5, which is equivalent to 29Tth day of Sha'aban 1440A.H.",
    'Sunday',
    '2019-05-05',
    29,
  ],
  [
    '1440-12',
    'https://www.thisdaylive.com/index.php/2019/08/30/new-year-sultan-directs-muslims-to-look-for-new-moon/',
    'Friday, August 30, 2019 which is equivalent to 29th day of Zulhijja 1440AH',
    'Friday',
    '2019-08-30',
    29,
  ],
  [
    '1441-02',
    'https://leadership.ng/2019/10/28/look-out-for-rabial-awwal-sultan-tells-muslims-sultan-calls-on-muslims/',
    'today, October 28, 2019 which is equivalent to 29th day of Safar 1441AH',
    'Monday',
    '2019-10-28',
    29,
  ],
  [
    '1441-07',
    'https://newsdiaryonline.com/shaaban-1441ah-sultan-asks-muslims-to-look-for-new-moon/',
    'Tuesday, March 24, which is equivalent to 29th day of Rajab 1441AH',
    'Tuesday',
    '2020-03-24',
    29,
  ],
  [
    '1441-08',
    'https://www.sunnewsonline.com/ramadan-sultan-directs-muslims-to-look-out-for-crescent-moon-from-tomorrow/',
    "Thursday, April 23, which is equivalent to the 29th day of Sha'aban 1441 AH",
    'Thursday',
    '2020-04-23',
    29,
  ],
  [
    '1441-11',
    'https://thenationonlineng.net/look-out-for-new-moon-of-dhul-hijjah-sultan-tells-muslims/',
    'as from today (July 21), the equivalent of 29th day of Dhul Qadah 1441 AH',
    'Tuesday',
    '2020-07-21',
    29,
  ],
  [
    '1442-02',
    'https://leadership.ng/2020/10/17/new-moon-sultan-directs-muslim-to-look-for-rabial-awwal-1442ah/',
    'Saturday, Oct. 17, which is equivalent to 29th day of Safar 1442AH',
    'Saturday',
    '2020-10-17',
    29,
  ],
  [
    '1442-05',
    'https://www.vanguardngr.com/2021/01/sultan-directs-muslims-to-look-out-for-new-month-moon/',
    'Wednesday, Jan. 13, which is equivalent to 29th day of Jumada al-awwal 1442AH',
    'Wednesday',
    '2021-01-13',
    29,
  ],
  [
    '1442-07',
    'https://www.pmnewsnigeria.com/2021/03/12/sultan-urges-muslim-to-look-out-for-new-moon/',
    'Saturday, March 13, which is equivalent to 29th day of Rajab 1442AH',
    'Saturday',
    '2021-03-13',
    29,
  ],
  [
    '1443-05',
    'http://saharareporters.com/2022/01/02/look-out-new-moon-january-3-sultan-sokoto-tells-muslim-faithful',
    'Monday, Jan. 3, 2022, which is equivalent to the 29th day of Jumada al-Awwal 1443AH',
    'Monday',
    '2022-01-03',
    29,
  ],
  // Hausa: "Alhamis" is Thursday, "3 ga watan Maris, 2022" the 3rd of March 2022.
  [
    '1443-07',
    'https://timesnigeria.ng/za-a-iya-fara-azumin-ramadhan-na-bana-ranar-asabar-2-ga-april-2022',
    'ranar Alhamis, 3 ga watan Maris, 2022 wadda tai dai-dai da 29 ga watan Rajab, 1443',
    'Thursday',
    '2022-03-03',
    29,
  ],
  // Hausa: "Laraba" is Wednesday; the report names no date, and the Wednesday is the eve of 1 Dhu al-Hijjah 1443 (Thursday 30 June 2022).
  [
    '1443-11',
    'https://aminiya.ng/a-soma-laluben-watan-dhul-hijjah-daga-ranar-laraba-sarkin-musulmi/',
    'Laraba ita ce 29 ga watan Dhul-Qidah 1443 Bayan Hijirah',
    'Wednesday',
    '2022-06-29',
    29,
  ],
  [
    '1444-07',
    'https://dailytrust.com/look-out-for-new-moon-of-shaaban-sultan/',
    'Monday, February 20, 2023, which is equivalent to the 29th day of Rajab 1444 AH',
    'Monday',
    '2023-02-20',
    29,
  ],
  // The 29th and the date are two sentences of the statement; the page names no year (1445 AH is 2023).
  [
    '1445-05',
    'https://thenationonlineng.net/look-out-for-new-moon-says-sultanate/',
    'the equivalent of 29th day of Jumadal Awwal 1445 AH',
    'Wednesday',
    '2023-12-13',
    29,
  ],
  [
    '1445-06',
    'https://dailypost.ng/2024/01/11/sultan-directs-muslims-to-observe-new-moon-of-rajab-on-friday/',
    'Friday, Jan. 12, equivalent to the 29th day of Jumada-Assani 1445 AH',
    'Friday',
    '2024-01-12',
    29,
  ],
  [
    '1445-11',
    'https://www.pulse.ng/news/local/sultan-directs-muslims-to-look-for-crescent-of-dhul-hijjah-from-thursday/l9s0c4l',
    'Thursday, June 6, which is equivalent to the 29th day of Dhul-Qadah 1445 AH',
    'Thursday',
    '2024-06-06',
    29,
  ],
  [
    '1446-03',
    'https://nta.ng/2024/10/03/islamic-month-of-rabiu-assani/',
    "Wednesday 2nd October, 2024 equivalent to 29th Rabi'u Awwal 1446AH",
    'Wednesday',
    '2024-10-02',
    29,
  ],
  [
    '1446-05',
    'https://africa247live.com/2024/12/03/new-moon-sultan-of-sokoto-declares-tuesday-the-3rd-of-december-as-the-first-day-of-jumada-athani-1446ah-islamic-calendar/',
    'Sunday the 29th of Jumada Ula 1446AH, equivalent to 1st December 2024',
    'Sunday',
    '2024-12-01',
    29,
  ],
  // Hausa: "Asabar" is Saturday.
  [
    '1447-06',
    'https://nishadiradio.blogspot.com/2025/12/fadar-mai-alfarma-sarkin-musulmi-ta.html',
    'ranar da aka kayyade ta yi daidai da 29 ga watan Jumada Assaniya 1447AH',
    'Saturday',
    '2025-12-20',
    29,
  ],
  // The 30th, in the declaration of the month after (read in the publisher's RSS feed, its source row says where).
  [
    '1448-01',
    'https://www.annahda.com.ng/2026/07/sultan-declares-thursday-as-first-day.html',
    'Wednesday, July 15, was declared the 30th and final day of Muharram 1448AH',
    'Wednesday',
    '2026-07-15',
    30,
  ],
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const minus = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe("Nigeria's months fixed by the Sultanate's statement of a day (data/calendar-nigeria.csv)", () => {
  it('hold exactly the stated days of the reports, each with its address and words', () => {
    expect(calendar.filter((m) => m.calBasis === 'stated-day').map((m) => m.calMonth)).toEqual(REPORTS.map(([month]) => month));
    for (const [month, url, words, weekday, day, nth] of REPORTS) {
      const row = calendar.find((m) => m.calMonth === month)!;
      expect(row.calStatedDay, month).toBe(`${day}=${nth}`);
      expect(WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()], month).toBe(weekday);
      expect(row.calFirstDay, month).toBe(minus(day, nth - 1));
      const source = sources.get(row.calSource!)!;
      expect(source.srcURL, month).toBe(url);
      expect(source.srcFigure, month).toBe('declaration');
      expect(source.srcDescription!.replaceAll('\u2019', "'"), month).toContain(words);
    }
  });

  it('leave every other month a declared first day without a stated day', () => {
    for (const m of calendar.filter((m) => m.calBasis !== 'stated-day')) {
      expect(m.calBasis, m.calMonth).toBe('declared-first-day');
      expect(m.calStatedDay, m.calMonth).toBe('');
    }
  });
});
