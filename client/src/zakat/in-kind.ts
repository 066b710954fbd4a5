// What is due in kind: a share of the harvest, animals from the herd, zakat al-fitr.
import { livestockDueAtMost } from '../../../generator/core/livestock.ts';
import type { NisabRule } from '../types.ts';
import { positionFor, ruleFor, slugId } from './rules.ts';
import type { Holdings, Published, School, ZakatLine } from './types.ts';

export function cropsLine(published: Published, holdings: Holdings, school: School | null): ZakatLine | null {
  const crops = slugId(published, 'crops');
  const kg = holdings.cropsKg ?? 0;
  if (!(kg > 0) || crops === null) return null;
  const watering = holdings.watering ?? 'rain-fed';
  const wanted = (r: NisabRule) => r.nsbVariant === watering || r.nsbVariant.endsWith(`-${watering}`);
  const own = published.rules.filter((r) => r.nsbSubcategoryID === crops && r.nsbRatePercent !== null);
  const rule =
    (school ? own.find((r) => wanted(r) && r.nsbSchools.includes(school)) : undefined) ??
    (school && own.some((r) => r.nsbSchools.includes(school)) ? undefined : (own.find((r) => wanted(r) && r.nsbIsDefault) ?? own.find(wanted)));
  if (!rule || rule.nsbRatePercent === null) {
    return {
      kind: 'crops',
      detail: watering,
      held: { value: kg, unit: 'kg' },
      rule: null,
      nisab: null,
      reachesNisab: false,
      due: { kind: 'unknown' },
      dueMoney: null,
      reasons: [{ key: 'noRule' }],
      sourceURL: null,
    };
  }
  const reaches = rule.nsbThreshold === null || kg >= rule.nsbThreshold;
  const nisab = rule.nsbThreshold === null ? null : { value: rule.nsbThreshold, unit: 'kg' as const };
  return {
    kind: 'crops',
    detail: watering,
    held: { value: kg, unit: 'kg' },
    rule,
    nisab,
    reachesNisab: reaches,
    due: reaches ? { kind: 'crop', kg: Number(((kg * rule.nsbRatePercent) / 100).toFixed(3)), percent: rule.nsbRatePercent } : { kind: 'nothing' },
    dueMoney: reaches ? null : 0,
    reasons: [rule.nsbThreshold === null ? { key: 'noNisab' } : reaches ? { key: 'alone', nisab: nisab! } : { key: 'below', nisab, combination: null }],
    sourceURL: rule.nsbSourceURL,
  };
}

/** The mixes of animals an answer lists at most (a large herd has thousands; its formula names the rest). */
export const ANIMAL_OPTIONS = 6;

export function livestockLines(published: Published, school: School | null, herds: Record<string, number>): ZakatLine[] {
  const lines: ZakatLine[] = [];
  for (const [slug, count] of Object.entries(herds)) {
    const id = slugId(published, slug);
    const rule = id === null ? null : ruleFor(published.rules, id, school);
    if (id === null || !rule || !(count > 0) || rule.nsbRateKind !== 'bracket') continue;
    const head = Math.floor(count);
    const { dues, more } = livestockDueAtMost(rule.nsbBrackets, head, ANIMAL_OPTIONS);
    // Beyond the few mixes listed, the formula of the herd's row says what else discharges it.
    const formula = more
      ? (rule.nsbBrackets.find((b) => head >= b.lbrMinCount && (b.lbrMaxCount === null || head <= b.lbrMaxCount))?.lbrFormula ?? null)
      : null;
    const reaches = dues.length > 0;
    const grazing = positionFor(published, 'grazing', school, [null], id);
    const nisab = rule.nsbThreshold === null ? null : { value: rule.nsbThreshold, unit: 'head' as const };
    lines.push({
      kind: 'livestock',
      detail: slug,
      held: { value: Math.floor(count), unit: 'head' },
      rule,
      nisab,
      reachesNisab: reaches,
      due: reaches ? { kind: 'animals', options: dues, rule, ...(formula ? { more: formula.per } : {}) } : { kind: 'nothing' },
      dueMoney: reaches ? null : 0,
      reasons: [
        reaches ? { key: 'alone', nisab: nisab ?? { value: 0, unit: 'head' } } : { key: 'below', nisab, combination: null },
        { key: 'grazing', required: grazing === null ? null : grazing.view === 'required' },
      ],
      sourceURL: rule.nsbSourceURL,
    });
  }
  return lines;
}

export function fitrLine(published: Published, holdings: Holdings, school: School | null): ZakatLine | null {
  const fitr = slugId(published, 'zakat-al-fitr');
  const persons = Math.floor(holdings.persons ?? 0);
  if (!(persons > 0) || fitr === null) return null;
  const own = published.rules.filter((r) => r.nsbSubcategoryID === fitr && r.nsbRateKind === 'per-person' && r.nsbThreshold !== null);
  const chosen = school ? own.filter((r) => r.nsbSchools.includes(school)) : [];
  const used = chosen.length > 0 ? chosen : own.filter((r) => r.nsbIsDefault);
  if (used.length === 0) return null;
  return {
    kind: 'fitr',
    detail: null,
    held: { value: persons, unit: 'person' },
    rule: used[0]!,
    nisab: null,
    reachesNisab: true,
    due: {
      kind: 'fitr',
      options: used.map((rule) => ({
        rule,
        perPerson: rule.nsbThreshold!,
        amount: Number((rule.nsbThreshold! * persons).toFixed(3)),
        unit: rule.nsbThresholdUnit ?? '',
      })),
    },
    dueMoney: null,
    reasons: [{ key: 'fitr' }],
    sourceURL: used[0]!.nsbSourceURL,
  };
}
