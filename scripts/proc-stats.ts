// What Linux says about a server process the benchmarks run as a child (workerd
// under miniflare, the preview): CPU time and resident memory, read from /proc,
// so the server itself is measured as it runs, not instrumented.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc/PID/stat (USER_HZ; 100 on every Linux build that matters). */
const TICKS_PER_SECOND = 100;

/** Nanoseconds the process's live threads have run on a CPU (first field of each /proc/PID/task/TID/schedstat). */
export function cpuNs(pid: number): number {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return total;
}

/** Nanoseconds one thread of the process has run on a CPU (the main thread by default: tid = pid). */
export function threadCpuNs(pid: number, tid = pid): number {
  return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
}

/** CPU seconds (user + system) of the whole process since it started, exited threads included; 10 ms resolution. */
export function cpuSecondsSinceStart(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3 on: utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

export interface Memory {
  /** Resident set now (VmRSS), bytes. */
  rss: number;
  /** Highest resident set since start or since resetPeak (VmHWM), bytes. */
  peak: number;
}

export function memory(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`/proc/${pid}/status has no ${name}`);
    return Number(match[1]) * 1024;
  };
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/** Sets VmHWM back to the current resident set (Linux >= 4.0; the process must be ours). */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** The processes whose parent is `pid`, with their command names. */
export function childrenOf(pid: number): { pid: number; name: string }[] {
  const found: { pid: number; name: string }[] = [];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const text = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
    for (const child of text === '' ? [] : text.split(' ').map(Number)) {
      found.push({ pid: child, name: readFileSync(`/proc/${child}/comm`, 'utf8').trim() });
    }
  }
  return found;
}

/** Reads one answer as a stream and drops it chunk by chunk (the client holds none of it); its size in bytes. */
export async function drain(url: string): Promise<number> {
  const response = await fetch(url);
  if (response.status !== 200 || !response.body) throw new Error(`${url}: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  return bytes;
}

export interface PeakWhileSending {
  answerBytes: number;
  /** The server's resident set just before the request, bytes. */
  idle: number;
  /** Its highest resident set during the request, over `idle`, bytes. */
  overIdle: number;
}

/** The server `pid`'s peak resident set over idle while one client reads `url` at full speed. */
export async function peakWhileSending(pid: number, url: string): Promise<PeakWhileSending> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = memory(pid).rss;
  resetPeak(pid);
  const answerBytes = await drain(url);
  return { answerBytes, idle, overIdle: memory(pid).peak - idle };
}
