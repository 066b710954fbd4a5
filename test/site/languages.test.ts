// The languages of the page are a table (model/languages.ts LANGUAGES): each
// browser bundle of a language carries that language's words and no other's
// (assets.ts resolves i18n/current.ts to the language's files), and a language
// added to LANGUAGES without its catalogues fails tsc, naming every table that
// lacks it, while one added as docs/making-changes.md says compiles. The second
// is tried on a copy of generator/site/i18n/ (it holds every table) and of the
// language table it reads, generator/model/languages.ts, checked by the real tsc.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TSC } from '../support/tree-copy.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../generator/router/endpoints.ts';
import * as esbuild from 'esbuild';
import { currentLanguage, siteAssets } from '../../generator/site/assets.ts';
import { LANGUAGES, type Lang } from '../../generator/site/i18n/catalogue.ts';
import { PAGE_CATALOGUES } from '../../generator/site/i18n/catalogues.ts';
import { RESULT_CATALOGUES } from '../../generator/site/i18n/result-catalogues.ts';
import { addCatalogues, addEntry, editorOf, REHEARSED, type Edit } from '../support/rehearsed-language.ts';

const I18N = fileURLToPath(new URL('../../generator/site/i18n/', import.meta.url));
const LANGUAGE_TABLE = fileURLToPath(new URL('../../generator/model/languages.ts', import.meta.url));
/** Where the copy keeps them, as generator/ does: catalogue.ts reads ../../model/languages.ts. */
const COPY_I18N = 'site/i18n';
const COPY_TABLE = 'model/languages.ts';
const run = promisify(execFile);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/**
 * A language's words that no other language has, long enough to be no accident
 * and written as they are in a bundle (no quote or escape). English words the
 * endpoint table also holds (its summaries, in every bundle that reads BASES)
 * are not the catalogue's.
 */
function ownWords(lang: Lang): string[] {
  const of = (l: Lang) => strings([PAGE_CATALOGUES[l], RESULT_CATALOGUES[l]]);
  const others = new Set(LANGUAGES.filter((l) => l !== lang).flatMap(of));
  const endpoints = JSON.stringify(ENDPOINTS);
  return of(lang).filter((s) => s.length >= 16 && !/["'`\\\n$<]/.test(s) && !others.has(s) && !endpoints.includes(s));
}

describe('each language bundle', () => {
  let files: Map<string, string>;
  beforeAll(async () => {
    files = await siteAssets();
  });

  for (const lang of LANGUAGES) {
    for (const bundle of ['page', 'calculator', 'hawl', 'developers', 'embed-years']) {
      it(`assets/${bundle}-${lang}.js holds ${lang}'s words and no other language's`, () => {
        const text = files.get(`assets/${bundle}-${lang}.js`)!;
        expect(ownWords(lang).filter((s) => text.includes(s)).length).toBeGreaterThan(0);
        for (const other of LANGUAGES.filter((l) => l !== lang)) expect(ownWords(other).filter((s) => text.includes(s))).toEqual([]);
      });
    }
  }
});

describe('a bundle of a language without its catalogue files', () => {
  it('fails the build, naming the file', async () => {
    const build = esbuild.build({
      stdin: { contents: `import { page } from './current.ts';\nconsole.log(page);\n`, resolveDir: I18N, loader: 'ts' },
      bundle: true,
      write: false,
      logLevel: 'silent',
      plugins: [currentLanguage(REHEARSED as Lang)],
    });
    await expect(build).rejects.toThrow(/Could not resolve "\.\/ff\.ts"/);
  });
});

describe('a language added to LANGUAGES', () => {
  let dir: string;
  let edit: Edit;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'languages-'));
    edit = editorOf(dir);
    await cp(I18N, path.join(dir, COPY_I18N), { recursive: true });
    await cp(LANGUAGE_TABLE, path.join(dir, COPY_TABLE));
    const { compilerOptions } = JSON.parse(await readFile(new URL('../../tsconfig.json', import.meta.url), 'utf8'));
    // The catalogues need no type of node's (nor its node_modules, which the copy has not).
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...compilerOptions, types: [] }, include: [`${COPY_I18N}/*.ts`, COPY_TABLE] }),
    );
    await addEntry(dir, COPY_TABLE, edit);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** tsc's errors on the copy, one a line, each `file(line,col): error TSnnnn: ...`. */
  async function typecheck(): Promise<string[]> {
    const done = await run(process.execPath, [TSC, '-p', dir, '--pretty', 'false'], { cwd: dir }).then(
      (out) => out.stdout,
      (failed: { stdout: string }) => failed.stdout,
    );
    return done.split('\n').filter((line) => line.includes('error TS'));
  }

  it('without its catalogues fails tsc, naming each table', async () => {
    const errors = await typecheck();
    const tables = ['catalogues.ts', 'result-catalogues.ts', 'widget-catalogues.ts', 'currency-names.ts'].map((file) => `${COPY_I18N}/${file}`);
    for (const table of tables)
      expect(errors.filter((line) => line.startsWith(table) && line.includes(`'${REHEARSED}'`)).length, `${table}: ${errors.join('\n')}`).toBe(1);
    expect(errors).toHaveLength(tables.length);
  });

  it('with a catalogue file per part and its entry in each table compiles', async () => {
    await addCatalogues(dir, COPY_I18N, edit);
    expect(await typecheck()).toEqual([]);
  });
});
