// Imports refuse control characters in every text field, whatever the file
// (check-record.ts, issue 43): a bare CR in a source's name made every later
// build fail its own .ics check, and a NUL was published raw. The oracle is
// the list of the issue, from the Unicode ranges themselves: C0 U+0000–U+001F,
// DEL U+007F, C1 U+0080–U+009F, the bidi embeddings and overrides U+202A–U+202E
// and isolates U+2066–U+2069; RLM U+200F and ALM U+061C stay allowed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR } from '../../generator/db/default-db.ts';
import { importNigeriaCalendar } from '../../generator/db/import-calendar.ts';
import { importNisab } from '../../generator/db/import-nisab.ts';
import { importSources } from '../../generator/db/import-sources.ts';
import { UserError } from '../../generator/errors.ts';
import { useScratch } from './scratch.ts';

const scratch = useScratch();

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);
const REFUSED = [...range(0x00, 0x1f), 0x7f, ...range(0x80, 0x9f), ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)];
const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** A CSV cell as a writer that quotes everything would give it: any character may stand inside quotes. */
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

async function refusal(work: Promise<unknown>): Promise<UserError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  return error as UserError;
}

describe('control characters in an import', () => {
  it(`every one of the ${REFUSED.length} refused characters, in any field of sources.csv, is refused with its file, line and field; nothing is imported`, async () => {
    const db = scratch.database();
    const header = 'srcID,srcName,srcURL,srcLicence,srcDescription,srcFigure';
    // Each row puts one character in one of the four text fields, in turn.
    const fields = ['srcName', 'srcLicence', 'srcDescription', 'srcURL'] as const;
    // A line break inside a quoted cell moves every later row down a line: the reader counts CR, LF and CRLF as one each.
    let line = 2;
    const rows = REFUSED.map((code, i) => {
      const char = String.fromCodePoint(code);
      const cells: Record<string, string> = { srcName: 'A name', srcLicence: 'CC BY 4.0', srcDescription: 'What it is.', srcURL: 'https://example.org/' };
      const field = fields[i % fields.length]!;
      cells[field] = field === 'srcURL' ? `https://example.org/a${char}b` : `before${char}after`;
      const text = [`src-${i}`, ...['srcName', 'srcURL', 'srcLicence', 'srcDescription'].map((f) => quoted(cells[f]!)), 'other'].join(',');
      const row = { field, line, text };
      line += 1 + (text.match(/\r\n|\r|\n/g) ?? []).length;
      return row;
    });
    const file = await scratch.write('sources.csv', [header, ...rows.map((row) => row.text)].join('\n') + '\n');
    const error = await refusal(importSources(db, file));
    for (const [i, row] of rows.entries()) {
      const said = error.problems.find((p) => p.startsWith(`${file}:${row.line}: ${row.field}: `));
      expect(said, `${hex(REFUSED[i]!)} in ${row.field}`).toBeDefined();
      if (row.field !== 'srcURL') expect(said).toContain(`contains ${hex(REFUSED[i]!)} (`);
    }
    expect(db.prepare("SELECT count(*) FROM sources WHERE srcID LIKE 'src-%'").pluck().get()).toBe(0);
  });

  it('a bare CR and a NUL say what they are', async () => {
    const db = scratch.database();
    const file = await scratch.write(
      'sources.csv',
      `srcID,srcName,srcURL,srcLicence,srcDescription,srcFigure\nsrc-b,A name,,CC BY 4.0,"x\u0000y",other\nsrc-a,"A\rname",,CC BY 4.0,x,other\n`,
    );
    const error = await refusal(importSources(db, file));
    expect(error.problems).toEqual([
      `${file}:2: srcDescription: contains U+0000 (NUL) at character 2; remove it`,
      `${file}:3: srcName: contains U+000D (a carriage return) at character 2; remove it`,
    ]);
  });

  it('RLM and ALM stay allowed, and so does every other character the data holds', async () => {
    const db = scratch.database();
    const file = await scratch.write(
      'sources.csv',
      `srcID,srcName,srcURL,srcLicence,srcDescription,srcFigure\nsrc-a,"\u0627\u0644\u0646\u064a\u0631\u0629\u200f (RLM)",,CC BY 4.0,"\u061c\u0663 (ALM)",other\n`,
    );
    await importSources(db, file);
    expect(db.prepare("SELECT srcName || srcDescription FROM sources WHERE srcID = 'src-a'").pluck().get()).toBe(
      '\u0627\u0644\u0646\u064a\u0631\u0629\u200f (RLM)\u061c\u0663 (ALM)',
    );
    // The real sources.csv imports (every file of data/ does: kept-proof.test.ts loads them all).
    await importSources(db, path.join(DATA_DIR, 'sources.csv'));
  });

  it('a JSON import: a NUL or a line feed in a text of nisab.json, however deep, names its rule and field', async () => {
    const db = await scratch.seededDatabase();
    const rules = JSON.parse(await readFile(path.join(DATA_DIR, 'nisab.json'), 'utf8')) as Record<string, unknown>[];
    const rule = rules.find((r) => Array.isArray(r.nsbSchools) && (r.nsbSchools as unknown[]).length > 0)!;
    const broken = { ...rule, nsbSubcategoryID: 1, nsbBasisSubcategoryID: null, nsbLowerOf: [], nsbNotes: 'a\u0000b', nsbSchools: ['maliki\n'] };
    const file = await scratch.write('nisab.json', JSON.stringify([broken], null, 2));
    const error = await refusal(importNisab(db, file));
    expect(error.problems).toContainEqual(expect.stringMatching(/nisab\.json:\d+: nsbNotes: contains U\+0000 \(NUL\) at character 2; remove it$/));
    expect(error.problems).toContainEqual(
      expect.stringMatching(/nisab\.json:\d+: nsbSchools\[0\]: contains U\+000A \(a line feed\) at character 7; remove it$/),
    );
  });

  it('the calendar: a tab in a source ID is refused', async () => {
    const db = await scratch.seededDatabase();
    const header = (await readFile(path.join(DATA_DIR, 'calendar-nigeria.csv'), 'utf8')).split('\n')[0]!;
    const cells = header
      .split(',')
      .map((column) => (column === 'calMonth' ? '2026-01' : column === 'calFirstDay' ? '2026-01-20' : column === 'calSource' ? '"manual\t"' : ''));
    const file = await scratch.write('calendar.csv', `${header}\n${cells.join(',')}\n`);
    const error = await refusal(importNigeriaCalendar(db, file));
    expect(error.problems).toContainEqual(`${file}:2: calSource: contains U+0009 (a tab) at character 7; remove it`);
  });
});
