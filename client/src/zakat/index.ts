// The zakat calculator of the page, the embedded calculator and the typed
// client, on the published rules and positions only (docs/fiqh.md): each kind
// of wealth in its own module, each applying a published position, and the
// answer as structured lines the page words in its language.
import { money } from '../../../generator/router/money.ts';
import { combine } from './combine.ts';
import { applyDebts } from './debts.ts';
import { cropsLine, fitrLine, livestockLines } from './in-kind.ts';
import { gatherMetals, gramsValue, type Metal } from './metals.ts';
import { gatherPool, joinNewMoney, type Pool } from './money-pool.ts';
import { inputProblems, ZakatInputError } from './limits.ts';
import { cashRule, positionFor } from './rules.ts';
import type { NisabRule } from '../types.ts';
import type { Combination, Holdings, Position, Published, Reason, School, Standard, ZakatLine, ZakatResult } from './types.ts';

export * from './types.ts';
export { cashRule, combiningFor, positionFor, ruleFor, slugId, wornJewelleryFor } from './rules.ts';
export { arrears } from './money-pool.ts';
export {
  pastYearRuns,
  pastYears,
  pastYearsRule,
  type Charge,
  type PastYearIn,
  type PastYearLine,
  type PastYearsRule,
} from './past-years.ts';
export {
  FIELD_LIMITS,
  inputProblems,
  LIMITS,
  PER_HERD_LIMITS,
  ZakatInputError,
  type InputProblem,
  type NumberField,
  type PerHerdField,
} from './limits.ts';

/** The metals and pool counted together; where new money joins a Nisab already held, counted again once it joins. */
function combineJoining(published: Published, school: School | null, metals: Metal[], pool: Pool, poolRule: NisabRule | null): Combination | null {
  const combination = combine(published, school, metals, pool.amount, poolRule);
  if (pool.newMoney?.position?.view !== 'joins-nisab') return combination;
  const poolNisab = poolRule ? poolRule.nsbValueInNaira : null;
  const poolAlone = poolNisab !== null && pool.amount >= poolNisab;
  const metalAlone = metals.some((m) => m.grams >= m.rule.nsbThreshold!);
  if (!(poolAlone || metalAlone || combination?.reaches === true)) return combination;
  joinNewMoney(pool);
  return combine(published, school, metals, pool.amount, poolRule);
}

/** The pool of money's line: alone at its Nisab, with the metals where the school counts them together, or below. */
function moneyLine(
  amount: number,
  poolRule: NisabRule,
  percent: number,
  combination: Combination | null,
  together: boolean,
  standardReason: Reason,
  /** The school's own measure of money, where it replaced the payer's standard (its source is the line's). */
  ownMeasure: Position | null,
): ZakatLine {
  const poolNisab = poolRule.nsbValueInNaira;
  const alone = poolNisab !== null && amount >= poolNisab;
  const reaches = amount > 0 && (alone || together);
  const due = reaches ? money([amount, percent, 0.01]) : 0;
  const nisab = poolNisab === null ? null : { value: poolNisab, unit: 'money' as const };
  return {
    kind: 'money',
    detail: null,
    held: { value: amount, unit: 'money' },
    rule: poolRule,
    nisab,
    reachesNisab: reaches,
    due: reaches ? { kind: 'money', percent, money: due } : { kind: 'nothing' },
    dueMoney: due,
    reasons: [
      standardReason,
      poolNisab === null
        ? { key: 'noRate' }
        : alone
          ? { key: 'alone', nisab: nisab! }
          : reaches
            ? { key: 'together', combination: combination! }
            : { key: 'below', nisab, combination },
    ],
    sourceURL: ownMeasure !== null ? ownMeasure.sourceURL : alone ? poolRule.nsbSourceURL : (combination?.sourceURL ?? poolRule.nsbSourceURL),
  };
}

/** A metal's line, in grams and its money: alone at its Nisab, together with the rest, or below. */
function metalLine(metal: Metal, combination: Combination | null, together: boolean): ZakatLine {
  const percent = metal.rule.nsbRatePercent!;
  const threshold = metal.rule.nsbThreshold!;
  const alone = metal.grams >= threshold;
  const reaches = metal.grams > 0 && (alone || together);
  const grams = Number(((metal.grams * percent) / 100).toFixed(3));
  const dueMoney = reaches ? gramsValue(metal, metal.grams, percent) : 0;
  const nisab = { value: threshold, unit: 'gram' as const };
  return {
    kind: metal.slug,
    detail: null,
    held: { value: Number(metal.grams.toFixed(3)), unit: 'gram' },
    rule: metal.rule,
    nisab,
    reachesNisab: reaches,
    due: reaches ? { kind: 'metal', metal: metal.slug, grams, percent, money: dueMoney } : { kind: 'nothing' },
    dueMoney: dueMoney ?? 0,
    reasons: [alone ? { key: 'alone', nisab } : reaches ? { key: 'together', combination: combination! } : { key: 'below', nisab, combination }],
    sourceURL: alone ? metal.rule.nsbSourceURL : (combination?.sourceURL ?? metal.rule.nsbSourceURL),
  };
}

/**
 * Zakat on money, metals, crops, livestock and zakat al-fitr. Cash, trade goods
 * and the receivables a school counts this year are one pool of money; debts come
 * off it (and off gold and silver) as the school holds; gold, silver and the pool
 * are counted together the way the school does; new money waits for its own year
 * or joins a Nisab already held (Abu Hanifah). With a school whose own measure of
 * money is published (Abu Hanifah: the Nisab more beneficial to the poor), that
 * measure replaces the payer's standard.
 */
export function zakatDue(
  published: Published,
  holdings: Holdings,
  standard: Standard,
  school: School | null = null,
  /** Head of livestock by subcategory slug, e.g. { camels: 250, 'sheep-goats': 130 }. */
  herds: Record<string, number> = {},
): ZakatResult {
  const problems = inputProblems(holdings, herds);
  if (problems.length > 0) throw new ZakatInputError(problems);
  const measure = positionFor(published, 'cash-measure', school);
  const ownMeasure = measure?.view === 'more-beneficial-nisab';
  const applied: Standard = ownMeasure ? 'lower' : standard;
  const poolRule = cashRule(published, applied, school);

  const { metals, lines: jewellery } = gatherMetals(published, holdings, school);
  const pool = gatherPool(published, holdings, school, poolRule);
  // The head of each herd free of debt (a debt set against livestock takes some off).
  const free = { ...herds };
  const debt = applyDebts(published, holdings, school, pool, metals, free);

  const combination = combineJoining(published, school, metals, pool, poolRule);
  const together = combination?.reaches === true && combination.method !== 'none';
  const standardReason: Reason = { key: 'standard', standard: applied, chosenBy: ownMeasure ? 'school' : 'payer' };

  const lines: ZakatLine[] = [...(debt ? [debt] : []), ...pool.lines, ...jewellery];
  if (pool.gross > 0 && poolRule && poolRule.nsbRatePercent !== null) {
    const own = ownMeasure ? measure : null;
    lines.push(moneyLine(pool.amount, poolRule, poolRule.nsbRatePercent, combination, together, standardReason, own));
  }
  for (const metal of metals) lines.push(metalLine(metal, combination, together));
  const crops = cropsLine(published, holdings, school);
  if (crops) lines.push(crops);
  const fromHerds = debt?.due.kind === 'deducted' ? (debt.due.fromHerds ?? []) : [];
  lines.push(...livestockLines(published, school, free, holdings.partnerHead, herds, fromHerds));
  const fitr = fitrLine(published, holdings, school);
  if (fitr) lines.push(fitr);

  const totalMoney = lines.reduce((sum, line) => (line.dueMoney === null ? sum : money([sum + line.dueMoney, 1])), 0);
  const inKind = lines.filter((line) => line.due.kind === 'crop' || line.due.kind === 'animals' || line.due.kind === 'share' || line.due.kind === 'fitr');
  return {
    lines,
    totalMoney,
    inKind,
    combination,
    standard: { applied, chosenBy: ownMeasure ? 'school' : 'payer', sourceURL: ownMeasure ? measure!.sourceURL : null },
  };
}
