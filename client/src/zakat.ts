// The zakat calculator of the landing page, on the published rules only: every
// threshold, percentage and Nisab value comes from a NisabRule record of the
// API, never from a constant here. Money is rounded by the project's one money
// function (docs/API.md §3a).
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
  /** Permissible jewellery that is worn, apart from other gold and silver (nsbWornJewellery says per school whether it owes zakat). */
  wornGoldGrams?: number;
  wornSilverGrams?: number;
  /** A Maliki trader: mudir (turns his stock over, values it every year; the default) or muhtakir (waits for a price, pays once when he sells). */
  trader?: Trader;
  /** A muhtakir: true when tradeGoods is the price of goods he sold this year (owed once, for one year); unsold goods owe nothing. */
  tradeGoodsSold?: boolean;
  /** Crops harvested (kg) and how they were watered. */
  cropsKg?: number;
  watering?: Watering;
  /** How many people the payer gives zakat al-fitr for (himself and those he provides for). */
  persons?: number;
}

export type Trader = 'mudir' | 'muhtakir';

/** How the holdings were counted together to reach the Nisab, and why (one of the rule's nsbCombining positions). */
export interface Combination {
  method: 'parts' | 'value' | 'none';
  heldBy: string;
  /** parts: the sum of each holding's share of its own Nisab; value: the holdings' value in Naira; null for none. */
  total: number | null;
  /** parts: 1; value: the cash Nisab in Naira. */
  nisab: number | null;
  reaches: boolean;
  text: string;
  sourceURL: string;
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
  /** Why it is or is not due, in words (the method of counting, the school's position). */
  why: string;
  /** Where the rule or position applied is stated. */
  sourceURL: string | null;
}

export interface ZakatResult {
  lines: ZakatLine[];
  totalDueNaira: number;
  /** How gold, silver and money were counted together (null when nothing was held or no school was chosen). */
  combination: Combination | null;
}

const slugId = (published: Published, slug: string) => published.subcategories.find((s) => s.sctSlug === slug)?.sctID ?? null;

/** The schools a rule names (nsbSchools; empty for a contemporary body's choice). */
export const ruleSchools = (rule: NisabRule): string[] => rule.nsbSchools;

/** "rule 21 (maliki): held by the Maliki school": how the page names the rule it applied. */
export function describeRule(rule: NisabRule): string {
  const schools = ruleSchools(rule);
  const school = (name: string) => ({ hanafi: 'Hanafi', maliki: 'Maliki', shafii: "Shafi'i", hanbali: 'Hanbali' })[name] ?? name;
  const held = schools.length
    ? `held by the ${schools.map(school).join(', ')} school${schools.length > 1 ? 's' : ''}`
    : "no school named (a contemporary body's choice)";
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

/**
 * A livestock due in words: "5 hiqqah, or 1 hiqqah and 5 bint labun", each animal
 * followed by the rule's plain words for it where it has them (nsbDueItems):
 * "1 tabi' (a calf, male or female, two years old)".
 */
export function dueInWords(dues: Due[], items: NisabRule['nsbDueItems'] = []): string {
  if (dues.length === 0) return 'nothing';
  const words = (item: string) => items.find((i) => i.item === item)?.words;
  return dues.map((due) => due.map((d) => `${d.count} ${animal(d.item)}${words(d.item) ? ` (${words(d.item)})` : ''}`).join(' and ')).join(', or ');
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
const SCHOOL_NAMES: Record<School, string> = { hanafi: 'Hanafi', maliki: 'Maliki', shafii: "Shafi'i", hanbali: 'Hanbali' };
const grams = (n: number) => `${Number(n.toFixed(3))} g`;

/** A school's applied position on how a metal is counted with the other holdings (nsbCombining), or null. */
export function combiningFor(rule: NisabRule | null, school: School | null): NisabRule['nsbCombining'][number] | null {
  if (!rule || !school) return null;
  return rule.nsbCombining.find((p) => p.applied && p.schools.includes(school)) ?? null;
}

/** A school's position on worn permissible jewellery (nsbWornJewellery), or null. */
export function wornJewelleryFor(rule: NisabRule | null, school: School | null): NisabRule['nsbWornJewellery'][number] | null {
  if (!rule || !school) return null;
  return rule.nsbWornJewellery.find((p) => p.schools.includes(school)) ?? null;
}

interface Metal {
  slug: 'gold' | 'silver';
  what: string;
  rule: NisabRule;
  rate: Rate | undefined;
  grams: number;
}

/** The value in Naira of a percentage of some grams at a rate record (the exact decimal product, rounded once). */
const metalNaira = (metal: Metal, percent: number) => (metal.rate ? money([metal.grams, percent, 0.01, metal.rate.drtInUSD, metal.rate.drtUSDinNaira]) : null);

/**
 * Zakat on money, metals, crops, livestock and zakat al-fitr, on the published
 * rules only. Cash and trade goods are one pool of money. Gold, silver and the
 * pool are counted together the way the chosen school does (the applied
 * nsbCombining position of the metal's rule): by parts, by value, or each
 * alone; anything that reaches its own Nisab alone is due in every school.
 * Worn permissible jewellery counts as gold or silver where the school's
 * nsbWornJewellery says it is due, and is exempt where it says not. A Maliki
 * muhtakir's goods (nsbTrader) count only in the year he sells them.
 */
export function zakatDue(
  published: Published,
  holdings: Holdings,
  standard: Standard,
  school: School | null = null,
  /** Head of livestock by subcategory slug, e.g. { camels: 250, 'sheep-goats': 130 }. */
  herds: Record<string, number> = {},
): ZakatResult {
  const lines: ZakatLine[] = [];
  const schoolName = school ? SCHOOL_NAMES[school] : null;

  // Gold and silver, with worn jewellery counted where the school charges it.
  const metals: Metal[] = [];
  for (const [slug, what, plain, worn] of [
    ['gold', 'Gold held', holdings.goldGrams ?? 0, holdings.wornGoldGrams ?? 0],
    ['silver', 'Silver held', holdings.silverGrams ?? 0, holdings.wornSilverGrams ?? 0],
  ] as const) {
    const id = slugId(published, slug);
    const rule = id === null ? null : ruleFor(published.rules, id, school);
    if (!rule || rule.nsbThreshold === null || rule.nsbRatePercent === null) continue;
    let counted = plain;
    if (worn > 0) {
      const position = wornJewelleryFor(rule, school);
      const due = position === null || position.due;
      if (due) counted += worn;
      lines.push({
        what: `Worn ${slug} jewellery`,
        held: worn,
        unit: 'gram',
        rule,
        ruleText: describeRule(rule),
        nisab: rule.nsbThreshold,
        reachesNisab: false,
        due: due ? `counted with the ${slug} held` : 'nothing: exempt',
        dueNaira: due ? null : 0,
        why:
          position === null
            ? `No school chosen: worn jewellery is counted with the ${slug} (the Hanafi school charges it; the others exempt it).`
            : due
              ? `The ${schoolName} school charges zakat on permissible jewellery that is worn, like other ${slug}.`
              : `The ${schoolName} school exempts permissible jewellery that is worn.`,
        sourceURL: position?.sourceURL ?? rule.nsbSourceURL,
      });
    }
    if (counted > 0) metals.push({ slug, what, rule, rate: id === null ? undefined : published.rates.get(id), grams: counted });
  }

  // The pool of money: cash, and trade goods unless a muhtakir has not sold them.
  const trade = slugId(published, 'trade-goods');
  const traderRule =
    holdings.trader && trade !== null
      ? (published.rules.find((r) => r.nsbSubcategoryID === trade && r.nsbTrader === holdings.trader && school !== null && r.nsbSchools.includes(school)) ??
        null)
      : null;
  let tradeGoods = holdings.tradeGoods ?? 0;
  if (traderRule?.nsbTrader === 'muhtakir' && tradeGoods > 0) {
    const sold = holdings.tradeGoodsSold === true;
    lines.push({
      what: 'Trade goods (muhtakir)',
      held: tradeGoods,
      unit: 'NGN',
      rule: traderRule,
      ruleText: describeRule(traderRule),
      nisab: null,
      reachesNisab: sold,
      due: sold ? 'counted with your money this year, once' : 'nothing while unsold',
      dueNaira: sold ? null : 0,
      why: sold
        ? 'A muhtakir pays zakat on the price when he sells, once, for one year, however many years he held the goods.'
        : 'A muhtakir owes nothing on goods he holds waiting for a price until he sells them.',
      sourceURL: traderRule.nsbSourceURL,
    });
    if (!sold) tradeGoods = 0;
  }
  const pool = (holdings.cash ?? 0) + tradeGoods;
  // The cash Nisab of the chosen standard: money's own, and the measure of a combination by value.
  const poolRule = cashRule(published, standard, school);
  const poolNisab = poolRule ? poolRule.nsbValueInNaira : null;

  // How they are counted together: the school's position on gold (rule 1), else silver's.
  const position =
    metals.length + (pool > 0 ? 1 : 0) > 1 ? (combiningFor(metals[0]?.rule ?? null, school) ?? combiningFor(metals[1]?.rule ?? null, school)) : null;
  let combination: Combination | null = null;
  if (position) {
    const withPool = position.with.some((id) => id === slugId(published, 'cash') || id === trade);
    const poolCounts = pool > 0 && withPool && poolNisab !== null && poolNisab > 0;
    const counted = position.method === 'none' ? [] : metals;
    if (position.method === 'parts') {
      const shares = counted.map((m) => m.grams / m.rule.nsbThreshold!).concat(poolCounts ? [pool / poolNisab!] : []);
      const total = shares.reduce((a, b) => a + b, 0);
      combination = {
        method: 'parts',
        heldBy: position.heldBy,
        total,
        nisab: 1,
        reaches: shares.length > 1 && total >= 1,
        text: `${schoolName} (${position.heldBy}): counted together by parts, each holding as its share of its own Nisab (${[
          ...counted.map((m) => `${grams(m.grams)} ÷ ${m.rule.nsbThreshold} g`),
          ...(poolCounts ? [`₦${pool.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} ÷ the cash Nisab`] : []),
        ].join(' + ')} = ${total.toFixed(3)}; 1 or more reaches the Nisab)`,
        sourceURL: position.sourceURL,
      };
    } else if (position.method === 'value') {
      const values = counted.map((m) => (m.rate ? money([m.grams, m.rate.drtInUSD, m.rate.drtUSDinNaira]) : null));
      const known = values.every((v) => v !== null) && poolNisab !== null;
      const total = known ? values.reduce((a, b) => a! + b!, 0)! + (poolCounts ? pool : 0) : null;
      combination = {
        method: 'value',
        heldBy: position.heldBy,
        total,
        nisab: poolNisab,
        reaches: total !== null && values.length + (poolCounts ? 1 : 0) > 1 && total >= poolNisab!,
        text: `${schoolName} (${position.heldBy}): counted together by value, everything in Naira against the cash Nisab`,
        sourceURL: position.sourceURL,
      };
    } else {
      combination = {
        method: 'none',
        heldBy: position.heldBy,
        total: null,
        nisab: null,
        reaches: false,
        text: `${schoolName}: gold and silver are not counted together; each, and your money, must reach its own Nisab`,
        sourceURL: position.sourceURL,
      };
    }
  }
  const together = combination?.reaches === true;

  if (pool > 0 && poolRule && poolRule.nsbRatePercent !== null) {
    const alone = poolNisab !== null && pool >= poolNisab;
    const reaches = alone || (together && combination!.method !== 'none');
    lines.push({
      what: 'Cash and trade goods',
      held: pool,
      unit: 'NGN',
      rule: poolRule,
      ruleText: `${describeRule(poolRule)}: Nisab ${nisabWords(published, poolRule)} at the rate of ${poolRule.nsbRateDate ?? 'no date'}`,
      nisab: poolNisab,
      reachesNisab: reaches,
      due: reaches ? `${poolRule.nsbRatePercent}% of the pool` : poolNisab === null ? 'unknown: no rate for this standard' : 'nothing: below the Nisab',
      dueNaira: reaches ? percentOf(pool, poolRule.nsbRatePercent) : 0,
      why: alone
        ? 'Reaches the cash Nisab by itself.'
        : reaches
          ? `Reaches the Nisab with the metals: ${combination!.text}.`
          : combination
            ? `Below the Nisab: ${combination.text}.`
            : 'Below the cash Nisab.',
      sourceURL: alone ? poolRule.nsbSourceURL : (combination?.sourceURL ?? poolRule.nsbSourceURL),
    });
  }
  for (const metal of metals) {
    const percent = metal.rule.nsbRatePercent!;
    const alone = metal.grams >= metal.rule.nsbThreshold!;
    const reaches = alone || (together && combination!.method !== 'none');
    lines.push({
      what: metal.what,
      held: metal.grams,
      unit: 'gram',
      rule: metal.rule,
      ruleText: describeRule(metal.rule),
      nisab: metal.rule.nsbThreshold,
      reachesNisab: reaches,
      due: reaches ? `${grams((metal.grams * percent) / 100)} (${percent}%)` : 'nothing: below the Nisab',
      dueNaira: reaches ? metalNaira(metal, percent) : 0,
      why: alone
        ? `Reaches its own Nisab (${metal.rule.nsbThreshold} g).`
        : reaches
          ? `Reaches the Nisab with your other holdings: ${combination!.text}.`
          : combination
            ? `Below the Nisab: ${combination.text}.`
            : `Below its own Nisab (${metal.rule.nsbThreshold} g).`,
      sourceURL: alone ? metal.rule.nsbSourceURL : (combination?.sourceURL ?? metal.rule.nsbSourceURL),
    });
  }

  const crops = slugId(published, 'crops');
  if ((holdings.cropsKg ?? 0) > 0 && crops !== null) {
    const watering = holdings.watering ?? 'rain-fed';
    const wanted = (r: NisabRule) => r.nsbVariant === watering || r.nsbVariant.endsWith(`-${watering}`);
    const own = published.rules.filter((r) => r.nsbSubcategoryID === crops && r.nsbRatePercent !== null);
    const rule =
      (school ? own.find((r) => wanted(r) && r.nsbSchools.includes(school)) : undefined) ??
      (school && own.some((r) => r.nsbSchools.includes(school)) ? undefined : (own.find((r) => wanted(r) && r.nsbIsDefault) ?? own.find(wanted)));
    const kg = holdings.cropsKg!;
    if (rule && rule.nsbRatePercent !== null) {
      const reaches = rule.nsbThreshold === null || kg >= rule.nsbThreshold;
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
        why:
          rule.nsbThreshold === null
            ? 'No Nisab in this rule: any harvest owes its share.'
            : reaches
              ? `Reaches the Nisab (${rule.nsbThreshold} kg).`
              : `Below the Nisab (${rule.nsbThreshold} kg).`,
        sourceURL: rule.nsbSourceURL,
      });
    } else {
      lines.push({
        what: `Crops (${watering})`,
        held: kg,
        unit: 'kg',
        rule: own[0]!,
        ruleText: 'no rule published',
        nisab: null,
        reachesNisab: false,
        due: 'unknown: no rule is published for this school and watering',
        dueNaira: null,
        why: 'Ask a scholar: the data has no rule for this case.',
        sourceURL: null,
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
      due: reaches ? dueInWords(dues, rule.nsbDueItems) : 'nothing: below the Nisab',
      dueNaira: null,
      why: reaches ? "From the rule's table for this many head." : `Below the Nisab (${rule.nsbThreshold} head).`,
      sourceURL: rule.nsbSourceURL,
    });
  }
  const fitr = slugId(published, 'zakat-al-fitr');
  const persons = Math.floor(holdings.persons ?? 0);
  if (persons > 0 && fitr !== null) {
    const own = published.rules.filter((r) => r.nsbSubcategoryID === fitr && r.nsbRateKind === 'per-person' && r.nsbThreshold !== null);
    const chosen = school ? own.filter((r) => r.nsbSchools.includes(school)) : [];
    const used = chosen.length > 0 ? chosen : own.filter((r) => r.nsbIsDefault);
    if (used.length > 0) {
      const amount = (r: NisabRule) => `${Number((r.nsbThreshold! * persons).toFixed(3))} ${r.nsbThresholdUnit}`;
      lines.push({
        what: 'Zakat al-fitr',
        held: persons,
        unit: 'person',
        rule: used[0]!,
        ruleText: used.map(describeRule).join('; '),
        nisab: null,
        reachesNisab: true,
        due: used.map((r) => `${amount(r)} (${r.nsbThreshold} ${r.nsbThresholdUnit} a person: ${r.nsbConditions ?? r.nsbVariant})`).join(', or '),
        dueNaira: null,
        why: "Due for each person, before the 'Id prayer; no money value is published.",
        sourceURL: used[0]!.nsbSourceURL,
      });
    }
  }
  const totalDueNaira = lines.reduce((sum, line) => (line.dueNaira === null ? sum : money([sum + line.dueNaira, 1])), 0);
  return { lines, totalDueNaira, combination };
}
