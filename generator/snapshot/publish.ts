// Publishing a snapshot so that readers see the old tree or the new one, never
// a mix, and a build that dies at any moment leaves the old one serving.
//
// OUT is a symbolic link to a complete tree in a sibling store
// (`.<name>.snapshots/`). A build fills a new tree there, then swaps the link
// with one rename(2), which is atomic. Files whose content did not change are
// hard links to the previous tree's (published files are never modified in
// place, so sharing them is safe); only changed files are written.
import { randomBytes } from 'node:crypto';
import fsSync from 'node:fs';
import path from 'node:path';
import fs from 'fs-extra';
import { spawnSync } from 'node:child_process';
import type { MonthState } from '../db/read-rate-summary.ts';
import type { FxYears, RateYears } from '../db/read-fx.ts';
import { z } from 'zod';
import type { FileEntry } from '../plan/plan.ts';
import { UserError } from '../errors.ts';
import { isNotWritable, storeOf } from './store.ts';
import { processAlive } from '../process-alive.ts';
import { commitStarts, pauseForTest, undoOnStop } from '../stopping.ts';

export const MANIFEST = 'manifest.json';

// The manifest is this tool's own file, but it is read back from disk (the
// previous tree, a cache restore, a hand-copied folder): checked, not trusted.
const fileEntry = z.object({ sha1: z.string(), bytes: z.number() });
export const Manifest = z.object({
  asOf: z.string(),
  /** When this tree was built; the one field two builds of the same data do not share. */
  builtAt: z.string(),
  contentId: z.string(),
  /** The code that rendered the files (see generator-id.ts). */
  generator: z.string(),
  files: z.record(z.string(), fileEntry),
  /** URL paths whose content differs from the previous snapshot in OUT (for CDN purges). */
  changed: z.array(z.string().startsWith('/')),
  removed: z.array(z.string().startsWith('/')),
  /** Fingerprints of the rows under each rate shard, for the next build. */
  sources: z.record(z.string(), z.string()),
  /** Each month's version and print (read-rate-summary.ts), for the next build; absent from a database without versions. */
  months: z.record(z.string(), z.tuple([z.string(), z.string()])).optional(),
  /** Each (currency, year)'s version and summary and each year of rates' facts (read-fx.ts FxYear, RateYear), for the next build; absent from a build before them. */
  fx: z
    .object({
      years: z.record(z.string(), z.tuple([z.string(), z.number(), z.string(), z.string(), z.array(z.string()), z.array(z.tuple([z.string(), z.string()]))])),
      rates: z.record(
        z.string(),
        z.tuple([z.string(), z.number(), z.string(), z.string(), z.array(z.string()), z.array(z.string()), z.array(z.string()), z.string()]),
      ),
    })
    .optional(),
});
export type Manifest = z.infer<typeof Manifest>;

export interface Tree {
  write: Map<string, string>;
  carry: Map<string, FileEntry>;
  entries: Map<string, FileEntry>;
  sources: { [path: string]: string };
  months?: MonthState;
  fx?: { years: FxYears; rates: RateYears };
}

export interface Published {
  manifest: Manifest;
  /** Settles when the trees this publish retired are gone (sweep below); never rejects. */
  retired: Promise<void>;
}

/** A file the plan carried over is not in the previous tree as recorded: that tree cannot be trusted. */
export class PreviousTreeDamaged extends Error {}

/** The tree OUT serves now (a link's target, or OUT itself when it is a plain folder), or null. */
export async function currentTree(out: string): Promise<string | null> {
  const stat = await fs.lstat(out).catch(() => null);
  if (!stat) return null;
  if (stat.isSymbolicLink()) return path.resolve(path.dirname(out), await fs.readlink(out));
  return stat.isDirectory() ? out : null;
}

/** The manifest of a tree, or why there is none to use: missing, not JSON, or not a manifest this tool writes. */
export async function readManifestOrWhy(tree: string): Promise<{ manifest: Manifest } | { why: string }> {
  const text = await fs.readFile(path.join(tree, MANIFEST), 'utf8').catch(() => null);
  if (text === null) return { why: 'missing' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { why: `not JSON (${(error as Error).message})` };
  }
  const parsed = Manifest.safeParse(json);
  if (parsed.success) return { manifest: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { why: `${issue.path.map(String).join('.') || 'the body'}: ${issue.message}` };
}

/** The manifest of a tree, or null when it has none this tool can use. */
export async function readManifest(tree: string): Promise<Manifest | null> {
  const read = await readManifestOrWhy(tree);
  return 'manifest' in read ? read.manifest : null;
}

export async function publish(
  outArg: string,
  tree: Tree,
  describe: { asOf: string; contentId: string; builtAt: string; generator: string },
  previousTree: string | null,
  previous: Manifest | null,
  log: (line: string) => void = () => {},
): Promise<Published> {
  const out = path.resolve(outArg);
  const store = storeOf(out);
  const changed = [...tree.entries].filter(([file, entry]) => previous?.files[file]?.sha1 !== entry.sha1).map(([file]) => file);
  const removed = previous ? Object.keys(previous.files).filter((file) => !tree.entries.has(file)) : [];

  const unique = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const work = path.join(store, `tmp-${unique}`);
  let finished: string | null = null;
  let manifest: Manifest;
  // Stopped by a signal before the swap: the half-written tree goes, OUT serves what it served.
  const forget = undoOnStop(() => fsSync.rmSync(work, { recursive: true, force: true }));
  try {
    // Synchronous on purpose: hundreds of tiny operations, nothing else to do meanwhile.
    const dirs = new Set<string>();
    const place = (file: string) => {
      const target = path.join(work, file);
      const dir = path.dirname(target);
      if (!dirs.has(dir)) {
        fsSync.mkdirSync(dir, { recursive: true });
        dirs.add(dir);
      }
      return target;
    };
    for (const [file, entry] of tree.carry) {
      if (!previousTree || !linked(path.join(previousTree, file), place(file), entry.bytes)) throw new PreviousTreeDamaged(file);
    }
    let count = 0;
    for (const [file, text] of tree.write) {
      // A turn of the event loop now and then, so that a signal stops a long write at once.
      if (++count % 256 === 0) await new Promise((next) => setImmediate(next));
      const target = place(file);
      const same = previousTree && previous?.files[file]?.sha1 === tree.entries.get(file)!.sha1;
      if (!same || !linked(path.join(previousTree, file), target, tree.entries.get(file)!.bytes)) fsSync.writeFileSync(target, text);
    }
    await pauseForTest('publish');
    manifest = {
      asOf: describe.asOf,
      builtAt: describe.builtAt,
      contentId: describe.contentId,
      generator: describe.generator,
      files: Object.fromEntries([...tree.entries].sort(([a], [b]) => (a < b ? -1 : 1))),
      changed: changed.sort().map((file) => '/' + file),
      removed: removed.sort().map((file) => '/' + file),
      sources: tree.sources,
      ...(tree.months ? { months: tree.months } : {}),
      ...(tree.fx ? { fx: tree.fx } : {}),
    };
    fsSync.writeFileSync(path.join(work, MANIFEST), JSON.stringify(manifest, null, 1) + '\n');
    finished = path.join(store, `snap-${describe.builtAt.replace(/[:.]/g, '')}-${unique}`);
    commitStarts();
    await fs.rename(work, finished);
    await swapLink(out, finished, store);
    forget();
  } catch (error) {
    forget();
    // Nothing half-written stays: the work folder, and a finished tree OUT never came to serve.
    await fs.remove(work).catch(() => {});
    if (finished && (await currentTree(out)) !== finished) await fs.remove(finished).catch(() => {});
    if (!isNotWritable(error)) throw error;
    const { code, path: where } = error as NodeJS.ErrnoException;
    throw new UserError(
      `cannot write ${where ?? store} (${code}); nothing was published, --out ${outArg} serves what it served before. ` +
        'Fix the permissions (or free space), or choose an --out in a writable folder.',
    );
  }
  // Published: what the sweep cannot remove is only disk space, left for the next build.
  const { kept, retired } = sweep(store, finished, previousTree, out);
  const note = (names: string[]) =>
    log(`note: could not remove ${names.length} older snapshot folder(s) in ${store} (${names[0]}); the next build tries again`);
  if (kept.length > 0) note(kept);
  return { manifest, retired: retired.then((left) => (left.length > 0 ? note(left) : undefined)) };
}

/** Hard-links an unchanged file from the previous tree; false when that is not possible. */
function linked(from: string, to: string, bytes: number): boolean {
  try {
    if (fsSync.statSync(from).size !== bytes) return false;
    fsSync.linkSync(from, to);
    return true;
  } catch {
    return false;
  }
}

async function swapLink(out: string, target: string, store: string): Promise<void> {
  const link = path.join(path.dirname(out), `.${path.basename(out)}.link-${process.pid}`);
  try {
    await placeLink(out, target, store, link);
  } catch (error) {
    // A link that never replaced OUT goes (only a link: after an exchange this name holds the old folder).
    if ((await fs.lstat(link).catch(() => null))?.isSymbolicLink()) await fs.remove(link).catch(() => {});
    throw error;
  }
}

async function placeLink(out: string, target: string, store: string, link: string): Promise<void> {
  await fs.remove(link);
  await fs.symlink(path.relative(path.dirname(out), target), link);
  await testDelay();
  const stat = await fs.lstat(out).catch(() => null);
  if (stat?.isDirectory()) {
    // A folder cannot be replaced by a link with rename(2). An empty one (the only
    // kind besides a snapshot that checkOut lets through) simply goes.
    if (fsSync.readdirSync(out).length === 0) fsSync.rmdirSync(out);
    else {
      // A plain snapshot folder from before: exchange it with the link in one step
      // (renameat2 RENAME_EXCHANGE), so a kill at any moment leaves one of the two
      // serving, then keep it in the store, where it is swept like any older snapshot.
      const legacy = path.join(store, `legacy-${process.pid}-${Date.now()}`);
      if (exchange(link, out)) {
        await fs.rename(link, legacy);
        return;
      }
      // No exchange here (not Linux, or a file system without it): two renames, with
      // a note that lets the next build put the old folder back if killed in between.
      fsSync.writeFileSync(path.join(store, 'restore-out'), `${legacy}\n`);
      await fs.rename(out, legacy);
      await testDelay();
      await fs.rename(link, out);
      fsSync.rmSync(path.join(store, 'restore-out'), { force: true });
      return;
    }
  }
  await fs.rename(link, out);
}

/**
 * NISAB_TEST_SWAP_DELAY_MS: the race tests widen the moment just before OUT changes,
 * so that another build or a kill lands there for certain rather than once in many runs.
 */
async function testDelay(): Promise<void> {
  const ms = Number(process.env.NISAB_TEST_SWAP_DELAY_MS);
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
}

// renameat2(2) numbers; Node has no binding for it, and perl (in every Debian and
// Ubuntu base system) can make the raw system call.
const RENAMEAT2: Partial<Record<string, number>> = { x64: 316, arm64: 276 };

/** Atomically swaps two paths; false when this system cannot. */
function exchange(a: string, b: string): boolean {
  const number = RENAMEAT2[process.arch];
  if (process.platform !== 'linux' || number === undefined) return false;
  // AT_FDCWD = -100, RENAME_EXCHANGE = 2
  const script = `syscall(${number}, -100, $ARGV[0], -100, $ARGV[1], 2) == 0 or exit 1`;
  const result = spawnSync('perl', ['-e', script, a, b], { stdio: 'ignore' });
  return result.status === 0;
}

/** After a build killed between the two renames of the fallback above: the old folder goes back. */
export function restoreOut(out: string): void {
  const note = path.join(storeOf(out), 'restore-out');
  let legacy: string;
  try {
    legacy = fsSync.readFileSync(note, 'utf8').trim();
  } catch {
    return;
  }
  if (!fsSync.existsSync(out) && fsSync.existsSync(legacy)) fsSync.renameSync(legacy, out);
  fsSync.rmSync(note, { force: true });
}

const SWEPT = /^(snap|tmp|legacy|trash)-/;

/**
 * Removes older snapshots (keeping the one just replaced, for a quick rollback)
 * and dead builds' work; never the tree OUT points to, whoever put it there.
 * Each goes aside at once (one rename to trash-PID-*, under the store's lock) and
 * is removed in the background: the build does not wait for a walk over every
 * file of a tree it no longer needs. A trash folder of a live process is its to
 * remove (this one's included); a dead one's is taken over by the next build.
 */
function sweep(store: string, current: string, previous: string | null, out: string): { kept: string[]; retired: Promise<string[]> } {
  const linked = fsSync.lstatSync(out, { throwIfNoEntry: false })?.isSymbolicLink() ? path.resolve(path.dirname(out), fsSync.readlinkSync(out)) : null;
  const kept: string[] = [];
  const trash: string[] = [];
  for (const name of fsSync.readdirSync(store)) {
    const dir = path.join(store, name);
    if (!SWEPT.test(name) || dir === current || dir === previous || dir === linked) continue;
    const [, kind, pid] = /^(tmp|trash)-(\d+)-/.exec(name) ?? [];
    if (kind === 'tmp' && pid !== String(process.pid) && processAlive(Number(pid))) continue;
    if (kind === 'trash' && processAlive(Number(pid))) continue;
    const aside = path.join(store, `trash-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      fsSync.renameSync(dir, aside);
      trash.push(aside);
    } catch (error) {
      if (!isNotWritable(error)) throw error;
      kept.push(name);
    }
  }
  // Never rejects: what cannot be removed is only disk space, named and left for a later build.
  const removed = trash.map((dir) =>
    fsSync.promises.rm(dir, { recursive: true, force: true }).then(
      () => null,
      () => path.basename(dir),
    ),
  );
  return { kept, retired: Promise.all(removed).then((left) => left.filter((name): name is string => name !== null)) };
}
