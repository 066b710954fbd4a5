// Gold, silver and money counted together to reach the Nisab, as the school
// does (the applied nsbCombining position of the metal's rule): by parts, by
// value, or each alone.
import { money } from '../../../generator/router/money.ts';
import type { NisabRule } from '../types.ts';
import type { Metal } from './metals.ts';
import { combiningFor, slugId } from './rules.ts';
import type { Combination, Published, School } from './types.ts';

export function combine(published: Published, school: School | null, metals: Metal[], pool: number, poolRule: NisabRule | null): Combination | null {
  if (!school) return null;
  const held = metals.filter((m) => m.grams > 0);
  if (held.length + (pool > 0 ? 1 : 0) < 2 && metals.length + (pool > 0 ? 1 : 0) < 2) return null;
  const position = combiningFor(metals[0]?.rule ?? null, school) ?? combiningFor(metals[1]?.rule ?? null, school);
  if (!position) return null;
  const poolNisab = poolRule ? poolRule.nsbValueInNaira : null;
  const withPool = position.with.some((id) => id === slugId(published, 'cash') || id === slugId(published, 'trade-goods'));
  const poolCounts = pool > 0 && withPool && poolNisab !== null && poolNisab > 0;
  const counted = position.method === 'none' ? [] : held;
  const measureId = poolRule?.nsbValueSubcategoryID ?? null;
  const measure = measureId === null ? null : measureId === slugId(published, 'gold') ? 'gold' : measureId === slugId(published, 'silver') ? 'silver' : null;
  const base = { school, heldBy: position.heldBy, sourceURL: position.sourceURL };
  if (position.method === 'parts') {
    const shares: Combination['shares'] = counted
      .map((m) => ({ what: m.slug as Combination['shares'][number]['what'], held: m.grams, nisab: m.rule.nsbThreshold! }))
      .concat(poolCounts ? [{ what: 'money' as const, held: pool, nisab: poolNisab! }] : []);
    const total = shares.reduce((sum, s) => sum + s.held / s.nisab, 0);
    return { ...base, method: 'parts', total, nisab: 1, shares, measure: null, reaches: shares.length > 1 && total >= 1 };
  }
  if (position.method === 'value') {
    const values = counted.map((m) => (m.rate ? money([m.grams, m.rate.drtInUSD, m.rate.drtUSDinNaira]) : null));
    const known = values.every((v) => v !== null) && poolNisab !== null;
    const total = known ? money([values.reduce((a, b) => a! + b!, 0)! + (poolCounts ? pool : 0), 1]) : null;
    const parts = values.length + (poolCounts ? 1 : 0);
    return { ...base, method: 'value', total, nisab: poolNisab, shares: [], measure, reaches: total !== null && parts > 1 && total >= poolNisab! };
  }
  return { ...base, method: 'none', total: null, nisab: null, shares: [], measure: null, reaches: false };
}
