// The real command line, run as an operator runs it: a child process of this
// Node, so what is tested is what they read (exit code, stdout, stderr).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run cli -- ...args`, without the operator's NISAB_DB. */
export function cli(...args: string[]): Promise<CliResult> {
  return cliWith({}, args);
}

/** The same, with `env` over this process's environment (NISAB_DB unset unless `env` sets it). */
export async function cliWith(env: Record<string, string>, args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'generator/main.ts', ...args], {
      env: { ...process.env, NISAB_DB: undefined, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
