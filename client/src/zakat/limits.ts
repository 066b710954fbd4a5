// What the calculator takes: every input bounded, so a typo of 10 digits too many
// or a number beyond what money can round (1e308) is named, never computed. The
// bounds are far above any real holding: a trillion trillion naira is not one.
import { MAX_HEAD_COUNT } from '../../../generator/router/livestock.ts';
import type { Holdings } from './types.ts';

export const LIMITS = {
  /** Money in the calculator's currency (₦10^15: a thousand trillion). */
  money: 1e15,
  grams: 1e9,
  kg: 1e12,
  /** The largest herd the livestock tables are computed for (router/livestock.ts). */
  head: MAX_HEAD_COUNT,
  persons: 1e7,
  years: 1000,
  /** A part of a whole (wateringShare). */
  share: 1,
  /** Debts owed to the payer in one answer: beyond any real ledger, and each one's past years stay cheap to work out. */
  receivables: 50,
} as const;

/** The numeric inputs of Holdings: a key whose value is a number (derived, so a new one is named here by tsc). */
export type NumberField = { [K in keyof Holdings]-?: NonNullable<Holdings[K]> extends number ? K : never }[keyof Holdings];
/** The inputs of Holdings given per subcategory slug (a partner's head, a herd's value). */
export type PerHerdField = { [K in keyof Holdings]-?: NonNullable<Holdings[K]> extends Record<string, number> ? K : never }[keyof Holdings];

/**
 * Each numeric input and its bound (a holding's field, a herd, or a receivable's). Typed over every numeric key
 * of Holdings, so a new input without its bound fails tsc here (and without its read, in page/zakat-form.ts).
 */
export const FIELD_LIMITS: { readonly [K in NumberField]: keyof typeof LIMITS } = {
  cash: 'money',
  tradeGoods: 'money',
  goldGrams: 'grams',
  silverGrams: 'grams',
  wornGoldGrams: 'grams',
  wornSilverGrams: 'grams',
  savingsGoldGrams: 'grams',
  savingsSilverGrams: 'grams',
  debts: 'money',
  debtCover: 'money',
  newMoney: 'money',
  cropsKg: 'kg',
  wateringShare: 'share',
  persons: 'persons',
};

/** Each input per subcategory slug and the bound of each of its entries. */
export const PER_HERD_LIMITS: { readonly [K in PerHerdField]: keyof typeof LIMITS } = {
  partnerHead: 'head',
  herdValue: 'money',
};

export interface InputProblem {
  /** The input: a field of Holdings, `herds.camels`, `receivables[0].amount`, ... */
  field: string;
  /** Its largest value. */
  max: number;
  /** count: a list longer than `max` (receivables); absent: a number out of 0 to `max`. */
  kind?: 'count';
}

const bad = (value: unknown, max: number) => value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max);

/** Every input outside its bound (not a number, negative, or above it); empty when all are within. */
export function inputProblems(holdings: Holdings, herds: Record<string, number> = {}): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const [field, limit] of Object.entries(FIELD_LIMITS) as [keyof typeof FIELD_LIMITS, keyof typeof LIMITS][]) {
    if (bad(holdings[field], LIMITS[limit])) problems.push({ field, max: LIMITS[limit] });
  }
  for (const [slug, count] of Object.entries(herds)) if (bad(count, LIMITS.head)) problems.push({ field: `herds.${slug}`, max: LIMITS.head });
  for (const [field, limit] of Object.entries(PER_HERD_LIMITS) as [PerHerdField, keyof typeof LIMITS][]) {
    for (const [slug, value] of Object.entries(holdings[field] ?? {})) {
      // A common flock is counted as one herd: the partner's head and the payer's together within the tables' bound.
      const own = field === 'partnerHead' && Number.isFinite(herds[slug]) ? Math.max(0, Math.floor(herds[slug]!)) : 0;
      const max = field === 'partnerHead' ? Math.max(0, LIMITS[limit] - own) : LIMITS[limit];
      if (bad(value, max)) problems.push({ field: `${field}.${slug}`, max });
    }
  }
  const receivables = holdings.receivables ?? [];
  if (receivables.length > LIMITS.receivables) problems.push({ field: 'receivables', max: LIMITS.receivables, kind: 'count' });
  receivables.slice(0, LIMITS.receivables).forEach((r, i) => {
    if (bad(r.amount, LIMITS.money)) problems.push({ field: `receivables[${i}].amount`, max: LIMITS.money });
    if (bad(r.yearsOut, LIMITS.years)) problems.push({ field: `receivables[${i}].yearsOut`, max: LIMITS.years });
  });
  return problems;
}

/** Thrown by zakatDue for an input out of its bound; the page checks inputProblems first and says it in its language. */
export class ZakatInputError extends RangeError {
  constructor(readonly problems: InputProblem[]) {
    super(problems.map((p) => (p.kind === 'count' ? `${p.field}: at most ${p.max}` : `${p.field} must be a number from 0 to ${p.max}`)).join('; '));
    this.name = 'ZakatInputError';
  }
}
