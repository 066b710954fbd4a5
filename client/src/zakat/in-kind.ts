// What is due in kind: a share of the harvest, animals from the herd, zakat al-fitr.
import { livestockDueAtMost } from '../../../generator/router/livestock.ts';
import type { NisabRule } from '../types.ts';
import { positionFor, ruleFor, slugId } from './rules.ts';
import type { HerdDebt, Holdings, LineDue, Published, Reason, School, ZakatLine } from './types.ts';

/** The published crops rule of a school for a watering, else (no school, or one the data does not name) the default's. */
function cropRule(published: Published, crops: number, school: School | null, watering: string): NisabRule | undefined {
  const wanted = (r: NisabRule) => r.nsbVariant === watering || r.nsbVariant.endsWith(`-${watering}`);
  const own = published.rules.filter((r) => r.nsbSubcategoryID === crops && r.nsbRatePercent !== null);
  return (
    (school ? own.find((r) => wanted(r) && r.nsbSchools.includes(school)) : undefined) ??
    (school && own.some((r) => r.nsbSchools.includes(school)) ? undefined : (own.find((r) => wanted(r) && r.nsbIsDefault) ?? own.find(wanted)))
  );
}

/**
 * A harvest watered both ways, as the school's mixed-watering position holds: each part at its own rate (the
 * Maliki: "by the rules of both"), or the whole at the rate of the greater part, half a tenth where they are equal
 * (the Hanafi). The rule of the rain-fed part gives the Nisab. Null where the school has no such position.
 */
function mixedWatering(
  published: Published,
  crops: number,
  school: School | null,
  share: number,
): { rule: NisabRule; percent: number; reason: Reason; sourceURL: string } | null {
  const position = positionFor(published, 'mixed-watering', school, [null], crops);
  const rain = cropRule(published, crops, school, 'rain-fed');
  const pumped = cropRule(published, crops, school, 'irrigated');
  if (!position || !rain || !pumped || rain.nsbRatePercent === null || pumped.nsbRatePercent === null) return null;
  const reason: Reason = { key: 'watering', view: position.view, school, share };
  if (position.view === 'each-part') {
    const percent = share * rain.nsbRatePercent + (1 - share) * pumped.nsbRatePercent;
    return { rule: rain, percent, reason, sourceURL: position.sourceURL };
  }
  const rule = share > 0.5 ? rain : pumped;
  return { rule, percent: rule.nsbRatePercent!, reason, sourceURL: position.sourceURL };
}

export function cropsLine(published: Published, holdings: Holdings, school: School | null): ZakatLine | null {
  const crops = slugId(published, 'crops');
  const kg = holdings.cropsKg ?? 0;
  if (!(kg > 0) || crops === null) return null;
  const watering = holdings.watering ?? 'rain-fed';
  const share = holdings.wateringShare ?? 0.5;
  const mixed = watering === 'mixed' ? mixedWatering(published, crops, school, share) : null;
  // Without a position on mixed watering, the published half-and-half rule answers only for half and half.
  const rule = mixed?.rule ?? (watering === 'mixed' && share !== 0.5 ? undefined : cropRule(published, crops, school, watering));
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
  const percent = mixed?.percent ?? rule.nsbRatePercent;
  const reaches = rule.nsbThreshold === null || kg >= rule.nsbThreshold;
  const nisab = rule.nsbThreshold === null ? null : { value: rule.nsbThreshold, unit: 'kg' as const };
  const measured: Reason =
    rule.nsbThreshold === null ? { key: 'noNisab' } : reaches ? { key: 'alone', nisab: nisab! } : { key: 'below', nisab, combination: null };
  return {
    kind: 'crops',
    detail: watering,
    held: { value: kg, unit: 'kg' },
    rule,
    nisab,
    reachesNisab: reaches,
    due: reaches ? { kind: 'crop', kg: Number(((kg * percent) / 100).toFixed(3)), percent: Number(percent.toFixed(4)) } : { kind: 'nothing' },
    dueMoney: reaches ? null : 0,
    reasons: mixed ? [measured, mixed.reason] : [measured],
    sourceURL: mixed?.sourceURL ?? rule.nsbSourceURL,
  };
}

/** The mixes of animals an answer lists at most (a large herd has thousands; its formula names the rest). */
export const ANIMAL_OPTIONS = 6;

/**
 * Each herd, with what a debt left free of it (`herds` as applyDebts left them) and, kept in one flock with a
 * partner (khulta), as the school holds: one herd (the Shafi'i, the Hanbali), one herd if each partner's head
 * reaches the Nisab (the Maliki, al-Muwatta'), or each alone (the Hanafi). Counted as one, the payer owes his
 * share of the flock's due, by head ("they settle the excess between them equally", al-Muwatta').
 */
export function livestockLines(
  published: Published,
  school: School | null,
  herds: Record<string, number>,
  partnerHead: Record<string, number> = {},
  held: Record<string, number> = herds,
  fromHerds: HerdDebt[] = [],
): ZakatLine[] {
  const lines: ZakatLine[] = [];
  for (const [slug, count] of Object.entries(herds)) {
    const id = slugId(published, slug);
    const rule = id === null ? null : ruleFor(published.rules, id, school);
    const owned = Math.floor(held[slug] ?? count);
    if (id === null || !rule || !(owned > 0) || rule.nsbRateKind !== 'bracket') continue;
    const own = Math.max(0, Math.floor(count));
    const partner = Math.max(0, Math.floor(partnerHead[slug] ?? 0));
    const khulta = partner > 0 ? positionFor(published, 'khulta', school, [null], id) : null;
    const threshold = rule.nsbThreshold ?? 0;
    const oneHerd =
      own > 0 &&
      partner > 0 &&
      (khulta?.view === 'one-herd' || (khulta?.view === 'one-herd-if-each-reaches-nisab' && own >= threshold && partner >= threshold));
    const flock = oneHerd ? own + partner : own;
    const { dues, more } = livestockDueAtMost(rule.nsbBrackets, flock, ANIMAL_OPTIONS);
    // Beyond the few mixes listed, the formula of the flock's row says what else discharges it.
    const formula = more
      ? (rule.nsbBrackets.find((b) => flock >= b.lbrMinCount && (b.lbrMaxCount === null || flock <= b.lbrMaxCount))?.lbrFormula ?? null)
      : null;
    const reaches = dues.length > 0;
    const grazing = positionFor(published, 'grazing', school, [null], id);
    const nisab = rule.nsbThreshold === null ? null : { value: rule.nsbThreshold, unit: 'head' as const };
    const debt = fromHerds.find((d) => d.slug === slug);
    const due: LineDue = !reaches
      ? { kind: 'nothing' }
      : oneHerd
        ? { kind: 'share', share: own / flock, of: dues, rule, own, flock, ...(formula ? { more: formula.per } : {}) }
        : { kind: 'animals', options: dues, rule, ...(formula ? { more: formula.per } : {}) };
    const reasons: Reason[] = [
      ...(debt ? [{ key: 'herdDebt' as const, head: debt.head, value: debt.value, left: own }] : []),
      ...(partner > 0 ? [{ key: 'khulta' as const, view: khulta?.view ?? null, school: khulta ? school : null, partner, flock: own + partner, oneHerd }] : []),
      // Counted as one flock, the khulta reason says what reached the Nisab.
      ...(oneHerd && reaches
        ? []
        : [reaches ? ({ key: 'alone', nisab: nisab ?? { value: 0, unit: 'head' } } as const) : ({ key: 'below', nisab, combination: null } as const)]),
      { key: 'grazing', required: grazing === null ? null : grazing.view === 'required' },
    ];
    lines.push({
      kind: 'livestock',
      detail: slug,
      held: { value: owned, unit: 'head' },
      rule,
      nisab,
      reachesNisab: reaches,
      due,
      dueMoney: reaches ? null : 0,
      reasons,
      sourceURL: partner > 0 && khulta ? khulta.sourceURL : rule.nsbSourceURL,
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
