// The page tests' one setting: the default data built as of a day (support/
// default-snapshot.ts), served by the preview, and Chromium, for every test of a
// file, and all of it removed after them. Screenshots go to tmp/.
import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { launchChromium } from './chromium.ts';
import { defaultSnapshot, type DefaultSnapshot } from './default-snapshot.ts';

export interface DefaultPage {
  snapshot: DefaultSnapshot;
  preview: Preview;
  browser: Browser;
}

/**
 * Hooks of the calling file (or describe): its fields are set before its first test. `browser`: a Chromium the caller
 * already has (another describe's of the same file), used and left open rather than one more launched.
 */
export function useDefaultPage(asOf?: string, options: { browser?: () => Browser } = {}): DefaultPage {
  const site = {} as DefaultPage;
  beforeAll(async () => {
    site.snapshot = await defaultSnapshot(asOf);
    site.preview = await startPreview({ dir: site.snapshot.out, port: 0 });
    site.browser = options.browser?.() ?? (await launchChromium());
    await mkdir('tmp', { recursive: true });
  });
  afterAll(async () => {
    if (!options.browser) await site.browser?.close();
    await site.preview?.close();
    await site.snapshot?.remove();
  });
  return site;
}
