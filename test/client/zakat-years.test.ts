// Issue 45: the zakat of every year a payer missed, through the typed client
// against the real preview server over the default data (data/), built as of
// 2026-09-29 so the three Ramadans 1445-1447 have rates. Each year's Nisab is the
// one the preview's `/nisab?hijri_date=YYYY-09-01` answers; the figures each test
// expects are worked by hand from data/rates.csv and data/daily/ (85 g × drtInUSD
// × drtUSDinNaira of the newest record on or before the day, rounded to the kobo)
// and checked against those answers first:
//   1 Ramadan 1445 = 2024-03-11: rate of 2024-02-29, 85 × 65.048676 × 1544.581 = ₦8,540,200.67 (silver 595 g: ₦669,454.16)
//   1 Ramadan 1446 = 2025-03-01: rate of 2025-02-28, 85 × 93.067731 × 1492.491 = ₦11,806,733.83 (silver: ₦917,968.60)
//   1 Ramadan 1447 = 2026-02-18: rate of 2026-02-05, 85 × 158.401549 × 1366.0573 = ₦18,392,775.35 (silver: ₦2,169,725.26)
//   1 Ramadan 1426 = 2005-10-05: rate of 2005-09-30, 85 × 14.662284 × 129 = ₦160,771.94; 1 Ramadan 1425 (2004-10-15)
//   comes before the first rate (2005-01-31).
// The rule of the walk, from the texts: al-Mughni 2/534 («يزكي في أول سنة ... ثم في كل سنة بحساب ما بقي»,
// for Malik, al-Shafi'i and Ahmad); Mukhtasar Khalil with al-Dardir («إلا أن ينقص الأخذ النصاب أو الصفة
// فيعتبر»); al-Hidayah («ودين الزكاة مانع حال بقاء النصاب»); the Maliki below the Nisab: the collector takes
// for the years the Nisab was complete (Malik, Ibn al-Qasim); the Shafi'i: the Nisab the whole year.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, zakatForYears, type NisabClient, type YearsInput } from '../../client/src/index.ts';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { defaultSnapshot, type DefaultSnapshot } from '../support/default-snapshot.ts';

const AS_OF = '2026-09-29';
let snapshot: DefaultSnapshot;
let preview: Preview;
let client: NisabClient;

beforeAll(async () => {
  snapshot = await defaultSnapshot(AS_OF);
  preview = await startPreview({ dir: snapshot.out, port: 0 });
  client = createClient({ baseUrl: `${preview.url}/api/v1` });
});
afterAll(async () => {
  await preview?.close();
  await snapshot?.remove();
});

const GOLD = { 1445: 8_540_200.67, 1446: 11_806_733.83, 1447: 18_392_775.35 } as const;
const SILVER = { 1445: 669_454.16, 1446: 917_968.6, 1447: 2_169_725.26 } as const;
const ramadan = (years: number[], holdings: YearsInput['holdings'], school: YearsInput['school'], standard: YearsInput['standard'] = 'gold') =>
  zakatForYears(client, { hawlDay: '09-01', calendar: 'umm-al-qura', years, holdings, school, standard });

describe('the dated Nisab each year is read at', () => {
  it("is the preview's /nisab?hijri_date= for 1 Ramadan, as worked out from the rate records", async () => {
    for (const year of [1445, 1446, 1447] as const) {
      const rules = await client.nisab({ hijri_date: `${year}-09-01` });
      expect(rules.find((r) => r.nsbID === 1)!.nsbValueInNaira, String(year)).toBe(GOLD[year]);
      expect(rules.find((r) => r.nsbID === 3)!.nsbValueInNaira, String(year)).toBe(SILVER[year]);
    }
  }, 60_000);
});

describe('zakatForYears', () => {
  it('Maliki, gold, ₦20,000,000 cash on 1 Ramadan 1445, 1446, 1447: each year’s due comes off the next', async () => {
    // 1445: 2.5 % of 20,000,000 = 500,000. 1446: 20,000,000 − 500,000 = 19,500,000 ≥ 11,806,733.83: 487,500.
    // 1447: 20,000,000 − 987,500 = 19,012,500 ≥ 18,392,775.35: 475,312.50. In all 1,462,812.50.
    const result = await ramadan([1445, 1446, 1447], { cash: 20_000_000 }, 'maliki');
    expect(result.years.map((y) => [y.year, y.nisab?.value, y.money?.takenOff, y.money?.counted, y.money?.due, y.money?.why])).toEqual([
      [1445, GOLD[1445], 0, 20_000_000, 500_000, 'reaches-nisab'],
      [1446, GOLD[1446], 500_000, 19_500_000, 487_500, 'reaches-nisab'],
      [1447, GOLD[1447], 987_500, 19_012_500, 475_312.5, 'reaches-nisab'],
    ]);
    expect(result.totalMoney).toBe(1_462_812.5);
    // The Nisab of the day with its rate's date and the rate record's sources.
    expect(result.years.map((y) => [y.nisab?.rateDate, y.nisab?.priceSource, y.nisab?.nairaSource])).toEqual([
      ['2024-02-29', 'worldbank-pink-sheet', 'imf-ifs-eop'],
      ['2025-02-28', 'worldbank-pink-sheet', 'imf-ifs-eop'],
      ['2026-02-05', 'currency-api', 'cbn-nfem'],
    ]);
    expect(result.positions.unpaid).toMatchObject({ view: 'debt-on-wealth', schools: ['maliki'] });
  }, 60_000);

  it("the Shafi'i and Hanbali take each year off the same way: the same 1,462,812.50", async () => {
    for (const school of ['shafii', 'hanbali'] as const) {
      const result = await ramadan([1445, 1446, 1447], { cash: 20_000_000 }, school);
      expect(result.totalMoney, school).toBe(1_462_812.5);
      expect(result.positions.unpaid?.view, school).toBe('share-of-poor');
    }
  }, 60_000);

  it('falls below the Nisab in the second year because of the first year’s zakat (Maliki, ₦12,000,000)', async () => {
    // 1445: 300,000. 1446: 12,000,000 − 300,000 = 11,700,000 < 11,806,733.83: nothing. 1447: 11,700,000 < 18,392,775.35.
    const result = await ramadan([1445, 1446, 1447], { cash: 12_000_000 }, 'maliki');
    expect(result.years.map((y) => [y.money?.counted, y.money?.due, y.money?.why])).toEqual([
      [12_000_000, 300_000, 'reaches-nisab'],
      [11_700_000, null, 'below-nisab'],
      [11_700_000, null, 'below-nisab'],
    ]);
    expect(result.totalMoney).toBe(300_000);
    // The Hanafi measure by the Nisab more beneficial to the poor (silver), so every year owes:
    // 300,000; 2.5 % of 11,700,000 = 292,500; of 11,407,500 = 285,187.50.
    const hanafi = await ramadan([1445, 1446, 1447], { cash: 12_000_000 }, 'hanafi');
    expect(hanafi.standard).toBe('lower');
    expect(hanafi.years.map((y) => [y.nisab?.value, y.money?.due])).toEqual([
      [SILVER[1445], 300_000],
      [SILVER[1446], 292_500],
      [SILVER[1447], 285_187.5],
    ]);
    expect(hanafi.totalMoney).toBe(877_687.5);
  }, 60_000);

  it('a year below the Nisab: the Maliki charge a later year that reaches it, the Shafi’i start the year again', async () => {
    // Held 20,000,000, then 5,000,000 (below 11,806,733.83), then 20,000,000. Maliki: 500,000; nothing;
    // 2.5 % of 20,000,000 − 500,000 = 487,500. Shafi'i: the Nisab was not held at the start of 1447's year: nothing.
    const holdings = [{ cash: 20_000_000 }, { cash: 5_000_000 }, { cash: 20_000_000 }];
    const maliki = await ramadan([1445, 1446, 1447], holdings, 'maliki');
    expect(maliki.years.map((y) => [y.money?.due, y.money?.why])).toEqual([
      [500_000, 'reaches-nisab'],
      [null, 'below-nisab'],
      [487_500, 'reaches-nisab'],
    ]);
    const shafii = await ramadan([1445, 1446, 1447], holdings, 'shafii');
    expect(shafii.years.map((y) => y.money?.why)).toEqual(['reaches-nisab', 'below-nisab', 'after-below']);
    expect(shafii.totalMoney).toBe(500_000);
  }, 60_000);

  it('a Maliki herder with 45 cattle over two missed years owes a musinnah each year', async () => {
    // Maliki cattle (rule 23): 40 to 59 owe a musinnah. 1445: 45 head, one musinnah; 1446: 45 − 1 = 44, still a musinnah.
    const result = await ramadan([1445, 1446], { herds: { cattle: 45 } }, 'maliki');
    expect(result.years.map((y) => [y.livestock.cattle!.counted, y.livestock.cattle!.due])).toEqual([
      [45, [[{ item: 'musinnah', count: 1 }]]],
      [44, [[{ item: 'musinnah', count: 1 }]]],
    ]);
    expect(result.inKind.map((k) => [k.slug, k.year])).toEqual([
      ['cattle', 1445],
      ['cattle', 1446],
    ]);
    expect(result.totalMoney).toBe(0);
    // The rule it was counted by, for its animals' words: the Maliki cattle, rule 23 (the musinnah a cow, female only, four years old).
    expect(result.herdRules.cattle).toMatchObject({ nsbID: 23, nsbSchools: ['maliki'], nsbThreshold: 30 });
    expect(result.herdRules.cattle!.nsbDueItems).toContainEqual({ item: 'musinnah', words: 'a cow, female only, four years old' });
  }, 60_000);

  it('a year whose hawl day comes before the first rate says so and is not guessed', async () => {
    // 1 Ramadan 1425 is 2004-10-15, before the first rate (2005-01-31): no Nisab. 1426: 1,000,000 ≥ 160,771.94, 25,000,
    // nothing taken off for 1425, whose zakat is not known; the line names it.
    const result = await ramadan([1425, 1426], { cash: 1_000_000 }, 'maliki');
    expect(result.years[0]).toMatchObject({ problem: { kind: 'no-rate' }, nisab: { value: null, rateDate: null }, money: { why: 'no-rate', due: null } });
    expect(result.years[1]!.nisab?.value).toBe(160_771.94);
    expect(result.years[1]!.money).toMatchObject({ counted: 1_000_000, due: 25_000, unknownBefore: [1425] });
    expect(result.totalMoney).toBe(25_000);
  }, 60_000);

  it("Nigeria's calendar: 1 Ramadan 1445 on the day NMCN declared; a month it lacks says so, not Umm al-Qura's", async () => {
    // calendar-nigeria.csv: 1445-09 began 2024-03-11 (the rate of 2024-02-29 again); 1437-09 is not in the data.
    const result = await zakatForYears(client, {
      hawlDay: '09-01',
      calendar: 'nigeria',
      years: [1437, 1445],
      holdings: { cash: 20_000_000 },
      school: 'maliki',
      standard: 'gold',
    });
    expect(result.years[0]!.problem?.kind).toBe('no-calendar');
    expect(result.years[0]!.problem?.message).toContain('nigeria');
    expect(result.years[0]!.money?.due).toBeNull();
    expect(result.years[1]).toMatchObject({ problem: null, nisab: { value: GOLD[1445], rateDate: '2024-02-29' }, money: { due: 500_000 } });
  }, 60_000);

  it("a statement whose only year Nigeria's calendar lacks says so of that year, and owes nothing", async () => {
    // 1437-09 is not in calendar-nigeria.csv (before its first month), nor 1447-05 (Jumada al-Ula 1447, not found:
    // docs/calendar.md), though the data has rates that month: no day, no Nisab, no figure.
    for (const [hawlDay, year] of [
      ['09-01', 1437],
      ['05-01', 1447],
    ] as const) {
      const result = await zakatForYears(client, {
        hawlDay,
        calendar: 'nigeria',
        years: [year],
        holdings: { cash: 20_000_000 },
        school: 'maliki',
        standard: 'gold',
      });
      expect(result.years).toHaveLength(1);
      expect(result.years[0]).toMatchObject({ year, problem: { kind: 'no-calendar' }, nisab: null, money: { due: null } });
      expect(result.totalMoney).toBe(0);
    }
  }, 60_000);

  it('names a bad input: more than 30 years, a hawl day that is not MM-DD, holdings it does not take', async () => {
    const base = { hawlDay: '09-01', calendar: 'umm-al-qura' as const, holdings: { cash: 1 }, school: 'maliki' as const, standard: 'gold' as const };
    await expect(zakatForYears(client, { ...base, years: Array.from({ length: 31 }, (_, i) => 1400 + i) })).rejects.toThrow(
      'years: must list 1 to 30 Hijri years',
    );
    await expect(zakatForYears(client, { ...base, hawlDay: '9-1', years: [1445] })).rejects.toThrow('hawlDay');
    await expect(zakatForYears(client, { ...base, holdings: { goldGrams: 5 } as never, years: [1445] })).rejects.toThrow('holdings[0].goldGrams');
  });
});
