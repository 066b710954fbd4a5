// The calculator per school (issue 20), on the rules of data/nisab.json valued
// at one published rate record of the default data: gold and silver of
// 2025-09-21 (data/daily/2025-09.csv). Every expected figure is worked out here
// by hand from the record's two numbers with plain arithmetic and from the
// classical positions (al-Ma'unah and al-Risala for the Maliki, al-Hidayah for
// Abu Hanifah, al-Nawawi's school for the Shafi'i), not from the calculator.
import { describe, expect, it } from 'vitest';
import { zakatDue, type Holdings, type School, type Standard } from '../../client/src/zakat.ts';
import { formats } from '../../generator/site/i18n/format.ts';
import { calendar as enCalendar } from '../../generator/site/i18n/en.ts';
import { result as enResult } from '../../generator/site/i18n/result-en.ts';
import { wordResult } from '../../generator/site/page/result-words.ts';
import { publishedOn } from '../support/published-rules.ts';

// The published records of 2025-09-21: drtInUSD and drtUSDinNaira.
const GOLD_USD = 118.477038;
const SILVER_USD = 1.385376;
const NAIRA = 1487.8962;
const GOLD_GRAM = GOLD_USD * NAIRA; // ₦176,281.53 a gram
const SILVER_GRAM = SILVER_USD * NAIRA; // ₦2,061.30 a gram
const GOLD_NISAB = 85 * GOLD_GRAM; // ₦14,983,930.44
const SILVER_NISAB = 595 * SILVER_GRAM; // ₦1,226,470.93

const published = publishedOn('2025-09-21');
const { rules, records } = published;
expect(records.map((r) => [r.drtSubcategoryID, r.drtInUSD, r.drtUSDinNaira])).toEqual([
  [1, GOLD_USD, NAIRA],
  [2, SILVER_USD, NAIRA],
]);
const rule = (id: number) => rules.find((r) => r.nsbID === id)!;

const due = (holdings: Holdings, school: School, standard: Standard = 'gold', herds: Record<string, number> = {}) =>
  zakatDue(published, holdings, standard, school, herds);
const round2 = (n: number) => Math.round(n * 100) / 100;
const en = formats(enCalendar);
/** The English words of a result, without the isolates that keep figures in order in Arabic. */
const words = (result: ReturnType<typeof due>) => {
  const worded = wordResult(result, enResult, { money: (n) => en.money(n, 'NGN'), number: en.number });
  const strip = (text: string) => text.replace(/[\u2068\u2069]/g, '');
  return worded.lines.map((line) => ({ what: strip(line.what), due: strip(line.due), why: strip(line.why.join(' ')) }));
};

describe("the issue's two checks", () => {
  it('a Maliki payer with ₦10,000,000 cash and 50 g of gold owes 2.5 % of the whole (by parts: 50/85 + 10,000,000/14,983,930.44 ≥ 1)', () => {
    expect(50 / 85 + 10_000_000 / GOLD_NISAB).toBeGreaterThan(1);
    const result = due({ cash: 10_000_000, goldGrams: 50 }, 'maliki');
    // 2.5 % of 10,000,000 + 2.5 % of 50 g at ₦176,281.53 = 250,000 + 220,351.91
    expect(result.totalMoney).toBeCloseTo(0.025 * (10_000_000 + 50 * GOLD_GRAM), 1);
    expect(result.totalMoney).toBeCloseTo(470_351.91, 1);
    expect(result.combination).toMatchObject({ method: 'parts', reaches: true });
    // The Shafi'i school does not count gold with money: each below its own Nisab.
    expect(due({ cash: 10_000_000, goldGrams: 50 }, 'shafii').totalMoney).toBe(0);
  });

  it("50 g of gold and 300 g of silver owe 2.5 % of both for a Maliki (50/85 + 300/595 ≥ 1) and nothing for a Shafi'i", () => {
    expect(50 / 85 + 300 / 595).toBeGreaterThan(1);
    const maliki = due({ goldGrams: 50, silverGrams: 300 }, 'maliki');
    expect(maliki.totalMoney).toBeCloseTo(0.025 * 50 * GOLD_GRAM + 0.025 * 300 * SILVER_GRAM, 1);
    expect(words(maliki).map((l) => [l.what, l.due.replace(/, ₦.*/, '')])).toEqual([
      ['Gold', '1.25 g (2.5%)'],
      ['Silver', '7.5 g (2.5%)'],
    ]);
    expect(words(maliki)[0]!.why).toMatch(/by parts/);
    const shafii = due({ goldGrams: 50, silverGrams: 300 }, 'shafii');
    expect(shafii.totalMoney).toBe(0);
    expect(shafii.combination).toMatchObject({ method: 'none', reaches: false });
  });
});

describe('combined holdings just above and just below the Nisab', () => {
  it('by parts (Maliki, Hanbali): 42.5 g gold + 297.5 g silver is exactly one Nisab; 297 g is short', () => {
    for (const school of ['maliki', 'hanbali'] as const) {
      expect(due({ goldGrams: 42.5, silverGrams: 297.5 }, school).totalMoney, school).toBeCloseTo(0.025 * (42.5 * GOLD_GRAM + 297.5 * SILVER_GRAM), 1);
      expect(due({ goldGrams: 42.5, silverGrams: 297 }, school).totalMoney, school).toBe(0);
    }
  });

  it('by value (Abu Hanifah): 300 g silver and cash worth ₦1 more than the silver Nisab is due; ₦1 less is not', () => {
    const silver = round2(300 * SILVER_GRAM); // ₦618,389.02
    const above = Math.ceil(SILVER_NISAB - silver) + 1;
    const below = Math.floor(SILVER_NISAB - silver) - 1;
    expect(due({ silverGrams: 300, cash: above }, 'hanafi', 'silver').totalMoney).toBeCloseTo(0.025 * (above + 300 * SILVER_GRAM), 1);
    expect(due({ silverGrams: 300, cash: below }, 'hanafi', 'silver').totalMoney).toBe(0);
    // By parts the same holdings fall short: 300/595 + below/1,226,470.93 < 1 only when below < about 608,000.
    expect(300 / 595 + below / SILVER_NISAB).toBeLessThan(1);
    expect(due({ silverGrams: 300, cash: below }, 'maliki', 'silver').totalMoney).toBe(0);
  });

  it("by value, Abu Hanifah measures against the Nisab more beneficial to the poor whatever the standard chosen: 50 g gold and 300 g silver (₦9.43 m) are below gold's ₦14.98 m but above silver's", () => {
    expect(50 * GOLD_GRAM + 300 * SILVER_GRAM).toBeLessThan(GOLD_NISAB);
    expect(50 * GOLD_GRAM + 300 * SILVER_GRAM).toBeGreaterThan(SILVER_NISAB);
    for (const standard of ['gold', 'silver', 'lower'] as const) {
      const result = due({ goldGrams: 50, silverGrams: 300 }, 'hanafi', standard);
      expect(result.totalMoney, standard).toBeCloseTo(0.025 * (50 * GOLD_GRAM + 300 * SILVER_GRAM), 1);
      expect(result.standard, standard).toMatchObject({ applied: 'lower', chosenBy: 'school' });
    }
    // The Maliki count by parts on the payer's standard: 50/85 + 300/595 ≥ 1 either way.
    expect(due({ goldGrams: 50, silverGrams: 300 }, 'maliki', 'gold').standard).toMatchObject({ applied: 'gold', chosenBy: 'payer' });
  });
});

describe('worn jewellery, per school', () => {
  it("100 g of worn gold owes nothing for a Maliki, Shafi'i or Hanbali, and 2.5 g for a Hanafi", () => {
    for (const school of ['maliki', 'shafii', 'hanbali'] as const) {
      const result = due({ wornGoldGrams: 100 }, school);
      expect(result.totalMoney, school).toBe(0);
      expect(result.lines[0]!.due, school).toEqual({ kind: 'exempt' });
      expect(words(result)[0]!.due, school).toBe('nothing: exempt');
    }
    expect(due({ wornGoldGrams: 100 }, 'hanafi').totalMoney).toBeCloseTo(2.5 * GOLD_GRAM, 1); // ₦440,703.83
  });

  it('worn jewellery is kept apart from other gold: 60 g held + 40 g worn is below 85 g for a Maliki', () => {
    expect(due({ goldGrams: 60, wornGoldGrams: 40 }, 'maliki').totalMoney).toBe(0);
    expect(due({ goldGrams: 60, wornGoldGrams: 40 }, 'hanafi').totalMoney).toBeCloseTo(0.025 * 100 * GOLD_GRAM, 1);
  });
});

describe('a Maliki trader', () => {
  it('a muhtakir owes nothing in the years his ₦20,000,000 of goods are unsold, and 2.5 % once, for one year, when he sells', () => {
    const years = [
      due({ tradeGoods: 20_000_000, trader: 'muhtakir' }, 'maliki'),
      due({ tradeGoods: 20_000_000, trader: 'muhtakir' }, 'maliki'),
      due({ tradeGoods: 20_000_000, trader: 'muhtakir', tradeGoodsSold: true }, 'maliki'),
    ].map((r) => r.totalMoney);
    expect(years).toEqual([0, 0, 500_000]);
    // A mudir values the same stock every year: three years, three times.
    const mudir = [1, 2, 3].map(() => due({ tradeGoods: 20_000_000, trader: 'mudir' }, 'maliki').totalMoney);
    expect(mudir).toEqual([500_000, 500_000, 500_000]);
  });
});

describe('crops', () => {
  it('Hanafi (Abu Hanifah): any harvest owes a tenth (rain-fed) or a twentieth (irrigated); Maliki: 600 kg is below 653 kg', () => {
    const crop = (kg: number, watering: 'rain-fed' | 'irrigated', school: School) => words(due({ cropsKg: kg, watering }, school))[0]!;
    // Beside the kilos, Kano's measure: 653 kg are 300 kwano (its Shari'a Commission), a kwano 4 mudd: 60 kg × 300 / 653 = 27.57 kwano.
    expect(crop(600, 'rain-fed', 'hanafi').due).toBe('60 kg of the harvest (27.57 kwano, 110.26 mudd; 10%)');
    expect(crop(1, 'irrigated', 'hanafi').due).toBe('0.05 kg of the harvest (0.02 kwano, 0.09 mudd; 5%)');
    expect(crop(600, 'rain-fed', 'maliki')).toMatchObject({ due: 'nothing', why: 'Below the Nisab (653 kg).' });
    expect(crop(700, 'rain-fed', 'maliki').due).toBe('70 kg of the harvest (32.16 kwano, 128.64 mudd; 10%)');
  });
});

describe("the legal thresholds in silver, at the record's silver rate", () => {
  it("values three dirhams (8.925 g), ten dirhams (29.75 g), the silver diyyah and a woman's by hand", () => {
    const silver = (g: number) => round2(g * SILVER_GRAM);
    expect(rule(32).nsbValueInNaira).toBeCloseTo(silver(8.925), 2); // Maliki dowry: ₦18,397.07
    expect(rule(34).nsbValueInNaira).toBe(rule(32).nsbValueInNaira); // theft, Maliki and Hanbali
    expect(rule(33).nsbValueInNaira).toBeCloseTo(silver(29.75), 2); // Hanafi dowry
    expect(rule(36).nsbValueInNaira).toBeCloseTo(silver(12_000 * 2.975), 2); // 12,000 dirhams
    expect(rule(37).nsbValueInNaira).toBeCloseTo(silver(10_000 * 2.975), 2); // 10,000 dirhams
    expect(rule(39).nsbValueInNaira).toBeCloseTo(silver(6_000 * 2.975), 2); // a woman's: half of 12,000
    expect(rule(38).nsbValueInNaira).toBeCloseTo(round2(500 * 4.25 * GOLD_GRAM), 2); // a woman's: 500 dinars
    // Three dirhams are far below a quarter dinar at today's prices (about 10 times).
    expect(rule(28).nsbValueInNaira! / rule(32).nsbValueInNaira!).toBeGreaterThan(9);
    for (const id of [32, 33, 34, 35, 36, 37, 38, 39, 40]) {
      expect(rule(id), `rule ${id}`).toMatchObject({ nsbRateKind: 'none', nsbRatePercent: null });
      expect(rule(id).nsbSourceURL, `rule ${id}`).toMatch(/^https?:\/\//);
    }
  });
});

describe('livestock and zakat al-fitr in plain words', () => {
  it("names the Maliki tabi' a two-year-old calf and the majority's a one-year-old", () => {
    const herd = (school: School, cattle: number) => words(due({}, school, 'gold', { cattle }))[0]!.due;
    expect(herd('maliki', 35)).toBe("1 tabi' (a calf, male or female, two years old)");
    expect(herd('hanafi', 35)).toBe("1 tabi' (a calf, male or female, one year old)");
    expect(herd('maliki', 45)).toBe('1 musinnah (a cow, female only, four years old)');
  });

  it("gives one sa' a person for the Maliki and half a sa' of wheat (1.625 kg) or a sa' of dates (3.25 kg) for the Hanafi", () => {
    expect(words(due({ persons: 5 }, 'maliki'))[0]!.due).toBe("5 sa' of food (5 kwano, 20 mudd)");
    expect(words(due({ persons: 5 }, 'hanafi'))[0]!.due).toBe('8.125 kg of wheat, flour or raisins, or 16.25 kg of dates or barley');
    expect(due({ persons: 5 }, 'maliki').totalMoney).toBe(0);
  });
});
