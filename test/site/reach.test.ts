// Where payers already are (docs/API.md §10), on a snapshot of the real default
// data as of 2025-09-21: the calendar feed read by a real iCalendar parser
// (ical.js, Mozilla's) against GET /calendars/nigeria, the text answers' limits
// and alphabet and the Nisab they hold against /nisab, the page's WhatsApp link,
// and /llms.txt against the endpoint table.
// Oracles: the snapshot's own JSON answers, numbers formatted by Intl (not our
// formatter), and dates read by hand from data/calendar-nigeria.csv.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASES, ENDPOINTS } from '../../generator/router/endpoints.ts';
import { PARAMETERS } from '../../generator/router/parameters.ts';
import { paths, TEXT_FORMS } from '../../generator/router/layout.ts';
import type { NigeriaMonth, NisabRule, Source } from '../../generator/model/schemas.ts';
import { DATA_DIR, loadDatabase } from '../../generator/db/default-db.ts';
import { foldLine, renderCalendar } from '../../generator/site/icalendar.ts';
import { toGsm7, withoutMarks } from '../../generator/site/text-answers.ts';
import { LANGUAGES, landingFile } from '../../generator/site/i18n/catalogue.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { fixtureBuild } from '../support/fixture.ts';

const AS_OF = '2025-09-21';
const SITE = 'https://nisab.example.org';
let dir: string;
let out: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-reach-'));
  out = path.join(dir, 'public');
  await loadDatabase(path.join(dir, 'source.sqlite'), DATA_DIR);
  await buildSnapshot(fixtureBuild(path.join(dir, 'source.sqlite'), out, { asOf: AS_OF, siteUrl: SITE }));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const file = (name: string) => readFile(path.join(out, name), 'utf8');
const data = async <T>(name: string) => (JSON.parse(await file(name)) as { data: T }).data;

/** Hand-written, not the catalogue's: the English names of the Hijri months. */
const ENGLISH_MONTHS = [
  'Muharram',
  'Safar',
  "Rabi' al-Awwal",
  "Rabi' al-Thani",
  'Jumada al-Ula',
  'Jumada al-Akhirah',
  'Rajab',
  "Sha'ban",
  'Ramadan',
  'Shawwal',
  "Dhu al-Qi'dah",
  'Dhu al-Hijjah',
];
const ARABIC_MONTHS = ['محرم', 'صفر', 'ربيع الأول', 'ربيع الآخر', 'جمادى الأولى', 'جمادى الآخرة', 'رجب', 'شعبان', 'رمضان', 'شوال', 'ذو القعدة', 'ذو الحجة'];

describe('the calendar feed, v1/calendars/nigeria.ics', () => {
  it('is one all-day event per declared month of /calendars/nigeria, on its first day, as a real parser reads it', async () => {
    const months = await data<NigeriaMonth[]>(paths.calendarNigeria);
    const sources = new Map((await data<Source[]>(paths.sources)).map((s) => [s.srcID, s]));
    const calendar = new ICAL.Component(ICAL.parse(await file(paths.calendarIcs)));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(months.length).toBeGreaterThan(50);
    expect(events.length).toBe(months.length);
    const uids = new Set<string>();
    months.forEach((month, i) => {
      const event = events[i]!;
      const [year, m] = month.calMonth.split('-').map(Number) as [number, number];
      expect(event.startDate.isDate, month.calMonth).toBe(true);
      expect(event.startDate.toString(), month.calMonth).toBe(month.calFirstDay);
      expect(event.endDate.subtractDate(event.startDate).toSeconds(), month.calMonth).toBe(86_400);
      expect(event.summary.startsWith(`1 ${ENGLISH_MONTHS[m - 1]} ${year} AH / `), event.summary).toBe(true);
      expect(event.summary, month.calMonth).toContain(`1 ${ARABIC_MONTHS[m - 1]} ${year}`);
      const source = sources.get(month.calSource)!;
      expect(event.description, month.calMonth).toContain(source.srcName);
      if (source.srcURL) expect(event.description, month.calMonth).toContain(source.srcURL);
      uids.add(event.uid);
    });
    expect(uids.size).toBe(months.length);
    // One month in full, by hand (data/calendar-nigeria.csv: 1447-03 began on 2025-08-25).
    const rabi = events.find((e) => e.startDate.toString() === '2025-08-25')!;
    // The Arabic part opens with an RLM, so its "1" stays with it in a left-to-right calendar app (issue 42).
    // Yorùbá after it opens with an LRM, so its "1" does not join the Arabic run before it.
    expect(rabi.summary).toBe("1 Rabi' al-Awwal 1447 AH / 1 ga Rabi'ul Awwal, 1447 BH / \u200F1 ربيع الأول 1447هـ / \u200E1 Rabi'ul Awwal, 1447 AH");
    expect(rabi.uid).toBe('nigeria-1447-03@nisab-rates');
  });

  it('keeps RFC 5545 framing: CRLF lines of at most 75 octets, folded between characters', async () => {
    const text = await file(paths.calendarIcs);
    expect(text.startsWith('BEGIN:VCALENDAR\r\n') && text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    // Arabic is two octets a letter: a fold never cuts one.
    const long = 'نصاب '.repeat(40);
    const folded = foldLine(`SUMMARY:${long}`);
    for (const line of folded.split('\r\n')) expect(Buffer.from(line).toString('utf8')).not.toContain('\uFFFD');
    const parsed = new ICAL.Component(
      ICAL.parse(
        renderCalendar({
          product: '-//t//t//EN',
          events: [{ uid: 'a', date: '2026-03-20', summary: `${long}; a, b\\c`, description: 'x\ny', stamp: '20260320T000000Z' }],
        }),
      ),
    );
    const event = new ICAL.Event(parsed.getFirstSubcomponent('vevent')!);
    expect([event.summary, event.description]).toEqual([`${long}; a, b\\c`, 'x\ny']);
  });

  it('is byte for byte the same in a second build of the same data', async () => {
    const again = path.join(dir, 'again');
    await buildSnapshot(fixtureBuild(path.join(dir, 'source.sqlite'), again, { asOf: AS_OF, siteUrl: SITE }));
    expect(await readFile(path.join(again, paths.calendarIcs), 'utf8')).toBe(await file(paths.calendarIcs));
  }, 120_000); // 3.5 s in a quiet .ci/run; beside 16 busy processes a test takes up to 7 times as long
});

describe('the text answers, v1/text/', () => {
  const naira = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  it('hold the as-of date, its Nigerian Hijri date and the gold and silver Nisab of /nisab, within their limits', async () => {
    const rules = await data<NisabRule[]>(paths.nisabAll);
    const gold = rules.find((r) => r.nsbSubcategoryID === 1 && r.nsbIsDefault)!;
    const silver = rules.find((r) => r.nsbSubcategoryID === 2 && r.nsbIsDefault)!;
    expect(gold.nsbRateDate).toBe(AS_OF);
    for (const form of TEXT_FORMS) {
      const text = await file(paths.textAnswer(form));
      const body = text.replace(/\n$/, '');
      expect(body, form).not.toContain('\n');
      expect([...body].length, form).toBeLessThanOrEqual(form.startsWith('sms.') ? 160 : 480);
      expect(body, form).toContain(naira(gold.nsbValueInNaira!));
      expect(body, form).toContain(naira(silver.nsbValueInNaira!));
      expect(body, form).toContain(form.endsWith('en') ? SITE + '/' : `${SITE}/${form.slice(-2)}/`);
    }
    // 2025-09-21 is day 28 of Rabi' al-Awwal 1447, declared from 2025-08-25 (data/calendar-nigeria.csv).
    expect(await file(paths.textAnswer('en'))).toContain("21 September 2025 (28 Rabi' al-Awwal 1447 AH, Nigeria)");
    expect(await file(paths.textAnswer('en'))).toContain(`₦${naira(gold.nsbValueInNaira!)}`);
    expect(await file(paths.textAnswer('ha'))).toContain("28 ga Rabi'ul Awwal, 1447 BH");
    expect(await file(paths.textAnswer('ar'))).toContain('28 ربيع الأول 1447');
    expect(await file(paths.textAnswer('yo'))).toContain("21 oṣù Kẹsàn-án, 2025 (28 Rabi'ul Awwal, 1447 AH, Nàìjíríà)");
  });

  it('write the SMS in GSM 03.38 alone: the naira sign as N, no hooked letter, no Yorùbá mark', async () => {
    // A subset of GSM 03.38's default alphabet, written here: what these messages may use.
    const gsm = /^[A-Za-z0-9 .,:;'()/+\-@!?"&%]*$/;
    const sms = TEXT_FORMS.filter((form) => form.startsWith('sms.'));
    expect(sms).toEqual(['sms.en', 'sms.ha', 'sms.yo']);
    for (const form of sms) {
      const body = (await file(paths.textAnswer(form))).replace(/\n$/, '');
      expect(body, form).toMatch(gsm);
      expect(body, form).toMatch(/ N[0-9]/);
    }
    expect(toGsm7('Ƙarin ɗan ɓera, ƴaƴa: ₦5')).toBe("K'arin d'an b'era, 'ya'ya: N5");
    // Yorùbá's dots below and tones, precomposed or not, and the n with a tone: all dropped (docs/API.md §10).
    expect(withoutMarks('Ṣàkà ẹ̀ṣọ́ ọ̀rọ̀ ń Ẹ̀gbá, Kẹsàn-án: ₦5')).toBe('Saka eso oro n Egba, Kesan-an: N5');
    expect(withoutMarks('e\u0323\u0300 o\u0323 s\u0323')).toBe('e o s');
    // The Yorùbá SMS of 2025-09-21, written by hand from the message's words without their marks.
    const yo = (await file(paths.textAnswer('sms.yo'))).replace(/\n$/, '');
    expect(yo.startsWith("Nisab saka 21 osu Kesan-an, 2025 (28 Rabi'ul Awwal, 1447 AH, Naijiria), iye ti 21/9: wura N"), yo).toBe(true);
  });

  it('are shared by the page of each language through a wa.me link, with no script of WhatsApp', async () => {
    for (const lang of LANGUAGES) {
      const page = landingFile(lang);
      const html = await file(page);
      const href = /id="share-whatsapp" href="([^"]+)"/.exec(html)![1]!.replace(/&#39;/g, "'").replace(/&amp;/g, '&');
      expect(href.startsWith('https://wa.me/?text='), lang).toBe(true);
      expect(decodeURIComponent(href.slice('https://wa.me/?text='.length)), lang).toBe((await file(paths.textAnswer(lang))).trimEnd());
      expect(html, lang).not.toMatch(/<script[^>]+whatsapp/i);
      expect(html, lang).toContain(`href="/${paths.calendarIcs}"`);
    }
  });
});

describe('/llms.txt', () => {
  it('names every endpoint of the endpoint table, under the first base, and the OpenAPI address', async () => {
    const text = await file('llms.txt');
    expect(text.startsWith('# ')).toBe(true);
    for (const endpoint of ENDPOINTS) expect(text, endpoint.path).toContain(`GET ${BASES[0]}${endpoint.path}](${BASES[0]}${endpoint.path})`);
    for (const name of Object.keys(PARAMETERS)) expect(text, name).toContain(`\`${name}\``);
    expect(text).toContain('/openapi.json');
    expect(text).toContain(`/${paths.calendarIcs}`);
    // The unit, where a copier reads (issue 44: one of dailynisab.org's clients read drtInUSD per troy ounce).
    expect(text).toContain('drtInUSD is US dollars per gram (drtUnit); a troy ounce is 31.1034768 g');
    expect(await file('developers/index.html')).toContain('drtInUSD is US dollars per gram (drtUnit); a troy ounce is 31.1034768 g.');
    // The OpenAPI document it names is the snapshot's own, and lists the same endpoints.
    const openapi = JSON.parse(await file('openapi.json')) as { paths: Record<string, unknown> };
    for (const endpoint of ENDPOINTS) expect(Object.keys(openapi.paths), endpoint.path).toContain(endpoint.path);
  });
});
