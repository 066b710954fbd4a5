import { describe, expect, it } from 'vitest';
import { importNisab } from '../../generator/db/import-nisab.ts';
import { contents, useScratch, userError } from './scratch.ts';

const scratch = useScratch();

const gold = { nsbID: 1, nsbSubcategoryID: 1, nsbThreshold: 85, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5 };
const cash = { ...gold, nsbID: 2, nsbSubcategoryID: 3, nsbVariant: 'gold-basis', nsbBasisSubcategoryID: 1 };
const herd = {
  nsbID: 3,
  nsbSubcategoryID: 3, // any subcategory without daily rates (a herd is not valued by a metal's rate)
  nsbThreshold: 40,
  nsbThresholdUnit: 'head',
  nsbRatePercent: null,
  nsbRateKind: 'bracket',
  nsbBrackets: [
    { lbrMinCount: 1, lbrMaxCount: 39, lbrDue: '', lbrDueText: 'none' },
    { lbrMinCount: 40, lbrMaxCount: null, lbrFormula: { per: [{ item: 'sheep', heads: 100 }], roundDownTo: 100 }, lbrDueText: '1 sheep per 100' },
  ],
};

const json = (rules: unknown[]) => JSON.stringify(rules, null, 2);

describe('importNisab', () => {
  it('fills the documented defaults and stores brackets', async () => {
    const db = await scratch.seededDatabase();
    const file = await scratch.write('nisab.json', json([gold, cash, herd]));
    expect(await importNisab(db, file)).toEqual({ file, rows: 3, inserted: 3, updated: 0, unchanged: 0 });
    expect(db.prepare('SELECT * FROM nisab_rules WHERE nsbID = 1').get()).toEqual({
      ...gold,
      nsbVariant: 'majority',
      nsbIsDefault: 1,
      nsbRateKind: 'percent',
      nsbBasisSubcategoryID: null,
      nsbHawlRequired: 1,
      nsbConditions: null,
      nsbNotes: null,
      nsbSourceURL: null,
      nsbSchools: '[]',
      nsbAuthorities: '[]',
      nsbLowerOf: '[]',
      nsbSolarYearRatePercent: null,
      nsbCombining: '[]',
      nsbWornJewellery: '[]',
      nsbDueItems: '[]',
      nsbTrader: null,
      nsbPositions: '[]',
    });
    expect(db.prepare('SELECT lbrRuleID, lbrMinCount, lbrMaxCount FROM livestock_brackets').raw().all()).toEqual([
      [3, 1, 39],
      [3, 40, null],
    ]);
  });

  it("changes nothing on re-import, and replaces a rule's brackets by the file's", async () => {
    const db = await scratch.seededDatabase();
    await importNisab(db, await scratch.write('nisab.json', json([gold, herd])));
    const before = contents(db);
    expect(await importNisab(db, await scratch.write('nisab.json', json([gold, herd])))).toMatchObject({ unchanged: 2 });
    expect(contents(db)).toEqual(before);

    const fewer = {
      ...herd,
      nsbBrackets: [{ lbrMinCount: 40, lbrMaxCount: null, lbrFormula: { per: [{ item: 'sheep', heads: 100 }], roundDownTo: 100 }, lbrDueText: 'x' }],
    };
    expect(await importNisab(db, await scratch.write('nisab.json', json([fewer])))).toMatchObject({ updated: 1 });
    expect(db.prepare('SELECT lbrMinCount, lbrDueText FROM livestock_brackets').raw().all()).toEqual([[40, 'x']]);
  });

  it('reports every bad rule with the line it starts on', async () => {
    const db = await scratch.seededDatabase();
    const before = contents(db);
    const rules = [
      gold, // line 2
      { ...gold, nsbThreshold: -1, colour: 'red' }, // line 9
      { ...cash, nsbSubcategoryID: 42, nsbBasisSubcategoryID: 43 }, // line 17
      { ...herd, nsbID: 1, nsbBrackets: [herd.nsbBrackets[1], herd.nsbBrackets[0]] },
      { ...gold, nsbID: 5, nsbRatePercent: null },
    ];
    const file = await scratch.write('nisab.json', json(rules));
    const error = await userError(importNisab(db, file));
    expect(error.message).toBe(`${file}: nothing imported, 7 problems`);
    expect(error.problems).toEqual([
      `${file}:9: nsbThreshold: must be at least 0`,
      `${file}:9: colour: unknown field`,
      `${file}:17: nsbSubcategoryID: unknown subcategory 42`,
      `${file}:17: nsbBasisSubcategoryID: unknown subcategory 43`,
      `${file}:26: nsbID: 1 is already on line 2`,
      `${file}:26: nsbBrackets[1].lbrMinCount: follows an open-ended bracket; only the last bracket may have no lbrMaxCount`,
      `${file}:56: nsbRatePercent: must be given when nsbRateKind is "percent"`,
    ]);
    expect(contents(db)).toEqual(before);
  });

  it('checks the fields of issue 10: structured dues, rules that are not zakat, the lower-of rule', async () => {
    const db = await scratch.seededDatabase();
    const before = contents(db);
    const rules = [
      { ...herd, nsbBrackets: [{ ...herd.nsbBrackets[0], lbrDue: 'sheep:1' }, herd.nsbBrackets[1]] }, // line 2
      { ...gold, nsbID: 5, nsbRateKind: 'none' }, // line 32
      {
        ...cash,
        nsbID: 6,
        nsbThreshold: 85,
        nsbLowerOf: [
          { subcategoryID: 1, threshold: 85 },
          { subcategoryID: 44, threshold: 595 },
        ],
      },
      { ...cash, nsbID: 7, nsbSchools: ['maliki', 'zahiri'], nsbAuthorities: [{ name: 'X', sourceURL: 'ftp://example.org/' }] },
    ];
    const file = await scratch.write('nisab.json', json(rules));
    const error = await userError(importNisab(db, file));
    expect(error.problems).toEqual([
      `${file}:2: nsbBrackets[0].lbrDue: is derived from lbrDues and lbrFormula, which say ""; leave it out or correct it`,
      `${file}:32: nsbRatePercent: must be null when nsbRateKind is "none" (a legal threshold, not zakat)`,
      `${file}:40: nsbThreshold: must be null when nsbLowerOf is given (the threshold depends on the day)`,
      `${file}:40: nsbBasisSubcategoryID: must be null when nsbLowerOf is given (the threshold depends on the day)`,
      `${file}:40: nsbLowerOf[1].subcategoryID: unknown subcategory 44`,
      `${file}:59: nsbSchools[1]: must be one of "hanafi", "maliki", "shafii", "hanbali"`,
      `${file}:59: nsbAuthorities[0].sourceURL: must be an http(s) URL, e.g. https://example.org/page`,
    ]);
    expect(contents(db)).toEqual(before);
  });

  it("checks each school's positions (issue 30): a view of its topic, a case only on receivables, one applied per school and question", async () => {
    const db = await scratch.seededDatabase();
    const before = contents(db);
    const position = {
      topic: 'debts',
      case: null,
      schools: ['maliki'],
      heldBy: 'the school',
      applied: true,
      with: [3],
      sourceURL: 'https://example.org/risala',
    };
    const rules = [
      {
        ...cash,
        nsbPositions: [
          { ...position, view: 'every-year' },
          { ...position, view: 'deducted', case: 'loan' },
          { ...position, view: 'deducted' },
          { ...position, view: 'not-deducted', with: [44] },
        ],
      },
    ];
    const file = await scratch.write('nisab.json', json(rules));
    const error = await userError(importNisab(db, file));
    expect(error.problems).toEqual([
      `${file}:2: nsbPositions[0].view: "every-year" is not a view of debts; one of deducted-after-cover, deducted, not-deducted`,
      `${file}:2: nsbPositions[1].case: must be null except on receivables`,
      `${file}:2: nsbPositions: names 3 applied positions on debts for maliki; a calculator needs one`,
      `${file}:2: nsbPositions[3].with[0]: unknown subcategory 44`,
    ]);
    expect(contents(db)).toEqual(before);
  });

  it('names the line of a JSON syntax error', async () => {
    const db = await scratch.seededDatabase();
    const file = await scratch.write('nisab.json', '[\n  {"nsbID": 1,}\n]');
    const error = await userError(importNisab(db, file));
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(new RegExp(`^${file}:2: json: `));
  });

  it('refuses JSON that is not an array', async () => {
    const db = await scratch.seededDatabase();
    const file = await scratch.write('nisab.json', JSON.stringify(gold));
    expect((await userError(importNisab(db, file))).problems).toEqual([`${file}:1: json: must be an array of Nisab rule objects`]);
  });
});
