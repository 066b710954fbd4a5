// Issue 42: herds kept with a partner (khulta), a Hanafi debt set against a
// herd at its value, and crops watered both ways, each as the school holds it
// (nsbPositions khulta and mixed-watering of data/nisab.json). Every expected
// figure is worked out here by hand from the texts, never from the calculator:
//
// - al-Muwatta', bab sadaqat al-khulata' (Malik): «ولا تجب الصدقة على الخليطين حتى
//   يكون لكل واحد منهما ما تجب فيه الصدقة ... فإن كان لكل واحد منهما ما تجب فيه
//   الصدقة جمعا في الصدقة ... يترادان الفضل بينهما بالسوية، على قدر عدد أموالهما».
// - al-Ghazali, al-Wasit (Shafi'i), bab sadaqat al-khulata': «كمن خلط أربعين بأربعين
//   لغيره فلا يلزمه إلا نصف شاة ... كمن خلط عشرين بعشرين لغيره فيلزمه نصف شاة؛
//   وأنكر أبو حنيفة أثر الخلطة».
// - The sheep table (the Prophet's letter, in every school): from 40 to 120, one sheep.
// - al-Hidayah (Hanafi): zakat is on what is free of a debt owed to people; below
//   40 sheep free of debt, nothing.
// - Mukhtasar Khalil with al-Dardir's commentary (Maliki): «وإن سقي بهما فعلى
//   حكميهما، فيؤخذ لما سقي بالسيح العشر ولما سقي بآلة نصفه».
// - Abu al-Hajj's fatwa (Hanafi, after Athar Abi Yusuf): «وإن سُقي الزّرعُ في أكثرِ
//   السنة بالسيل ففيه العشر، وإن سقي أكثر السنة بآلة ففيه نصف العشر، وإن سقي نصف
//   السنة بآلة ونصفها بغير آلة، ففيه نصفه أيضاً»; Abu Hanifah sets no Nisab on crops.
import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS, inputProblems, PER_HERD_LIMITS, zakatDue, type Holdings, type School } from '../../client/src/zakat.ts';
import { calendar as enCalendar } from '../../generator/site/i18n/en.ts';
import { formats } from '../../generator/site/i18n/format.ts';
import { result as arResult } from '../../generator/site/i18n/result-ar.ts';
import { result as enResult } from '../../generator/site/i18n/result-en.ts';
import { result as haResult } from '../../generator/site/i18n/result-ha.ts';
import { wordResult } from '../../generator/site/page/result-words.ts';
import { publishedOn } from '../support/published-rules.ts';

const published = publishedOn('2026-09-29');
const due = (holdings: Holdings, school: School | null, herds: Record<string, number> = {}) => zakatDue(published, holdings, 'gold', school, herds);
const sheep = (own: number, partner: number, school: School) => due({ partnerHead: { 'sheep-goats': partner } }, school, { 'sheep-goats': own });
const line = (result: ReturnType<typeof due>, kind: string) => result.lines.find((l) => l.kind === kind)!;
const words = (result: ReturnType<typeof due>) => {
  const f = formats(enCalendar);
  return wordResult(result, enResult, { money: (v) => `₦${f.number(v, 2)}`, number: f.number });
};
const strip = (text: string) => text.replace(/[\u2068\u2069]/g, '');

describe('khulta: a flock kept with a partner', () => {
  it("Maliki, 40 sheep and a partner's 40: half a sheep (al-Muwatta': each has a Nisab, so one herd of 80 owes one sheep, shared by head)", () => {
    const result = sheep(40, 40, 'maliki');
    const l = line(result, 'livestock');
    expect(l.due).toMatchObject({ kind: 'share', share: 0.5, own: 40, flock: 80, of: [[{ item: 'sheep', count: 1 }]] });
    expect(l.reasons.find((r) => r.key === 'khulta')).toEqual({
      key: 'khulta',
      view: 'one-herd-if-each-reaches-nisab',
      school: 'maliki',
      partner: 40,
      flock: 80,
      oneHerd: true,
    });
    expect(result.totalMoney).toBe(0);
    expect(result.inKind.map((x) => x.kind)).toEqual(['livestock']);
    const said = words(result);
    expect(strip(said.lines[0]!.due)).toMatch(/^half of what the common flock of 80 head owes, 1 sheep/);
    expect(strip(said.lines[0]!.due)).toContain('you and your partner settle it between you by your head');
    expect(said.inKind).toHaveLength(1);
  });

  it("Maliki, 20 sheep and a partner's 20: nothing (al-Muwatta': no zakat on partners until each has a Nisab; 20 alone is below 40)", () => {
    const result = sheep(20, 20, 'maliki');
    const l = line(result, 'livestock');
    expect(l.due).toEqual({ kind: 'nothing' });
    expect(l.reasons.find((r) => r.key === 'khulta')).toMatchObject({ oneHerd: false, view: 'one-herd-if-each-reaches-nisab' });
    expect(result.inKind).toEqual([]);
    expect(strip(words(result).lines[0]!.why.join(' '))).toContain('here they do not');
  });

  it("Shafi'i, 20 sheep and a partner's 20: half a sheep (al-Wasit: «عشرين بعشرين ... نصف شاة»)", () => {
    const l = line(sheep(20, 20, 'shafii'), 'livestock');
    expect(l.due).toMatchObject({ kind: 'share', share: 0.5, own: 20, flock: 40, of: [[{ item: 'sheep', count: 1 }]] });
  });

  it("Hanafi, 40 sheep and a partner's 40: one sheep (Abu Hanifah denies khulta any effect: 40 alone owe one sheep)", () => {
    const l = line(sheep(40, 40, 'hanafi'), 'livestock');
    expect(l.due).toMatchObject({ kind: 'animals', options: [[{ item: 'sheep', count: 1 }]] });
    expect(l.reasons.find((r) => r.key === 'khulta')).toMatchObject({ view: 'each-alone', oneHerd: false });
  });

  it("Maliki, 40 sheep and a partner's 80: a third of one sheep (one herd of 120 owes one sheep; by head, 40 of 120)", () => {
    const result = sheep(40, 80, 'maliki');
    expect(line(result, 'livestock').due).toMatchObject({ kind: 'share', share: 40 / 120, flock: 120 });
    expect(strip(words(result).lines[0]!.due)).toMatch(/^a third of what the common flock of 120 head owes, 1 sheep/);
  });

  it('words the share in every language: half in Hausa and Arabic too', () => {
    const result = sheep(40, 40, 'maliki');
    const f = formats(enCalendar);
    const figures = { money: (v: number) => `₦${f.number(v, 2)}`, number: f.number };
    expect(strip(wordResult(result, haResult, figures).lines[0]!.due)).toMatch(/^rabin abin da garken haɗaka \(dabbobi 80\) ke bayarwa/);
    expect(strip(wordResult(result, arResult, figures).lines[0]!.due)).toMatch(/^نصف ما يجب في الماشية المختلطة/);
  });

  it("bounds the partner's head so that the common flock stays within the tables (10,000,000 head)", () => {
    expect(inputProblems({ partnerHead: { 'sheep-goats': 9_999_990 } }, { 'sheep-goats': 20 })).toEqual([{ field: 'partnerHead.sheep-goats', max: 9_999_980 }]);
    expect(inputProblems({ partnerHead: { 'sheep-goats': -1 } })).toEqual([{ field: 'partnerHead.sheep-goats', max: 10_000_000 }]);
  });
});

describe('a Hanafi debt set against a herd at its value', () => {
  it('Hanafi, 45 sheep worth ₦100,000 each and ₦5,000,000 of debts, nothing else: nothing', () => {
    // The herd is worth 45 × 100,000 = 4,500,000; the debt, 5,000,000, covers all of it: no sheep is free of debt.
    const result = due({ debts: 5_000_000, herdValue: { 'sheep-goats': 4_500_000 } }, 'hanafi', { 'sheep-goats': 45 });
    expect(result.totalMoney).toBe(0);
    expect(result.inKind).toEqual([]);
    const debt = line(result, 'debts');
    expect(debt.due).toMatchObject({ kind: 'deducted', fromMoney: 0, left: 500_000, fromHerds: [{ slug: 'sheep-goats', value: 4_500_000, head: 45 }] });
    expect(debt.reasons.find((r) => r.key === 'debtLeft')).toEqual({ key: 'debtLeft', livestockToo: true, herdValue: 'used' });
    const herd = line(result, 'livestock');
    expect(herd.due).toEqual({ kind: 'nothing' });
    expect(herd.held).toEqual({ value: 45, unit: 'head' });
    expect(herd.reasons[0]).toEqual({ key: 'herdDebt', head: 45, value: 4_500_000, left: 0 });
    expect(
      words(result)
        .lines.map((l) => l.why.join(' '))
        .join(' '),
    ).not.toContain('ask a scholar how');
  });

  it('Hanafi, 45 sheep worth ₦4,500,000 and ₦400,000 of debts: one sheep (41 sheep are free of debt, at least 40)', () => {
    // 400,000 is the value of 4 sheep at 100,000 each: 45 − 4 = 41 free of debt.
    const result = due({ debts: 400_000, herdValue: { 'sheep-goats': 4_500_000 } }, 'hanafi', { 'sheep-goats': 45 });
    expect(line(result, 'livestock').due).toMatchObject({ kind: 'animals', options: [[{ item: 'sheep', count: 1 }]] });
    expect(line(result, 'livestock').reasons[0]).toEqual({ key: 'herdDebt', head: 4, value: 400_000, left: 41 });
  });

  it('Hanafi, 45 sheep worth ₦4,500,000 and ₦600,000 of debts: nothing (6 sheep taken, 39 are below 40)', () => {
    const result = due({ debts: 600_000, herdValue: { 'sheep-goats': 4_500_000 } }, 'hanafi', { 'sheep-goats': 45 });
    expect(line(result, 'livestock').due).toEqual({ kind: 'nothing' });
  });

  it('without the herd value, asks for it rather than "ask a scholar how"', () => {
    const result = due({ debts: 5_000_000 }, 'hanafi', { 'sheep-goats': 45 });
    expect(line(result, 'debts').reasons.find((r) => r.key === 'debtLeft')).toEqual({ key: 'debtLeft', livestockToo: true, herdValue: 'missing' });
    expect(words(result).lines[0]!.why.join(' ')).toContain('enter the value of each herd');
  });

  it('the Maliki never set a debt against livestock (al-Risala): 45 sheep owe one sheep whatever the debt', () => {
    const result = due({ debts: 5_000_000, herdValue: { 'sheep-goats': 4_500_000 } }, 'maliki', { 'sheep-goats': 45 });
    expect(line(result, 'livestock').due).toMatchObject({ kind: 'animals', options: [[{ item: 'sheep', count: 1 }]] });
  });
});

describe('crops watered both ways', () => {
  it('Maliki, 653 kg of millet, half rain-fed and half pumped: 48.975 kg (Khalil: each part by its rule)', () => {
    // 326.5 kg × 10 % = 32.65 kg, 326.5 kg × 5 % = 16.325 kg: 48.975 kg.
    const result = due({ cropsKg: 653, watering: 'mixed', wateringShare: 0.5 }, 'maliki');
    const l = line(result, 'crops');
    expect(l.due).toEqual({ kind: 'crop', kg: 48.975, percent: 7.5 });
    expect(l.reasons).toEqual([
      { key: 'alone', nisab: { value: 653, unit: 'kg' } },
      { key: 'watering', view: 'each-part', school: 'maliki', share: 0.5 },
    ]);
    expect(l.sourceURL).toContain('islamweb.net');
  });

  it('Maliki, 1,000 kg, three quarters rain-fed: 87.5 kg (750 × 10 % + 250 × 5 %)', () => {
    expect(line(due({ cropsKg: 1000, watering: 'mixed', wateringShare: 0.75 }, 'maliki'), 'crops').due).toEqual({ kind: 'crop', kg: 87.5, percent: 8.75 });
  });

  it('Hanafi, 653 kg, half rain-fed and half pumped: 32.65 kg, half a tenth (the fatwa: «نصف السنة بآلة ونصفها بغير آلة، ففيه نصفه»)', () => {
    const l = line(due({ cropsKg: 653, watering: 'mixed', wateringShare: 0.5 }, 'hanafi'), 'crops');
    expect(l.due).toEqual({ kind: 'crop', kg: 32.65, percent: 5 });
    expect(l.reasons).toEqual([{ key: 'noNisab' }, { key: 'watering', view: 'greater-part', school: 'hanafi', share: 0.5 }]);
  });

  it('Hanafi, 653 kg, mostly rain-fed (0.6): 65.3 kg, a tenth (the greater part); mostly pumped (0.4): 32.65 kg', () => {
    expect(line(due({ cropsKg: 653, watering: 'mixed', wateringShare: 0.6 }, 'hanafi'), 'crops').due).toEqual({ kind: 'crop', kg: 65.3, percent: 10 });
    expect(line(due({ cropsKg: 653, watering: 'mixed', wateringShare: 0.4 }, 'hanafi'), 'crops').due).toEqual({ kind: 'crop', kg: 32.65, percent: 5 });
  });

  it('wateringShare is a part from 0 to 1', () => {
    expect(inputProblems({ wateringShare: 1.5 })).toEqual([{ field: 'wateringShare', max: 1 }]);
  });
});

describe('every input has its bound', () => {
  it('FIELD_LIMITS and PER_HERD_LIMITS name the new inputs (their types are derived from Holdings: a missing one fails tsc)', () => {
    expect(FIELD_LIMITS.wateringShare).toBe('share');
    expect(PER_HERD_LIMITS).toEqual({ partnerHead: 'head', herdValue: 'money' });
  });
});
