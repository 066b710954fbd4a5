// Whether a process that left its pid in a file name or a lock is still
// running: a dead one's leftovers may be swept, a live one's never.

/** True when `pid` runs (EPERM: it runs as another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
