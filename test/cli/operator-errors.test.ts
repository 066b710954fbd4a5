// Issue 25, operator errors read as such: help texts say what an option counts,
// and a mistaken value is told in those words.
import { expect, it } from 'vitest';
import { program } from '../../generator/cli.ts';

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
