// The file steps the text data (data/daily, data/fx) shares: its files listed, rows added to the
// files they fall in, a month file written whole or not at all, and a month with
// no file yet read as empty.
import { access, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The files of `dir` whose names match `name` (YYYY-MM.csv, YYYY.csv), in name order (the import order); none when `dir` is absent. */
export async function filesNamed(dir: string, name: RegExp): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return names
    .filter((file) => name.test(file))
    .sort()
    .map((file) => path.join(dir, file));
}

/** How a kind of kept row is filed: the file it falls in (`YYYY-MM`, or `YYYY`), its key within it, and its file read and written. */
export interface KeptRows<T> {
  fileOf(row: T): string;
  keyOf(row: T): string;
  read(file: string): Promise<T[]>;
  /** Writes the file whole (writeWhole), its rows in the file's order. */
  write(file: string, rows: T[]): Promise<void>;
}

/** Adds `rows` to the files of `dir` they fall in (DIR/NAME.csv), replacing a kept row of the same key; the files written, in name order. */
export async function keepRows<T>(dir: string, rows: readonly T[], kind: KeptRows<T>): Promise<string[]> {
  const byFile = new Map<string, T[]>();
  for (const row of rows) {
    const name = kind.fileOf(row);
    const list = byFile.get(name);
    if (list) list.push(row);
    else byFile.set(name, [row]);
  }
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const name of [...byFile.keys()].sort()) {
    const file = path.join(dir, `${name}.csv`);
    const kept = new Map((await kind.read(file)).map((row) => [kind.keyOf(row), row]));
    for (const row of byFile.get(name)!) kept.set(kind.keyOf(row), row);
    await kind.write(file, [...kept.values()]);
    written.push(file);
  }
  return written;
}

/** Writes `text` under a temporary name and renames it over `file`, so a reader never sees half of one. */
export async function writeWhole(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Whether `file` exists; any error but its absence (a folder unreadable, say) is thrown. */
export function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
  );
}
