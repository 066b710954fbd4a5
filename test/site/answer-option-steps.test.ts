// docs/making-changes.md, "A new answer option", tried on a copy of
// generator/model/ and generator/router/ checked by the real tsc: an option (weight=tola, the rate
// records also in tolas; not `unit`, a real option) added to ANSWER_OPTIONS without its zod half
// (OPTION_SCHEMAS, which names the options) fails tsc at its entry in the table, naming the option;
// one without its rewrite or its range cap fails where the entry is; with its zod extension it
// compiles. (Its zod half without the entry: test/router/answer-options.types.ts.)
// (What the generated test then asks of a whole entry: answer-options.test.ts.)
// The copy holds the client and the page too, which read the table's types: an
// answer to a query giving two options carries both options' fields (the
// client's Answered<...> once let an option the query did not give swallow them).
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TSC } from '../support/tree-copy.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const GENERATOR = fileURLToPath(new URL('../../generator/', import.meta.url));
const CLIENT = fileURLToPath(new URL('../../client/src/', import.meta.url));
const MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const run = promisify(execFile);

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
  let compilerOptions: object;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'answer-option-'));
    await cp(GENERATOR, path.join(dir, 'generator'), { recursive: true });
    await cp(CLIENT, path.join(dir, 'client', 'src'), { recursive: true });
    // zod, uplot and the rest, as the core, the client and the page import them.
    await symlink(MODULES, path.join(dir, 'node_modules'));
    // What a client's user writes: both options' fields on one answer.
    await writeFile(
      path.join(dir, 'client', 'both-options.ts'),
      "import type { Answered, Rate } from './src/index.ts';\n" +
        "type Both = Answered<{ weight: 'tola'; currency: 'GBP' }, 'Rate', Rate>;\n" +
        "export const both: [Both['drtInUSDPerTola'], Both['drtInCurrency']] = [1, null];\n",
    );
    compilerOptions = JSON.parse(await readFile(new URL('../../tsconfig.json', import.meta.url), 'utf8')).compilerOptions;
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions, include: ['generator/model/*.ts', 'generator/router/*.ts', 'client/src/**/*.ts', 'generator/site/page/*.ts'] }),
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

  /** tsc's errors on the copy, each `generator/router/file(line,col): error TSnnnn: ...` with the lines that explain it. */
  async function typecheck(): Promise<string[]> {
    const done = await run(process.execPath, [TSC, '-p', dir, '--pretty', 'false'], { cwd: dir }).then(
      (out) => out.stdout,
      (failed: { stdout: string }) => failed.stdout,
    );
    return done.split(/\n(?=\S)/).filter((error) => error.includes('error TS'));
  }

  it('fails tsc at its entry in ANSWER_OPTIONS, naming it, until its zod half is there; then compiles', async () => {
    const errors = await typecheck();
    expect(errors, errors.join('\n')).toHaveLength(1);
    expect(errors[0]).toMatch(/^generator\/router\/answer-options\.ts\(\d+,\d+\): error TS/);
    expect(errors[0]).toContain("'weight' does not exist in type 'OptionTable'");
    await edit('model/option-schemas.ts', SCHEMAS);
    // Then the client's answer to a query giving weight and currency has both options' fields, and one giving
    // neither has none of them.
    await writeFile(
      path.join(dir, 'client', 'neither-option.ts'),
      "import type { Answered, Rate } from './src/index.ts';\n" +
        '// @ts-expect-error: without the option, the record has none of its fields\n' +
        "export const none: Answered<{ date: string }, 'Rate', Rate>['drtInUSDPerTola'] = 1;\n",
    );
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions,
        include: ['generator/model/*.ts', 'generator/router/*.ts', 'client/src/**/*.ts', 'generator/site/page/*.ts', 'client/*.ts'],
      }),
    );
    expect(await typecheck()).toEqual([]);
  }, 900_000); // two runs of tsc over the core, the client and the page: 3 min 51 s for one beside 7 other sessions (load 25)

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
