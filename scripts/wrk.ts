// Running wrk (the load generator, a separate process) and reading its report.
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export interface Load {
  rps: number;
  p99Ms: number;
  /** Non-2xx/3xx answers and socket errors. */
  failures: number;
}

function toMs(value: string, unit: string): number {
  return Number(value) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit]!;
}

export function parseWrk(output: string): Load {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(output);
  if (!rps || !p99) throw new Error(`cannot read wrk's output:\n${output}`);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return { rps: Number(rps[1]), p99Ms: toMs(p99[1]!, p99[2]!), failures: non2xx + socketErrors };
}

/** One wrk run against `url` (args such as -t2 -c32 -d5s --latency, -H 'Header: value'). */
export async function wrk(url: string, args: string[]): Promise<Load> {
  const child = spawn('wrk', [...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`wrk exited with ${code} for ${url}`);
  return parseWrk(output);
}
