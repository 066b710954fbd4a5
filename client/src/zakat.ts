// The zakat calculator of the landing page, on the published rules only: every
// threshold, percentage and Nisab value comes from a NisabRule record of the
// API, never from a constant here. Money is rounded by the project's one money
// function (CONTRACT.md §3a).
import { livestockDue, type Due } from '../../generator/core/livestock.ts';
import { money } from '../../generator/core/money.ts';
import type { NisabRule, Rate, Subcategory } from './types.ts';

/** Which metal's Nisab measures cash and trade goods: gold's, silver's, or whichever is lower today. */
export type Standard = 'gold' | 'silver' | 'lower';
export type School = 'hanafi' | 'maliki' | 'shafii' | 'hanbali';
export type Watering = 'rain-fed' | 'irrigated' | 'mixed';

export interface Holdings {
  /** Cash, savings and money owed to you that you expect to be paid, in Naira. */
  cash?: number;
  /** Business stock at its market value, in Naira. */
  tradeGoods?: number;
  goldGrams?: number;
  silverGrams?: number;
  /** Crops harvested (kg) and how they were watered. */
  cropsKg?: number;
  watering?: Watering;
}

export interface Published {
  rules: NisabRule[];
  subcategories: Subcategory[];
  /** The newest rate of each metal, by subcategory ID. */
  rates: Map<number, Rate>;
}

export interface ZakatLine {
  /** What was measured, e.g. "Cash and trade goods". */
  what: string;
  held: number;
  unit: string;
  /** The rule applied: its ID, variant and schools, as published. */
  rule: NisabRule;
  ruleText: string;
  /** The Nisab in the held unit (Naira for money). */
  nisab: number | null;
  reachesNisab: boolean;
  /** What is due, in words. */
  due: string;
  /** Its value in Naira (null where it is not money, e.g. a crop share). */
  dueNaira: number | null;
}

export interface ZakatResult {
  lines: ZakatLine[];
  totalDueNaira: number;
}

const slugId = (published: Published, slug: string) => published.subcategories.find((s) => s.sctSlug === slug)?.sctID ?? null;

/** The schools a rule names (nsbSchools; empty for a contemporary body's choice). */
export const ruleSchools = (rule: NisabRule): string[] => rule.nsbSchools;

/** "rule 21 (maliki): held by the Maliki school": how the page names the rule it applied. */
export function describeRule(rule: NisabRule): string {
  const schools = ruleSchools(rule);
  const school = (name: string) => ({ hanafi: 'Hanafi', maliki: 'Maliki', shafii: "Shafi'i", hanbali: 'Hanbali' })[name] ?? name;
  const held = schools.length ? `held by the ${schools.map(school).join(', ')} school${schools.length > 1 ? 's' : ''}` : "no school named (a contemporary body's choice)";
  return `rule ${rule.nsbID} (${rule.nsbVariant}): ${held}`;
}

/**
 * The rule of a subcategory for a school: one that names the school, else (for
 * snapshots without nsbSchools) a variant named after it, else the default.
 */
export function ruleFor(rules: NisabRule[], subcategoryId: number, school: School | null, accept: (rule: NisabRule) => boolean = () => true): NisabRule | null {
  const own = rules.filter((r) => r.nsbSubcategoryID === subcategoryId && accept(r));
  if (school) {
    const named = own.find((r) => ruleSchools(r).includes(school)) ?? own.find((r) => ruleSchools(r).length === 0 && r.nsbVariant.startsWith(`${school}`));
    if (named) return named;
  }
  return own.find((r) => r.nsbIsDefault) ?? own[0] ?? null;
}

/** The cash rule for a standard: on gold's or silver's basis, or the published lower-of rule (nsbLowerOf). */
export function cashRule(published: Published, standard: Standard, school: School | null): NisabRule | null {
  const cash = slugId(published, 'cash');
  if (cash === null) return null;
  if (standard === 'lower') return ruleFor(published.rules, cash, school, (r) => r.nsbLowerOf.length > 0);
  const metal = slugId(published, standard);
  return ruleFor(published.rules, cash, school, (r) => r.nsbLowerOf.length === 0 && r.nsbBasisSubcategoryID === metal);
}

const animal = (item: string) => item.replace(/_/g, ' ');

/** A livestock due in words: "5 hiqqah, or 1 hiqqah and 5 bint labun". */
export function dueInWords(dues: Due[]): string {
  if (dues.length === 0) return 'nothing';
  return dues.map((due) => due.map((d) => `${d.count} ${animal(d.item)}`).join(' and ')).join(', or ');
}

function nisabWords(published: Published, rule: NisabRule): string {
  const name = (id: number | null) => published.subcategories.find((s) => s.sctID === id)?.sctSlug ?? '?';
  if (rule.nsbLowerOf.length > 0) {
    const options = rule.nsbLowerOf.map((item) => `${item.threshold} g of ${name(item.subcategoryID)}`).join(' or ');
    return `the lower of ${options} (today ${name(rule.nsbValueSubcategoryID)})`;
  }
  return `${rule.nsbThreshold} g of ${name(rule.nsbBasisSubcategoryID)}`;
}

const percentOf = (amount: number, percent: number) => money([amount, percent, 0.01]);

function metalLine(published: Published, what: string, slug: string, grams: number, school: School | null): ZakatLine | null {
  const id = slugId(published, slug);
  const rule = id === null ? null : ruleFor(published.rules, id, school);
  const rate = id === null ? undefined : published.rates.get(id);
  if (!rule || rule.nsbThreshold === null || rule.nsbRatePercent === null) return null;
  const reaches = grams >= rule.nsbThreshold;
  const dueGrams = reaches ? (grams * rule.nsbRatePercent) / 100 : 0;
  const dueNaira = reaches && rate ? money([grams, rule.nsbRatePercent, 0.01, rate.drtInUSD, rate.drtUSDinNaira]) : reaches ? null : 0;
  return {
    what,
    held: grams,
    unit: 'gram',
    rule,
    ruleText: describeRule(rule),
    nisab: rule.nsbThreshold,
    reachesNisab: reaches,
    due: reaches ? `${Number(dueGrams.toFixed(3))} g (${rule.nsbRatePercent}%)` : 'nothing: below the Nisab',
    dueNaira,
  };
}

/** Zakat on money, metals and crops, each against its own Nisab; cash and trade goods are one pool. */
export function zakatDue(
  published: Published,
  holdings: Holdings,
  standard: Standard,
  school: School | null = null,
  /** Head of livestock by subcategory slug, e.g. { camels: 250, 'sheep-goats': 130 }. */
  herds: Record<string, number> = {},
): ZakatResult {
  const lines: ZakatLine[] = [];
  const pool = (holdings.cash ?? 0) + (holdings.tradeGoods ?? 0);
  if (pool > 0) {
    const rule = cashRule(published, standard, school);
    if (rule && rule.nsbRatePercent !== null) {
      const nisab = rule.nsbValueInNaira;
      const reaches = nisab !== null && pool >= nisab;
      const due = reaches ? percentOf(pool, rule.nsbRatePercent) : 0;
      lines.push({
        what: 'Cash and trade goods',
        held: pool,
        unit: 'NGN',
        rule,
        ruleText: `${describeRule(rule)}: Nisab ${nisabWords(published, rule)} at the rate of ${rule.nsbRateDate ?? 'no date'}`,
        nisab,
        reachesNisab: reaches,
        due: reaches ? `${rule.nsbRatePercent}% of the pool` : nisab === null ? 'unknown: no rate for this standard' : 'nothing: below the Nisab',
        dueNaira: due,
      });
    }
  }
  if ((holdings.goldGrams ?? 0) > 0) {
    const line = metalLine(published, 'Gold held', 'gold', holdings.goldGrams!, school);
    if (line) lines.push(line);
  }
  if ((holdings.silverGrams ?? 0) > 0) {
    const line = metalLine(published, 'Silver held', 'silver', holdings.silverGrams!, school);
    if (line) lines.push(line);
  }
  const crops = slugId(published, 'crops');
  if ((holdings.cropsKg ?? 0) > 0 && crops !== null) {
    const watering = holdings.watering ?? 'rain-fed';
    const rule = ruleFor(published.rules, crops, school, (r) => r.nsbVariant === watering) ?? ruleFor(published.rules, crops, school);
    if (rule && rule.nsbThreshold !== null && rule.nsbRatePercent !== null) {
      const kg = holdings.cropsKg!;
      const reaches = kg >= rule.nsbThreshold;
      lines.push({
        what: `Crops (${watering})`,
        held: kg,
        unit: 'kg',
        rule,
        ruleText: describeRule(rule),
        nisab: rule.nsbThreshold,
        reachesNisab: reaches,
        due: reaches ? `${Number(((kg * rule.nsbRatePercent) / 100).toFixed(3))} kg of the harvest (${rule.nsbRatePercent}%)` : 'nothing: below the Nisab',
        dueNaira: null,
      });
    }
  }
  for (const [slug, count] of Object.entries(herds)) {
    const id = slugId(published, slug);
    const rule = id === null ? null : ruleFor(published.rules, id, school);
    if (!rule || count <= 0 || rule.nsbRateKind !== 'bracket') continue;
    const dues = livestockDue(rule.nsbBrackets, Math.floor(count));
    const reaches = dues.length > 0;
    lines.push({
      what: published.subcategories.find((s) => s.sctID === id)!.sctName,
      held: count,
      unit: 'head',
      rule,
      ruleText: describeRule(rule),
      nisab: rule.nsbThreshold,
      reachesNisab: reaches,
      due: reaches ? dueInWords(dues) : 'nothing: below the Nisab',
      dueNaira: null,
    });
  }
  const totalDueNaira = lines.reduce((sum, line) => (line.dueNaira === null ? sum : money([sum + line.dueNaira, 1])), 0);
  return { lines, totalDueNaira };
}
