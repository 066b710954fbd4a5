// Issue 42: past years by the school's rule. A year owes only where what was
// held that year reached that year's Nisab, and each earlier year's unpaid zakat
// comes off before the next year is valued, the current year included, where the
// school holds that the zakat owed reduces the wealth (nsbPositions unpaid-zakat,
// below-nisab of data/nisab.json). Every figure is worked by hand here from the
// texts and from the two numbers of each rate record of 2026-09-29:
// - al-Mughni (Ibn Qudamah, 2/534), for Malik, al-Shafi'i and Ahmad: «في رجل له ألف
//   درهم فلم يزكها سنين يزكي في أول سنة خمسة وعشرين، ثم في كل سنة بحساب ما بقي»; and of
//   two hundred dirhams two years unpaid: «يزكيها للعام الأول لأن هذه تصير مائتين غير خمسة دراهم».
// - al-Hidayah (the Hanafi): «ودين الزكاة مانع حال بقاء النصاب لأنه ينتقص به النصاب».
// - Mukhtasar Khalil with al-Dardir (the Maliki herd): «إلا أن ينقص الأخذ النصاب ... كتخلفه عن
//   مائة وثلاثين شاة أربعة أعوام ثم جاء وهي اثنان وأربعون فإنه يأخذ للعام الأول والثاني والثالث
//   ثلاث شياه ويسقط الرابع لتنقيص ما أخذ عن النصاب».
import { describe, expect, it } from 'vitest';
import { pastYears, pastYearsRule, zakatDue, type Holdings, type School, type Standard } from '../../client/src/zakat.ts';
import { livestockDue } from '../../generator/router/livestock.ts';
import { calendar as enCalendar } from '../../generator/site/i18n/en.ts';
import { formats } from '../../generator/site/i18n/format.ts';
import { calendar as arCalendar } from '../../generator/site/i18n/ar.ts';
import { calendar as haCalendar } from '../../generator/site/i18n/ha.ts';
import { RESULT_CATALOGUES } from '../../generator/site/i18n/result-catalogues.ts';
import { result as enResult } from '../../generator/site/i18n/result-en.ts';
import { wordResult } from '../../generator/site/page/result-words.ts';
import { september29 } from '../support/published-rules.ts';

// The records of 2026-09-29 and the two Nisab figures worked from them (test/support/published-rules.ts).
const { published, GOLD_NISAB, SILVER_NISAB } = september29();

const due = (holdings: Holdings, school: School | null, standard: Standard) => zakatDue(published, holdings, standard, school);
const loan = (amount: number, extra: { withinReach?: boolean } = {}) => ({ amount, kind: 'loan' as const, collected: true, yearsOut: 3, ...extra });

describe("issue 42's checks", () => {
  it("Shafi'i, a ₦10,000,000 loan out of reach 3 years, collected, nothing else: nothing on gold, ₦731,406.25 on silver", () => {
    // Gold: 10,000,000 is below 15,013,146.75 in each of the 3 years (today's Nisab, the debt carrying no dates).
    expect(10_000_000).toBeLessThan(GOLD_NISAB);
    const gold = due({ receivables: [loan(10_000_000, { withinReach: false })] }, 'shafii', 'gold');
    expect(gold.totalMoney).toBe(0);
    const goldPast = gold.lines.find((l) => l.kind === 'receivable-arrears')!;
    expect(goldPast.due).toEqual({ kind: 'nothing' });
    // The two past years alike, told as one run.
    expect(goldPast.reasons.find((r) => r.key === 'pastYears')).toMatchObject({
      nisabAt: 'today',
      runs: [{ first: 0, last: 1, countedFirst: 10_000_000, countedLast: 10_000_000, nisab: GOLD_NISAB, why: 'below-nisab', due: 0 }],
    });
    // Silver: 2.5 % of 10,000,000 = 250,000; of 9,750,000 = 243,750; this year, of 9,506,250 = 237,656.25.
    const silver = due({ receivables: [loan(10_000_000, { withinReach: false })] }, 'shafii', 'silver');
    expect(silver.totalMoney).toBe(731_406.25);
    expect(silver.lines.map((l) => [l.kind, l.dueMoney])).toEqual([
      ['receivable', null],
      ['receivable-arrears', 493_750],
      ['money', 237_656.25],
    ]);
    expect(silver.lines[2]!.held.value).toBe(9_506_250);
    expect(silver.lines[1]!.reasons.find((r) => r.key === 'pastYears')).toMatchObject({
      runs: [{ first: 0, last: 1, countedFirst: 10_000_000, countedLast: 9_750_000, nisab: SILVER_NISAB, due: 493_750, why: 'reaches-nisab' }],
      takesOff: true,
    });
  });

  it('Hanafi, a ₦1,000,000 loan collected after 3 years: nothing due on the gold or the silver standard', () => {
    // Abu Hanifah measures by the Nisab more beneficial to the poor, silver's: 1,000,000 < 1,542,808.94, every year.
    expect(1_000_000).toBeLessThan(SILVER_NISAB);
    for (const standard of ['gold', 'silver'] as const) {
      const result = due({ receivables: [loan(1_000_000)] }, 'hanafi', standard);
      expect(result.totalMoney, standard).toBe(0);
      expect(result.lines.find((l) => l.kind === 'receivable-arrears')!.due, standard).toEqual({ kind: 'nothing' });
      expect(result.lines.find((l) => l.kind === 'money')!.reachesNisab, standard).toBe(false);
    }
  });

  it('Hanbali, ₦20,000,000 cash and a ₦10,000,000 loan collected after 3 years: this year on what the past years left', () => {
    // Each past year: 30,000,000 held with the cash, at or above gold's Nisab. Past year 1: 2.5 % of 10,000,000 = 250,000;
    // past year 2: of 9,750,000 = 243,750; this year: 2.5 % of 30,000,000 − 493,750 = 29,506,250, 737,656.25.
    const result = due({ cash: 20_000_000, receivables: [loan(10_000_000)] }, 'hanbali', 'gold');
    expect(result.lines.map((l) => [l.kind, l.dueMoney])).toEqual([
      ['receivable', null],
      ['receivable-arrears', 493_750],
      ['money', 737_656.25],
    ]);
    expect(result.totalMoney).toBe(1_231_406.25);
  });

  it('each past year is worded with its count, its Nisab and why, and says it is measured at today’s Nisab', () => {
    const en = formats(enCalendar);
    const result = due({ receivables: [loan(10_000_000, { withinReach: false })] }, 'shafii', 'gold');
    const worded = wordResult(result, enResult, { money: (n) => en.money(n, 'NGN'), number: en.number });
    const at = result.lines.findIndex((l) => l.kind === 'receivable-arrears');
    const why = worded.lines[at]!.why.join(' ').replace(/[\u2068\u2069]/g, '');
    expect(why).toBe(
      "The Shafi'i school: zakat is owed for every year it was out (3), paid when it is paid back. A debt owed to you carries no dates: each past year is measured at today's Nisab, with the rest of your money as you entered it. Past years 1 to 2: ₦10,000,000.00 counted, below the Nisab of ₦15,013,146.75: nothing due. Each year's zakat is taken off before the next year is valued, this year's included.",
    );
    const silver = due({ receivables: [loan(10_000_000, { withinReach: false })] }, 'shafii', 'silver');
    const worded2 = wordResult(silver, enResult, { money: (n) => en.money(n, 'NGN'), number: en.number });
    expect(worded2.lines[1]!.why.join(' ').replace(/[\u2068\u2069]/g, '')).toContain(
      'Past years 1 to 2: from ₦10,000,000.00 to ₦9,750,000.00 counted, Nisab ₦1,542,808.94: ₦493,750.00 due.',
    );
  });
});

describe('the past years in Hausa and Arabic, read back: money owed to the payer, not by him', () => {
  it("Shafi'i, silver, the loan out of reach collected after 3 years: its two past years, word for word", () => {
    const result = due({ receivables: [loan(10_000_000, { withinReach: false })] }, 'shafii', 'silver');
    const said = (lang: 'ha' | 'ar', calendar: typeof haCalendar) => {
      const f = formats(calendar);
      const worded = wordResult(result, RESULT_CATALOGUES[lang], { money: (n) => f.money(n, 'NGN'), number: f.number });
      return worded.lines[1]!.why.join(' ').replace(/[\u2068\u2069]/g, '');
    };
    // "Bashin da kake bin wani": the debt you are owed by someone.
    expect(said('ha', haCalendar)).toBe(
      "Mazhabar Shafi'iyya: akwai zakka a kan kowace shekarar da ya yi a hannun wanda kake bi (shekaru 3), ana fitarwa idan an biya ka. Zakkar shekaru 2 da suka wuce, ana cire zakkar kowace shekara daga ta gaba. Bashin da kake bin wani ba shi da kwanan wata: ana auna kowace shekarar da ta wuce da nisabin yau, tare da sauran kuɗinka kamar yadda ka shigar da su. Shekaru na 1 zuwa na 2 da suka wuce: an ƙidaya daga ₦10,000,000.00 zuwa ₦9,750,000.00, nisabi ₦1,542,808.94: zakka ₦493,750.00. Ana cire zakkar kowace shekara kafin a ƙimanta ta gaba, har da ta bana.",
    );
    // «الدين الذي لك»: the debt that is yours, owed to you.
    expect(said('ar', arCalendar)).toBe(
      'المذهب الشافعي: تجب زكاته عن كل سنة أقامها عند المدين (3 سنوات)، وتُخرج عند قبضه. زكاة السنين الماضية (سنتان): تُطرح زكاة كل سنة من المال قبل حساب التي بعدها. الدين الذي لك لا تاريخ له: تُقاس كل سنة ماضية بنصاب اليوم، مع بقية أموالك كما أدخلتها. السنون من 1 إلى 2 من السنين الماضية: المحسوب من 10,000,000.00 نيرة إلى 9,750,000.00 نيرة، والنصاب 1,542,808.94 نيرة: الواجب 493,750.00 نيرة. تُطرح زكاة كل سنة قبل تقويم التي بعدها، وهذه السنة منها.',
    );
  });
});

describe('the past-years function', () => {
  const percent = (rate: number) => (counted: number) => {
    const zakat = Math.round(counted * rate * 100) / 100;
    return { due: zakat, takenOff: zakat };
  };

  it('al-Mughni: 1,000 dirhams unpaid two years owe 25, then 2.5 % of 975 = 24.375', () => {
    const lines = pastYears(
      [
        { nisab: 200, held: 1000 },
        { nisab: 200, held: 1000 },
      ],
      { takesOff: true, restartsAfterBelow: true },
      percent(0.025),
    );
    expect(lines.map((l) => [l.counted, l.due])).toEqual([
      [1000, 25],
      [975, 24.38],
    ]);
  });

  it('al-Mughni, al-Hidayah: 200 dirhams unpaid two years owe the first year only, the second is below the Nisab', () => {
    for (const school of ['hanafi', 'shafii', 'hanbali', 'maliki'] as const) {
      const rule = pastYearsRule(published, school, 'cash');
      expect(rule.takesOff, school).toBe(true);
      const lines = pastYears(
        [
          { nisab: 200, held: 200 },
          { nisab: 200, held: 200 },
        ],
        rule,
        percent(0.025),
      );
      expect(
        lines.map((l) => [l.counted, l.why, l.due]),
        school,
      ).toEqual([
        [200, 'reaches-nisab', 5],
        [195, 'below-nisab', null],
      ]);
    }
  });

  it('Mukhtasar Khalil: 42 sheep found after 4 years owe a sheep for each of the first three; the fourth drops', () => {
    const sheep = published.rules.find((r) => r.nsbSubcategoryID === 7 && r.nsbSchools.includes('maliki'))!;
    const rule = pastYearsRule(published, 'maliki', 'sheep-goats');
    expect(rule.unpaid?.sourceURL).toBe('https://islamweb.net/ar/library/content/13/971');
    const lines = pastYears(
      Array.from({ length: 4 }, () => ({ nisab: 40, held: 42 })),
      rule,
      (counted) => {
        const options = livestockDue(sheep.nsbBrackets, counted);
        return { due: options, takenOff: options[0]!.reduce((sum, d) => sum + d.count, 0) };
      },
    );
    expect(lines.map((l) => [l.counted, l.why, l.due?.[0]?.[0]?.count ?? 0])).toEqual([
      [42, 'reaches-nisab', 1],
      [41, 'reaches-nisab', 1],
      [40, 'reaches-nisab', 1],
      [39, 'below-nisab', 0],
    ]);
  });

  it('a year below the Nisab: the next owes nothing where the year starts again (Hanafi), owes where it reaches (Maliki)', () => {
    // al-Mabsut: the Nisab complete at the start and the end of the year; Malik and Ibn al-Qasim: the years it was complete.
    const held = [300, 150, 300].map((h) => ({ nisab: 200, held: h }));
    const hanafi = pastYears(held, pastYearsRule(published, 'hanafi', 'cash'), percent(0.025));
    expect(hanafi.map((l) => l.why)).toEqual(['reaches-nisab', 'below-nisab', 'after-below']);
    const maliki = pastYears(held, pastYearsRule(published, 'maliki', 'cash'), percent(0.025));
    expect(maliki.map((l) => [l.why, l.due])).toEqual([
      ['reaches-nisab', 7.5],
      ['below-nisab', null],
      ['reaches-nisab', 7.31],
    ]);
  });

  it('a year with no Nisab is not guessed, and the next names it as not taken off', () => {
    const lines = pastYears(
      [
        { nisab: null, held: 300 },
        { nisab: 200, held: 300 },
      ],
      { takesOff: true, restartsAfterBelow: true },
      percent(0.025),
    );
    expect(lines.map((l) => [l.why, l.due, l.unknownBefore])).toEqual([
      ['no-rate', null, []],
      ['reaches-nisab', 7.5, [0]],
    ]);
  });

  it('Ahmad in one narration: the zakat on his person takes nothing off (published, not applied)', () => {
    const rule = published.rules.find((r) => r.nsbID === 5)!;
    expect(rule.nsbPositions.filter((p) => p.topic === 'unpaid-zakat' && p.schools.includes('hanbali')).map((p) => [p.view, p.applied])).toEqual([
      ['share-of-poor', true],
      ['debt-on-person', false],
    ]);
  });
});
