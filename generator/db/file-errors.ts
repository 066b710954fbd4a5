import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
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

/**
 * `mkdir -p` without Node's recursive mode, which loops forever where mkdir answers
 * ENOENT under a parent that exists (/proc): each missing folder, outermost first.
 */
export function makeFolders(dir: string): void {
  const missing: string[] = [];
  for (let at = path.resolve(dir); !existsSync(at) && at !== path.dirname(at); at = path.dirname(at)) missing.unshift(at);
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** Makes `dir` (as makeFolders) and checks this user may write in it; throws the file system's error when not. */
export function makeWritableFolder(dir: string): void {
  makeFolders(dir);
  accessSync(dir, constants.W_OK);
}
