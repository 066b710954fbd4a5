// The calculator per school (issue 20), on the rules of data/nisab.json valued
// at one published rate record of the default data: gold and silver of
// 2025-09-21 (data/daily/2025-09.csv). Every expected figure is worked out here
// by hand from the record's two numbers with plain arithmetic and from the
// classical positions (al-Ma'unah and al-Risala for the Maliki, al-Hidayah for
// Abu Hanifah, al-Nawawi's school for the Shafi'i), not from the calculator.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zakatDue, type Holdings, type Published, type School, type Standard } from '../../client/src/zakat.ts';
import { valueRule } from '../../generator/core/nisab-value.ts';
import { NisabRuleInput, type Rate, type Subcategory } from '../../generator/core/schemas.ts';

const read = (file: string) => readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8');

// The published records of 2025-09-21: drtInUSD and drtUSDinNaira.
const GOLD_USD = 118.477038;
const SILVER_USD = 1.385376;
const NAIRA = 1487.8962;
const GOLD_GRAM = GOLD_USD * NAIRA; // ₦176,281.53 a gram
const SILVER_GRAM = SILVER_USD * NAIRA; // ₦2,061.30 a gram
const GOLD_NISAB = 85 * GOLD_GRAM; // ₦14,983,930.44
const SILVER_NISAB = 595 * SILVER_GRAM; // ₦1,226,470.93

const subcategories: Subcategory[] = read('subcategories.csv')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [id, slug, name, unit, daily, isDefault] = line.split(',');
    return {
      sctID: Number(id),
      sctSlug: slug!,
      sctName: name!,
      sctUnit: unit!,
      sctHasDailyRate: daily === 'true',
      sctIsDefault: isDefault === 'true',
      sctCategoryID: null,
      sctCategorySlug: null,
      sctCategoryName: null,
    };
  });

function rate(line: string): Rate {
  const [id, date, subcategory, usd, naira, priceSource, nairaSource, nairaDate] = line.split(',');
  return {
    drtID: Number(id),
    drtSubcategoryID: Number(subcategory),
    drtDate: date!,
    drtInUSD: Number(usd),
    drtUSDinNaira: Number(naira),
    drtInNaira: Math.round(Number(usd) * Number(naira) * 100) / 100,
    drtUnit: 'gram',
    drtHijriDate: '1447-03-29',
    drtPriceSource: priceSource!,
    drtNairaSource: nairaSource!,
    drtNairaDate: nairaDate || date!,
    drtHijriDateNigeria: null,
    drtProvisional: nairaSource === 'cbn-nfem-carried' || nairaSource === 'currency-api',
  };
}
const records = read('daily/2025-09.csv')
  .split('\n')
  .filter((line) => line.includes(',2025-09-21,'))
  .map(rate);
const rates = new Map(records.map((r) => [r.drtSubcategoryID, r]));
expect(records.map((r) => [r.drtSubcategoryID, r.drtInUSD, r.drtUSDinNaira])).toEqual([
  [1, GOLD_USD, NAIRA],
  [2, SILVER_USD, NAIRA],
]);

const inputs = (JSON.parse(read('nisab.json')) as unknown[]).map((r) => NisabRuleInput.parse(r));
const byId = Object.fromEntries(subcategories.map((s) => [String(s.sctID), s]));
const ratesById = Object.fromEntries(records.map((r) => [String(r.drtSubcategoryID), r]));
const rules = inputs.map((r) => valueRule(r, byId, ratesById, '2025-09-21'));
const published: Published = { rules, subcategories, rates };
const rule = (id: number) => rules.find((r) => r.nsbID === id)!;

const due = (holdings: Holdings, school: School, standard: Standard = 'gold', herds: Record<string, number> = {}) =>
  zakatDue(published, holdings, standard, school, herds);
const round2 = (n: number) => Math.round(n * 100) / 100;

describe("the issue's two checks", () => {
  it('a Maliki payer with ₦10,000,000 cash and 50 g of gold owes 2.5 % of the whole (by parts: 50/85 + 10,000,000/14,983,930.44 ≥ 1)', () => {
    expect(50 / 85 + 10_000_000 / GOLD_NISAB).toBeGreaterThan(1);
    const result = due({ cash: 10_000_000, goldGrams: 50 }, 'maliki');
    // 2.5 % of 10,000,000 + 2.5 % of 50 g at ₦176,281.53 = 250,000 + 220,351.91
    expect(result.totalDueNaira).toBeCloseTo(0.025 * (10_000_000 + 50 * GOLD_GRAM), 1);
    expect(result.totalDueNaira).toBeCloseTo(470_351.91, 1);
    expect(result.combination).toMatchObject({ method: 'parts', reaches: true });
    // The Shafi'i school does not count gold with money: each below its own Nisab.
    expect(due({ cash: 10_000_000, goldGrams: 50 }, 'shafii').totalDueNaira).toBe(0);
  });

  it("50 g of gold and 300 g of silver owe 2.5 % of both for a Maliki (50/85 + 300/595 ≥ 1) and nothing for a Shafi'i", () => {
    expect(50 / 85 + 300 / 595).toBeGreaterThan(1);
    const maliki = due({ goldGrams: 50, silverGrams: 300 }, 'maliki');
    expect(maliki.totalDueNaira).toBeCloseTo(0.025 * 50 * GOLD_GRAM + 0.025 * 300 * SILVER_GRAM, 1);
    expect(maliki.lines.map((l) => [l.what, l.due])).toEqual([
      ['Gold held', '1.25 g (2.5%)'],
      ['Silver held', '7.5 g (2.5%)'],
    ]);
    expect(maliki.lines[0]!.why).toMatch(/by parts/);
    const shafii = due({ goldGrams: 50, silverGrams: 300 }, 'shafii');
    expect(shafii.totalDueNaira).toBe(0);
    expect(shafii.combination).toMatchObject({ method: 'none', reaches: false });
  });
});

describe('combined holdings just above and just below the Nisab', () => {
  it('by parts (Maliki, Hanbali): 42.5 g gold + 297.5 g silver is exactly one Nisab; 297 g is short', () => {
    for (const school of ['maliki', 'hanbali'] as const) {
      expect(due({ goldGrams: 42.5, silverGrams: 297.5 }, school).totalDueNaira, school).toBeCloseTo(0.025 * (42.5 * GOLD_GRAM + 297.5 * SILVER_GRAM), 1);
      expect(due({ goldGrams: 42.5, silverGrams: 297 }, school).totalDueNaira, school).toBe(0);
    }
  });

  it('by value (Abu Hanifah): 300 g silver and cash worth ₦1 more than the silver Nisab is due; ₦1 less is not', () => {
    const silver = round2(300 * SILVER_GRAM); // ₦618,389.02
    const above = Math.ceil(SILVER_NISAB - silver) + 1;
    const below = Math.floor(SILVER_NISAB - silver) - 1;
    expect(due({ silverGrams: 300, cash: above }, 'hanafi', 'silver').totalDueNaira).toBeCloseTo(0.025 * (above + 300 * SILVER_GRAM), 1);
    expect(due({ silverGrams: 300, cash: below }, 'hanafi', 'silver').totalDueNaira).toBe(0);
    // By parts the same holdings fall short: 300/595 + below/1,226,470.93 < 1 only when below < about 608,000.
    expect(300 / 595 + below / SILVER_NISAB).toBeLessThan(1);
    expect(due({ silverGrams: 300, cash: below }, 'maliki', 'silver').totalDueNaira).toBe(0);
  });

  it('by value against the gold standard: 50 g gold and 300 g silver (₦9.43 m) are below ₦14.98 m for Abu Hanifah, but due on the silver standard', () => {
    expect(50 * GOLD_GRAM + 300 * SILVER_GRAM).toBeLessThan(GOLD_NISAB);
    expect(due({ goldGrams: 50, silverGrams: 300 }, 'hanafi', 'gold').totalDueNaira).toBe(0);
    expect(due({ goldGrams: 50, silverGrams: 300 }, 'hanafi', 'silver').totalDueNaira).toBeCloseTo(0.025 * (50 * GOLD_GRAM + 300 * SILVER_GRAM), 1);
  });
});

describe('worn jewellery, per school', () => {
  it("100 g of worn gold owes nothing for a Maliki, Shafi'i or Hanbali, and 2.5 g for a Hanafi", () => {
    for (const school of ['maliki', 'shafii', 'hanbali'] as const) {
      const result = due({ wornGoldGrams: 100 }, school);
      expect(result.totalDueNaira, school).toBe(0);
      expect(result.lines[0]!.due, school).toBe('nothing: exempt');
    }
    expect(due({ wornGoldGrams: 100 }, 'hanafi').totalDueNaira).toBeCloseTo(2.5 * GOLD_GRAM, 1); // ₦440,703.83
  });

  it('worn jewellery is kept apart from other gold: 60 g held + 40 g worn is below 85 g for a Maliki', () => {
    expect(due({ goldGrams: 60, wornGoldGrams: 40 }, 'maliki').totalDueNaira).toBe(0);
    expect(due({ goldGrams: 60, wornGoldGrams: 40 }, 'hanafi').totalDueNaira).toBeCloseTo(0.025 * 100 * GOLD_GRAM, 1);
  });
});

describe('a Maliki trader', () => {
  it('a muhtakir owes nothing in the years his ₦20,000,000 of goods are unsold, and 2.5 % once, for one year, when he sells', () => {
    const years = [
      due({ tradeGoods: 20_000_000, trader: 'muhtakir' }, 'maliki'),
      due({ tradeGoods: 20_000_000, trader: 'muhtakir' }, 'maliki'),
      due({ tradeGoods: 20_000_000, trader: 'muhtakir', tradeGoodsSold: true }, 'maliki'),
    ].map((r) => r.totalDueNaira);
    expect(years).toEqual([0, 0, 500_000]);
    // A mudir values the same stock every year: three years, three times.
    const mudir = [1, 2, 3].map(() => due({ tradeGoods: 20_000_000, trader: 'mudir' }, 'maliki').totalDueNaira);
    expect(mudir).toEqual([500_000, 500_000, 500_000]);
  });
});

describe('crops', () => {
  it('Hanafi (Abu Hanifah): any harvest owes a tenth (rain-fed) or a twentieth (irrigated); Maliki: 600 kg is below 653 kg', () => {
    expect(due({ cropsKg: 600, watering: 'rain-fed' }, 'hanafi').lines[0]!.due).toBe('60 kg of the harvest (10%)');
    expect(due({ cropsKg: 1, watering: 'irrigated' }, 'hanafi').lines[0]!.due).toBe('0.05 kg of the harvest (5%)');
    expect(due({ cropsKg: 600, watering: 'rain-fed' }, 'maliki').lines[0]!.due).toBe('nothing: below the Nisab');
    expect(due({ cropsKg: 700, watering: 'rain-fed' }, 'maliki').lines[0]!.due).toBe('70 kg of the harvest (10%)');
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
    expect(due({}, 'maliki', 'gold', { cattle: 35 }).lines[0]!.due).toBe('1 tabi (a calf, male or female, two years old)');
    expect(due({}, 'hanafi', 'gold', { cattle: 35 }).lines[0]!.due).toBe('1 tabi (a calf, male or female, one year old)');
    expect(due({}, 'maliki', 'gold', { cattle: 45 }).lines[0]!.due).toBe('1 musinnah (a cow, female only, four years old)');
  });

  it("gives one sa' a person for the Maliki and half a sa' of wheat (1.625 kg) or a sa' of dates (3.25 kg) for the Hanafi", () => {
    expect(due({ persons: 5 }, 'maliki').lines[0]!.due).toMatch(/^5 sa \(1 sa a person/);
    const hanafi = due({ persons: 5 }, 'hanafi').lines[0]!.due;
    expect(hanafi).toMatch(/^8\.125 kg \(1\.625 kg a person/);
    expect(hanafi).toMatch(/, or 16\.25 kg \(3\.25 kg a person/);
    expect(due({ persons: 5 }, 'maliki').totalDueNaira).toBe(0);
  });
});
