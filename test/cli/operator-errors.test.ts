// Issue 25, operator errors read as such: help texts say what an option counts,
// and a mistaken value is told in those words.
import { execFileSync } from 'node:child_process';
import { truncate } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { program } from '../../generator/cli.ts';
import { importNisab } from '../../generator/db/import-nisab.ts';
import { importRates } from '../../generator/db/import-rates.ts';
import { describeUserError } from '../../generator/errors.ts';
import { useScratch, userError } from '../db/scratch.ts';

function helpOf(name: string): string {
  const command = program().commands.find((c) => c.name() === name)!;
  let help = '';
  command.configureHelp({ helpWidth: 200 });
  command.configureOutput({ writeOut: (text) => (help += text) });
  command.outputHelp();
  return help;
}

it('fetch --retries counts attempts, not days (its help and its error said days)', async () => {
  expect(helpOf('fetch')).toMatch(/--retries <n> +further attempts of a request that got no answer, a slow body, a 429 or a 5xx \(0 to 10\)/);
  const cli = program().exitOverride();
  let stderr = '';
  for (const command of cli.commands) command.exitOverride().configureOutput({ writeErr: (text) => (stderr += text), outputError: (text) => (stderr += text) });
  await expect(cli.parseAsync(['fetch', '--retries', 'x'], { from: 'user' })).rejects.toThrow();
  expect(stderr).toMatch(/must be a whole number of further attempts, 0 to 10/);
});

describe('import files that are no files', () => {
  const scratch = useScratch();

  it('a named pipe (it hung and ignored SIGTERM), a folder and a socket-like device: refused before opening', async () => {
    const db = await scratch.seededDatabase();
    const pipe = path.join(scratch.dir, 'rates.csv');
    execFileSync('mkfifo', [pipe]);
    for (const run of [() => importRates(db, pipe), () => importNisab(db, pipe)]) {
      expect(describeUserError(await userError(run()))).toMatch(
        /rates\.csv:1: file: is not a regular file \(a named pipe\); save the data to a file and import that/,
      );
    }
    expect(describeUserError(await userError(importRates(db, scratch.dir)))).toMatch(/:1: file: is a folder; name a file in it/);
    expect(describeUserError(await userError(importNisab(db, '/dev/null')))).toMatch(/\/dev\/null:1: file: is not a regular file \(a device\)/);
  });

  it('a 300 MB CSV: refused by its size before a byte is read (it was not refused within 10 minutes)', async () => {
    const db = await scratch.seededDatabase();
    const big = path.join(scratch.dir, 'big.csv');
    // sparse: 300 MB that take no disk
    await truncate(await scratch.write('big.csv', 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n'), 300 * 1024 * 1024);
    expect(describeUserError(await userError(importRates(db, big)))).toMatch(
      /big\.csv:1: file: is larger than 256 MiB \(314572800 bytes\); split it into smaller files/,
    );
    const json = path.join(scratch.dir, 'nisab.json');
    await truncate(await scratch.write('nisab.json', '[]'), 17 * 1024 * 1024);
    expect(describeUserError(await userError(importNisab(db, json)))).toMatch(/nisab\.json:1: file: is larger than 16 MiB/);
  });
});
