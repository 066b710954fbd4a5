// Copies of generator/model/schemas.ts and records.ts with two stored fields
// added the way docs/making-changes.md ("A new stored field") says: an entry in
// RateInput, Rate, RATE_COLUMNS and STORED_RATE_COLUMNS, and its place in
// RATE_FIELDS (the published order). A test loads them in place of the real
// modules (vi.mock), so every module of the program reads the copies. Each
// entry goes at the end of its object or list; one that cannot be found fails
// the test, naming it.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '../..');
const GENERATOR = path.join(ROOT, 'generator');

/**
 * The entries of two fields: drtNote, optional text in, nullable out, stored
 * and published as given; drtChecked, an optional boolean in (false when not
 * given), stored 0 or 1, published true or false.
 */
export const ENTRIES = {
  RateInput: "drtNote: z.string().min(1).optional().describe('a note on the figures'),\n    drtChecked: z.boolean().optional(),",
  Rate: "drtNote: z.string().nullable().describe('a note on the figures, null for none'),\n    drtChecked: z.boolean().describe('checked by hand'),",
  RATE_COLUMNS: "drtNote: { sql: 'r.drtNote' },\n  drtChecked: { sql: 'r.drtChecked', boolean: true },",
  STORED_RATE_COLUMNS:
    "drtNote: { kind: 'text', role: 'value', store: (note) => note ?? null },\n  drtChecked: { kind: 'boolean', role: 'value', store: (checked) => (checked ? 1 : 0) },",
  RATE_FIELDS: "'drtNote', 'drtChecked'",
};

/** The migration step of the recipe. */
export const MIGRATION =
  'ALTER TABLE rates ADD COLUMN drtNote TEXT; ALTER TABLE rates ADD COLUMN drtChecked INTEGER NOT NULL DEFAULT 0 CHECK (drtChecked IN (0, 1))';

/** Adds `entry` as the last member of the object literal or list that `start` opens. */
function addLast(text: string, start: RegExp, entry: string): string {
  const opened = start.exec(text);
  if (!opened) throw new Error(`${start} not found; update test/db/schemas-with-field.ts and the recipe`);
  const from = opened.index + opened[0].length;
  // It closes at the first line that closes a brace at its own indentation or less, or, for a list, at its ].
  const close = opened[0].endsWith('[') ? /\]/g : /\n {0,2}\}/g;
  close.lastIndex = from;
  const end = close.exec(text);
  if (!end) throw new Error(`the end of ${start} not found`);
  if (opened[0].endsWith('[')) {
    // A list ends with its last member, or (one member a line, as the formatter writes a long list) with a comma.
    const before = text.slice(0, end.index).trimEnd();
    return `${before.endsWith(',') ? `${before} ${entry},` : `${before}, ${entry}`}${text.slice(end.index)}`;
  }
  return `${text.slice(0, end.index)}\n    ${entry}${text.slice(end.index)}`;
}

const made: string[] = [];

/** Removes every copy made. */
export async function removeCopies(): Promise<void> {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
}

/** Writes a copy of generator/NAME (folder/file.ts) with `edit` applied into a new folder under tmp/ (where the project's packages resolve); removeCopies() removes it. */
async function copyOf(name: string, edit: (text: string) => string): Promise<string> {
  const folder = path.dirname(path.join(GENERATOR, name));
  // Its own imports (./dates.ts, ../router/records.ts ...) are the real modules, or their mocks.
  const text = edit(await readFile(path.join(GENERATOR, name), 'utf8')).replaceAll(
    /from '(\.\.?\/[^']+)'/g,
    (_, file: string) => `from ${JSON.stringify(path.join(folder, file))}`,
  );
  await mkdir(path.join(ROOT, 'tmp'), { recursive: true });
  const dir = await mkdtemp(path.join(ROOT, 'tmp', 'with-field-'));
  made.push(dir);
  const file = path.join(dir, path.basename(name));
  await writeFile(file, text);
  return file;
}

/** model/schemas.ts with drtNote and drtChecked. */
export function schemasWithField(): Promise<string> {
  return copyOf('model/schemas.ts', (text) => {
    let edited = addLast(text, /export const RateInput = z\s*\.object\(\{/, ENTRIES.RateInput);
    edited = addLast(edited, /export const Rate = z\s*\.object\(\{/, ENTRIES.Rate);
    edited = addLast(edited, /export const RATE_COLUMNS: RateColumns = \{/, ENTRIES.RATE_COLUMNS);
    return addLast(edited, /export const STORED_RATE_COLUMNS: StoredColumns<RateInput> = \{/, ENTRIES.STORED_RATE_COLUMNS);
  });
}

/** router/records.ts with drtNote and drtChecked last in the published order of a rate. */
export function recordsWithField(): Promise<string> {
  return copyOf('router/records.ts', (text) => addLast(text, /const RATE_FIELDS = \[/, ENTRIES.RATE_FIELDS));
}
