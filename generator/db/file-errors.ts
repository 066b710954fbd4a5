import { readFile } from 'node:fs/promises';
import { UserError } from '../errors.ts';

/** Turns a failed file operation into a message for the reader; other errors pass through unchanged. */
export function fileError(path: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return new UserError(`${path}: no such file`);
    case 'EISDIR':
      return new UserError(`${path}: is a directory, expected a file`);
    case 'EACCES':
    case 'EPERM':
      return new UserError(`${path}: permission denied`);
    default:
      return error;
  }
}

export async function readTextFile(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw fileError(path, error);
  }
}
