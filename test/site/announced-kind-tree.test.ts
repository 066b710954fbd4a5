// A new kind of announced figure rehearsed on a copy of the whole tree (issue 48):
// the steps of docs/making-changes.md "A new announced kind", for a rehearsal's
// kind (`fidyah`, the figure for a fast one cannot keep). The copy's real tsc
// names each table the kind still lacks: with the zod enum alone, the field's
// words (model/schemas.ts), the rules that may measure it
// (db/import-announcements.ts) and the page's table of announced figures
// (site/page/notice.ts); with those and its English word, each other
// language's catalogue. With every step it compiles, and the copy's CLI builds
// the default data with a row of the kind added to the copy's
// data/announcements.csv (a rehearsal's row, in the copy only), which the
// database keeps (its kinds are the import's zod check, not an SQL CHECK
// written again) and the API answers. The oracle is the row as written here.
import { appendFile, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement } from '../../generator/model/schemas.ts';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { DEFAULT_AS_OF } from '../support/default-snapshot.ts';
import { editorOf, type Edit } from '../support/rehearsed-language.ts';
import { buildCopy, copyTree, typecheck } from '../support/tree-copy.ts';

const KIND = 'fidyah';
const WORDS = `    ${KIND}: 'Fidyah (of a fast one cannot keep)',`;
/** The catalogues after English's, each typed PageStrings from it. */
const OTHER_CATALOGUES = ['ha.ts', 'ar.ts', 'yo.ts'].map((file) => `generator/site/i18n/${file}`);
/** Where tsc asks for the kind once it is in the enum. */
const TABLES = ['generator/db/import-announcements.ts', 'generator/model/schemas.ts', 'generator/site/page/notice.ts'];
/** The rehearsal's announced figure: no rule measures it, so it has no figure of ours beside it. */
const ROW = { annID: 9001, annDate: '2025-08-18', annBody: 'kano-sharia-commission', annValueInNaira: 1500, annSource: 'kano-sharia-2025-08-18' };

/** Names of the files tsc's errors point at, once each, sorted. */
const filesOf = (errors: string[]) => [...new Set(errors.map((error) => error.slice(0, error.indexOf('('))))].sort();

describe(`a new announced kind (${KIND}) in a copy of the whole tree`, () => {
  let dir: string;
  let edit: Edit;
  beforeAll(async () => {
    dir = await copyTree('announced-kind-');
    edit = editorOf(dir);
    // Step 1: the kind in the zod enum.
    await edit('generator/model/schemas.ts', [["'diyyah', 'zakat-al-fitr']);", `'diyyah', 'zakat-al-fitr', '${KIND}']);`]]);
  }, 120_000); // copying 9 MB: seconds
  let preview: Preview | undefined;
  afterAll(async () => {
    await preview?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('with the enum alone, tsc names its words, the rules that measure it and the page’s table, and nothing else', async () => {
    const errors = await typecheck(dir);
    expect(filesOf(errors), errors.join('\n')).toEqual(TABLES);
    for (const file of TABLES) expect(errors.filter((line) => line.startsWith(file)).join('\n'), file).toContain(KIND);
  }, 600_000); // the copy's first tsc of the whole tree: 84 s seen at load 27

  it('with those tables and its English word, tsc names each other language’s catalogue', async () => {
    // Step 2: how the field's description names it.
    await edit('generator/model/schemas.ts', [
      ["  'zakat-al-fitr': 'zakat-al-fitr',\n};", `  'zakat-al-fitr': 'zakat-al-fitr',\n  ${KIND}: 'fidyah (of a fast one cannot keep)',\n};`],
    ]);
    // Step 3: the rules that may measure it (none: its rows name no rule).
    await edit('generator/db/import-announcements.ts', [
      ["  'zakat-al-fitr': ['zakat-al-fitr'],\n};", `  'zakat-al-fitr': ['zakat-al-fitr'],\n  ${KIND}: [],\n};`],
    ]);
    // Step 4: its row of the page's table, by a word of the notice.
    await edit('generator/site/page/notice.ts', [
      ["  'zakat-al-fitr': (t) => t.fitrTitle,\n};", `  'zakat-al-fitr': (t) => t.fitrTitle,\n  ${KIND}: (t) => t.notice.${KIND},\n};`],
    ]);
    await edit('generator/site/i18n/en.ts', [["    diyyah: 'Diyyah of a man (blood money)',\n", `    diyyah: 'Diyyah of a man (blood money)',\n${WORDS}\n`]]);
    const errors = await typecheck(dir);
    expect(filesOf(errors), errors.join('\n')).toEqual([...OTHER_CATALOGUES].sort());
    for (const file of OTHER_CATALOGUES) expect(errors.filter((line) => line.startsWith(file)).join('\n'), file).toContain(KIND);
  }, 600_000); // a re-check (incremental, the build info in the copy's tmp/): 50 s at load 27

  it('with its word in every language it compiles, and the copy builds, keeps and answers a figure of it', async () => {
    // Step 5: its word in each other language (here the English, where a translator writes the language's own).
    for (const file of OTHER_CATALOGUES) {
      const line = (await readFile(path.join(dir, file), 'utf8')).split('\n').find((l) => l.startsWith('    diyyah: '))!;
      await edit(file, [[`${line}\n`, `${line}\n${WORDS}\n`]]);
    }
    expect(await typecheck(dir)).toEqual([]);
    await appendFile(
      path.join(dir, 'data/announcements.csv'),
      `${ROW.annID},${ROW.annDate},${ROW.annBody},${KIND},${ROW.annValueInNaira},"a rehearsal's row",,${ROW.annSource}\n`,
    );
    const build = await buildCopy(dir, DEFAULT_AS_OF);
    expect(build.stderr).not.toMatch(/error|fail/i);
    preview = await startPreview({ dir: path.join(dir, 'public'), port: 0 });
    const answer = (await (await fetch(`${preview.url}/api/v1/announcements`)).json()) as { data: Announcement[] };
    expect(answer.data.find((a) => a.annKind === (KIND as string))).toMatchObject({ ...ROW, annKind: KIND, annRuleID: null, annComputedInNaira: null });
  }, 900_000); // tsc, then the CLI building the database and the snapshot: 33 s in all at load 27 (116 s seen for language-tree's build at load 12)
});
