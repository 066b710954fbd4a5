// The type-check's cost (issue 48: a re-check after a one-file change at most a tenth of a
// full check), measured on the tree in place: `tsc -b` over the projects of tsconfig/, and,
// beside it, the one program the tree had before them (every folder in one tsconfig,
// incremental), each from nothing, again with nothing changed, and after a comment (or an
// export) appended to one file. CPU seconds of tsc and its children, user and system (the
// load moves them less than wall time); the median of the rounds. Every file appended to is
// restored, whatever happens.
//
//   npx tsx scripts/bench-typecheck.ts            (BENCH_ROUNDS=3)
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable, median } from './bench-data.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
/** The one program of before the projects: every folder, one record of its own in tmp/. */
const SINGLE = path.join(ROOT, 'tmp/tsconfig.single.json');
const SINGLE_RECORD = path.join(ROOT, 'tmp/tsc-single.tsbuildinfo');

/** The changes measured: a file, what is appended to it, and what it is. */
const CHANGES: [string, (round: number) => string, string][] = [
  ['generator/site/page/gaps.ts', (n) => `\n// ${n}\n`, 'a comment in a leaf of the page (site)'],
  ['generator/db/read-gaps.ts', (n) => `\n// ${n}\n`, 'a comment in a leaf of db'],
  ['generator/snapshot/purge-list.ts', (n) => `\n// ${n}\n`, 'a comment in a leaf of snapshot'],
  ['client/src/zakat/combine.ts', (n) => `\n// ${n}\n`, 'a comment in a leaf of the client'],
  ['generator/model/dates.ts', (n) => `\n// ${n}\n`, 'a comment in a core file many import'],
  ['generator/model/dates.ts', (n) => `\nexport const benchTypecheck${n} = ${n};\n`, 'an export added to that core file'],
];

/** CPU seconds (user + system) of one tsc run and its children, as bash's `times` reports them; exits on a type error. */
function cpu(args: string[]): number {
  const out = execFileSync('bash', ['-c', `"${process.execPath}" "${TSC}" ${args.join(' ')} >/dev/null; status=$?; times; exit $status`], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  // `times`: the shell's own line, then its children's: "0m7.280s 0m1.990s".
  const children = out.trim().split('\n').at(-1)!;
  return children
    .split(' ')
    .map((t) => /(\d+)m([\d.]+)s/.exec(t)!)
    .reduce((sum, [, m, s]) => sum + Number(m) * 60 + Number(s), 0);
}

const MODES = {
  projects: { run: () => cpu(['-b']), clean: () => rmSync(path.join(ROOT, 'tmp/tsc'), { recursive: true, force: true }) },
  'one program': { run: () => cpu(['-p', SINGLE]), clean: () => rmSync(SINGLE_RECORD, { force: true }) },
} as const;
type Mode = keyof typeof MODES;

function main(): void {
  writeFileSync(
    SINGLE,
    JSON.stringify({
      extends: '../tsconfig.json',
      compilerOptions: { incremental: true, tsBuildInfoFile: SINGLE_RECORD },
      include: ['generator', 'client', 'mcp', 'scripts', 'test', 'vitest.config.ts'].map((p) => path.join(ROOT, p)),
    }),
  );
  const originals = new Map(CHANGES.map(([file]) => [file, readFileSync(path.join(ROOT, file), 'utf8')]));
  const rows = ['from nothing (as CI)', 'again, nothing changed', ...CHANGES.map(([, , what]) => what)];
  const figures = new Map<string, number[]>();
  const add = (mode: Mode, row: string, value: number) => figures.set(`${mode} ${row}`, [...(figures.get(`${mode} ${row}`) ?? []), value]);
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const mode of Object.keys(MODES) as Mode[]) {
        const { run, clean } = MODES[mode];
        clean();
        add(mode, rows[0]!, run());
        add(mode, rows[1]!, run());
        for (const [i, [file, appended]] of CHANGES.entries()) {
          writeFileSync(path.join(ROOT, file), originals.get(file)! + appended(round * 100 + i));
          add(mode, rows[i + 2]!, run());
          writeFileSync(path.join(ROOT, file), originals.get(file)!);
          run();
        }
        console.log(`round ${round}, ${mode}: done`);
      }
    }
  } finally {
    for (const [file, text] of originals) writeFileSync(path.join(ROOT, file), text);
    rmSync(SINGLE, { force: true });
    rmSync(SINGLE_RECORD, { force: true });
  }
  const full = (mode: Mode) => median(figures.get(`${mode} ${rows[0]}`)!);
  const cell = (mode: Mode, row: string) => {
    const value = median(figures.get(`${mode} ${row}`)!);
    return `${value.toFixed(2)} s (${(value / full(mode)).toFixed(2)})`;
  };
  console.log(`\nCPU seconds of tsc, median of ${ROUNDS} rounds (in brackets: of the same way's check from nothing)\n`);
  console.log(
    markdownTable(
      ['check', '`tsc -b`, the projects of tsconfig/', 'one program (before)'],
      rows.map((row) => [row, cell('projects', row), cell('one program', row)]),
    ),
  );
}

main();
