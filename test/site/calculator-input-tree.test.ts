// A new calculator input rehearsed on a copy of the whole tree (issue 48): the
// steps of docs/making-changes.md "A school's position, or a calculator input",
// for a money input (`sharesValue`, shares held for sale at their market value)
// that the rehearsal bounds, reads and shows but counts nowhere: where a
// holding is counted is a position with its sources (fiqh is data), which no
// type can ask for. The copy's real tsc names each table the input still
// lacks: with the field of Holdings alone, the bound table (limits.ts) and the
// form's read (zakat-form.ts); with every step but its words in the languages
// after English, each of their answer catalogues. The form's table of fields
// is a list tsc cannot hold to NUMBER_NAMES, so the copy's own modules are
// asked: every name read is one field of the form, and the bound is applied.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputProblem } from '../../client/src/zakat/limits.ts';
import { NUMBER_NAMES, ZAKAT_FORM, type ZakatPart } from '../../generator/site/page/zakat-fields.ts';
import { editorOf, type Edit } from '../support/rehearsed-language.ts';
import { copyTree, typecheck } from '../support/tree-copy.ts';

const INPUT = 'sharesValue';
const LABEL = `    ${INPUT}: 'Shares held for sale, at their market value (₦)',`;
/** The answer catalogues after English's, each typed ResultStrings from it. */
const OTHER_RESULTS = ['result-ha.ts', 'result-ar.ts', 'result-yo.ts'].map((file) => `generator/site/i18n/${file}`);

/** The names of the form's number fields, each as often as the form shows it. */
const formNumbers = (form: readonly ZakatPart[]): string[] =>
  form
    .flatMap((part) => ('group' in part ? [part.group] : part.groups))
    .flatMap((group) => group.fields)
    .flatMap((field) => (field.kind === 'number' ? [field.name] : []));

/** The number names the form shows other than once: [name, times]. */
const notShownOnce = (names: readonly string[], form: readonly ZakatPart[]): [string, number][] => {
  const shown = formNumbers(form);
  return names.map((name): [string, number] => [name, shown.filter((n) => n === name).length]).filter(([, times]) => times !== 1);
};

/** Names of the files tsc's errors point at, in order, once each. */
const filesOf = (errors: string[]) => [...new Set(errors.map((error) => error.slice(0, error.indexOf('('))))].sort();

describe(`a new calculator input (${INPUT}) in a copy of the whole tree`, () => {
  let dir: string;
  let edit: Edit;
  beforeAll(async () => {
    dir = await copyTree('calculator-input-');
    edit = editorOf(dir);
    // Step 1: the field of Holdings.
    await edit('client/src/zakat/types.ts', [
      ['  tradeGoods?: number;\n', `  tradeGoods?: number;\n  /** Shares held for sale, at their market value. */\n  ${INPUT}?: number;\n`],
    ]);
    // Copying 9 MB: seconds.
  }, 120_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("the tree's form shows each name it reads once", () => {
    expect(notShownOnce(NUMBER_NAMES, ZAKAT_FORM)).toEqual([]);
  });

  it('with the field of Holdings alone, tsc names the bound table and the form, and nothing else', async () => {
    const errors = await typecheck(dir);
    expect(filesOf(errors), errors.join('\n')).toEqual(['client/src/zakat/limits.ts', 'generator/site/page/zakat-form.ts']);
    for (const file of ['client/src/zakat/limits.ts', 'generator/site/page/zakat-form.ts'])
      expect(
        errors.filter((line) => line.startsWith(file)).some((line) => line.includes(`'${INPUT}'`)),
        errors.join('\n'),
      ).toBe(true);
  }, 600_000); // the copy's first tsc of the whole tree: 70 s seen at load 18

  it('with its bound, read, field and English words, tsc names each other language’s answer catalogue', async () => {
    // Step 2: its bound.
    await edit('client/src/zakat/limits.ts', [["  tradeGoods: 'money',\n", `  tradeGoods: 'money',\n  ${INPUT}: 'money',\n`]]);
    // Step 3: its read, under a name of the form's table.
    await edit('generator/site/page/zakat-form.ts', [
      ["    tradeGoods: num('tradeGoods'),\n", `    tradeGoods: num('tradeGoods'),\n    ${INPUT}: num('${INPUT}'),\n`],
    ]);
    // Step 4: the form's field, its label a word of the answer's inputs.
    await edit('generator/site/page/zakat-fields.ts', [
      ["  'tradeGoods',\n", `  'tradeGoods',\n  '${INPUT}',\n`],
      ["        number('tradeGoods', p('tradeGoods')),\n", `        number('tradeGoods', p('tradeGoods')),\n        number('${INPUT}', i('${INPUT}')),\n`],
    ]);
    // Step 5: its label in English, which types the others.
    await edit('generator/site/i18n/result-en.ts', [
      ["    savingsSilver: 'Silver jewellery kept as savings (grams)',\n", `    savingsSilver: 'Silver jewellery kept as savings (grams)',\n${LABEL}\n`],
    ]);
    const errors = await typecheck(dir);
    expect(filesOf(errors), errors.join('\n')).toEqual([...OTHER_RESULTS].sort());
    for (const file of OTHER_RESULTS) expect(errors.filter((line) => line.startsWith(file)).join('\n')).toContain(INPUT);
  }, 600_000); // a re-check (tsc is incremental, its build info in the copy's tmp/): 77 s at load 18

  it('with its label in every language it compiles, is bounded and is shown once', async () => {
    // Step 6: its label in each other language (here the English words, where a translator writes the language's own).
    for (const file of OTHER_RESULTS) {
      const line = (await readFile(path.join(dir, file), 'utf8')).split('\n').find((l) => l.startsWith('    savingsSilver: '))!;
      await edit(file, [[`${line}\n`, `${line}\n${LABEL}\n`]]);
    }
    expect(await typecheck(dir)).toEqual([]);
    // The copy's own modules: its bound applies (₦10^15, LIMITS.money), and its form shows it once.
    const limits = (await import(path.join(dir, 'client/src/zakat/limits.ts'))) as {
      inputProblems: (holdings: Record<string, number>) => InputProblem[];
    };
    expect(limits.inputProblems({ [INPUT]: 2e15 })).toEqual([{ field: INPUT, max: 1e15 }]);
    expect(limits.inputProblems({ [INPUT]: 1e15 })).toEqual([]);
    const fields = (await import(path.join(dir, 'generator/site/page/zakat-fields.ts'))) as typeof import('../../generator/site/page/zakat-fields.ts');
    expect(fields.NUMBER_NAMES).toContain(INPUT);
    expect(notShownOnce(fields.NUMBER_NAMES, fields.ZAKAT_FORM)).toEqual([]);
  }, 600_000); // 36 s at load 18
});
