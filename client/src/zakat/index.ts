// The zakat calculator of the page, the embedded calculator and the typed
// client, on the published rules and positions only (docs/fiqh.md): each kind
// of wealth in its own module, each applying a published position, and the
// answer as structured lines the page words in its language.
import { money } from '../../../generator/core/money.ts';
import { combine } from './combine.ts';
import { applyDebts } from './debts.ts';
import { cropsLine, fitrLine, livestockLines } from './in-kind.ts';
import { gatherMetals, gramsValue } from './metals.ts';
import { gatherPool, joinNewMoney } from './money-pool.ts';
import { inputProblems, ZakatInputError } from './limits.ts';
import { cashRule, positionFor } from './rules.ts';
import type { Holdings, Published, Reason, School, Standard, ZakatLine, ZakatResult } from './types.ts';

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
  type PastYearsRun,
  type PastYearWhy,
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
  const poolNisab = poolRule ? poolRule.nsbValueInNaira : null;

  const { metals, lines: jewellery } = gatherMetals(published, holdings, school);
  const pool = gatherPool(published, holdings, school, poolRule);
  // The head of each herd free of debt (a debt set against livestock takes some off).
  const free = { ...herds };
  const debt = applyDebts(published, holdings, school, pool, metals, free);

  let combination = combine(published, school, metals, pool.amount, poolRule);
  if (pool.newMoney?.position?.view === 'joins-nisab') {
    const poolAlone = poolNisab !== null && pool.amount >= poolNisab;
    const metalAlone = metals.some((m) => m.grams >= m.rule.nsbThreshold!);
    if (poolAlone || metalAlone || combination?.reaches === true) {
      joinNewMoney(pool);
      combination = combine(published, school, metals, pool.amount, poolRule);
    }
  }
  const together = combination?.reaches === true && combination.method !== 'none';
  const standardReason: Reason = { key: 'standard', standard: applied, chosenBy: ownMeasure ? 'school' : 'payer' };

  const lines: ZakatLine[] = [...(debt ? [debt] : []), ...pool.lines, ...jewellery];
  if (pool.gross > 0 && poolRule && poolRule.nsbRatePercent !== null) {
    const alone = poolNisab !== null && pool.amount >= poolNisab;
    const reaches = pool.amount > 0 && (alone || together);
    const due = reaches ? money([pool.amount, poolRule.nsbRatePercent, 0.01]) : 0;
    const nisab = poolNisab === null ? null : { value: poolNisab, unit: 'money' as const };
    lines.push({
      kind: 'money',
      detail: null,
      held: { value: pool.amount, unit: 'money' },
      rule: poolRule,
      nisab,
      reachesNisab: reaches,
      due: reaches ? { kind: 'money', percent: poolRule.nsbRatePercent, money: due } : { kind: 'nothing' },
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
      sourceURL: ownMeasure ? measure!.sourceURL : alone ? poolRule.nsbSourceURL : (combination?.sourceURL ?? poolRule.nsbSourceURL),
    });
  }
  for (const metal of metals) {
    const percent = metal.rule.nsbRatePercent!;
    const threshold = metal.rule.nsbThreshold!;
    const alone = metal.grams >= threshold;
    const reaches = metal.grams > 0 && (alone || together);
    const grams = Number(((metal.grams * percent) / 100).toFixed(3));
    const dueMoney = reaches ? gramsValue(metal, metal.grams, percent) : 0;
    const nisab = { value: threshold, unit: 'gram' as const };
    lines.push({
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
    });
  }
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
