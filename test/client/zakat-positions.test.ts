// Issue 30: the payer's debts, money owed to him, new money and jewellery kept
// as savings, each as his school holds it (nsbPositions of data/nisab.json), at
// the default data's rates of 2026-09-29. Every expected figure is worked out
// here by hand from the two numbers of each rate record and from the texts:
// al-Risala and its commentaries (a debt drops the zakat of gold, silver and
// money, after what owes no zakat covers it; a loan owes one year when
// collected), al-Mudawwana (the mudir counts the trade debts he hopes to
// collect every year; new money waits for its own year), al-Hidayah (the Hanafi
// pays on the surplus over his debt; new money joins a Nisab he had), Tuhfat
// al-Fuqaha (Abu Hanifah measures by the Nisab more beneficial to the poor),
// al-Rawd al-Murbi' (the Hanbali pays for the past years of a debt when he
// collects it), Mughni al-Muhtaj (the Shafi'i debt does not reduce zakat).
import { describe, expect, it } from 'vitest';
import { zakatDue, type Holdings, type School, type Standard } from '../../client/src/zakat.ts';
import { calendar as enCalendar } from '../../generator/site/i18n/en.ts';
import { formats } from '../../generator/site/i18n/format.ts';
import { result as enResult } from '../../generator/site/i18n/result-en.ts';
import { shortName, wordResult } from '../../generator/site/page/result-words.ts';
import { POSITION_TOPICS } from '../../generator/model/schemas.ts';
import { september29 } from '../support/published-rules.ts';

// The records of 2026-09-29 and the two Nisab figures worked from them (test/support/published-rules.ts).
const { published, GOLD_NISAB, SILVER_NISAB } = september29();

const due = (holdings: Holdings, school: School | null, standard: Standard = 'gold') => zakatDue(published, holdings, standard, school);
const reasons = (result: ReturnType<typeof due>, kind: string) => result.lines.find((l) => l.kind === kind)?.reasons.map((r) => r.key);

describe("the issue's checks", () => {
  it('Maliki, ₦20,000,000 cash, ₦15,000,000 debts: nothing on the gold standard, ₦125,000 on the silver standard', () => {
    // 20,000,000 − 15,000,000 = 5,000,000: below 15,013,146.75, above 1,542,808.94; 2.5 % of it is 125,000.
    expect(5_000_000).toBeLessThan(GOLD_NISAB);
    expect(5_000_000).toBeGreaterThan(SILVER_NISAB);
    const gold = due({ cash: 20_000_000, debts: 15_000_000 }, 'maliki', 'gold');
    expect(gold.totalMoney).toBe(0);
    const silver = due({ cash: 20_000_000, debts: 15_000_000 }, 'maliki', 'silver');
    expect(silver.totalMoney).toBe(125_000);
    // Each line says why: the debt as the Maliki set it off, the money against its Nisab.
    expect(gold.lines.map((l) => l.kind)).toEqual(['debts', 'money']);
    expect(gold.lines[0]!.due).toEqual({ kind: 'deducted', covered: 0, fromMoney: 15_000_000, fromGold: 0, fromSilver: 0, left: 0 });
    expect(gold.lines[0]!.reasons).toEqual([{ key: 'debt', view: 'deducted-after-cover', school: 'maliki' }]);
    expect(reasons(gold, 'money')).toEqual(['standard', 'below']);
    expect(reasons(silver, 'money')).toEqual(['standard', 'alone']);
    expect(gold.lines[0]!.sourceURL).toMatch(/^https?:\/\//);
  });

  it('Hanafi, 40 g of gold and 200 g of silver: ₦189,590.04 whatever the standard chosen', () => {
    // By value (Abu Hanifah): 40 × 132.753662 × 1330.4737 = 7,065,010.23 and 200 × 1.948897 × 1330.4737 = 518,591.24,
    // 7,583,601.47 in all, above silver's Nisab (the one more beneficial to the poor) though below gold's.
    // Due: 1 g of gold = 176,625.26 and 5 g of silver = 12,964.78, each rounded once: 189,590.04.
    for (const standard of ['gold', 'silver', 'lower'] as const) {
      const result = due({ goldGrams: 40, silverGrams: 200 }, 'hanafi', standard);
      expect(result.totalMoney, standard).toBe(189_590.04);
      expect(
        result.lines.map((l) => [l.kind, l.dueMoney]),
        standard,
      ).toEqual([
        ['gold', 176_625.26],
        ['silver', 12_964.78],
      ]);
      expect(result.combination, standard).toMatchObject({ method: 'value', measure: 'silver', reaches: true, nisab: SILVER_NISAB });
      expect(result.standard, standard).toMatchObject({ applied: 'lower', chosenBy: 'school' });
    }
  });
});

describe('debts, per school', () => {
  it('Maliki: what owes no zakat covers the debt first (a plot of land worth ₦15,000,000), so ₦20,000,000 owes its 2.5 %', () => {
    const result = due({ cash: 20_000_000, debts: 15_000_000, debtCover: 15_000_000 }, 'maliki');
    expect(result.totalMoney).toBe(500_000);
    expect(result.lines[0]!.due).toMatchObject({ kind: 'deducted', covered: 15_000_000, fromMoney: 0 });
    // The line says what covers a debt must be (held a full year, of what is sold for debts: Mukhtasar Khalil, "if its year has passed").
    expect(reasons(result, 'debts')).toEqual(['debt', 'debtCoverTerms']);
    expect(reasons(due({ cash: 20_000_000, debts: 15_000_000 }, 'maliki'), 'debts')).toEqual(['debt']);
  });

  it("Shafi'i (the soundest view): the debt does not reduce zakat; Hanbali: it does; Hanafi: it does, on the silver Nisab", () => {
    expect(due({ cash: 20_000_000, debts: 15_000_000 }, 'shafii').totalMoney).toBe(500_000);
    expect(due({ cash: 20_000_000, debts: 15_000_000 }, 'hanbali').totalMoney).toBe(0);
    expect(due({ cash: 20_000_000, debts: 15_000_000 }, 'hanafi', 'gold').totalMoney).toBe(125_000);
  });

  it('Maliki: a debt larger than the money is set against gold next (100 g, 15,000,000 owed against ₦5,000,000 in cash)', () => {
    // 10,000,000 is left after the cash: 10,000,000 ÷ (132.753662 × 1330.4737) = 56.62 g of gold, 43.38 g remain: below 85 g.
    const result = due({ cash: 5_000_000, goldGrams: 100, debts: 15_000_000 }, 'maliki');
    expect(result.totalMoney).toBe(0);
    expect(result.lines[0]!.due).toMatchObject({ fromMoney: 5_000_000, fromGold: 10_000_000, left: 0 });
    expect(result.lines.find((l) => l.kind === 'gold')!.held.value).toBeCloseTo(100 - 10_000_000 / (132.753662 * 1330.4737), 3);
  });
});

describe('money owed to the payer', () => {
  const loan = (collected: boolean, yearsOut = 3) => ({ amount: 10_000_000, kind: 'loan' as const, collected, yearsOut });

  it('Maliki: a loan owes nothing until collected, then one year however long it was out', () => {
    expect(due({ cash: 20_000_000, receivables: [loan(false)] }, 'maliki').totalMoney).toBe(500_000);
    expect(due({ cash: 20_000_000, receivables: [loan(true)] }, 'maliki').totalMoney).toBe(750_000);
  });

  it('Maliki: the mudir counts the trade debt he hopes to collect every year; the muhtakir waits for it', () => {
    const trade = { amount: 10_000_000, kind: 'trade' as const, collected: false, yearsOut: 1 };
    expect(due({ cash: 20_000_000, receivables: [trade], trader: 'mudir' }, 'maliki').totalMoney).toBe(750_000);
    expect(due({ cash: 20_000_000, receivables: [trade], trader: 'muhtakir' }, 'maliki').totalMoney).toBe(500_000);
  });

  it('Hanbali: collected after 3 years, this year with his money and the 2 past years, each taken off the next', () => {
    // Past years: 250,000, then 2.5 % of 9,750,000 = 243,750. This year, on what they left (issue 42, the Hanbali
    // «نقص من زكاته كل حول بقدر نقصه بها»): 2.5 % of 30,000,000 − 493,750 = 29,506,250, 737,656.25.
    const result = due({ cash: 20_000_000, receivables: [loan(true)] }, 'hanbali');
    expect(result.totalMoney).toBe(737_656.25 + 250_000 + 243_750);
    expect(result.lines.find((l) => l.kind === 'receivable-arrears')!.dueMoney).toBe(493_750);
    // Not yet collected: nothing now, owed for each of its 3 years when it is.
    const out = due({ cash: 20_000_000, receivables: [loan(false)] }, 'hanbali');
    expect(out.totalMoney).toBe(500_000);
    expect(out.lines.find((l) => l.kind === 'receivable')!.due).toEqual({ kind: 'later', years: 3 });
  });

  it("Shafi'i: a loan to someone who can pay counts with his money every year", () => {
    expect(due({ cash: 20_000_000, receivables: [loan(false, 1)] }, 'shafii').totalMoney).toBe(750_000);
  });

  it("Shafi'i: out 3 years and not yet collected, its 2 unpaid past years are due now, as when collected", () => {
    // The new view (Mughni al-Muhtaj; al-Hawi: "like a deposit"): zakat on a debt due from a debtor who
    // acknowledges it and can pay is owed every year, collected or not. Past years, each year's taken off the
    // next: 2.5 % of 10,000,000 = 250,000, then 2.5 % of 9,750,000 = 243,750. This year, on what they left
    // (issue 42): 2.5 % of 30,000,000 − 493,750 = 29,506,250, 737,656.25.
    for (const collected of [false, true]) {
      const result = due({ cash: 20_000_000, receivables: [loan(collected)] }, 'shafii');
      expect(result.totalMoney, String(collected)).toBe(737_656.25 + 250_000 + 243_750);
      expect(result.lines.map((l) => [l.kind, l.due.kind, l.dueMoney])).toEqual([
        ['receivable', 'counted', null],
        ['receivable-arrears', 'money', 493_750],
        ['money', 'money', 737_656.25],
      ]);
      expect(result.lines[1]!.reasons).toMatchObject([
        { key: 'receivable', view: 'every-year', school: 'shafii', arrearsYears: 2 },
        { key: 'pastYears', nisabAt: 'today', takesOff: true },
      ]);
    }
  });

  it("Shafi'i: a debt not yet due, denied or on a debtor who cannot pay owes nothing now, then every past year when collected", () => {
    // al-Mawsu'a al-Fiqhiyya (the Shafi'i): not paid until it comes back, then for the past years. Out 3 years:
    // not collected, only the cash's 2.5 % of 20,000,000 = 500,000; collected, as above: 737,656.25 + 250,000 + 243,750.
    const away = (collected: boolean) => ({ ...loan(collected), withinReach: false });
    const out = due({ cash: 20_000_000, receivables: [away(false)] }, 'shafii');
    expect(out.totalMoney).toBe(500_000);
    expect(out.lines[0]!.due).toEqual({ kind: 'later', years: 3 });
    expect(out.lines[0]!.reasons).toMatchObject([{ key: 'receivable', view: 'every-year-paid-on-collection', school: 'shafii', arrearsYears: 0 }]);
    expect(due({ cash: 20_000_000, receivables: [away(true)] }, 'shafii').totalMoney).toBe(737_656.25 + 250_000 + 243_750);
    // The other schools publish no position of their own for it: theirs for the debt applies (Hanbali: later, its 3 years).
    expect(due({ cash: 20_000_000, receivables: [away(false)] }, 'hanbali').lines[0]!.due).toEqual({ kind: 'later', years: 3 });
    expect(due({ cash: 20_000_000, receivables: [away(false)] }, 'maliki').lines[0]!.due).toEqual({ kind: 'later', years: null });
  });

  it('not yet collected, the other schools owe nothing now: the Hanafi its 3 years when collected, the Maliki one year', () => {
    // Hanafi: 20,000,000 against silver's Nisab (Abu Hanifah's measure): 500,000 on the cash alone.
    const hanafi = due({ cash: 20_000_000, receivables: [loan(false)] }, 'hanafi');
    expect(hanafi.totalMoney).toBe(500_000);
    expect(hanafi.lines.find((l) => l.kind === 'receivable')!.due).toEqual({ kind: 'later', years: 3 });
    const maliki = due({ cash: 20_000_000, receivables: [loan(false)] }, 'maliki');
    expect(maliki.lines.find((l) => l.kind === 'receivable')!.due).toEqual({ kind: 'later', years: null });
    expect(maliki.lines.some((l) => l.kind === 'receivable-arrears')).toBe(false);
  });
});

describe('the words of a debt owed to the payer and of what covers a debt', () => {
  const en = formats(enCalendar);
  const why = (result: ReturnType<typeof due>, kind: string) => {
    const worded = wordResult(result, enResult, { money: (n) => en.money(n, 'NGN'), number: en.number });
    const at = result.lines.findIndex((l) => l.kind === kind);
    return worded.lines[at]!.why.join(' ').replace(/[\u2068\u2069]/g, '');
  };
  const loan = (collected: boolean) => ({ amount: 10_000_000, kind: 'loan' as const, collected, yearsOut: 3 });

  it("Shafi'i, not yet collected: its past years are due now; collected, or Hanbali: the past years' zakat", () => {
    // With ₦20,000,000 cash each past year holds 30,000,000, above gold's Nisab: 250,000, then 2.5 % of 9,750,000.
    expect(why(due({ cash: 20_000_000, receivables: [loan(false)] }, 'shafii'), 'receivable-arrears')).toBe(
      "The Shafi'i school: money owed by someone who can pay counts with your money every year. Due now, paid back or not: the zakat of the 2 past years you have not paid. A debt on someone who acknowledges it and can pay is like money you left with him; each year's zakat is taken off the next. A debt owed to you carries no dates: each past year is measured at today's Nisab, with the rest of your money as you entered it. Past years 1 to 2: from ₦30,000,000.00 to ₦29,750,000.00 counted, Nisab ₦15,013,146.75: ₦493,750.00 due. Each year's zakat is taken off before the next year is valued, this year's included.",
    );
    // ₦10,000,000 alone is below gold's Nisab in both past years: no "due now", each year says why.
    expect(why(due({ receivables: [loan(false)] }, 'shafii'), 'receivable-arrears')).toBe(
      "The Shafi'i school: money owed by someone who can pay counts with your money every year. A debt owed to you carries no dates: each past year is measured at today's Nisab, with the rest of your money as you entered it. Past years 1 to 2: ₦10,000,000.00 counted, below the Nisab of ₦15,013,146.75: nothing due. Each year's zakat is taken off before the next year is valued, this year's included.",
    );
    expect(why(due({ cash: 20_000_000, receivables: [loan(true)] }, 'hanbali'), 'receivable-arrears')).toMatch(
      /^The Hanbali school: zakat is owed for every year it was out \(3\), paid when it is paid back\. The zakat of 2 past years, each year's taken off the next\. A debt owed to you carries no dates/,
    );
  });

  it('Maliki: the terms of what covers a debt, where something did', () => {
    expect(why(due({ cash: 20_000_000, debts: 15_000_000, debtCover: 5_000_000 }, 'maliki'), 'debts')).toBe(
      'The Maliki school sets a debt first against what you own that owes no zakat and is beyond your needs, then against your gold, silver and money; never against crops or livestock. What covers a debt must have been yours for a full lunar year and be of what would be sold to pay your creditors (not the house you live in or the clothes you wear); it is valued when the zakat falls due.',
    );
  });
});

describe('money that came this year', () => {
  it('Maliki: a gift of ₦6,000,000 waits for its own year; the rest, ₦14,000,000, is below gold’s Nisab', () => {
    expect(due({ cash: 20_000_000, newMoney: 6_000_000 }, 'maliki', 'gold').totalMoney).toBe(0);
    expect(due({ cash: 20_000_000, newMoney: 6_000_000 }, 'maliki', 'silver').totalMoney).toBe(350_000);
    expect(reasons(due({ cash: 20_000_000, newMoney: 6_000_000 }, 'maliki'), 'new-money')).toEqual(['newMoney']);
  });

  it('Hanafi: it joins the Nisab he already had (₦14,000,000 ≥ silver’s) and is paid with it; it waits where the rest is short', () => {
    expect(due({ cash: 20_000_000, newMoney: 6_000_000 }, 'hanafi').totalMoney).toBe(500_000);
    expect(due({ cash: 1_000_000, newMoney: 900_000 }, 'hanafi').totalMoney).toBe(0);
  });
});

describe('jewellery', () => {
  it('kept as savings it owes zakat for the Maliki (90 g: 2.25 g of gold); worn by a woman it does not', () => {
    // 2.25 × 132.753662 × 1330.4737 = 397,406.83
    expect(due({ savingsGoldGrams: 90 }, 'maliki').totalMoney).toBe(397_406.83);
    expect(due({ wornGoldGrams: 90 }, 'maliki').totalMoney).toBe(0);
    expect(reasons(due({ savingsGoldGrams: 90 }, 'maliki'), 'savings-gold')).toEqual(['savings']);
  });
});

describe('the positions as data', () => {
  it('every position names its schools, who holds it and a source a reader can open; one applied per school and question', () => {
    const positions = published.rules.flatMap((r) => r.nsbPositions);
    // Every question the schema names is answered by at least one published position.
    expect(new Set(positions.map((p) => p.topic))).toEqual(new Set(POSITION_TOPICS));
    for (const p of positions) {
      expect(p.schools.length).toBeGreaterThan(0);
      expect(p.sourceURL).toMatch(/^https?:\/\/[^\s]+$/);
    }
    // al-Shafi'i's diyyah: his old view (1,000 dinars) is published but not applied; the new one is.
    const diyyah = published.rules.find((r) => r.nsbID === 30)!;
    expect(diyyah.nsbSchools).not.toContain('shafii');
    expect(diyyah.nsbPositions.map((p) => [p.view, p.applied])).toEqual([
      ['thousand-dinars', false],
      ['value-of-hundred-camels', true],
    ]);
  });
});

describe('amounts the payer does not know (issue 45)', () => {
  it('each school publishes the view its text gives, one applied, for the wealth the text names', () => {
    // The texts, read at the sources in docs/fiqh.md ("Amounts he does not know"):
    // Maliki, al-Mukhtasar al-Kabir: years neglected are a debt, «ويتوخى ما عليه» (he seeks out what he owes);
    // Hanafi, Ibn Nujaym: he pays again «حيث لم يغلب على ظنه دفع قدر معين» (unless he believes he paid an amount);
    // Shafi'i, al-Haytami: unsure of one dirham or forty, «يلزمه الأربعون»; the Iraqis, al-Bayan, for mixed gold and
    // silver: «جاز أن يخرج الزكاة على غالب ظنه» (published, not applied); Hanbali, al-Insaf, for adulterated gold or
    // silver: «يستظهر ويخرج ما يجزئه بيقين».
    const rule5 = published.rules.find((r) => r.nsbID === 5)!;
    const unknown = rule5.nsbPositions.filter((p) => p.topic === 'unknown-amounts');
    expect(unknown.map((p) => [p.schools.join(), p.view, p.applied, p.with])).toEqual([
      ['maliki', 'best-belief', true, [1, 2, 3, 4, 5, 6, 7]],
      ['hanafi', 'best-belief', true, [1, 2, 3, 4, 5, 6, 7]],
      ['shafii', 'until-certain', true, [1, 2, 3, 4, 5, 6, 7]],
      ['shafii', 'best-belief', false, [1, 2]],
      ['hanbali', 'until-certain', true, [1, 2]],
    ]);
    for (const p of unknown) expect(p.case).toBeNull();
  });
});

describe('inputs out of their bounds (issue 31)', () => {
  it('names every input out of its bound instead of computing it: 1e308 grams of gold, a negative debt, Infinity camels', () => {
    expect(() => due({ goldGrams: 1e308 }, 'maliki')).toThrow('goldGrams must be a number from 0 to 1000000000');
    const error = (() => {
      try {
        zakatDue(published, { debts: -1, receivables: [{ amount: Number.NaN, kind: 'loan', collected: true, yearsOut: 1 }] }, 'gold', 'maliki', {
          camels: Number.POSITIVE_INFINITY,
        });
      } catch (thrown) {
        return thrown as Error & { problems: { field: string }[] };
      }
      return null;
    })();
    expect(error?.name).toBe('ZakatInputError');
    expect(error?.problems.map((p) => p.field)).toEqual(['debts', 'herds.camels', 'receivables[0].amount']);
  });
});

describe("a body's short name on a rule line", () => {
  it('is the capitals in brackets when they are its initials, never a country', () => {
    expect(shortName('National Moonsighting Committee of Nigeria (NMCN)')).toBe('NMCN');
    expect(shortName('National Zakat Foundation (UK)')).toBeNull();
    expect(shortName("Kano State Shari'a Commission (Hukumar Shari'a ta Jihar Kano)")).toBeNull();
  });
});
