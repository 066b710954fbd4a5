// What a build may do to --out and its snapshot store, decided before it does
// anything: it never deletes or moves what it did not create, and only one
// build at a time works in a store.
//
// OUT may be missing, an empty folder, a link this tool made (into
// `.<name>.snapshots/`), or a plain folder holding a snapshot this tool made (an
// older layout, or a tree restored by hand). Anything else (a project folder,
// `--out .`, the database file) is refused with a message that says what is there.
import fsSync from 'node:fs';
import path from 'node:path';
import { makeWritableFolder } from '../db/file-errors.ts';
import { UserError } from '../errors.ts';
import { processAlive } from '../process-alive.ts';
import { undoOnStop } from '../stopping.ts';

export function storeOf(out: string): string {
  return path.join(path.dirname(out), `.${path.basename(out)}.snapshots`);
}

/** What OUT is now. */
export type OutKind = 'missing' | 'link' | 'empty-folder' | 'plain-snapshot';

const SNAPSHOT_NAME = /^(snap|legacy)-/;

/**
 * A folder is a snapshot this tool made when its manifest says so and it holds
 * nothing the manifest does not list (a manifest.json copied into a project
 * folder must not make the project sweepable). Returns what disqualifies it, or null.
 */
function notASnapshot(dir: string): string | null {
  let files: Record<string, unknown>;
  try {
    const manifest = JSON.parse(fsSync.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    if (typeof manifest.generator !== 'string' || typeof manifest.asOf !== 'string' || typeof manifest.files !== 'object' || manifest.files === null) {
      return 'no snapshot manifest.json';
    }
    files = manifest.files as Record<string, unknown>;
  } catch {
    return 'no snapshot manifest.json';
  }
  for (const entry of fsSync.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) continue;
    const file = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (file !== 'manifest.json' && !Object.hasOwn(files, file)) return `${file}, which its manifest.json does not list`;
  }
  return null;
}

/** Refuses an OUT that this tool did not make; `outArg` as the operator typed it, for the message. */
export function checkOut(out: string, outArg: string): OutKind {
  const refuse = (what: string) =>
    new UserError(
      `--out ${outArg} ${what}; build only replaces a snapshot it made (a link into ${path.basename(storeOf(out))}/), an empty folder or a missing path. ` +
        'Choose another --out (e.g. public), or move that away yourself.',
    );
  let stat: fsSync.Stats;
  try {
    stat = fsSync.lstatSync(out);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw new UserError(`--out ${outArg}: cannot look at it (${(error as Error).message})`);
  }
  if (stat.isSymbolicLink()) {
    const target = path.resolve(path.dirname(out), fsSync.readlinkSync(out));
    if (path.dirname(target) === storeOf(out) && SNAPSHOT_NAME.test(path.basename(target))) return 'link';
    throw refuse(`is a link to ${target}, not to a snapshot this tool made`);
  }
  if (stat.isDirectory()) {
    if (path.resolve(out) === path.resolve('.') || out === path.parse(out).root) throw refuse('is the current folder (or the root)');
    const entries = fsSync.readdirSync(out);
    if (entries.length === 0) return 'empty-folder';
    const why = notASnapshot(out);
    if (why === null) return 'plain-snapshot';
    const shown = entries.sort().slice(0, 5).join(', ');
    throw refuse(`is a folder with ${entries.length} entries (${shown}${entries.length > 5 ? ', ...' : ''}) and ${why}`);
  }
  throw refuse(stat.isFile() ? `is a file (${stat.size} bytes), not a folder` : 'is not a folder');
}

/**
 * Failures of the file system that the operator fixes, not bugs: permissions, a
 * read-only mount, a full disk or quota.
 */
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT']);

export function isNotWritable(error: unknown): boolean {
  return NOT_WRITABLE.has(String((error as NodeJS.ErrnoException | undefined)?.code));
}

/**
 * Creates the store, or says what to do when it cannot. The folder that holds OUT
 * must be writable too, not only the store: the new link is made beside OUT and
 * renamed over it (a store made earlier does not help when that folder is read-only).
 */
export function makeStore(out: string, outArg: string): string {
  const store = storeOf(out);
  const check = (dir: string, what: string) => {
    try {
      makeWritableFolder(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new UserError(
        `cannot write ${what} ${dir} (${code}); build needs write access to it: choose an --out in a writable folder, or fix the permissions. Nothing was published.`,
      );
    }
  };
  check(path.dirname(out), `the folder that holds --out ${outArg},`);
  check(store, 'the snapshot store');
  return store;
}

const LOCK = 'build.lock';
const POLL_MS = 100;

export interface LockOptions {
  /** How long to wait for another build before giving up. */
  waitMs?: number;
  log?: (line: string) => void;
}

function holder(file: string): number | null {
  try {
    const pid = Number(fsSync.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the store's lock for the whole build (created exclusively, holding our
 * pid); waits while another live build holds it; takes over a lock whose build
 * died (SIGKILL leaves it behind). Returns the release function.
 */
export async function lockStore(store: string, options: LockOptions = {}): Promise<() => void> {
  const file = path.join(store, LOCK);
  const deadline = Date.now() + (options.waitMs ?? 15 * 60_000);
  let told = false;
  for (;;) {
    try {
      fsSync.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      const release = () => {
        if (holder(file) === process.pid) fsSync.rmSync(file, { force: true });
      };
      // A build stopped by a signal lets the next one in at once.
      const forget = undoOnStop(release);
      return () => {
        forget();
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new UserError(`cannot lock the snapshot store ${store} (${(error as NodeJS.ErrnoException).code}); build needs write access to it`);
      }
    }
    const pid = holder(file);
    const age = Date.now() - (fsSync.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (pid === null && age < 5000) {
      // being written this instant (or just removed): look again
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    if (pid === null || !processAlive(pid)) {
      // A dead build's lock: take it away under a name of our own, and put it back
      // if what we took turns out to be a live build's (it took over meanwhile).
      const aside = `${file}.${process.pid}`;
      try {
        fsSync.renameSync(file, aside);
        const moved = holder(aside);
        if (moved !== null && moved !== pid && processAlive(moved)) fsSync.linkSync(aside, file);
        fsSync.rmSync(aside, { force: true });
      } catch {
        // someone else took it first: just try again
      }
      continue;
    }
    if (Date.now() > deadline) {
      throw new UserError(
        `another build (process ${pid}) is still publishing into this --out (${file}); try again when it is done, or delete that file if no build is running`,
      );
    }
    if (!told) options.log?.(`waiting for another build (process ${pid}) to finish publishing into this --out`);
    told = true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
