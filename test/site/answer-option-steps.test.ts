// docs/making-changes.md, "A new answer option", tried on a copy of
// generator/core/ checked by the real tsc: an option (unit=tola, the rate
// records also in tolas) added to ANSWER_OPTIONS without its zod half fails
// tsc in option-schemas.ts, naming the option; one without its rewrite or
// its range cap fails where the entry is; with its zod extension it compiles.
// (What the generated test then asks of a whole entry: answer-options.test.ts.)
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CORE = fileURLToPath(new URL('../../generator/core/', import.meta.url));
const MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const run = promisify(execFile);

// Step 1: the parameter, listed on the endpoints whose records it rewrites.
const PARAMETER: [string, string][] = [
  [
    '  calendar: enumParameter(',
    "  unit: enumParameter('unit', 'the rate records also in this unit of weight', ['tola'], 'tola'),\n  calendar: enumParameter(",
  ],
  ["    parameters: ['start_date', 'end_date', 'subcategory', 'currency'],", "    parameters: ['start_date', 'end_date', 'subcategory', 'currency', 'unit'],"],
];

// Step 2: its entry (a tola is 11.6638038 grams: its fields after the record's own).
const ENTRY = `
const unit = answerOption({
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
  ['  currency: currency,\n} satisfies OptionTable;', '  currency: currency,\n  unit: unit,\n} satisfies OptionTable;'],
];

// Step 3: its zod half.
const SCHEMAS: [string, string][] = [
  [
    "import type { NisabRule, Rate } from './schemas.ts';",
    "import { Rate } from './schemas.ts';\nimport type { NisabRule } from './schemas.ts';\nimport { z as zod } from 'zod';\n" +
      "export const RateInTola = Rate.extend({ drtUnitAsked: zod.literal('tola'), drtInUSDPerTola: zod.number() }).meta({ id: 'RateInTola' });",
  ],
  [
    '} satisfies { [N in OptionName]: OptionSchemas<N> };',
    "  unit: { adds: 'the tola\\'s fields', records: { Rate: RateInTola } },\n} satisfies { [N in OptionName]: OptionSchemas<N> };",
  ],
];

describe('an answer option added to ANSWER_OPTIONS', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'answer-option-'));
    await cp(CORE, path.join(dir, 'core'), { recursive: true });
    // zod, as the core imports it.
    await symlink(MODULES, path.join(dir, 'node_modules'));
    const { compilerOptions } = JSON.parse(await readFile(new URL('../../tsconfig.json', import.meta.url), 'utf8'));
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, types: [] }, include: ['core/*.ts'] }));
    await edit('endpoints.ts', PARAMETER);
    await edit('answer-options.ts', OPTION);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function edit(file: string, replacements: [string, string][]) {
    let text = await readFile(path.join(dir, 'core', file), 'utf8');
    for (const [from, to] of replacements) {
      if (!text.includes(from)) throw new Error(`${file} no longer holds ${JSON.stringify(from)}: update this test and docs/making-changes.md`);
      text = text.replace(from, to);
    }
    await writeFile(path.join(dir, 'core', file), text);
  }

  /** tsc's errors on the copy, each `core/file(line,col): error TSnnnn: ...` with the lines that explain it. */
  async function typecheck(): Promise<string[]> {
    const done = await run(process.execPath, [TSC, '-p', dir, '--pretty', 'false'], { cwd: dir }).then(
      (out) => out.stdout,
      (failed: { stdout: string }) => failed.stdout,
    );
    return done.split(/\n(?=\S)/).filter((error) => error.includes('error TS'));
  }

  it('fails tsc in option-schemas.ts, naming it, until its zod half is there; then compiles', async () => {
    const errors = await typecheck();
    expect(errors, errors.join('\n')).toHaveLength(1);
    expect(errors[0]).toMatch(/^core\/option-schemas\.ts\(\d+,\d+\): error TS/);
    expect(errors[0]).toContain("Property 'unit' is missing");
    await edit('option-schemas.ts', SCHEMAS);
    expect(await typecheck()).toEqual([]);
  }, 240_000); // 7.1 s in a quiet .ci/run; beside 16 busy processes a test takes up to 7 times as long

  it('fails tsc where the entry is when it lacks its rewrite or its range cap', async () => {
    await edit('answer-options.ts', [
      ['  expensive: true,\n  rangeCap: 366,\n});\n\n/**\n * Every', '  expensive: true,\n  rangeCap: null,\n});\n\n/**\n * Every'],
    ]);
    let errors = await typecheck();
    expect(errors.length, errors.join('\n')).toBeGreaterThan(0);
    expect(
      errors.some((line) => line.startsWith('core/answer-options.ts')),
      errors.join('\n'),
    ).toBe(true);
    await edit('answer-options.ts', [
      ['  expensive: true,\n  rangeCap: null,\n});\n\n/**\n * Every', '  expensive: true,\n  rangeCap: 366,\n});\n\n/**\n * Every'],
      [
        '  records: {\n    Rate: function (line: string): string {\n      const usd',
        '  records: {\n    Rate: 0 as unknown as string,\n    Rat: function (line: string): string {\n      const usd',
      ],
    ]);
    errors = await typecheck();
    expect(errors.length, errors.join('\n')).toBeGreaterThan(0);
    expect(errors.some((line) => line.startsWith('core/answer-options.ts'))).toBe(true);
  }, 240_000); // 9 s in a quiet .ci/run; beside 16 busy processes a test takes up to 7 times as long
});
