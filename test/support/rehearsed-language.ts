// The steps of docs/making-changes.md "A new language", done on a copy of the
// code by the tests that rehearse them (test/site/languages.test.ts on the
// catalogues alone, test/site/language-tree.test.ts on the whole tree): the
// steps a translator takes, written once, so both rehearse the same ones.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGES } from '../../generator/model/languages.ts';

/** The language the rehearsal adds (Fulfulde, also spoken in Nigeria): one LANGUAGES lacks. */
export const REHEARSED = 'ff';
/** The last language of the table: the rehearsal's lines go after its lines. */
const LAST = LANGUAGES.at(-1)!;
const TABLE = `= { ${LANGUAGES.join(', ')} };`;
const WITH_REHEARSED = `= { ${[...LANGUAGES, REHEARSED].join(', ')} };`;

/** Replaces each text in a file of `root`, failing by name when the file no longer holds it. */
export const editorOf =
  (root: string) =>
  async (file: string, replacements: [string, string][]): Promise<void> => {
    let text = await readFile(path.join(root, file), 'utf8');
    for (const [from, to] of replacements) {
      if (!text.includes(from)) throw new Error(`${file} no longer holds ${JSON.stringify(from)}: update this test and docs/making-changes.md`);
      text = text.replace(from, to);
    }
    await writeFile(path.join(root, file), text);
  };
export type Edit = ReturnType<typeof editorOf>;

/** Step 1 of docs/making-changes.md "A new language": the entry, after the table's last language. */
export async function addEntry(root: string, table: string, edit: Edit): Promise<void> {
  const quoted = (langs: readonly string[]) => langs.map((l) => `'${l}'`).join(', ');
  const text = await readFile(path.join(root, table), 'utf8');
  const lastInfo = text.split('\n').find((line) => line.startsWith(`  ${LAST}: { name: `))!;
  await edit(table, [
    [`export const LANGUAGES = [${quoted(LANGUAGES)}] as const;`, `export const LANGUAGES = [${quoted([...LANGUAGES, REHEARSED])}] as const;`],
    [`${lastInfo}\n`, `${lastInfo}\n  ${REHEARSED}: { name: 'Fulfulde', dir: 'ltr', path: '/${REHEARSED}/', sms: false },\n`],
  ]);
}

/** Steps 2 and 3: a catalogue file per part (here the English ones copied, where a translator writes the language's own) and its entry in each table tsc names. */
export async function addCatalogues(root: string, i18nDir: string, edit: Edit): Promise<void> {
  const i18n = (file: string) => path.join(root, i18nDir, file);
  await writeFile(i18n(`${REHEARSED}.ts`), await readFile(i18n('en.ts'), 'utf8'));
  await writeFile(i18n(`result-${REHEARSED}.ts`), await readFile(i18n('result-en.ts'), 'utf8'));
  // The currencies' names: English's file (the API's names) until scripts/currency-names.ts writes CLDR's.
  await writeFile(i18n(`currency-names-${REHEARSED}.ts`), await readFile(i18n('currency-names-en.ts'), 'utf8'));
  const insertAfter = (line: string, added: string): [string, string] => [`${line}\n`, `${line}\n${added}\n`];
  const R = REHEARSED;
  await edit(`${i18nDir}/catalogues.ts`, [
    insertAfter(`import * as ${LAST} from './${LAST}.ts';`, `import * as ${R} from './${R}.ts';`),
    [TABLE, WITH_REHEARSED],
  ]);
  await edit(`${i18nDir}/result-catalogues.ts`, [
    insertAfter(`import { result as ${LAST} } from './result-${LAST}.ts';`, `import { result as ${R} } from './result-${R}.ts';`),
    [TABLE, WITH_REHEARSED],
  ]);
  await edit(`${i18nDir}/widget-catalogues.ts`, [
    insertAfter(
      `import { calendar as ${LAST}Calendar, widget as ${LAST}Widget } from './${LAST}.ts';`,
      `import { calendar as ${R}Calendar, widget as ${R}Widget } from './${R}.ts';`,
    ),
    insertAfter(`  ${LAST}: { widget: ${LAST}Widget, calendar: ${LAST}Calendar },`, `  ${R}: { widget: ${R}Widget, calendar: ${R}Calendar },`),
  ]);
  await edit(`${i18nDir}/currency-names.ts`, [
    insertAfter(`import { currencyNames as ${LAST} } from './currency-names-${LAST}.ts';`, `import { currencyNames as ${R} } from './currency-names-${R}.ts';`),
    [TABLE, WITH_REHEARSED],
  ]);
}
