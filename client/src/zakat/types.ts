// The calculator's inputs and its answer. The answer is structured: each line
// says what was measured, what is due (money, metal, grain, animals) and why, as
// keys with their numbers, never as sentences; the page and the widget word it in
// their language (generator/site/page/result-words.ts).
import type { Due as LivestockDue, PerUnit } from '../../../generator/router/livestock.ts';
import type { NisabRule, Rate, Subcategory } from '../types.ts';

/** Which metal's Nisab measures cash and trade goods: gold's, silver's, or whichever is lower today. */
export type Standard = 'gold' | 'silver' | 'lower';
export type School = 'hanafi' | 'maliki' | 'shafii' | 'hanbali';
export type Watering = 'rain-fed' | 'irrigated' | 'mixed';
export type Trader = 'mudir' | 'muhtakir';
export type Position = NisabRule['nsbPositions'][number];

/** Money owed to the payer (shared CONTRACT §11). */
export interface Receivable {
  amount: number;
  /** loan: a loan (qard); trade: the price of goods he sold. */
  kind: 'loan' | 'trade';
  /** true: paid back this year (and not also entered as cash). */
  collected: boolean;
  /** Whole lunar years it was out (at least 1). */
  yearsOut: number;
  /**
   * false: it is not yet due, or the debtor denies it (and there is no proof) or cannot pay; a school's
   * position for such a debt (case `out-of-reach`: the Shafi'i, paid on collection for its past years)
   * then applies. Absent or true: a debt due on a debtor who acknowledges it and can pay.
   */
  withinReach?: boolean;
}

export interface Holdings {
  /** Cash and savings in hand or in the bank, in the calculator's currency (money owed to you goes in receivables). */
  cash?: number;
  /** Business stock at its market value. */
  tradeGoods?: number;
  goldGrams?: number;
  silverGrams?: number;
  /** A woman's permissible jewellery that she wears (nsbWornJewellery says per school whether it owes zakat). */
  wornGoldGrams?: number;
  wornSilverGrams?: number;
  /** Jewellery kept as savings: for hard times, for a dowry or for sale, apart from what is worn (nsbPositions savings-jewellery). */
  savingsGoldGrams?: number;
  savingsSilverGrams?: number;
  /** A Maliki trader: mudir (turns his stock over, values it every year; the default) or muhtakir (waits for a price, pays once when he sells). */
  trader?: Trader;
  /** A muhtakir: true when tradeGoods is the price of goods he sold this year (owed once, for one year); unsold goods owe nothing. */
  tradeGoodsSold?: boolean;
  /** What he owes and must repay (nsbPositions debts). */
  debts?: number;
  /** What he owns that owes no zakat and is beyond his needs (land, a second house, goods kept for use): the Maliki set the debt against it first. */
  debtCover?: number;
  receivables?: Receivable[];
  /** The part of cash that came less than a lunar year ago and is not the profit of his capital (a gift, an inheritance, wages, rent). */
  newMoney?: number;
  /** Crops harvested (kg) and how they were watered. */
  cropsKg?: number;
  watering?: Watering;
  /** Crops watered both ways (`watering: 'mixed'`): the part (0–1) watered without cost, by rain or rivers; absent: half (nsbPositions mixed-watering). */
  wateringShare?: number;
  /** Livestock kept in one flock with a partner (khulta): per subcategory slug, the partner's head in the common flock, e.g. { 'sheep-goats': 40 }. */
  partnerHead?: Record<string, number>;
  /** Per subcategory slug, the value of the payer's own herd in money, where his school sets a debt against livestock (the Hanafi, the Hanbali). */
  herdValue?: Record<string, number>;
  /** How many people the payer gives zakat al-fitr for (himself and those he provides for). */
  persons?: number;
}

export interface Published {
  rules: NisabRule[];
  subcategories: Subcategory[];
  /** The newest rate of each metal, by subcategory ID. */
  rates: Map<number, Rate>;
}

/** An amount in its unit: money is in the calculator's currency. */
export interface Amount {
  value: number;
  unit: 'money' | 'gram' | 'kg' | 'head' | 'person';
}

/** How the holdings were counted together to reach the Nisab (one of the rule's nsbCombining positions). */
export interface Combination {
  method: 'parts' | 'value' | 'none';
  school: School;
  heldBy: string;
  /** parts: the sum of the shares; value: the holdings' value in money; null for none. */
  total: number | null;
  /** parts: 1; value: the cash Nisab in money. */
  nisab: number | null;
  /** parts: each share, as held ÷ its Nisab. */
  shares: { what: 'gold' | 'silver' | 'money'; held: number; nisab: number }[];
  /** value: the Nisab that measured it, when the school chose it (Abu Hanifah: the one more beneficial to the poor). */
  measure: 'gold' | 'silver' | null;
  reaches: boolean;
  sourceURL: string;
}

/** What one line owes. */
export type LineDue =
  | { kind: 'nothing' }
  | { kind: 'money'; percent: number; money: number }
  | { kind: 'metal'; metal: 'gold' | 'silver'; grams: number; percent: number; money: number | null }
  | { kind: 'crop'; kg: number; percent: number }
  /** more: the options are the first few; any other mix of one of each unit per its heads discharges it too. */
  | { kind: 'animals'; options: LivestockDue[]; rule: NisabRule; more?: PerUnit[] }
  /**
   * A share of what a common flock owes (khulta): `share` (own head ÷ the flock's) of `of`, the flock's due,
   * taken from the flock and settled between the partners by their head.
   */
  | { kind: 'share'; share: number; of: LivestockDue[]; rule: NisabRule; own: number; flock: number; more?: PerUnit[] }
  | { kind: 'fitr'; options: { rule: NisabRule; amount: number; perPerson: number; unit: string }[] }
  /** Counted with another line (jewellery with its metal, a receivable or new money with the money). */
  | { kind: 'counted'; with: 'gold' | 'silver' | 'money' }
  | { kind: 'exempt' }
  /** A debt: what it took off, from which holdings. */
  | {
      kind: 'deducted';
      covered: number;
      fromMoney: number;
      fromGold: number;
      fromSilver: number;
      left: number;
      /** What the debt took off each herd (the Hanafi, the Hanbali, given its value): present only where it took some. */
      fromHerds?: HerdDebt[];
    }
  /** Owed later: a receivable, paid when collected, for this many years. */
  | { kind: 'later'; years: number | null }
  | { kind: 'unknown' };

/** A debt set against a herd at its value: the money it took, and the head that value is (never more than the herd). */
export interface HerdDebt {
  slug: string;
  value: number;
  head: number;
}

/** Why a line owes what it owes: a key and its numbers (the page words it). */
export type Reason =
  | { key: 'alone'; nisab: Amount }
  | { key: 'together'; combination: Combination }
  | { key: 'below'; nisab: Amount | null; combination: Combination | null }
  | { key: 'noRate' }
  | { key: 'noRule' }
  | { key: 'noNisab' }
  | { key: 'standard'; standard: Standard; chosenBy: 'payer' | 'school' }
  | { key: 'worn'; due: boolean | null; school: School | null }
  | { key: 'savings'; school: School | null; published: boolean }
  | { key: 'muhtakir'; sold: boolean }
  | { key: 'debt'; view: Position['view'] | null; school: School | null }
  /** What covered a debt (the Maliki): held a full year, of what is sold to pay a debtor's creditors, valued when zakat falls due. */
  | { key: 'debtCoverTerms' }
  /** herdValue: 'missing' where a herd the school sets the debt against has no value entered; 'used' where every such herd was valued and taken. */
  | { key: 'debtLeft'; livestockToo: boolean; herdValue?: 'missing' | 'used' }
  /** A debt took `head` head off this herd: what is left free of debt is counted. */
  | { key: 'herdDebt'; head: number; value: number; left: number }
  /** A common flock (khulta): the school's position, the partner's head, and whether the flock was counted as one. */
  | { key: 'khulta'; view: Position['view'] | null; school: School | null; partner: number; flock: number; oneHerd: boolean }
  /** Crops watered both ways: the school's position and the part watered without cost. */
  | { key: 'watering'; view: Position['view'] | null; school: School | null; share: number }
  /** arrearsYears: the past years that owe (each reaching its Nisab), worded "the zakat of N past years". */
  | { key: 'receivable'; view: Position['view'] | null; school: School | null; receivable: Receivable; arrearsYears: number }
  /**
   * The past years (past-years.ts), consecutive years of one kind as one run: what was counted, the Nisab
   * and what they owe. nisabAt today: a debt owed to the payer carries no dates, so each past year is
   * measured at today's Nisab. takesOff: each year's zakat came off the next, the current year's included.
   */
  | { key: 'pastYears'; runs: PastYearsRun[]; nisabAt: 'today' | 'dated'; takesOff: boolean }
  | { key: 'newMoney'; view: Position['view'] | null; school: School | null; joined: boolean }
  | { key: 'grazing'; required: boolean | null }
  | { key: 'fitr' };

export type LineKind =
  | 'money'
  | 'gold'
  | 'silver'
  | 'worn-gold'
  | 'worn-silver'
  | 'savings-gold'
  | 'savings-silver'
  | 'muhtakir-goods'
  | 'debts'
  | 'receivable'
  | 'receivable-arrears'
  | 'new-money'
  | 'crops'
  | 'livestock'
  | 'fitr';

export interface ZakatLine {
  kind: LineKind;
  /** The subcategory slug for livestock (camels, cattle, sheep-goats) and the watering for crops. */
  detail: string | null;
  held: Amount;
  /** The rule applied, as published (null where the line applies a position alone). */
  rule: NisabRule | null;
  /** The Nisab in the held unit (money for money), or null. */
  nisab: Amount | null;
  reachesNisab: boolean;
  due: LineDue;
  /** The money it owes (0 for nothing; null where nothing due is money). */
  dueMoney: number | null;
  reasons: Reason[];
  /** Where the rule or position applied is stated. */
  sourceURL: string | null;
}

export interface ZakatResult {
  lines: ZakatLine[];
  /** The money due, all lines together. */
  totalMoney: number;
  /** What is due in kind beside the money: grain, animals, zakat al-fitr (the lines whose due is not money). */
  inKind: ZakatLine[];
  combination: Combination | null;
  /** The standard that measured money: the payer's, or his school's own (Abu Hanifah: the Nisab more beneficial to the poor). */
  standard: { applied: Standard; chosenBy: 'payer' | 'school'; sourceURL: string | null };
}

/** Why a year owes what it owes. */
export type PastYearWhy =
  /** No Nisab for the year's day: not guessed. */
  | 'no-rate'
  /** What was counted reached the year's Nisab. */
  | 'reaches-nisab'
  /** Below the Nisab: nothing that year. */
  | 'below-nisab'
  /** Reached it, but the year before was below and the school starts the year again when the Nisab comes back (below-nisab hawl-restarts). */
  | 'after-below';

/**
 * Consecutive years of one kind told as one: the same why and the same Nisab, from the first year's count to
 * the last's, with what they owe together. Money owed to the payer may be out 1,000 years: its answer stays a
 * few runs, not a line per year (zakatForYears, at most 30 years, gives each year).
 */
export interface PastYearsRun {
  /** The first and last year of the run, 0 for the oldest. */
  first: number;
  last: number;
  why: PastYearWhy;
  nisab: number | null;
  /** What was counted in its first and its last year. */
  countedFirst: number;
  countedLast: number;
  /** What the run owes in all (money), 0 where nothing. */
  due: number;
}
