// The published rules of data/nisab.json valued at the default data's rate
// records of one day (data/daily/YYYY-MM.csv), read here with plain string
// handling, so the calculator tests check the client against figures worked
// out by hand from the two numbers of each record.
import { readFileSync } from 'node:fs';
import type { Published } from '../../client/src/zakat.ts';
import { valueRule } from '../../generator/router/nisab-value.ts';
import { NisabRuleInput, type Rate, type Subcategory } from '../../generator/model/schemas.ts';

const read = (file: string) => readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8');

export function publishedOn(day: string): Published & { records: Rate[] } {
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
  const records = read(`daily/${day.slice(0, 7)}.csv`)
    .split('\n')
    .filter((line) => line.includes(`,${day},`))
    .map((line): Rate => {
      const [id, date, subcategory, usd, naira, priceSource, nairaSource, nairaDate] = line.split(',');
      return {
        drtID: Number(id),
        drtSubcategoryID: Number(subcategory),
        drtDate: date!,
        drtInUSD: Number(usd),
        drtUSDinNaira: Number(naira),
        drtInNaira: Math.round(Number(usd) * Number(naira) * 100) / 100,
        drtUnit: 'gram',
        drtHijriDate: '',
        drtPriceSource: priceSource!,
        drtNairaSource: nairaSource!,
        drtNairaDate: nairaDate || date!,
        drtHijriDateNigeria: null,
        drtProvisional: nairaSource === 'cbn-nfem-carried' || nairaSource === 'currency-api',
      };
    });
  const inputs = (JSON.parse(read('nisab.json')) as unknown[]).map((r) => NisabRuleInput.parse(r));
  const byId = Object.fromEntries(subcategories.map((s) => [String(s.sctID), s]));
  const ratesById = Object.fromEntries(records.map((r) => [String(r.drtSubcategoryID), r]));
  const rules = inputs.map((r) => valueRule(r, byId, ratesById, day));
  return { rules, subcategories, rates: new Map(records.map((r) => [r.drtSubcategoryID, r])), records };
}

/**
 * The day the calculator's hand-computed cases are worked at, 2026-09-29, with its two rate records
 * (data/daily/2026-09.csv: drtInUSD and drtUSDinNaira) checked, and the two Nisab figures worked from them:
 * 85 × 132.753662 × 1330.4737 = 15,013,146.75; 595 × 1.948897 × 1330.4737 = 1,542,808.94.
 */
export function september29() {
  const published = publishedOn('2026-09-29');
  const records = published.records.map((r) => [r.drtSubcategoryID, r.drtInUSD, r.drtUSDinNaira]);
  const expected = [
    [1, 132.753662, 1330.4737],
    [2, 1.948897, 1330.4737],
  ];
  if (JSON.stringify(records) !== JSON.stringify(expected)) throw new Error(`the records of 2026-09-29 changed: ${JSON.stringify(records)}`);
  return { published, GOLD_NISAB: 15_013_146.75, SILVER_NISAB: 1_542_808.94 };
}
