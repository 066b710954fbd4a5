// SIGINT and SIGTERM end every command cleanly (issue 25). Until a command starts
// to commit, a signal stops it at once: what it had begun is undone (an open
// transaction rolled back, a half-written tree or temporary file removed) and
// the message says nothing was changed. From the moment it commits (the
// database's COMMIT, the month files renamed into place beside it, a snapshot's
// link swapped) a signal waits for the command to end, a few file operations
// later, so the database and the text are never left half-way.
import type { Database } from 'better-sqlite3';

const undos = new Set<() => void>();
const databases = new Set<Database>();
let committing = false;
let pending: NodeJS.Signals | null = null;

/** Runs UNDO if the command is stopped before it commits; call the function returned once it is no longer needed. */
export function undoOnStop(undo: () => void): () => void {
  undos.add(undo);
  return () => undos.delete(undo);
}

/** A database a stop rolls back, if it holds an open transaction then. */
export function rollBackOnStop(db: Database): void {
  for (const open of databases) if (!open.open) databases.delete(open);
  databases.add(db);
}

/** From here on a signal lets the command finish: it is writing what must be whole. */
export function commitStarts(): void {
  if (scratch === 0) committing = true;
}

let scratch = 0;

/** Runs WORK on a file a stop removes whole (the default database built under a temporary name): its commits do not hold a signal back. */
export async function onScratch<T>(work: () => Promise<T>): Promise<T> {
  scratch++;
  try {
    return await work();
  } finally {
    scratch--;
  }
}

/**
 * NISAB_TEST_PAUSE=STAGE: the tests' way to stop a command at a known moment of
 * its work (mid-import, mid-write) without timing: it says so on stderr and waits.
 * STAGE-busy first holds the event loop for a second, as the synchronous stretches
 * of real work do (planning a tree, linking its files): a signal then waits for it.
 */
export async function pauseForTest(stage: 'import' | 'publish' | 'commit'): Promise<void> {
  const busy = process.env.NISAB_TEST_PAUSE === `${stage}-busy`;
  if (process.env.NISAB_TEST_PAUSE !== stage && !busy) return;
  process.stderr.write(`paused at ${stage}\n`);
  for (const until = Date.now() + (busy ? 1000 : 0); Date.now() < until; ) {
    // busy, on purpose
  }
  // Mid-commit, the pause lasts until a signal has come (and waits for the command's end).
  await new Promise<void>((resume) => {
    const poll = setInterval(() => {
      if (stage !== 'commit' || pending === null) return;
      clearInterval(poll);
      resume();
    }, 20);
  });
}

const CODES: { [signal: string]: number } = { SIGINT: 130, SIGTERM: 143 };

/**
 * Installs the handlers for one command run by the CLI; `nothingDone` is what a
 * stop before committing leaves (e.g. "nothing was imported"). The function
 * returned is called when the command has ended: a signal that waited for it
 * is reported then, with the signal's exit status.
 */
export function stopOnSignals(nothingDone: string): () => void {
  const stop = (signal: NodeJS.Signals) => {
    if (committing) {
      pending ??= signal;
      return;
    }
    for (const db of databases) {
      try {
        if (db.open && db.inTransaction) db.exec('ROLLBACK');
      } catch {
        // The file is closed or gone: SQLite rolls the journal back on its next open.
      }
    }
    for (const undo of [...undos].reverse()) {
      try {
        undo();
      } catch {
        // What cannot be undone now is swept by the next run (a dead process's leftovers).
      }
    }
    console.error(`error: stopped by ${signal}; ${nothingDone}`);
    process.exit(CODES[signal]);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return () => {
    if (pending === null) return;
    console.error(`error: ${pending} came while the command was committing; it finished first (the output above is complete)`);
    process.exitCode = CODES[pending];
  };
}
