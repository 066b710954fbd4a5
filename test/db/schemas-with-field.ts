// A copy of generator/core/schemas.ts with one stored field added the way
// docs/making-changes.md ("A new stored field") says: an entry in RateInput,
// Rate, RATE_COLUMNS and STORED_RATE_COLUMNS. A test loads it in place of the
// real module (vi.mock), so every module of the program reads the copy. Each
// entry goes at the end of its object; an object that cannot be found fails
// the test, naming it.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '../..');
const CORE = path.join(ROOT, 'generator/core');

/** The entries of the field drtNote: optional text in, nullable out, stored and published as given. */
export const NOTE_ENTRIES = {
  RateInput: "drtNote: z.string().min(1).optional().describe('a note on the figures'),",
  Rate: "drtNote: z.string().nullable().describe('a note on the figures, null for none'),",
  RATE_COLUMNS: "drtNote: { sql: 'r.drtNote' },",
  STORED_RATE_COLUMNS: "drtNote: { kind: 'text', role: 'value', store: (note) => note ?? null },",
};

/** The migration step of the recipe. */
export const NOTE_MIGRATION = 'ALTER TABLE rates ADD COLUMN drtNote TEXT';

/** Adds `entry` as the last member of the object literal that `start` opens. */
function addLast(text: string, start: RegExp, entry: string): string {
  const opened = start.exec(text);
  if (!opened) throw new Error(`schemas.ts: ${start} not found; update test/db/schemas-with-field.ts and the recipe`);
  const from = opened.index + opened[0].length;
  // The object closes at the first line that closes a brace at its own indentation or less.
  const close = /\n {0,2}\}/g;
  close.lastIndex = from;
  const end = close.exec(text);
  if (!end) throw new Error(`schemas.ts: the end of ${start} not found`);
  return `${text.slice(0, end.index)}\n    ${entry}${text.slice(end.index)}`;
}

const made: string[] = [];

/** Removes every copy made. */
export async function removeCopies(): Promise<void> {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
}

/** Writes the copy into a new folder under tmp/ (where the project's packages resolve) and returns its path; removeCopies() removes it. */
export async function schemasWithField(): Promise<string> {
  let text = await readFile(path.join(CORE, 'schemas.ts'), 'utf8');
  text = addLast(text, /export const RateInput = z\s*\.object\(\{/, NOTE_ENTRIES.RateInput);
  text = addLast(text, /export const Rate = z\s*\.object\(\{/, NOTE_ENTRIES.Rate);
  text = addLast(text, /export const RATE_COLUMNS: RateColumns = \{/, NOTE_ENTRIES.RATE_COLUMNS);
  text = addLast(text, /export const STORED_RATE_COLUMNS: StoredColumns<RateInput> = \{/, NOTE_ENTRIES.STORED_RATE_COLUMNS);
  // Its own imports (./dates.ts, ./hijri.ts) are the real modules.
  text = text.replaceAll(/from '\.\/([^']+)'/g, (_, name: string) => `from ${JSON.stringify(path.join(CORE, name))}`);
  await mkdir(path.join(ROOT, 'tmp'), { recursive: true });
  const dir = await mkdtemp(path.join(ROOT, 'tmp', 'schemas-with-field-'));
  made.push(dir);
  const file = path.join(dir, 'schemas.ts');
  await writeFile(file, text);
  return file;
}
