// Publishing a snapshot so that readers see the old tree or the new one, never
// a mix, and a build that dies at any moment leaves the old one serving.
//
// OUT is a symbolic link to a complete tree in a sibling store
// (`.<name>.snapshots/`). A build fills a new tree there, then swaps the link
// with one rename(2), which is atomic. Files whose content did not change are
// hard links to the previous tree's (published files are never modified in
// place, so sharing them is safe); only changed files are written.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fs from 'fs-extra';
import { sha1Hex } from './plan.ts';

export const MANIFEST = 'manifest.json';

export interface FileEntry {
  sha1: string;
  bytes: number;
}

export interface Manifest {
  asOf: string;
  /** When this tree was built; the one field two builds of the same data do not share. */
  builtAt: string;
  contentId: string;
  files: { [path: string]: FileEntry };
  /** URL paths whose content differs from the previous snapshot in OUT (for CDN purges). */
  changed: string[];
  removed: string[];
}

export interface Published {
  dir: string;
  manifest: Manifest;
  bytes: number;
}

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

/** The files to publish and which of them differ from the previous manifest. */
export function diffAgainst(previous: Manifest | null, files: Map<string, string>) {
  const entries = new Map<string, FileEntry>();
  const changed: string[] = [];
  for (const [file, text] of files) {
    const entry = { sha1: sha1Hex(text), bytes: Buffer.byteLength(text) };
    entries.set(file, entry);
    const before = previous?.files[file];
    if (!before || before.sha1 !== entry.sha1) changed.push(file);
  }
  const removed = previous ? Object.keys(previous.files).filter((file) => !files.has(file)) : [];
  return { entries, changed: changed.sort(), removed: removed.sort() };
}

export async function publish(
  outArg: string,
  files: Map<string, string>,
  describe: { asOf: string; contentId: string; builtAt: string },
  onProgress: (written: number, total: number) => void = () => {},
): Promise<Published> {
  const out = path.resolve(outArg);
  const store = storeOf(out);
  const previousTree = await currentTree(out);
  const previous = previousTree ? await readManifest(previousTree) : null;
  const { entries, changed, removed } = diffAgainst(previous, files);
  const changedSet = new Set(changed);

  await fs.mkdirp(store);
  const work = path.join(store, `tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    let done = 0;
    let bytes = 0;
    const dirs = new Set<string>();
    for (const file of [...files.keys()].sort()) {
      const target = path.join(work, file);
      const dir = path.dirname(target);
      if (!dirs.has(dir)) {
        await fs.mkdirp(dir);
        dirs.add(dir);
      }
      const entry = entries.get(file)!;
      bytes += entry.bytes;
      if (!changedSet.has(file) && previousTree && (await linked(path.join(previousTree, file), target, entry.bytes))) {
        // unchanged: shared with the previous tree
      } else {
        await fs.writeFile(target, files.get(file)!);
      }
      if (++done % 200 === 0) onProgress(done, files.size);
    }
    const manifest: Manifest = {
      asOf: describe.asOf,
      builtAt: describe.builtAt,
      contentId: describe.contentId,
      files: Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : 1))),
      changed: changed.map((file) => '/' + file),
      removed: removed.map((file) => '/' + file),
    };
    await fs.writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 1) + '\n');
    const finished = path.join(store, `snap-${describe.builtAt.replace(/[:.]/g, '')}-${process.pid}`);
    await fs.rename(work, finished);
    await swapLink(out, finished, store);
    await sweep(store, finished, previousTree);
    return { dir: finished, manifest, bytes };
  } catch (error) {
    await fs.remove(work).catch(() => {});
    throw error;
  }
}

/** Hard-links an unchanged file from the previous tree; false when that is not possible. */
async function linked(from: string, to: string, bytes: number): Promise<boolean> {
  try {
    const stat = await fs.stat(from);
    if (stat.size !== bytes) return false;
    await fs.link(from, to);
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
async function sweep(store: string, current: string, previous: string | null): Promise<void> {
  for (const name of await fs.readdir(store)) {
    const dir = path.join(store, name);
    if (dir === current || dir === previous) continue;
    const pid = /^tmp-(\d+)-/.exec(name)?.[1];
    if (pid && pid !== String(process.pid) && alive(Number(pid))) continue;
    await fs.remove(dir);
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
