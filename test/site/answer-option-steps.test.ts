// docs/making-changes.md, "A new answer option", tried on a copy of the whole
// tree (test/support/tree-copy.ts) checked by the real tsc, every project: an option (weight=tola, the rate
// records also in tolas; not `unit`, a real option) added to ANSWER_OPTIONS without its zod half
// (OPTION_SCHEMAS, which names the options) fails tsc at its entry in the table, naming the option;
// one without its rewrite or its range cap fails where the entry is; with its zod extension it
// compiles. (Its zod half without the entry: test/router/answer-options.types.ts.)
// (What the generated test then asks of a whole entry: answer-options.test.ts.)
// The client and the page read the table's types too: an
// answer to a query giving two options carries both options' fields (the
// client's Answered<...> once let an option the query did not give swallow them).
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_AS_OF } from '../support/default-snapshot.ts';
import { buildCopy, copyTree, typecheck as typecheckCopy } from '../support/tree-copy.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Step 1: the parameter (parameters.ts), listed on the endpoints whose records it rewrites (endpoints.ts).
const PARAMETER: [string, string][] = [
  [
    '  calendar: enumParameter(',
    "  weight: enumParameter('weight', 'the rate records also in this unit of weight', ['tola'], 'tola'),\n  calendar: enumParameter(",
  ],
];
const LISTED: [string, string][] = [
  [
    "    parameters: ['start_date', 'end_date', 'subcategory', 'currency', 'unit', 'date'],",
    "    parameters: ['start_date', 'end_date', 'subcategory', 'currency', 'unit', 'date', 'weight'],",
  ],
];

// Step 2: its entry (a tola is 11.6638038 grams: its fields after the record's own).
const ENTRY = `
const weight = answerOption({
  records: {
    Rate: function (line: string): string {
      const usd = Number(fieldText(line, 'drtInUSD'));
      return line.slice(0, -1) + ',"drtUnitAsked":"tola","drtInUSDPerTola":' + Math.round(usd * 11.6638038 * 100) / 100 + '}';
    },
  },
  files: function (): string[] {
    return [];
  },
  read: function (): null {
    return null;
  },
  expensive: true,
  rangeCap: 366,
});
`;
const OPTION: [string, string][] = [
  [
    "import { currencyTable, DOLLAR_CODE, fxFor, NAIRA_CODE, rateLineIn, type CurrencyTable } from './in-currency.ts';",
    "import { currencyTable, DOLLAR_CODE, fieldText, fxFor, NAIRA_CODE, rateLineIn, type CurrencyTable } from './in-currency.ts';",
  ],
  ['/**\n * Every answer option, by', `${ENTRY}\n/**\n * Every answer option, by`],
  ['  currency: currency,\n} satisfies OptionTable;', '  currency: currency,\n  weight: weight,\n} satisfies OptionTable;'],
];

// Step 3: its zod half.
const SCHEMAS: [string, string][] = [
  [
    "import { Rate, type NisabRule } from './schemas.ts';",
    "import { Rate, type NisabRule } from './schemas.ts';\n" +
      "export const RateInTola = Rate.extend({ drtUnitAsked: z.literal('tola'), drtInUSDPerTola: z.number() }).meta({ id: 'RateInTola' });",
  ],
  [
    '} satisfies Record<string, OptionSchemas>;',
    "  weight: { adds: 'the tola\\'s fields', records: { Rate: RateInTola } },\n} satisfies Record<string, OptionSchemas>;",
  ],
];

describe('an answer option added to ANSWER_OPTIONS', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await copyTree('answer-option-');
    // What a client's user writes: both options' fields on one answer (in client/src/, the client project's folder).
    await writeFile(
      path.join(dir, 'client', 'src', 'both-options.ts'),
      "import type { Answered, Rate } from './index.ts';\n" +
        "type Both = Answered<{ weight: 'tola'; currency: 'GBP' }, 'Rate', Rate>;\n" +
        "export const both: [Both['drtInUSDPerTola'], Both['drtInCurrency']] = [1, null];\n",
    );
    await edit('router/parameters.ts', PARAMETER);
    await edit('router/endpoints.ts', LISTED);
    await edit('router/answer-options.ts', OPTION);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function edit(file: string, replacements: [string, string][]) {
    let text = await readFile(path.join(dir, 'generator', file), 'utf8');
    for (const [from, to] of replacements) {
      if (!text.includes(from)) throw new Error(`${file} no longer holds ${JSON.stringify(from)}: update this test and docs/making-changes.md`);
      text = text.replace(from, to);
    }
    await writeFile(path.join(dir, 'generator', file), text);
  }

  /** tsc's errors on the copy (every project), each `generator/router/file(line,col): error TSnnnn: ...` with the lines that explain it. */
  const typecheck = () => typecheckCopy(dir);

  it('fails tsc at its entry in ANSWER_OPTIONS, naming it, until its zod half is there; then compiles', async () => {
    const errors = await typecheck();
    // One error in the tree, at the entry; and the client user's own file, whose answers know no weight yet.
    const inTree = errors.filter((error) => !error.startsWith('client/src/both-options.ts'));
    expect(inTree, errors.join('\n')).toHaveLength(1);
    expect(inTree[0]).toMatch(/^generator\/router\/answer-options\.ts\(\d+,\d+\): error TS/);
    expect(inTree[0]).toContain("'weight' does not exist in type 'OptionTable'");
    await edit('model/option-schemas.ts', SCHEMAS);
    // Then the client's answer to a query giving weight and currency has both options' fields, and one giving
    // neither has none of them.
    await writeFile(
      path.join(dir, 'client', 'src', 'neither-option.ts'),
      "import type { Answered, Rate } from './index.ts';\n" +
        '// @ts-expect-error: without the option, the record has none of its fields\n' +
        "export const none: Answered<{ date: string }, 'Rate', Rate>['drtInUSDPerTola'] = 1;\n",
    );
    expect(await typecheck()).toEqual([]);
    // And the copy builds: its OpenAPI document and /schemas/ describe the tola's records, from the zod half alone.
    const build = await buildCopy(dir, DEFAULT_AS_OF);
    expect(build.stderr).not.toMatch(/error|fail/i);
    const openapi = JSON.parse(await readFile(path.join(dir, 'public', 'openapi.json'), 'utf8')) as {
      components: { schemas: Record<string, unknown> };
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
    };
    expect(openapi.components.schemas).toHaveProperty('RateInTola');
    expect(Object.values(openapi.paths).filter((entry) => entry.get.parameters.some((p) => p.name === 'weight')).length).toBeGreaterThan(0);
    expect(JSON.parse(await readFile(path.join(dir, 'public', 'schemas', 'RateInTola.json'), 'utf8')).properties).toHaveProperty('drtInUSDPerTola');
  }, 900_000); // two runs of tsc -b over the whole copy, then its build: 4.5 s at load 4 (TypeScript 7); the one program of TypeScript 5 took 3 min 51 s beside 7 other sessions (load 25)

  it('fails tsc where the entry is when it lacks its rewrite or its range cap', async () => {
    await edit('router/answer-options.ts', [
      ['  expensive: true,\n  rangeCap: 366,\n});\n\n/**\n * Every', '  expensive: true,\n  rangeCap: null,\n});\n\n/**\n * Every'],
    ]);
    let errors = await typecheck();
    expect(errors.length, errors.join('\n')).toBeGreaterThan(0);
    expect(
      errors.some((line) => line.startsWith('generator/router/answer-options.ts')),
      errors.join('\n'),
    ).toBe(true);
    await edit('router/answer-options.ts', [
      ['  expensive: true,\n  rangeCap: null,\n});\n\n/**\n * Every', '  expensive: true,\n  rangeCap: 366,\n});\n\n/**\n * Every'],
      [
        '  records: {\n    Rate: function (line: string): string {\n      const usd',
        '  records: {\n    Rate: 0 as unknown as string,\n    Rat: function (line: string): string {\n      const usd',
      ],
    ]);
    errors = await typecheck();
    expect(errors.length, errors.join('\n')).toBeGreaterThan(0);
    expect(errors.some((line) => line.startsWith('generator/router/answer-options.ts'))).toBe(true);
  }, 900_000); // two runs of tsc, as above // 9 s in a quiet .ci/run; beside 16 busy processes a test takes up to 7 times as long
});
