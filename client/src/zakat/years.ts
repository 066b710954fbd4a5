// The zakat of every year a payer missed (issue 45, shared CONTRACT §11): each
// year's Nisab read from the snapshot's dated answer for his hawl day
// (`/nisab?hijri_date=YYYY-MM-DD&calendar=…`), the years walked oldest first by
// the same past-years function as zakatDue's receivables (past-years.ts), each
// earlier year's zakat taken off as his school holds. A year whose day has no
// rate, or whose month Nigeria's calendar lacks, says so and is not guessed.
import { livestockDueAtMost, type Due } from '../../../generator/router/livestock.ts';
import { money } from '../../../generator/router/money.ts';
import { apiErrorStatus, type HijriCalendar, type NisabApiError, type NisabClient } from '../client.ts';
import type { NisabRule, Rate, Subcategory } from '../types.ts';
import { ANIMAL_OPTIONS } from './in-kind.ts';
import { addCents, type PastYearLine, type PastYearsRule, pastYears, pastYearsRule } from './past-years.ts';
import { cashRule, positionFor, ruleFor, slugId } from './rules.ts';
import type { Holdings, Position, Published, School, Standard } from './types.ts';

/** At most this many Hijri years in one statement. */
export const MAX_YEARS = 30;

/** What zakatForYears takes: holdings as he held them on each hawl day, before any unpaid zakat. */
export interface YearsHoldings {
  cash?: Holdings['cash'];
  tradeGoods?: Holdings['tradeGoods'];
  /** Head of livestock by subcategory slug, e.g. { cattle: 45 }. */
  herds?: Record<string, number>;
}

export interface YearsInput {
  /** The payer's hawl day, a Hijri day `MM-DD` in `calendar`. */
  hawlDay: string;
  calendar: HijriCalendar;
  /** The Hijri years he did not pay, e.g. [1445, 1446, 1447]: at most 30, each once. */
  years: number[];
  /** One set for every year, or one per year in the order of `years`. */
  holdings: YearsHoldings | YearsHoldings[];
  school: School | null;
  standard: Standard;
}

/** Why a year has no figure: no rate on or before its day, a month Nigeria's calendar lacks, a day not yet come. */
export interface YearProblem {
  kind: 'no-rate' | 'no-calendar' | 'not-yet';
  /** The API's message, or what was found. */
  message: string;
}

/** One kind of wealth in one year, as the past-years walk gave it; unknownBefore names the earlier years by Hijri year. */
export type YearPart<D> = Omit<PastYearLine<D>, 'year'>;

export interface YearAnswer {
  year: number;
  /** The hawl day that year, `YYYY-MM-DD` in `calendar`. */
  hijriDate: string;
  calendar: HijriCalendar;
  problem: YearProblem | null;
  /** The money Nisab of the day: its rule, value, the rate's date and the rate record's sources (srcIDs of /sources). */
  nisab: {
    ruleID: number;
    value: number | null;
    rateDate: string | null;
    rateAgeDays: number | null;
    priceSource: string | null;
    nairaSource: string | null;
    sourceURL: string | null;
  } | null;
  /** Cash and trade goods. */
  money: YearPart<number> | null;
  /** Per livestock slug: the options due (any one discharges it). */
  livestock: Record<string, YearPart<Due[]>>;
}

export interface YearsResult {
  years: YearAnswer[];
  /** What is owed now for all the years, in money. */
  totalMoney: number;
  /** And in kind: per livestock slug, each year's options. */
  inKind: { slug: string; year: number; options: Due[] }[];
  /** The rule each herd is counted by, per livestock slug: its table, its Nisab and the plain words of its animals (`nsbDueItems`). */
  herdRules: Record<string, NisabRule>;
  /** The school's positions applied (null where it publishes none), each with its source. */
  positions: { owed: Position | null; unpaid: Position | null; below: Position | null };
  /** The measure of money applied: the payer's standard, or his school's own (Abu Hanifah: the more beneficial to the poor). */
  standard: Standard;
}

/** An input zakatForYears cannot take, named. */
export class YearsInputError extends RangeError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'YearsInputError';
  }
}

function check(input: YearsInput): YearsHoldings[] {
  if (!/^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|30)$/.test(input.hawlDay))
    throw new YearsInputError('hawlDay', 'must be a Hijri day MM-DD (month 01-12, day 01-30), e.g. 09-01');
  if (input.calendar !== 'umm-al-qura' && input.calendar !== 'nigeria') throw new YearsInputError('calendar', 'must be umm-al-qura or nigeria');
  const { years } = input;
  if (!Array.isArray(years) || years.length === 0 || years.length > MAX_YEARS) throw new YearsInputError('years', `must list 1 to ${MAX_YEARS} Hijri years`);
  years.forEach((year, i) => {
    if (!Number.isInteger(year) || year < 1300 || year > 1600) throw new YearsInputError(`years[${i}]`, 'must be a Hijri year from 1300 to 1600');
    if (i > 0 && year <= years[i - 1]!) throw new YearsInputError(`years[${i}]`, 'years must be listed oldest first, each once');
  });
  const sets = Array.isArray(input.holdings) ? input.holdings : years.map(() => input.holdings as YearsHoldings);
  if (sets.length !== years.length) throw new YearsInputError('holdings', `must be one set, or one per year (${years.length})`);
  sets.forEach((set, i) => {
    for (const key of Object.keys(set))
      if (!['cash', 'tradeGoods', 'herds'].includes(key))
        throw new YearsInputError(`holdings[${i}].${key}`, 'is not taken for past years (cash, tradeGoods and herds are)');
    for (const [key, value] of [
      ['cash', set.cash],
      ['tradeGoods', set.tradeGoods],
      ...Object.entries(set.herds ?? {}).map(([slug, head]) => [`herds.${slug}`, head] as const),
    ] as const) {
      if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1e15)) {
        throw new YearsInputError(`holdings[${i}].${key}`, 'must be a number from 0 to 1000000000000000');
      }
    }
  });
  return sets;
}

/** The day's rules, or why there are none. */
async function dayRules(client: NisabClient, hijriDate: string, calendar: HijriCalendar): Promise<NisabRule[] | YearProblem> {
  try {
    return await client.nisab({ hijri_date: hijriDate, calendar });
  } catch (error) {
    if (apiErrorStatus(error) === 404) return { kind: 'no-calendar', message: (error as NisabApiError).message };
    throw error;
  }
}

/** Why each year has no answer (after the as-of date, no calendar, no rate), or null where it has one. */
function yearProblems(
  answers: (NisabRule[] | YearProblem | null)[],
  cashRules: (NisabRule | null)[],
  days: string[],
  calendar: HijriCalendar,
  today: string,
): (YearProblem | null)[] {
  return answers.map((a, i) =>
    a === null
      ? { kind: 'not-yet', message: `${days[i]} (${calendar}) is after the snapshot's as-of date, ${today}` }
      : !Array.isArray(a)
        ? a
        : cashRules[i]?.nsbValueInNaira == null
          ? { kind: 'no-rate', message: `no rate on or before ${days[i]} (${calendar})` }
          : null,
  );
}

/** Money: cash and trade goods against the day's cash Nisab; null where no year held any. */
function moneyYears(
  sets: YearsHoldings[],
  problems: (YearProblem | null)[],
  cashRules: (NisabRule | null)[],
  moneyRule: PastYearsRule,
  percent: number,
): PastYearLine<number>[] | null {
  const moneyHeld = sets.map((set) => addCents(set.cash ?? 0, set.tradeGoods ?? 0));
  if (!moneyHeld.some((held) => held > 0)) return null;
  return pastYears(
    moneyHeld.map((held, i) => ({ held, nisab: problems[i] ? null : cashRules[i]!.nsbValueInNaira })),
    moneyRule,
    (counted) => {
      const zakat = money([counted, percent, 0.01]);
      return { due: zakat, takenOff: zakat };
    },
  );
}

/** One kind of livestock against its own table; an animal due from outside the herd (a sheep for camels) takes none off it. */
function herdYears(
  published: Published,
  first: NisabRule[],
  school: School | null,
  slug: string,
  sets: YearsHoldings[],
  problems: (YearProblem | null)[],
): { rule: NisabRule; lines: PastYearLine<Due[]>[] } {
  const id = slugId(published, slug);
  const rule = id === null ? null : ruleFor(first, id, school);
  if (id === null || !rule || rule.nsbRateKind !== 'bracket')
    throw new YearsInputError(`holdings.herds.${slug}`, 'is not a livestock subcategory with a table');
  const lines = pastYears(
    sets.map((set, i) => ({
      held: Math.floor(set.herds?.[slug] ?? 0),
      nisab: problems[i]?.kind === 'no-calendar' || problems[i]?.kind === 'not-yet' ? null : (rule.nsbThreshold ?? 1),
    })),
    pastYearsRule(published, school, slug),
    (counted) => {
      const { dues } = livestockDueAtMost(rule.nsbBrackets, counted, ANIMAL_OPTIONS);
      const fromHerd = (dues[0] ?? []).reduce((sum, d) => sum + (d.item === 'sheep' && slug !== 'sheep-goats' ? 0 : d.count), 0);
      return { due: dues, takenOff: fromHerd };
    },
  );
  return { rule, lines };
}

/** The rate each year's cash Nisab was valued at (its sources), null where it has none or it is not read. */
function yearRates(client: NisabClient, cashRules: (NisabRule | null)[], days: string[], calendar: HijriCalendar) {
  return Promise.all(
    cashRules.map((rule, i) =>
      rule?.nsbValueSubcategoryID == null ? null : client.latest({ hijri_date: days[i]!, calendar, subcategory: rule.nsbValueSubcategoryID }).catch(() => null),
    ),
  );
}

/** A year's Nisab as its answer shows it, with the sources of the rate it was valued at. */
function yearNisab(
  rule: NisabRule,
  rate: { drtPriceSource: Rate['drtPriceSource']; drtNairaSource: Rate['drtNairaSource'] } | null | undefined,
): YearAnswer['nisab'] {
  return {
    ruleID: rule.nsbID,
    value: rule.nsbValueInNaira,
    rateDate: rule.nsbRateDate,
    rateAgeDays: rule.nsbRateAgeDays,
    priceSource: rate?.drtPriceSource ?? null,
    nairaSource: rate?.drtNairaSource ?? null,
    sourceURL: rule.nsbSourceURL,
  };
}

/**
 * The zakat of each year missed and the total owed now. `client` is the typed client pointed at a base address
 * (createClient); it reads each year's dated answer as the page does, static files included.
 */
export async function zakatForYears(client: NisabClient, input: YearsInput): Promise<YearsResult> {
  const sets = check(input);
  const [meta, subcategories] = await Promise.all([client.meta(), client.subcategories()]);
  const today = input.calendar === 'nigeria' ? (meta.asOfHijriNigeria ?? meta.asOfHijri) : meta.asOfHijri;
  const days = input.years.map((year) => `${year}-${input.hawlDay}`);
  const answers = await Promise.all(days.map((day) => (day > today ? null : dayRules(client, day, input.calendar))));

  // The school's measure and positions are the same every year: read from the first day that has rules.
  const first = answers.find((a): a is NisabRule[] => Array.isArray(a)) ?? [];
  const published = (rules: NisabRule[]): Published => ({ rules, subcategories: subcategories as Subcategory[], rates: new Map() });
  const ownMeasure = positionFor(published(first), 'cash-measure', input.school)?.view === 'more-beneficial-nisab';
  const standard: Standard = ownMeasure ? 'lower' : input.standard;
  const cashRules = answers.map((a) => (Array.isArray(a) ? cashRule(published(a), standard, input.school) : null));
  const rates = await yearRates(client, cashRules, days, input.calendar);
  const problems = yearProblems(answers, cashRules, days, input.calendar, today);

  // Money: cash and trade goods against the day's cash Nisab.
  const moneyRule = pastYearsRule(published(first), input.school, 'cash');
  const percent = cashRules.find((r) => r?.nsbRatePercent != null)?.nsbRatePercent ?? 2.5;
  const moneyLines = moneyYears(sets, problems, cashRules, moneyRule, percent);

  // Livestock: each kind against its own table; an animal due from outside the herd (a sheep for camels) takes none off it.
  const slugs = [...new Set(sets.flatMap((set) => Object.keys(set.herds ?? {})))];
  const herdLines: Record<string, PastYearLine<Due[]>[]> = {};
  const herdRules: Record<string, NisabRule> = {};
  for (const slug of slugs) {
    const herd = herdYears(published(first), first, input.school, slug, sets, problems);
    herdRules[slug] = herd.rule;
    herdLines[slug] = herd.lines;
  }

  const part = <D>({ year: _, ...line }: PastYearLine<D>): YearPart<D> => ({ ...line, unknownBefore: line.unknownBefore.map((i) => input.years[i]!) });
  const years: YearAnswer[] = input.years.map((year, i) => {
    const rule = cashRules[i];
    return {
      year,
      hijriDate: days[i]!,
      calendar: input.calendar,
      problem: problems[i]!,
      nisab: rule ? yearNisab(rule, rates[i]) : null,
      money: moneyLines ? part(moneyLines[i]!) : null,
      livestock: Object.fromEntries(slugs.map((slug) => [slug, part(herdLines[slug]![i]!)])),
    };
  });
  const totalMoney = (moneyLines ?? []).reduce((sum, line) => addCents(sum, line.due ?? 0), 0);
  const inKind = slugs.flatMap((slug) =>
    herdLines[slug]!.filter((line) => line.due !== null && line.due.length > 0).map((line) => ({ slug, year: input.years[line.year]!, options: line.due! })),
  );
  return { years, totalMoney, inKind, herdRules, positions: { owed: moneyRule.owed, unpaid: moneyRule.unpaid, below: moneyRule.below }, standard };
}
