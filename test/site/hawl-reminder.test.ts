// The hawl lookup's reminder in real Chromium (docs/API.md §10), over a snapshot
// of the real default data: "Add to my calendar" downloads an .ics that a real
// iCalendar parser (ical.js) reads as an all-day event on the day the lookup
// showed. By Umm al-Qura it comes back on the same Hijri day of later years
// (checked against Node's own ICU Umm al-Qura calendar, not our table); by
// Nigeria's declared month it is for that day alone; where Nigeria's month is
// not declared yet the page says so and offers Umm al-Qura's day.
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useDefaultPage } from '../support/default-page.ts';

const site = useDefaultPage();

/** A Gregorian day as ICU's Umm al-Qura calendar writes it: "1448-09-01". */
function icuUmmAlQura(date: string): string {
  const parts = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura', { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' }).formatToParts(
    new Date(`${date}T00:00:00Z`),
  );
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return `${part('year')}-${String(part('month')).padStart(2, '0')}-${String(part('day')).padStart(2, '0')}`;
}

async function lookUp(day: number, month: number, year: number): Promise<{ page: Page; problems: string[] }> {
  const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(`${site.preview.url}/`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  await page.fill('#hawl-hijri input[name=day]', String(day));
  await page.selectOption('#hawl-hijri select[name=month]', String(month));
  await page.fill('#hawl-hijri input[name=year]', String(year));
  await page.click('#hawl-hijri button');
  await page.waitForSelector('#hawl-result[data-answered="true"]', { timeout: 30_000 });
  return { page, problems };
}

/** Clicks a reminder and parses what it downloads. */
async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid="${testId}"]`)]);
  const text = await readFile((await file.path())!, 'utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const component = events[0]!;
  const event = new ICAL.Event(component);
  const also = component.getAllProperties('rdate').flatMap((p) => p.getValues().map((v) => (v as ICAL.Time).toString()));
  return { name: file.suggestedFilename(), text, event, also };
}

describe("the hawl lookup's reminder in Chromium", () => {
  it("is yearly by Umm al-Qura and says so where Nigeria's month is not declared (1 Ramadan 1448)", async () => {
    const { page, problems } = await lookUp(1, 9, 1448);
    const shown = await page.getAttribute('tr[data-calendar="umm-al-qura"] [data-testid="hawl-date"]', 'data-date');
    expect(shown).toBe('2027-02-08');
    expect(icuUmmAlQura(shown!)).toBe('1448-09-01');
    // Nigeria's 1448-09 is not in the data: no reminder of Nigeria's, its reason, and Umm al-Qura's day instead.
    expect(await page.locator('[data-testid="hawl-reminder-nigeria"]').count()).toBe(0);
    expect(await page.locator('[data-testid="hawl-reminder-why"]').textContent()).toContain('not in the data');
    expect(await page.locator('[data-testid="hawl-reminder-umm-al-qura"]').textContent()).toBe("Add Umm al-Qura's day to my calendar instead");

    const { name, text, event, also } = await download(page, 'hawl-reminder-umm-al-qura');
    expect(name).toBe('hawl-umm-al-qura-1448-09-01.ics');
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe(shown);
    expect(event.summary).toContain('1 Ramadan 1448 AH');
    // Each later year: 1 Ramadan of that year, by ICU's Umm al-Qura.
    expect(also).toHaveLength(20);
    expect(also.map(icuUmmAlQura)).toEqual(also.map((_, i) => `${1449 + i}-09-01`));
    expect(problems).toEqual([]);
    await page.close();
  });

  it("is for the declared day alone by Nigeria's calendar (1 Muharram 1443, declared for 10 August 2021)", async () => {
    const { page, problems } = await lookUp(1, 1, 1443);
    const shown = await page.getAttribute('tr[data-calendar="nigeria"] [data-testid="hawl-date"]', 'data-date');
    expect(shown).toBe('2021-08-10');
    const { event, also } = await download(page, 'hawl-reminder-nigeria');
    expect(event.startDate.toString()).toBe('2021-08-10');
    expect(event.endDate.toString()).toBe('2021-08-11');
    expect(also).toEqual([]);
    expect(event.description).toContain('this year only');
    // Umm al-Qura's day of the same lookup is offered too, yearly.
    const umm = await download(page, 'hawl-reminder-umm-al-qura');
    expect(umm.event.startDate.toString()).toBe(await page.getAttribute('tr[data-calendar="umm-al-qura"] [data-testid="hawl-date"]', 'data-date'));
    expect(umm.also.length).toBe(20);
    expect(problems).toEqual([]);
    await page.close();
  });
});
