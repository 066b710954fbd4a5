// The embedded data against what the National Moonsighting Committee of Nigeria
// published: a snapshot of data/ as of 2021-03-31, its /nisab and /meta files
// as served. NMCN, 12 March 2021 (28 Rajab 1442): Zakat Nisab N1,767,520,
// Dowry/Theft N22,094, Blood Money/Diyyah N88,376,000. Our nearest rate is the
// World Bank's March 2021 average at the IMF's end-of-March naira rate, dated
// 2021-03-31, so 2.5 % is allowed (the day's price against a month's average).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../generator/router/layout.ts';
import { NisabRule } from '../../generator/model/schemas.ts';
import { loadDatabase } from '../../generator/db/default-db.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { fixtureBuild } from '../support/fixture.ts';

const DATA_DIR = new URL('../../data/', import.meta.url).pathname;
let dir: string;
let rules: NisabRule[];
let meta: { asOf: string; asOfHijri: string };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-nmcn-'));
  const db = path.join(dir, 'default.sqlite');
  await loadDatabase(db, DATA_DIR);
  const out = path.join(dir, 'public');
  await buildSnapshot(fixtureBuild(db, out, { asOf: '2021-03-31', now: new Date('2021-03-31T12:00:00Z') }));
  rules = JSON.parse(await readFile(path.join(out, paths.nisabAll), 'utf8')).data.map((r: unknown) => NisabRule.parse(r));
  meta = JSON.parse(await readFile(path.join(out, paths.meta), 'utf8')).data;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const rule = (id: number) => rules.find((r) => r.nsbID === id)!;
const within = (value: number | null, published: number, share: number) => Math.abs(value! - published) / published <= share;

describe('the default data as of 2021-03-31 against NMCN (12 March 2021)', () => {
  it('values the 85 g gold Nisab within 2.5 % of N1,767,520', () => {
    expect(rule(1)).toMatchObject({ nsbThreshold: 85, nsbRateDate: '2021-03-31', nsbValueSubcategoryID: 1 });
    expect(within(rule(1).nsbValueInNaira, 1_767_520, 0.025), String(rule(1).nsbValueInNaira)).toBe(true);
  });

  it('values the minimum dowry and the theft threshold (a quarter dinar) within 2.5 % of N22,094, and the diyyah within 2.5 % of N88,376,000', () => {
    for (const id of [28, 29]) {
      expect(rule(id)).toMatchObject({ nsbThreshold: 1.0625, nsbRateKind: 'none', nsbRatePercent: null, nsbBasisSubcategoryID: 1 });
      expect(within(rule(id).nsbValueInNaira, 22_094, 0.025), String(rule(id).nsbValueInNaira)).toBe(true);
    }
    expect(rule(30)).toMatchObject({ nsbThreshold: 4250, nsbRateKind: 'none' });
    expect(within(rule(30).nsbValueInNaira, 88_376_000, 0.025), String(rule(30).nsbValueInNaira)).toBe(true);
  });

  it("keeps NMCN's ratios exactly: Nisab ÷ 80 and Nisab × 50 (NMCN: 1,767,520 ÷ 80 = 22,094; × 50 = 88,376,000)", () => {
    expect(1_767_520 / 80).toBe(22_094);
    expect(1_767_520 * 50).toBe(88_376_000);
    const gram = rule(1).nsbValueInNaira! / 85;
    expect(Math.abs(rule(28).nsbValueInNaira! - gram * 1.0625)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(rule(30).nsbValueInNaira! - gram * 4250)).toBeLessThanOrEqual(1);
  });

  it('puts the legal thresholds in a category of their own, apart from zakat', async () => {
    const subcategories = JSON.parse(await readFile(path.join(dir, 'public', paths.subcategories), 'utf8')).data;
    const legal = subcategories.filter((s: { sctCategorySlug: string }) => s.sctCategorySlug === 'legal-thresholds');
    expect(legal.map((s: { sctSlug: string }) => s.sctSlug)).toEqual(['minimum-dowry', 'theft-threshold', 'diyyah']);
    for (const s of legal) expect(rules.filter((r) => r.nsbSubcategoryID === s.sctID).every((r) => r.nsbRateKind === 'none')).toBe(true);
  });

  it('values cash and trade goods at the lower of the two metals and says which metal gave it', () => {
    for (const id of [18, 19]) {
      const lower = rule(id);
      expect(lower.nsbThreshold).toBeNull();
      expect(lower.nsbValueSubcategoryID).toBe(2); // silver: 595 g has been worth far less than 85 g of gold since the 1970s
      expect(lower.nsbValueInNaira).toBe(rule(3).nsbValueInNaira); // the 595 g silver rule, same rate record
      expect(lower.nsbValueInNaira!).toBeLessThan(rule(1).nsbValueInNaira!);
    }
    expect(rule(6)).toMatchObject({ nsbThreshold: 595, nsbBasisSubcategoryID: 2, nsbValueSubcategoryID: 2, nsbValueInNaira: rule(3).nsbValueInNaira });
    expect(rule(17)).toMatchObject({ nsbThreshold: 612.36, nsbBasisSubcategoryID: 2, nsbValueInNaira: rule(4).nsbValueInNaira });
  });

  it("values the Shafi'i rikaz at the gold Nisab and leaves the others without a value", () => {
    expect(rule(20)).toMatchObject({ nsbRatePercent: 20, nsbHawlRequired: false, nsbValueInNaira: rule(1).nsbValueInNaira, nsbSchools: ['shafii'] });
    expect(rule(14)).toMatchObject({ nsbThreshold: null, nsbValueInNaira: null, nsbValueSubcategoryID: null });
  });

  it('gives the solar-year rate as data on every rule with a hawl and a percent rate, and only there', () => {
    for (const r of rules) {
      const expected = r.nsbHawlRequired && r.nsbRateKind === 'percent' ? 2.577 : null;
      expect(r.nsbSolarYearRatePercent, `rule ${r.nsbID}`).toBe(expected);
    }
  });

  it('names the schools and, where a body uses a rule, the body and its source', () => {
    expect(rule(1).nsbSchools).toEqual(['hanafi', 'maliki', 'shafii', 'hanbali']);
    expect(rule(2)).toMatchObject({ nsbVariant: 'tola-87.48g', nsbSchools: [] });
    expect(rule(2).nsbNotes).toMatch(/weight conversion/);
    expect(rule(2).nsbNotes).toMatch(/South African fatwa department/);
    expect(rule(2).nsbNotes).not.toMatch(/UK/);
    expect(rule(1).nsbAuthorities.map((a) => a.name)).toContain('National Moonsighting Committee of Nigeria (NMCN)');
    for (const r of rules) for (const a of r.nsbAuthorities) expect(a.sourceURL).toMatch(/^https:\/\//);
    // Every Maliki variant the issue asks for.
    const maliki = rules.filter((r) => r.nsbSchools.includes('maliki'));
    expect(
      maliki
        .filter((r) => r.nsbRateKind === 'bracket')
        .map((r) => r.nsbSubcategoryID)
        .sort(),
    ).toEqual([5, 6, 7]);
    for (const r of maliki.filter((r) => r.nsbRateKind === 'bracket')) expect(r.nsbConditions).toMatch(/grazing is not a condition/);
    expect(
      maliki
        .filter((r) => r.nsbSubcategoryID === 10)
        .map((r) => r.nsbRatePercent)
        .sort(),
    ).toEqual([2.5, 20]);
  });

  it("publishes the silver dowry and theft thresholds, the silver and a woman's diyyah, zakat al-fitr and the Maliki livestock (issue 20), each sourced and valued where a rate applies", () => {
    const silverGram = rule(3).nsbValueInNaira! / 595;
    // Three dirhams (8.925 g of silver) for the Maliki dowry and for theft; 12,000 dirhams, and half for a woman.
    for (const [id, grams] of [
      [32, 8.925],
      [34, 8.925],
      [36, 35_700],
      [39, 17_850],
    ] as const) {
      expect(rule(id)).toMatchObject({ nsbRateKind: 'none', nsbBasisSubcategoryID: 2, nsbValueSubcategoryID: 2, nsbRateDate: '2021-03-31' });
      expect(Math.abs(rule(id).nsbValueInNaira! - silverGram * grams), `rule ${id}`).toBeLessThanOrEqual(grams / 100);
    }
    expect(rule(38).nsbValueInNaira).toBeCloseTo(rule(30).nsbValueInNaira! / 2, 1); // a woman's diyyah in gold: half
    // Zakat al-fitr: a quantity per person, no money value.
    expect(rules.filter((r) => r.nsbRateKind === 'per-person').map((r) => [r.nsbThreshold, r.nsbThresholdUnit, r.nsbValueInNaira])).toEqual([
      [1, 'sa', null],
      [1.625, 'kg', null],
      [3.25, 'kg', null],
    ]);
    // The Maliki cattle ages of al-Ma'unah.
    expect(rule(23).nsbDueItems).toEqual([
      { item: 'tabi', words: 'a calf, male or female, two years old' },
      { item: 'musinnah', words: 'a cow, female only, four years old' },
    ]);
    for (const id of [23, 25, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48])
      expect(rule(id).nsbSourceURL, `rule ${id}`).toMatch(/^https?:\/\//);
  });

  it('gives /meta the Hijri date of the as-of day', () => {
    expect(meta).toMatchObject({ asOf: '2021-03-31', asOfHijri: '1442-08-18' });
  });
});
