// Debian's Chromium (installed by .ci/run), driven by playwright-core: the page
// is tested in a real browser, headless, with nothing fetched from outside.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why Chromium cannot run here, saying what to install (null when it can). */
export function chromiumMissing(executable: string = CHROMIUM): string | null {
  return existsSync(executable) ? null : `no Chromium at ${executable} (apt-get install -y chromium, or set CHROMIUM_PATH to a Chromium or Chrome)`;
}

/** The browser; without one the page tests fail, on every machine, saying what to install. */
export function launchChromium(): Promise<Browser> {
  const missing = chromiumMissing();
  if (missing !== null) return Promise.reject(new Error(`the page tests need a browser: ${missing}`));
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}
