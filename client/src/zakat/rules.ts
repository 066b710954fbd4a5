// Finding the published rule or position a calculation applies: every threshold,
// percentage and school's view comes from the API's records, never a constant here.
import type { NisabRule } from '../types.ts';
import type { Position, Published, School, Standard } from './types.ts';

export const slugId = (published: Published, slug: string) => published.subcategories.find((s) => s.sctSlug === slug)?.sctID ?? null;

/**
 * The rule of a subcategory for a school: one that names the school, else (for
 * snapshots without nsbSchools) a variant named after it, else the default.
 */
export function ruleFor(rules: NisabRule[], subcategoryId: number, school: School | null, accept: (rule: NisabRule) => boolean = () => true): NisabRule | null {
  const own = rules.filter((r) => r.nsbSubcategoryID === subcategoryId && accept(r));
  if (school) {
    const named = own.find((r) => r.nsbSchools.includes(school)) ?? own.find((r) => r.nsbSchools.length === 0 && r.nsbVariant.startsWith(`${school}`));
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

/**
 * A school's applied position on a topic (nsbPositions of any rule), for the
 * first of `cases` it names (receivables: out-of-reach, loan, trade-mudir, ...);
 * else its position without a case, which answers every case. Null where none is
 * published for the school.
 */
export function positionFor(
  published: Published,
  topic: Position['topic'],
  school: School | null,
  cases: Position['case'][] = [null],
  about: number | null = null,
): Position | null {
  if (!school) return null;
  // A position named for the case comes before one for any case (the Shafi'i: out-of-reach before every debt).
  for (const wanted of [...cases, null]) {
    for (const rule of published.rules) {
      const found = rule.nsbPositions.find(
        (p) => p.topic === topic && p.applied && p.schools.includes(school) && p.case === wanted && (about === null || p.with.includes(about)),
      );
      if (found) return found;
    }
  }
  return null;
}
