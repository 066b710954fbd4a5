// `calendar add MONTH FIRST-DAY --source URL` (docs/calendar.md, issue 33): the
// operator's monthly step. Each refusal leaves both files byte for byte as they
// were; an added month and its source import as the data directory does.
import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDeclaredMonth, type AddMonthOptions } from '../../generator/db/calendar-files.ts';
import { importNigeriaCalendar } from '../../generator/db/import-calendar.ts';
import { importSources } from '../../generator/db/import-sources.ts';
import { calendar } from '../../generator/site/i18n/en.ts';
import { cliWith } from '../support/cli.ts';
import { useScratch, userError } from '../db/scratch.ts';

const scratch = useScratch();
const SOURCES =
  'srcID,srcName,srcURL,srcLicence,srcDescription,srcFigure\n' +
  'nigeria-moon-1446-08,Daily Trust,https://dailytrust.com/a,none stated,a report,declaration\n' +
  'nigeria-moon-1446-09,Premium Times,https://www.premiumtimesng.com/b,none stated,a report,declaration\n' +
  'cbn-nfem,CBN,https://www.cbn.gov.ng/,none stated,the naira,daily-official\n';
// Sha'ban 1446 began 31 January 2025 and Ramadan 1446 1 March 2025 (data/calendar-nigeria.csv).
const CALENDAR = 'calMonth,calFirstDay,calSource\n1446-08,2025-01-31,nigeria-moon-1446-08\n1446-09,2025-03-01,nigeria-moon-1446-09\n';

async function dataDir() {
  await scratch.write('sources.csv', SOURCES);
  await scratch.write('calendar-nigeria.csv', CALENDAR);
  const files = async () => [
    await readFile(path.join(scratch.dir, 'sources.csv'), 'utf8'),
    await readFile(path.join(scratch.dir, 'calendar-nigeria.csv'), 'utf8'),
  ];
  const add = (month: string, firstDay: string, more: Partial<AddMonthOptions> = {}) =>
    addDeclaredMonth({
      dataDir: scratch.dir,
      month,
      firstDay,
      source: 'https://example.org/report',
      today: '2025-12-01',
      acceptSightingDifference: false,
      names: calendar,
      ...more,
    });
  return { files, add };
}

describe('calendar add', () => {
  it('refuses a month 31 days after its predecessor, or 28, writing nothing', async () => {
    const { files, add } = await dataDir();
    const before = await files();
    // Shawwal 1446 a day after Umm al-Qura's 30 March 2025 is a sighting; 31 days after 1 Ramadan is not a month.
    const error = await userError(add('1446-10', '2025-04-01'));
    expect(error.message).toBe('1446-10 beginning 2025-04-01 not added; nothing was written');
    expect(error.problems).toEqual([
      '1446-09 begins 2025-03-01 and 1446-10 2025-04-01, 31 days apart; expected 29 or 30 days',
      "1446-10 begins 2025-04-01, 2 days after Umm al-Qura's first day (2025-03-30); a sighting moves a month by a day. If the report says Nigeria's month really began so, give --accept-sighting-difference",
    ]);
    // Accepting the sighting difference does not make 31 days a month.
    expect((await userError(add('1446-10', '2025-04-01', { acceptSightingDifference: true }))).problems).toEqual([
      '1446-09 begins 2025-03-01 and 1446-10 2025-04-01, 31 days apart; expected 29 or 30 days',
    ]);
    // Against the month after it too: Rajab 28 days before Sha'ban.
    expect((await userError(add('1446-07', '2025-01-03', { acceptSightingDifference: true }))).problems).toEqual([
      '1446-07 begins 2025-01-03 and 1446-08 2025-01-31, 28 days apart; expected 29 or 30 days',
    ]);
    expect(await files()).toEqual(before);
  });

  it('refuses a month without a source, or with one that is not a URL a reader can open', async () => {
    const { files, add } = await dataDir();
    const before = await files();
    expect((await userError(add('1446-10', '2025-03-30', { source: undefined }))).message).toBe(
      '1446-10 beginning 2025-03-30 not added: give --source URL, the report of the declaration a reader can open; a month without one is never added',
    );
    expect((await userError(add('1446-10', '2025-03-30', { source: 'the Sultan said so' }))).message).toBe(
      '--source "the Sultan said so" must be an http(s) URL of the report of the declaration',
    );
    expect(await files()).toEqual(before);
  });

  it("refuses a first day more than a day from Umm al-Qura's unless the report's difference is accepted, and one after tomorrow always", async () => {
    const { files, add } = await dataDir();
    const before = await files();
    // Rabi' al-Awwal 1447: 24 August 2025 in Umm al-Qura (Nigeria declared the 25th); 179 days after 1 Ramadan 1446 fits six months.
    expect((await userError(add('1447-03', '2025-08-27'))).problems).toEqual([
      "1447-03 begins 2025-08-27, 3 days after Umm al-Qura's first day (2025-08-24); a sighting moves a month by a day. If the report says Nigeria's month really began so, give --accept-sighting-difference",
    ]);
    expect((await userError(add('1447-03', '2025-08-25', { today: '2025-08-23', acceptSightingDifference: true }))).problems).toEqual([
      '1447-03 begins 2025-08-25, after tomorrow (today is 2025-08-23); a month is declared on the evening before its first day, not earlier',
    ]);
    expect(await files()).toEqual(before);
    // Declared on the evening of the 24th for the 25th: tomorrow is allowed.
    await add('1447-03', '2025-08-25', { today: '2025-08-24' });
    expect((await files())[1]).toBe(`${CALENDAR}1447-03,2025-08-25,nigeria-moon-1447-03\n`);
  });

  it('refuses a month already there, and a first day another month has', async () => {
    const { files, add } = await dataDir();
    const before = await files();
    expect((await userError(add('1446-09', '2025-03-02'))).problems).toContain(
      `1446-09 is already in ${path.join(scratch.dir, 'calendar-nigeria.csv')}, beginning 2025-03-01 (nigeria-moon-1446-09); correct that line by hand if the report says otherwise`,
    );
    expect((await userError(add('1446-10', '2025-03-01'))).problems).toContain('2025-03-01 is already the first day of 1446-09');
    expect(await files()).toEqual(before);
  });

  it('writes the month in its place and its source beside the others, and both import', async () => {
    const { files, add } = await dataDir();
    const added = await add('1446-10', '2025-03-30', {
      source: 'https://www.premiumtimesng.com/news/sallah',
      title: 'Premium Times, 2025-03-29: the Sultan of Sokoto declares 1 Shawwal 1446 AH',
    });
    expect(added).toMatchObject({ sourceId: 'nigeria-moon-1446-10', ummAlQura: '2025-03-30' });
    const [sources, calendar] = await files();
    expect(calendar).toBe(`${CALENDAR}1446-10,2025-03-30,nigeria-moon-1446-10\n`);
    const lines = sources!.split('\n');
    expect(lines.slice(0, 3).join('\n') + '\n').toBe(SOURCES.split('\n').slice(0, 3).join('\n') + '\n');
    expect(lines[3]).toBe(
      'nigeria-moon-1446-10,"Premium Times, 2025-03-29: the Sultan of Sokoto declares 1 Shawwal 1446 AH",https://www.premiumtimesng.com/news/sallah,' +
        '"No licence stated; the report belongs to its publisher, cited for the date it reports",' +
        '"A report of the Sultan of Sokoto\'s declaration of a Hijri month (he declares each month, as President-General of the Nigeria Supreme Council for Islamic Affairs, ' +
        'on the reports of the moon-sighting committees): Sunday 30 March 2025 as 1 Shawwal 1446 AH. Cited for the first day of the month in GET /calendars/nigeria; nothing about the month is computed.",declaration',
    );
    expect(lines[4]).toBe('cbn-nfem,CBN,https://www.cbn.gov.ng/,none stated,the naira,daily-official');
    // A month before the first: after the header. Its source, with no nigeria-moon id before it: at the end.
    await add('1446-07', '2025-01-01');
    expect((await files())[1]).toBe(
      `calMonth,calFirstDay,calSource\n1446-07,2025-01-01,nigeria-moon-1446-07\n${CALENDAR.split('\n').slice(1).join('\n')}1446-10,2025-03-30,nigeria-moon-1446-10\n`,
    );
    const db = scratch.database();
    expect(await importSources(db, path.join(scratch.dir, 'sources.csv'))).toMatchObject({ inserted: 5 });
    expect(await importNigeriaCalendar(db, path.join(scratch.dir, 'calendar-nigeria.csv'), { today: '2025-12-01' })).toMatchObject({ inserted: 4 });
  });

  it('is the command the operator types: refusals in one message and exit 1, the clock from NISAB_TODAY', async () => {
    await dataDir();
    const before = await readFile(path.join(scratch.dir, 'calendar-nigeria.csv'), 'utf8');
    const unsourced = await cliWith({ NISAB_TODAY: '2025-04-05' }, ['calendar', 'add', '1446-10', '2025-04-01', '--data', scratch.dir]);
    expect(unsourced.code).toBe(1);
    expect(unsourced.stderr).toBe(
      'error: 1446-10 beginning 2025-04-01 not added: give --source URL, the report of the declaration a reader can open; a month without one is never added\n',
    );
    const late = await cliWith({ NISAB_TODAY: '2025-04-05' }, [
      'calendar',
      'add',
      '1446-10',
      '2025-04-01',
      '--source',
      'https://example.org/r',
      '--data',
      scratch.dir,
    ]);
    expect(late.code).toBe(1);
    expect(late.stderr).toMatch(
      /^error: 1446-10 beginning 2025-04-01 not added; nothing was written\n {2}1446-09 begins 2025-03-01 and 1446-10 2025-04-01, 31 days apart; expected 29 or 30 days\n/,
    );
    expect(await readFile(path.join(scratch.dir, 'calendar-nigeria.csv'), 'utf8')).toBe(before);
    await copyFile(path.join(scratch.dir, 'sources.csv'), path.join(scratch.dir, 'sources.before'));
    const added = await cliWith({ NISAB_TODAY: '2025-03-29' }, [
      'calendar',
      'add',
      '1446-10',
      '2025-03-30',
      '--source',
      'https://example.org/r',
      '--data',
      scratch.dir,
    ]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^added 1446-10 beginning 2025-03-30 \(Umm al-Qura: 2025-03-30\) with source nigeria-moon-1446-10; wrote /);
  }, 120_000); // 3.3 s in a quiet .ci/run; beside 16 busy processes a test takes up to 7 times as long
});
