// A new language rehearsed on a copy of the whole tree (issue 47): the steps of
// docs/making-changes.md "A new language" (support/rehearsed-language.ts: the
// language table's entry, a catalogue file per part, its line in each table) and
// nothing else, then the copy's real tsc, the copy's real CLI building the
// default data, and its tree served by the preview to Chromium: the new page
// shows today's Nisab without a script, opens offline after one visit like the
// others, is offered by the others' language switch, and shares its own text
// answer. The oracle is the tree's own API answer and files; the snapshot's
// day is --as-of and the browser's time is fixed.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NisabRule } from '../../generator/model/schemas.ts';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { launchChromium } from '../support/chromium.ts';
import { DEFAULT_AS_OF } from '../support/default-snapshot.ts';
import { addCatalogues, addEntry, editorOf, REHEARSED } from '../support/rehearsed-language.ts';
import { buildCopy, copyTree, typecheck } from '../support/tree-copy.ts';

describe(`a new language (${REHEARSED}) in a copy of the whole tree`, () => {
  let dir: string;
  let preview: Preview;
  let browser: Browser;
  let build: { stdout: string; stderr: string };

  beforeAll(async () => {
    dir = await copyTree('language-tree-');
    const edit = editorOf(dir);
    await addEntry(dir, 'generator/model/languages.ts', edit);
    await addCatalogues(dir, 'generator/site/i18n', edit);
    build = await buildCopy(dir, DEFAULT_AS_OF);
    preview = await startPreview({ dir: path.join(dir, 'public'), port: 0 });
    browser = await launchChromium();
    // Copying 9 MB, then the CLI building the database from data/ and the snapshot with every language's bundles: 116 s seen at load 12.
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('compiles with nothing but the table and its catalogues changed', async () => {
    expect(await typecheck(dir)).toEqual([]);
    // tsc of generator/ and client/: 60 s seen at load 12.
  }, 600_000);

  it('is built by the CLI with its page, its scripts and its text answer', async () => {
    expect(build.stderr).not.toMatch(/error|fail/i);
    for (const file of [`${REHEARSED}/index.html`, `assets/page-${REHEARSED}.js`, `assets/calculator-${REHEARSED}.js`, `v1/text/nisab.${REHEARSED}.txt`])
      expect((await fetch(`${preview.url}/${file.replace(/index\.html$/, '')}`)).status, file).toBe(200);
    // Its LANGUAGE_INFO says sms: false, so it has no SMS.
    expect((await fetch(`${preview.url}/v1/text/nisab.sms.${REHEARSED}.txt`)).status).toBe(404);
  });

  it("shows today's Nisab without a script, opens offline after one visit, and shares its own text", async () => {
    const rules = ((await (await fetch(`${preview.url}/api/v1/nisab`)).json()) as { data: NisabRule[] }).data;
    const gold = rules.find((r) => r.nsbSubcategoryID === 1 && r.nsbIsDefault)!.nsbValueInNaira;
    const text = await (await fetch(`${preview.url}/v1/text/nisab.${REHEARSED}.txt`)).text();
    const html = await (await fetch(`${preview.url}/${REHEARSED}/`)).text();
    expect(html).toMatch(new RegExp(`<html lang="${REHEARSED}" dir="ltr"`));

    const still = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await still.newPage();
      await page.goto(`${preview.url}/${REHEARSED}/`);
      expect(Number(await page.getAttribute('[data-testid=nisab-gold-naira]', 'data-value'))).toBe(gold);
      const share = (await page.getAttribute('#share-whatsapp', 'href'))!;
      expect(decodeURIComponent(share.slice('https://wa.me/?text='.length))).toBe(text.trimEnd());
    } finally {
      await still.close();
    }

    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, serviceWorkers: 'allow' });
    try {
      await context.clock.setFixedTime(new Date(`${DEFAULT_AS_OF}T10:00:00+01:00`));
      const page = await context.newPage();
      // The others offer it by its own name: the English page's switch links to it.
      await page.goto(`${preview.url}/`);
      expect(await page.getAttribute(`a[hreflang="${REHEARSED}"]`, 'href')).toBe(`/${REHEARSED}/`);
      await page.goto(`${preview.url}/${REHEARSED}/`);
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${preview.url}/${REHEARSED}/`);
      await context.setOffline(true);
      await page.reload();
      await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
      expect(await page.isVisible('#offline')).toBe(true);
      expect(Number(await page.getAttribute('[data-testid=nisab-gold-naira]', 'data-value'))).toBe(gold);
    } finally {
      await context.close();
    }
  }, 120_000);
});
