// The two file steps the text data (data/daily, data/fx) shares: a month file is
// written whole or not at all, and a month with no file yet reads as empty.
import { access, rename, rm, writeFile } from 'node:fs/promises';

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
