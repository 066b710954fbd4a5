// The calculator's structured answer (client/src/zakat/) in the page's language:
// one pure function from a ZakatResult and a catalogue to the text of each cell.
// Every amount is wrapped in Unicode isolates (FSI … PDI) so a figure with its
// unit keeps its order inside Arabic text.
import type { NisabRule } from '../../../client/src/types.ts';
import type { Amount, Combination, LineDue, Reason, ZakatLine, ZakatResult } from '../../../client/src/zakat.ts';
import type { Due, PerUnit } from '../../router/livestock.ts';
import type { ResultStrings } from '../i18n/catalogue.ts';

export interface Figures {
  /** An amount of money in the calculator's currency, with its symbol or code. */
  money(value: number): string;
  /** A plain number with `decimals` places (grouped). */
  number(value: number, decimals?: number): string;
}

export interface WordedLine {
  what: string;
  held: string;
  nisab: string;
  due: string;
  why: string[];
  rule: string;
}

export interface WordedResult {
  lines: WordedLine[];
  /** The big line: the money due, or, when nothing is due in money but something in kind, that heading (named first). */
  total: string;
  /** The heading over `inKind` beside a money total; null when `total` is already the in-kind heading or nothing is in kind. */
  inKindHeading: string | null;
  /** What is due in kind, one phrase per line that owes it ("Camels: 1 hiqqah"). */
  inKind: string[];
}

export const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * Kano's measure of the harvest: its Shari'a Commission publishes the crops' Nisab as 300 kwano, 5 wasq
 * (data/nisab.json, the crop rules' notes), and the data weighs those 5 wasq 653 kg (the rules' nsbThreshold;
 * a test holds the two together). So 1 kwano = 1 sa' = 4 mudd = 653/300 kg.
 */
export const CROP_NISAB = { kg: 653, wasq: 5, kwano: 300, muddPerKwano: 4 } as const;

/**
 * A body's short name, the same in every language: the capitals in brackets after
 * its name when they are its initials ("National Moonsighting Committee of Nigeria
 * (NMCN)"), not a country ("National Zakat Foundation (UK)"); null otherwise.
 */
export function shortName(name: string): string | null {
  const match = /^(.*?)\s*\(([A-Z]{2,})\)/.exec(name);
  if (!match) return null;
  const initials = match[1]!
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .map((word) => word[0])
    .join('');
  return initials === match[2] ? match[2]! : null;
}

/** A quantity as short as it is exact: 2.5, 30, 1.625 (up to 3 decimals, no trailing zeros). */
export function plain(figures: Figures, value: number): string {
  const decimals = Number.isInteger(value) ? 0 : Math.min(3, (String(Number(value.toFixed(3))).split('.')[1] ?? '').length);
  return figures.number(value, decimals);
}

/** The words of a herd's due: the animals' names, how to say a count of them, and how options are joined. */
export type AnimalWords = Pick<ResultStrings, 'animals' | 'animalWords' | 'animal' | 'and' | 'or' | 'animalsMore' | 'perHeads'>;

/**
 * What a herd owes, in the page's language: each option (any one discharges it) as its animals with the age and
 * sex `rule` asks for ("musinna ɗaya (saniya mace, ba sa ba, mai shekara huɗu)"), and, where `more` is given, the
 * formula's units that make any other mix. The calculator's answer and the years part both word it here.
 */
export function wordAnimals(options: Due[], rule: NisabRule, more: PerUnit[] | undefined, words: AnimalWords, figures: Figures): string {
  const animal = (name: string, count: number) => {
    // The rule's plain words (data/nisab.json) are English: each catalogue gives them in its language, and an
    // untranslated one stays in English rather than leave the herder without the animal's age and sex.
    const english = rule.nsbDueItems.find((i) => i.item === name)?.words ?? null;
    const plainWords = english === null ? null : (words.animalWords[english] ?? english);
    const item = words.animals[name as keyof ResultStrings['animals']] ?? name.replace(/_/g, ' ');
    return words.animal(isolate(plain(figures, count)), item, plainWords);
  };
  const listed = options.map((option) => option.map((d) => animal(d.item, d.count)).join(words.and)).join(words.or);
  if (!more) return listed;
  return listed + words.animalsMore(more.map((unit) => words.perHeads(animal(unit.item, 1), isolate(plain(figures, unit.heads)))).join(words.and));
}

/** The catalogue and the figures' writers an answer is worded with: amounts with their units, money, grams, a harvest's measure, a school's name. */
function sayWith(words: ResultStrings, figures: Figures) {
  const amount = (a: Amount): string => {
    if (a.unit === 'money') return isolate(figures.money(a.value));
    const n = plain(figures, a.value);
    return isolate(
      a.unit === 'gram' ? words.units.gram(n) : a.unit === 'kg' ? words.units.kg(n) : a.unit === 'head' ? words.units.head(n) : words.units.person(n),
    );
  };
  const money = (value: number) => amount({ value, unit: 'money' });
  const grams = (value: number) => amount({ value, unit: 'gram' });
  /** Kilograms of grain in kwano and mudd, to the hundredth. */
  const measure = (kg: number) => {
    const kwano = Math.round(((kg * CROP_NISAB.kwano) / CROP_NISAB.kg) * 100) / 100;
    const mudd = Math.round(((kg * CROP_NISAB.kwano * CROP_NISAB.muddPerKwano) / CROP_NISAB.kg) * 100) / 100;
    return isolate(words.due.kwano(plain(figures, kwano), plain(figures, mudd)));
  };
  const school = (name: keyof ResultStrings['schools'] | null) => (name === null ? '' : words.schools[name]);
  return { words, figures, amount, money, grams, measure, school };
}
type Say = ReturnType<typeof sayWith>;

function what(words: ResultStrings, line: ZakatLine): string {
  switch (line.kind) {
    case 'receivable':
    case 'receivable-arrears':
      return words.what[`${line.kind}-${line.detail === 'loan' ? 'loan' : 'trade'}`];
    case 'crops': {
      // Watered both ways in a part other than half: the half-and-half name would mislead.
      const share = line.reasons.find((r) => r.key === 'watering');
      if (share?.key === 'watering' && share.share !== 0.5) return words.watering.what;
      return words.what[`crops-${(line.detail ?? 'rain-fed') as 'rain-fed' | 'irrigated' | 'mixed'}`];
    }
    case 'livestock':
      return words.what[(line.detail ?? 'camels') as 'camels' | 'cattle' | 'sheep-goats'];
    default:
      return words.what[line.kind];
  }
}

function combined({ words, figures, money, school }: Say, c: Combination, reaches: boolean): string {
  const name = school(c.school);
  if (c.method === 'parts') {
    const sum = c.shares
      .map((s) =>
        isolate(
          words.why.share(
            s.what === 'money' ? figures.money(s.held) : words.units.gram(plain(figures, s.held)),
            s.what === 'money' ? figures.money(s.nisab) : words.units.gram(plain(figures, s.nisab)),
          ),
        ),
      )
      .join(' + ');
    const total = `${sum} = ${isolate(figures.number(c.total ?? 0, 3))}`;
    return reaches ? words.why.partsReach(name, total) : words.why.partsBelow(name, total);
  }
  if (c.method === 'value') {
    const total = c.total === null ? '—' : money(c.total);
    const nisab = c.nisab === null ? '—' : money(c.nisab);
    return reaches ? words.why.valueReach(name, total, nisab) : words.why.valueBelow(name, total, nisab);
  }
  return words.why.none(name);
}

function reason(say: Say, r: Reason): string {
  const { words, amount, school } = say;
  switch (r.key) {
    case 'alone':
      return words.why.alone(amount(r.nisab));
    case 'together':
      return combined(say, r.combination, true);
    case 'below':
      return r.combination ? combined(say, r.combination, false) : words.why.belowOwn(r.nisab ? amount(r.nisab) : '—');
    case 'noRate':
      return words.why.noRate;
    case 'noRule':
      return words.why.noRule;
    case 'noNisab':
      return words.why.noNisab;
    case 'standard':
      return r.chosenBy === 'school' ? words.why.standardSchool(words.why.standards[r.standard]) : words.why.standardPayer(words.why.standards[r.standard]);
    case 'worn':
      return r.due === null || r.school === null
        ? words.why.wornNoSchool
        : r.due
          ? words.why.wornDue(school(r.school))
          : words.why.wornExempt(school(r.school));
    case 'savings':
      return r.published && r.school ? words.why.savings(school(r.school)) : words.why.savingsNoPosition;
    case 'muhtakir':
      return r.sold ? words.why.muhtakirSold : words.why.muhtakirUnsold;
    case 'debt':
      return r.school === null || r.view === null
        ? words.why.debtNoSchool
        : r.view === 'deducted-after-cover'
          ? words.why.debtCover(school(r.school))
          : r.view === 'not-deducted'
            ? words.why.debtNotDeducted(school(r.school))
            : words.why.debtDeducted(school(r.school));
    case 'debtCoverTerms':
      return words.why.debtCoverTerms;
    default:
      return herdsAndYearsReason(say, r);
  }
}

/** The reasons of the herds, the harvest, the receivables, the past years, new money and zakat al-fitr (`reason`'s second half). */
function herdsAndYearsReason(
  say: Say,
  r: Extract<Reason, { key: 'debtLeft' | 'herdDebt' | 'khulta' | 'watering' | 'receivable' | 'pastYears' | 'newMoney' | 'grazing' | 'fitr' }>,
): string {
  const { words, figures, amount, money, school } = say;
  switch (r.key) {
    case 'debtLeft':
      return r.herdValue === 'missing' ? words.flock.debtLeftValue : r.herdValue === 'used' ? words.flock.debtLeftAll : words.why.debtLeft(r.livestockToo);
    case 'herdDebt':
      return words.flock.debt(money(r.value), amount({ value: r.head, unit: 'head' }), amount({ value: r.left, unit: 'head' }));
    case 'khulta': {
      const partner = amount({ value: r.partner, unit: 'head' });
      const flock = amount({ value: r.flock, unit: 'head' });
      if (r.school === null || r.view === null) return words.flock.noSchool(partner);
      const name = school(r.school);
      if (r.view === 'one-herd') return words.flock.oneHerd(name, partner, flock);
      if (r.view === 'one-herd-if-each-reaches-nisab') return r.oneHerd ? words.flock.eachReaches(name, partner, flock) : words.flock.notEach(name, partner);
      return words.flock.eachAlone(name, partner);
    }
    case 'watering': {
      const share = isolate(words.watering.percent(plain(figures, r.share * 100)));
      const name = school(r.school);
      return r.view === 'each-part' ? words.watering.eachPart(name, share) : words.watering.greaterPart(name, share);
    }
    case 'receivable':
      return receivableReason(say, r);
    case 'pastYears':
      return pastYearsReason(say, r);
    case 'newMoney':
      return r.school === null || r.view === null
        ? words.why.newMoneyNoSchool
        : r.view === 'joins-nisab'
          ? r.joined
            ? words.why.joinsNisab(school(r.school))
            : words.why.joinsNoNisab(school(r.school))
          : words.why.ownHawl(school(r.school));
    case 'grazing':
      return r.required === null ? words.why.grazingNoSchool : r.required ? words.why.grazingRequired : words.why.grazingNotRequired;
    case 'fitr':
      return words.why.fitr;
  }
}

function receivableReason({ words, figures, school }: Say, r: Extract<Reason, { key: 'receivable' }>): string {
  if (r.school === null || r.view === null) return words.why.receivableNoSchool;
  const name = school(r.school);
  const years = isolate(plain(figures, r.receivable.yearsOut));
  const main =
    r.view === 'valued-yearly'
      ? words.why.tradeMudir(name)
      : r.view === 'every-year'
        ? words.why.everyYear(name)
        : r.view === 'every-year-paid-on-collection'
          ? words.why.everyYearOnCollection(name, years)
          : r.receivable.kind === 'loan'
            ? words.why.loanOneYear(name)
            : words.why.tradeMuhtakir(name);
  if (r.arrearsYears === 0) return main;
  const past = isolate(plain(figures, r.arrearsYears));
  // Not collected yet and still owed for its past years: only a school that charges every year the debtor can pay says so.
  return `${main} ${r.view === 'every-year' && !r.receivable.collected ? words.why.arrearsNow(past) : words.why.arrears(past)}`;
}

function pastYearsReason({ words, figures, money }: Say, r: Extract<Reason, { key: 'pastYears' }>): string {
  const years = r.runs.map((y) => {
    const n = (i: number) => isolate(plain(figures, i + 1));
    const year = y.first === y.last ? words.pastYear(n(y.first)) : words.pastYearSpan(n(y.first), n(y.last));
    const counted = y.countedFirst === y.countedLast ? money(y.countedFirst) : words.fromTo(money(y.countedFirst), money(y.countedLast));
    if (y.why === 'no-rate' || y.nisab === null) return words.why.pastYearNoRate(year);
    if (y.why === 'after-below') return words.why.pastYearAfterBelow(year);
    if (y.why === 'below-nisab') return words.why.pastYearBelow(year, counted, money(y.nisab));
    return words.why.pastYearDue(year, counted, money(y.nisab), money(y.due));
  });
  return [...(r.nisabAt === 'today' ? [words.why.pastYearsToday] : []), ...years, ...(r.takesOff ? [words.why.pastYearsTakenOff] : [])].join(' ');
}

const animals = ({ words, figures }: Say, due: Extract<LineDue, { kind: 'animals' }>) => wordAnimals(due.options, due.rule, due.more, words, figures);

function due(say: Say, line: ZakatLine): string {
  const { words, figures, amount, money, grams, measure } = say;
  const d = line.due;
  switch (d.kind) {
    case 'nothing':
      return words.due.nothing;
    case 'exempt':
      return words.due.exempt;
    case 'counted':
      return d.with === 'gold' ? words.due.countedGold : d.with === 'silver' ? words.due.countedSilver : words.due.countedMoney;
    case 'money':
      return words.due.money(isolate(plain(figures, d.percent)), money(d.money));
    case 'metal':
      return words.due.metal(grams(d.grams), isolate(plain(figures, d.percent)), d.money === null ? null : money(d.money));
    case 'crop':
      return words.due.crop(amount({ value: d.kg, unit: 'kg' }), measure(d.kg), isolate(plain(figures, d.percent)));
    case 'animals':
      return animals(say, d);
    case 'share':
      return shareDue(say, d);
    case 'fitr':
      return d.options
        .map((o) => {
          const variant = o.rule.nsbVariant as keyof ResultStrings['due']['fitr'];
          const quantity = isolate(o.unit === 'sa' ? words.units.sa(plain(figures, o.amount)) : words.units.kg(plain(figures, o.amount)));
          const write = words.due.fitr[variant] ?? words.due.fitr['one-sa'];
          // A sa' is a kwano (Kano's Shari'a Commission) and four mudd (the rule's conditions).
          return write(quantity, isolate(words.due.kwano(plain(figures, o.amount), plain(figures, o.amount * CROP_NISAB.muddPerKwano))));
        })
        .join(words.or);
    case 'deducted': {
      const parts = [
        d.covered > 0 ? words.due.covered(money(d.covered)) : null,
        d.fromMoney > 0 ? words.due.fromMoney(money(d.fromMoney)) : null,
        d.fromGold > 0 ? words.due.fromGold(money(d.fromGold)) : null,
        d.fromSilver > 0 ? words.due.fromSilver(money(d.fromSilver)) : null,
        ...(d.fromHerds ?? []).map((h) => words.flock.fromHerd(money(h.value), words.what[h.slug as 'camels' | 'cattle' | 'sheep-goats'] ?? h.slug)),
      ].filter((p): p is string => p !== null);
      return parts.length ? words.due.deducted(parts.join('; ')) : words.due.notDeducted;
    }
    case 'later':
      return words.due.later(d.years === null ? null : isolate(plain(figures, d.years)));
    case 'unknown':
      return words.due.unknown;
  }
}

// The payer's part of the flock's due as a fraction of whole head (40 of 80: half).
function shareDue(say: Say, d: Extract<LineDue, { kind: 'share' }>): string {
  const { words, figures, amount } = say;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const g = gcd(d.own, d.flock);
  const n = d.own / g;
  const m = d.flock / g;
  const part = words.flock.part(n, m, isolate(`${figures.number(n, 0)}/${figures.number(m, 0)}`));
  return words.flock.due(
    part,
    animals(say, { kind: 'animals', options: d.of, rule: d.rule, ...(d.more ? { more: d.more } : {}) }),
    amount({ value: d.flock, unit: 'head' }),
  );
}

function rule(words: ResultStrings, line: ZakatLine) {
  if (!line.rule) return '';
  const schools = line.rule.nsbSchools.map((s) => words.schools[s]).join(', ');
  // A body by the short name in its published name's brackets (NMCN, AAOIFI): the same in every language.
  const bodies = line.rule.nsbAuthorities.map((a) => shortName(a.name)).filter((short): short is string => short !== null);
  return words.rule(isolate(String(line.rule.nsbID)), schools || words.ruleBody(bodies.join(', ')));
}

export function wordResult(result: ZakatResult, words: ResultStrings, figures: Figures): WordedResult {
  const say = sayWith(words, figures);
  const { amount, money } = say;
  const lines = result.lines.map(
    (line): WordedLine => ({
      what: what(words, line),
      held: amount(line.held),
      // The crops' Nisab in wasq beside its weight (5 wasq: 653 kg).
      nisab:
        line.nisab === null
          ? '—'
          : line.kind === 'crops' && line.nisab.unit === 'kg'
            ? `${amount(line.nisab)} (${isolate(words.due.wasq(plain(figures, (line.nisab.value * CROP_NISAB.wasq) / CROP_NISAB.kg)))})`
            : amount(line.nisab),
      due: due(say, line),
      why: line.reasons.map((r) => reason(say, r)),
      rule: rule(words, line),
    }),
  );
  const inKind = result.inKind.map((line) => `${what(words, line)}: ${due(say, line)}`);
  // All that is due is in kind (a herder, a farmer, zakat al-fitr): the big line names it, never "₦0.00 … beside the money".
  const inKindOnly = result.totalMoney === 0 && inKind.length > 0;
  return {
    lines,
    total: inKindOnly ? words.inKindOnly : result.totalMoney === 0 ? words.nothingDue : words.total(money(result.totalMoney)),
    inKindHeading: inKind.length > 0 && !inKindOnly ? words.inKind : null,
    inKind,
  };
}
