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
import type { FileEntry } from './plan.ts';

export const MANIFEST = 'manifest.json';

export interface Manifest {
  asOf: string;
  /** When this tree was built; the one field two builds of the same data do not share. */
  builtAt: string;
  contentId: string;
  /** The code that rendered the files (see generator-id.ts). */
  generator: string;
  files: { [path: string]: FileEntry };
  /** URL paths whose content differs from the previous snapshot in OUT (for CDN purges). */
  changed: string[];
  removed: string[];
  /** Fingerprints of the rows under each rate shard, for the next build. */
  sources: { [path: string]: string };
}

export interface Tree {
  write: Map<string, string>;
  carry: Map<string, FileEntry>;
  entries: Map<string, FileEntry>;
  sources: { [path: string]: string };
}

/** A file the plan carried over is not in the previous tree as recorded: that tree cannot be trusted. */
export class PreviousTreeDamaged extends Error {}

function storeOf(out: string): string {
  return path.join(path.dirname(out), `.${path.basename(out)}.snapshots`);
}

/** The tree OUT serves now (a link's target, or OUT itself when it is a plain folder), or null. */
export async function currentTree(out: string): Promise<string | null> {
  const stat = await fs.lstat(out).catch(() => null);
  if (!stat) return null;
  if (stat.isSymbolicLink()) return path.resolve(path.dirname(out), await fs.readlink(out));
  return stat.isDirectory() ? out : null;
}

export async function readManifest(tree: string): Promise<Manifest | null> {
  try {
    return (await fs.readJson(path.join(tree, MANIFEST))) as Manifest;
  } catch {
    return null;
  }
}

export async function publish(
  outArg: string,
  tree: Tree,
  describe: { asOf: string; contentId: string; builtAt: string; generator: string },
  previousTree: string | null,
  previous: Manifest | null,
): Promise<Manifest> {
  const out = path.resolve(outArg);
  const store = storeOf(out);
  const changed = [...tree.entries].filter(([file, entry]) => previous?.files[file]?.sha1 !== entry.sha1).map(([file]) => file);
  const removed = previous ? Object.keys(previous.files).filter((file) => !tree.entries.has(file)) : [];

  await fs.mkdirp(store);
  const unique = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const work = path.join(store, `tmp-${unique}`);
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
    for (const [file, text] of tree.write) {
      const target = place(file);
      const same = previousTree && previous?.files[file]?.sha1 === tree.entries.get(file)!.sha1;
      if (!same || !linked(path.join(previousTree, file), target, tree.entries.get(file)!.bytes)) fsSync.writeFileSync(target, text);
    }
    const manifest: Manifest = {
      asOf: describe.asOf,
      builtAt: describe.builtAt,
      contentId: describe.contentId,
      generator: describe.generator,
      files: Object.fromEntries([...tree.entries].sort(([a], [b]) => (a < b ? -1 : 1))),
      changed: changed.sort().map((file) => '/' + file),
      removed: removed.sort().map((file) => '/' + file),
      sources: tree.sources,
    };
    fsSync.writeFileSync(path.join(work, MANIFEST), JSON.stringify(manifest, null, 1) + '\n');
    const finished = path.join(store, `snap-${describe.builtAt.replace(/[:.]/g, '')}-${unique}`);
    await fs.rename(work, finished);
    await swapLink(out, finished, store);
    sweep(store, finished, previousTree);
    return manifest;
  } catch (error) {
    await fs.remove(work).catch(() => {});
    throw error;
  }
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
  await fs.remove(link);
  await fs.symlink(path.relative(path.dirname(out), target), link);
  const stat = await fs.lstat(out).catch(() => null);
  if (stat && !stat.isSymbolicLink()) {
    // A plain folder from before (or made by hand) cannot be replaced by a link in one
    // step: keep it in the store, where it is swept like any older snapshot.
    await fs.rename(out, path.join(store, `legacy-${process.pid}`));
  }
  await fs.rename(link, out);
}

/** Removes older snapshots (keeping the one just replaced, for a quick rollback) and dead builds' work. */
function sweep(store: string, current: string, previous: string | null): void {
  for (const name of fsSync.readdirSync(store)) {
    const dir = path.join(store, name);
    if (dir === current || dir === previous) continue;
    const pid = /^tmp-(\d+)-/.exec(name)?.[1];
    if (pid && pid !== String(process.pid) && alive(Number(pid))) continue;
    fsSync.rmSync(dir, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
