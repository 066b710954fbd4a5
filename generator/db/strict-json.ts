// Reading a JSON import file strictly: bounded in size (so `/dev/zero` or a
// runaway file is a message, not "Invalid string length"), valid UTF-8 (not
// stored as U+FFFD), no key given twice in one object (JSON.parse keeps the
// last, which silently rewrote a rule), and bounded nesting depth.
import { open } from 'node:fs/promises';
import { fileError, importFileProblem } from './file-errors.ts';
import { echo, type Problems } from './problems.ts';

export const MAX_JSON_BYTES = 16 * 1024 * 1024;
export const MAX_JSON_DEPTH = 16;
/** Keys in one object: the currency API's day has some 340, a Nisab rule 30; a million-key body cost 240 MB to parse. */
export const MAX_JSON_KEYS = 10_000;

/** The file's text, or undefined after reporting why it cannot be read as UTF-8 text of a bounded size. */
export async function readBoundedText(file: string, problems: Problems, maxBytes = MAX_JSON_BYTES): Promise<string | undefined> {
  const refused = importFileProblem(file, maxBytes);
  if (refused !== null) {
    problems.add(1, 'file', refused);
    return undefined;
  }
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw fileError(file, error);
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buffer = Buffer.alloc(1024 * 1024);
      let read;
      try {
        read = (await handle.read(buffer, 0, buffer.length, null)).bytesRead;
      } catch (error) {
        throw fileError(file, error);
      }
      if (read === 0) break;
      total += read;
      if (total > maxBytes) {
        problems.add(1, 'file', `is larger than ${maxBytes / 1024 / 1024} MiB; a Nisab rules file is a few kilobytes`);
        return undefined;
      }
      chunks.push(buffer.subarray(0, read));
    }
    const bytes = Buffer.concat(chunks);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      const valid = firstInvalidLine(bytes);
      problems.add(valid, 'file', 'is not valid UTF-8 (at this line); save it as UTF-8');
      return undefined;
    }
  } finally {
    await handle.close();
  }
}

function firstInvalidLine(bytes: Buffer): number {
  // Decode line by line until one fails: files here are small.
  let line = 1;
  let start = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 10) {
      try {
        decoder.decode(bytes.subarray(start, i));
      } catch {
        return line;
      }
      line++;
      start = i + 1;
    }
  }
  return 1;
}

/**
 * Reports a key given twice in one object, more than MAX_JSON_KEYS in one, nesting deeper than MAX_JSON_DEPTH,
 * and more than `maxValues` values in all (objects, arrays and the members and elements between commas; a
 * source's body, whose cost to parse is its number of values more than its size);
 * `text` is already known to be valid JSON. Returns false when it reported anything.
 */
export function checkJsonShape(text: string, problems: Problems, nests = 'a Nisab rule nests 4', maxValues = Number.POSITIVE_INFINITY): boolean {
  const before = problems.count;
  let values = 1;
  const stack: ({ keys: Set<string>; expectKey: boolean } | null)[] = [];
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top?.expectKey) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.keys.has(key)) problems.add(line, echo(key).replace(/^"|"$/g, ''), 'given twice in one object; JSON keeps only the last, so say it once');
        top.keys.add(key);
        if (top.keys.size > MAX_JSON_KEYS) {
          problems.add(line, 'json', `more than ${MAX_JSON_KEYS} keys in one object`);
          return false;
        }
        top.expectKey = false;
      }
      i = j;
    } else if (c === '{' || c === '[') {
      if (++values > maxValues) {
        problems.add(line, 'json', `more than ${maxValues.toLocaleString('en')} values`);
        return false;
      }
      stack.push(c === '{' ? { keys: new Set(), expectKey: true } : null);
      if (stack.length > MAX_JSON_DEPTH) {
        problems.add(line, 'json', `nested deeper than ${MAX_JSON_DEPTH} levels; ${nests}`);
        return false;
      }
    } else if (c === '}' || c === ']') stack.pop();
    else if (c === ',') {
      if (++values > maxValues) {
        problems.add(line, 'json', `more than ${maxValues.toLocaleString('en')} values`);
        return false;
      }
      const top = stack[stack.length - 1];
      if (top) top.expectKey = true;
    }
  }
  return problems.count === before;
}
