// Runs a vitest selection (files or name filters, as `vitest run` takes them;
// none: the whole suite) beside N busy CPU processes, and reports each test
// file's duration, its slowest test against that test's timeout and its hooks
// against the hook timeout. The rule it checks (docs/testing.md): no test takes
// more than a third of its timeout on a busy machine, so that CI on a shared
// runner passes.
//
//     npx tsx scripts/under-load.ts test/snapshot/pieces.test.ts
//     npx tsx scripts/under-load.ts --busy 16 --minutes 10 test/snapshot test/cli/nightly.test.ts
//     npx tsx scripts/under-load.ts test/sources/fetch.test.ts -t 'every source fails'
//     npx tsx scripts/under-load.ts --minutes 40 --exclude test/nightly/many-nights.test.ts   # the suite but the longest
//
// By default (--to-load 16) it starts as many busy processes as the load
// average lacks to reach 16 (on a shared machine already at 18: none);
// --busy N starts N whatever the load.
//
// The busy processes are this script's children, each a loop that stops
// itself after --minutes (default 15) or as soon as this script is gone, so a
// killed run leaves no load behind. The machine is shared: run it on a few
// heavy files, and on the whole suite only when nobody else needs the CPU.
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startVitest } from 'vitest/node';
import type { TestModule } from 'vitest/node';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    busy: { type: 'string' },
    'to-load': { type: 'string', default: '16' },
    exclude: { type: 'string', multiple: true, default: [] },
    // vitest's -t: only the tests whose names match
    'test-name': { type: 'string', short: 't' },
    minutes: { type: 'string', default: '15' },
  },
});
const busy = values.busy === undefined ? Math.max(0, Math.round(Number(values['to-load']) - (loadavg()[0] ?? 0))) : Number(values.busy);
const minutes = Number(values.minutes);
if (!Number.isInteger(busy) || busy < 0 || busy > 64) {
  console.error(`--busy and --to-load must be whole numbers from 0 to 64, not ${values.busy ?? values['to-load']}`);
  process.exit(2);
}
if (!(minutes > 0 && minutes <= 60)) {
  console.error(`--minutes must be more than 0 and at most 60, not ${values.minutes}`);
  process.exit(2);
}

// A busy loop that checks every ~50 ms whether its time is up or its parent is gone.
const LOOP = `
const end = Date.now() + ${Math.round(minutes * 60_000)};
const parent = ${process.pid};
for (;;) {
  const until = Date.now() + 50;
  while (Date.now() < until) {}
  if (Date.now() > end) process.exit(0);
  try { process.kill(parent, 0); } catch { process.exit(0); }
}`;
const loaders: ChildProcess[] = [];
for (let i = 0; i < busy; i++) loaders.push(spawn(process.execPath, ['-e', LOOP], { stdio: 'ignore' }));
const stopLoad = () => {
  for (const child of loaders) if (child.exitCode === null && child.pid !== undefined) child.kill('SIGKILL');
};
process.on('exit', stopLoad);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopLoad();
    process.exit(130);
  });

interface FileReport {
  file: string;
  seconds: number;
  state: string;
  slowest: { name: string; seconds: number; timeout: number } | null;
  hooks: number;
}

const reports: FileReport[] = [];
const loads: number[] = [];
const sampler = setInterval(() => loads.push(loadavg()[0] ?? 0), 5_000);
const started = Date.now();

const line = (r: FileReport) => {
  const test = r.slowest === null ? '-' : `${r.slowest.seconds.toFixed(1)} / ${r.slowest.timeout}`;
  return `${r.file} | ${r.seconds.toFixed(1)} | ${test} | ${r.hooks.toFixed(1)} / ${hookTimeout} | ${(ratio(r) * 100).toFixed(0)} %${r.state === 'failed' ? ' FAILED' : ''}`;
};
let hookTimeout = 120;
const ratio = (r: FileReport) => Math.max(r.slowest === null ? 0 : r.slowest.seconds / r.slowest.timeout, r.hooks / hookTimeout);

const vitest = await startVitest('test', positionals, {
  watch: false,
  // vitest's default exclusions, and the files named
  exclude: ['**/node_modules/**', '**/.git/**', ...(values.exclude ?? [])],
  ...(values['test-name'] === undefined ? {} : { testNamePattern: values['test-name'] }),
  reporters: [
    'dot',
    {
      onTestModuleEnd(module: TestModule) {
        const config = module.project.config;
        let slowest: FileReport['slowest'] = null;
        let inTests = 0;
        for (const test of module.children.allTests()) {
          const seconds = (test.diagnostic()?.duration ?? 0) / 1000;
          inTests += seconds;
          const timeout = (test.options.timeout ?? config.testTimeout) / 1000;
          if (slowest === null || seconds / timeout > slowest.seconds / slowest.timeout) slowest = { name: test.fullName, seconds, timeout };
        }
        const seconds = module.diagnostic().duration / 1000;
        hookTimeout = config.hookTimeout / 1000;
        reports.push({
          file: module.moduleId.replace(process.cwd() + '/', ''),
          seconds,
          state: module.state(),
          slowest,
          hooks: Math.max(0, seconds - inTests),
        });
        // As each file ends, so that a run stopped early still says what it measured.
        console.log(`\n[under-load] ${line(reports.at(-1)!)} (load ${(loadavg()[0] ?? 0).toFixed(1)})`);
      },
    },
  ],
});
await vitest?.close();
clearInterval(sampler);
stopLoad();

reports.sort((a, b) => ratio(b) - ratio(a));
const over = reports.filter((r) => ratio(r) > 1 / 3);
if (loads.length === 0) loads.push(loadavg()[0] ?? 0);
const mean = loads.reduce((a, b) => a + b, 0) / loads.length;
console.log(
  `\n${busy} busy processes; load average (1 min) ${mean.toFixed(1)} on the mean, ${Math.max(...loads).toFixed(1)} at most; ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
);
console.log('file | s | slowest test s / timeout s | hooks s / hook timeout s | share of its timeout');
for (const r of reports) console.log(line(r));
for (const r of over) if (r.slowest !== null && r.slowest.seconds / r.slowest.timeout > 1 / 3) console.log(`over a third: ${r.file} > ${r.slowest.name}`);
for (const r of over) if (r.hooks / hookTimeout > 1 / 3) console.log(`over a third: ${r.file}'s hooks (${r.hooks.toFixed(1)} s)`);
console.log(over.length === 0 ? 'every file within a third of its timeouts' : `${over.length} file(s) over a third of a timeout`);
process.exitCode = over.length > 0 || reports.some((r) => r.state === 'failed') ? 1 : 0;
