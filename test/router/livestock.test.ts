// The livestock reference function against the classical tables, for every
// herd size from 0 to 400, for each animal and school, reading the published
// tables of data/nisab.json. The expected tables are written out here by hand
// (al-Hidayah and al-Quduri for the Hanafi rows; the Maliki, Shafi'i and Hanbali
// tables as in data/nisab.json's sources), not computed by the function's logic.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bracketNotation, type Due, type LivestockBracket, livestockDue, MAX_HEAD_COUNT } from '../../generator/router/livestock.ts';
import { NisabRuleInput } from '../../generator/model/schemas.ts';

const rules = (JSON.parse(readFileSync(new URL('../../data/nisab.json', import.meta.url), 'utf8')) as unknown[]).map((r) => NisabRuleInput.parse(r));
const CAMELS_ID = 5;
const CATTLE_ID = 6;
const SHEEP_ID = 7;

/** The one rule of an animal that a school holds (or the named variant). */
function ruleOf(subcategory: number, school: string, variant?: string) {
  const found = rules.filter(
    (r) => r.nsbSubcategoryID === subcategory && r.nsbRateKind === 'bracket' && (variant ? r.nsbVariant === variant : r.nsbSchools.includes(school as never)),
  );
  expect(
    found.map((r) => r.nsbVariant),
    `rules of ${subcategory} for ${school}`,
  ).toHaveLength(1);
  return found[0]!;
}

function words(dues: Due[]): string {
  return dues.map((due) => due.map((d) => `${d.item} ${d.count}`).join(' + ')).join(' | ');
}

/** `min-max: due` rows into the due of every count from 0 to 400 (unlisted counts owe nothing). */
function table(rows: string[]): string[] {
  const out = new Array<string>(401).fill('');
  for (const row of rows) {
    const [range, due] = row.split(': ') as [string, string];
    const [min, max] = range.split('-').map(Number) as [number, number];
    for (let n = min; n <= max; n++) {
      expect(out[n], `row ${row} overlaps`).toBe('');
      out[n] = due;
    }
  }
  return out;
}

const CAMELS_TO_120 = [
  '5-9: sheep 1',
  '10-14: sheep 2',
  '15-19: sheep 3',
  '20-24: sheep 4',
  '25-35: bint_makhad 1',
  '36-45: bint_labun 1',
  '46-60: hiqqah 1',
  '61-75: jadhaah 1',
  '76-90: bint_labun 2',
  '91-120: hiqqah 2',
];
// One hiqqah per 50, one bint labun per 40, covering the herd rounded down to ten.
const CAMELS_130_TO_400 = [
  '130-139: hiqqah 1 + bint_labun 2',
  '140-149: hiqqah 2 + bint_labun 1',
  '150-159: hiqqah 3',
  '160-169: bint_labun 4',
  '170-179: hiqqah 1 + bint_labun 3',
  '180-189: hiqqah 2 + bint_labun 2',
  '190-199: hiqqah 3 + bint_labun 1',
  '200-209: hiqqah 4 | bint_labun 5',
  '210-219: hiqqah 1 + bint_labun 4',
  '220-229: hiqqah 2 + bint_labun 3',
  '230-239: hiqqah 3 + bint_labun 2',
  '240-249: hiqqah 4 + bint_labun 1 | bint_labun 6',
  '250-259: hiqqah 5 | hiqqah 1 + bint_labun 5',
  '260-269: hiqqah 2 + bint_labun 4',
  '270-279: hiqqah 3 + bint_labun 3',
  '280-289: hiqqah 4 + bint_labun 2 | bint_labun 7',
  '290-299: hiqqah 5 + bint_labun 1 | hiqqah 1 + bint_labun 6',
  '300-309: hiqqah 6 | hiqqah 2 + bint_labun 5',
  '310-319: hiqqah 3 + bint_labun 4',
  '320-329: hiqqah 4 + bint_labun 3 | bint_labun 8',
  '330-339: hiqqah 5 + bint_labun 2 | hiqqah 1 + bint_labun 7',
  '340-349: hiqqah 6 + bint_labun 1 | hiqqah 2 + bint_labun 6',
  '350-359: hiqqah 7 | hiqqah 3 + bint_labun 5',
  '360-369: hiqqah 4 + bint_labun 4 | bint_labun 9',
  '370-379: hiqqah 5 + bint_labun 3 | hiqqah 1 + bint_labun 8',
  '380-389: hiqqah 6 + bint_labun 2 | hiqqah 2 + bint_labun 7',
  '390-399: hiqqah 7 + bint_labun 1 | hiqqah 3 + bint_labun 6',
  '400-400: hiqqah 8 | hiqqah 4 + bint_labun 5 | bint_labun 10',
];
const CAMELS_SHAFII_HANBALI = [...CAMELS_TO_120, '121-129: bint_labun 3', ...CAMELS_130_TO_400];
const CAMELS_MALIKI = [...CAMELS_TO_120, '121-129: hiqqah 2 | bint_labun 3', ...CAMELS_130_TO_400];
// al-Hidayah: after 120 the schedule restarts; after 150 it restarts in every fifty.
const CAMELS_HANAFI = [
  ...CAMELS_TO_120,
  '121-124: hiqqah 2',
  '125-129: hiqqah 2 + sheep 1',
  '130-134: hiqqah 2 + sheep 2',
  '135-139: hiqqah 2 + sheep 3',
  '140-144: hiqqah 2 + sheep 4',
  '145-149: hiqqah 2 + bint_makhad 1',
  '150-154: hiqqah 3',
  '155-159: hiqqah 3 + sheep 1',
  '160-164: hiqqah 3 + sheep 2',
  '165-169: hiqqah 3 + sheep 3',
  '170-174: hiqqah 3 + sheep 4',
  '175-185: hiqqah 3 + bint_makhad 1',
  '186-195: hiqqah 3 + bint_labun 1',
  '196-204: hiqqah 4',
  '205-209: hiqqah 4 + sheep 1',
  '210-214: hiqqah 4 + sheep 2',
  '215-219: hiqqah 4 + sheep 3',
  '220-224: hiqqah 4 + sheep 4',
  '225-235: hiqqah 4 + bint_makhad 1',
  '236-245: hiqqah 4 + bint_labun 1',
  '246-254: hiqqah 5',
  '255-259: hiqqah 5 + sheep 1',
  '260-264: hiqqah 5 + sheep 2',
  '265-269: hiqqah 5 + sheep 3',
  '270-274: hiqqah 5 + sheep 4',
  '275-285: hiqqah 5 + bint_makhad 1',
  '286-295: hiqqah 5 + bint_labun 1',
  '296-304: hiqqah 6',
  '305-309: hiqqah 6 + sheep 1',
  '310-314: hiqqah 6 + sheep 2',
  '315-319: hiqqah 6 + sheep 3',
  '320-324: hiqqah 6 + sheep 4',
  '325-335: hiqqah 6 + bint_makhad 1',
  '336-345: hiqqah 6 + bint_labun 1',
  '346-354: hiqqah 7',
  '355-359: hiqqah 7 + sheep 1',
  '360-364: hiqqah 7 + sheep 2',
  '365-369: hiqqah 7 + sheep 3',
  '370-374: hiqqah 7 + sheep 4',
  '375-385: hiqqah 7 + bint_makhad 1',
  '386-395: hiqqah 7 + bint_labun 1',
  '396-400: hiqqah 8',
];
// One musinnah per 40, one tabi' per 30, covering the herd rounded down to ten.
const CATTLE_FROM_60 = [
  '60-69: tabi 2',
  '70-79: musinnah 1 + tabi 1',
  '80-89: musinnah 2',
  '90-99: tabi 3',
  '100-109: musinnah 1 + tabi 2',
  '110-119: musinnah 2 + tabi 1',
  '120-129: musinnah 3 | tabi 4',
  '130-139: musinnah 1 + tabi 3',
  '140-149: musinnah 2 + tabi 2',
  '150-159: musinnah 3 + tabi 1 | tabi 5',
  '160-169: musinnah 4 | musinnah 1 + tabi 4',
  '170-179: musinnah 2 + tabi 3',
  '180-189: musinnah 3 + tabi 2 | tabi 6',
  '190-199: musinnah 4 + tabi 1 | musinnah 1 + tabi 5',
  '200-209: musinnah 5 | musinnah 2 + tabi 4',
  '210-219: musinnah 3 + tabi 3 | tabi 7',
  '220-229: musinnah 4 + tabi 2 | musinnah 1 + tabi 6',
  '230-239: musinnah 5 + tabi 1 | musinnah 2 + tabi 5',
  '240-249: musinnah 6 | musinnah 3 + tabi 4 | tabi 8',
  '250-259: musinnah 4 + tabi 3 | musinnah 1 + tabi 7',
  '260-269: musinnah 5 + tabi 2 | musinnah 2 + tabi 6',
  '270-279: musinnah 6 + tabi 1 | musinnah 3 + tabi 5 | tabi 9',
  '280-289: musinnah 7 | musinnah 4 + tabi 4 | musinnah 1 + tabi 8',
  '290-299: musinnah 5 + tabi 3 | musinnah 2 + tabi 7',
  '300-309: musinnah 6 + tabi 2 | musinnah 3 + tabi 6 | tabi 10',
  '310-319: musinnah 7 + tabi 1 | musinnah 4 + tabi 5 | musinnah 1 + tabi 9',
  '320-329: musinnah 8 | musinnah 5 + tabi 4 | musinnah 2 + tabi 8',
  '330-339: musinnah 6 + tabi 3 | musinnah 3 + tabi 7 | tabi 11',
  '340-349: musinnah 7 + tabi 2 | musinnah 4 + tabi 6 | musinnah 1 + tabi 10',
  '350-359: musinnah 8 + tabi 1 | musinnah 5 + tabi 5 | musinnah 2 + tabi 9',
  '360-369: musinnah 9 | musinnah 6 + tabi 4 | musinnah 3 + tabi 8 | tabi 12',
  '370-379: musinnah 7 + tabi 3 | musinnah 4 + tabi 7 | musinnah 1 + tabi 11',
  '380-389: musinnah 8 + tabi 2 | musinnah 5 + tabi 6 | musinnah 2 + tabi 10',
  '390-399: musinnah 9 + tabi 1 | musinnah 6 + tabi 5 | musinnah 3 + tabi 9 | tabi 13',
  '400-400: musinnah 10 | musinnah 7 + tabi 4 | musinnah 4 + tabi 8 | musinnah 1 + tabi 12',
];
const CATTLE = ['30-39: tabi 1', '40-59: musinnah 1', ...CATTLE_FROM_60];
// al-Quduri, Abu Hanifah: from 41 to 59 a fortieth of a musinnah for every head above 40.
const CATTLE_ABU_HANIFAH = [
  '30-39: tabi 1',
  '40-40: musinnah 1',
  ...Array.from({ length: 19 }, (_, i) => `${41 + i}-${41 + i}: musinnah ${(41 + i) / 40}`),
  ...CATTLE_FROM_60,
];
const SHEEP = ['40-120: sheep 1', '121-200: sheep 2', '201-399: sheep 3', '400-400: sheep 4'];

const CASES: [string, number, string, string | undefined, string[]][] = [
  ['camels', CAMELS_ID, 'hanafi', undefined, CAMELS_HANAFI],
  ['camels', CAMELS_ID, 'maliki', undefined, CAMELS_MALIKI],
  ['camels', CAMELS_ID, 'shafii', undefined, CAMELS_SHAFII_HANBALI],
  ['camels', CAMELS_ID, 'hanbali', undefined, CAMELS_SHAFII_HANBALI],
  ['cattle', CATTLE_ID, 'hanafi', 'majority', CATTLE],
  ['cattle', CATTLE_ID, 'hanafi', 'hanafi-abu-hanifah', CATTLE_ABU_HANIFAH],
  ['cattle', CATTLE_ID, 'maliki', undefined, CATTLE],
  ['cattle', CATTLE_ID, 'shafii', undefined, CATTLE],
  ['cattle', CATTLE_ID, 'hanbali', undefined, CATTLE],
  ['sheep and goats', SHEEP_ID, 'hanafi', undefined, SHEEP],
  ['sheep and goats', SHEEP_ID, 'maliki', undefined, SHEEP],
  ['sheep and goats', SHEEP_ID, 'shafii', undefined, SHEEP],
  ['sheep and goats', SHEEP_ID, 'hanbali', undefined, SHEEP],
];

describe('livestockDue against the classical tables', () => {
  for (const [animal, subcategory, school, variant, rows] of CASES) {
    it(`${animal}, ${school}${variant ? ` (${variant})` : ''}: every herd from 0 to 400`, () => {
      const rule = ruleOf(subcategory, school, variant);
      const expected = table(rows);
      const got = expected.map((_, count) => words(livestockDue(rule.nsbBrackets, count)));
      for (let count = 0; count <= 400; count++) expect(got[count], `${count} ${animal}`).toBe(expected[count]);
    });
  }

  it('gives 250 camels 5 hiqqah or 1 hiqqah and 5 bint labun, never both sets', () => {
    expect(livestockDue(ruleOf(CAMELS_ID, 'shafii').nsbBrackets, 250)).toEqual([
      [{ item: 'hiqqah', count: 5 }],
      [
        { item: 'hiqqah', count: 1 },
        { item: 'bint_labun', count: 5 },
      ],
    ]);
  });

  it('owes nothing for no herd, a negative or a fractional count', () => {
    const brackets = ruleOf(SHEEP_ID, 'maliki').nsbBrackets;
    for (const count of [0, -1, 39, 40.5, Number.NaN]) expect(livestockDue(brackets, count), String(count)).toEqual([]);
  });

  it('agrees with a brute-force reading of every table for every herd up to 3,000 head', () => {
    // The oracle reads the rows as their definition says (schemas.ts), with no shortcut: try every
    // count of every unit, first unit's count descending, and keep those that make the rounded herd.
    const oracle = (brackets: LivestockBracket[], count: number): Due[] => {
      const row = brackets.find((b) => count >= b.lbrMinCount && (b.lbrMaxCount === null || count <= b.lbrMaxCount));
      if (!row) return [];
      if (!row.lbrFormula) return row.lbrDues.map((due) => due.map((d) => ({ ...d })));
      const { per, roundDownTo, remainder } = row.lbrFormula;
      const rounded = Math.floor(count / roundDownTo) * roundDownTo;
      const bases: Due[] = [];
      const walk = (index: number, left: number, picked: Due) => {
        if (index === per.length) {
          if (left === 0) bases.push(picked);
          return;
        }
        for (let c = Math.floor(left / per[index]!.heads); c >= 0; c--) {
          walk(index + 1, left - c * per[index]!.heads, c > 0 ? [...picked, { item: per[index]!.item, count: c }] : picked);
        }
      };
      walk(0, rounded, []);
      const rest = count - rounded;
      const extra = remainder.find((r) => rest >= r.minCount && (r.maxCount === null || rest <= r.maxCount))?.dues ?? [];
      if (extra.length === 0) return bases;
      return bases.flatMap((base) =>
        extra.map((more) => {
          const sum = base.map((d) => ({ ...d }));
          for (const d of more) {
            const same = sum.find((x) => x.item === d.item);
            if (same) same.count += d.count;
            else sum.push({ ...d });
          }
          return sum;
        }),
      );
    };
    for (const rule of rules.filter((r) => r.nsbRateKind === 'bracket')) {
      for (let count = 0; count <= 3000; count++)
        expect(livestockDue(rule.nsbBrackets, count), `rule ${rule.nsbID}, ${count} head`).toEqual(oracle(rule.nsbBrackets, count));
    }
  });

  it('answers 10,000,000 camels or cattle at once, and nothing above MAX_HEAD_COUNT (1e308 neither freezes nor throws)', () => {
    expect(MAX_HEAD_COUNT).toBe(10_000_000);
    const camels = ruleOf(CAMELS_ID, 'shafii').nsbBrackets;
    const cattle = ruleOf(CATTLE_ID, 'maliki').nsbBrackets;
    // A freeze is the test's timeout, not a clock read here: a wall-time bound failed a run on a machine under load.
    const dues = livestockDue(camels, 10_000_000);
    const cows = livestockDue(cattle, 10_000_000);
    // 50a + 40b = 10,000,000: a = 200,000 - 4k for k = 0..50,000 (hand count).
    expect(dues).toHaveLength(50_001);
    expect(dues[0]).toEqual([{ item: 'hiqqah', count: 200_000 }]);
    expect(dues.at(-1)).toEqual([{ item: 'bint_labun', count: 250_000 }]);
    // 40a + 30b = 10,000,000: a = 250,000 - 3k for k = 0..83,333.
    expect(cows).toHaveLength(83_334);
    for (const count of [MAX_HEAD_COUNT + 1, 1e15, 1e308, Number.POSITIVE_INFINITY]) expect(livestockDue(camels, count), String(count)).toEqual([]);
  });

  it('hands out copies, so a caller cannot change the table', () => {
    const brackets = ruleOf(SHEEP_ID, 'maliki').nsbBrackets;
    livestockDue(brackets, 40)[0]![0]!.count = 99;
    expect(livestockDue(brackets, 40)).toEqual([[{ item: 'sheep', count: 1 }]]);
  });

  it('summarises each row in the lbrDue notation', () => {
    const camels = ruleOf(CAMELS_ID, 'maliki').nsbBrackets;
    expect(camels.map(bracketNotation).slice(10)).toEqual([
      'hiqqah:2',
      'hiqqah:2|bint_labun:3',
      'hiqqah:1;bint_labun:2',
      'hiqqah:2;bint_labun:1',
      'hiqqah:3',
      'bint_labun:4',
      'hiqqah:1;bint_labun:3',
      'hiqqah:2;bint_labun:2',
      'hiqqah:3;bint_labun:1',
      'hiqqah:4|bint_labun:5',
      'per50:hiqqah,per40:bint_labun',
    ]);
    expect(bracketNotation(ruleOf(CAMELS_ID, 'hanafi').nsbBrackets.at(-1)!)).toBe('per50:hiqqah+remainder');
  });
});
