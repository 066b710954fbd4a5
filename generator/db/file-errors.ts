import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../errors.ts';

/** Turns a failed file operation into a message for the reader; other errors pass through unchanged. */
export function fileError(path: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return new UserError(`${path}: no such file`);
    case 'ENOTDIR':
      return new UserError(`${path}: no such file (a part of its path is a file, not a folder)`);
    case 'ENAMETOOLONG':
      return new UserError(`${path}: the name is too long for this file system`);
    case 'ELOOP':
      return new UserError(`${path}: its symbolic links go round in a loop`);
    case 'EISDIR':
      return new UserError(`${path}: is a directory, expected a file`);
    case 'EACCES':
    case 'EPERM':
      return new UserError(`${path}: permission denied`);
    default:
      return error;
  }
}

/**
 * What makes `file` no file to import, told before it is opened: not there, a
 * folder, not a regular file (opening a named pipe waits for a writer, forever;
 * a device never ends), or larger than `maxBytes` (said at once, not after
 * reading 256 MiB). Null when it may be read.
 */
export function importFileProblem(file: string, maxBytes: number): string | null {
  let stat;
  try {
    stat = statSync(file);
  } catch (error) {
    const made = fileError(file, error);
    if (made instanceof UserError) throw made;
    throw error;
  }
  if (stat.isDirectory()) return 'is a folder; name a file in it';
  if (!stat.isFile())
    return `is not a regular file (${stat.isFIFO() ? 'a named pipe' : stat.isSocket() ? 'a socket' : 'a device'}); save the data to a file and import that`;
  if (stat.size > maxBytes) return `is larger than ${maxBytes / 1024 / 1024} MiB (${stat.size} bytes); split it into smaller files`;
  return null;
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
  // A file of that name: mkdir left it be, and writing a month file "in" it fails later with ENOTDIR.
  if (!statSync(dir).isDirectory()) throw Object.assign(new Error(`${dir} is a file, not a folder`), { code: 'ENOTDIR', path: dir });
  accessSync(dir, constants.W_OK);
}
