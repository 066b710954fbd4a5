// Debian's Chromium (installed by .ci/run), driven by playwright-core: the page
// is tested in a real browser, headless, with nothing fetched from outside.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

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

/**
 * What a page said and asked, from now on: every console error and warning, page error and failed
 * request as one line each (a clean page leaves `problems` empty), and every URL it requested.
 */
export function watched(page: Page): { problems: string[]; asked: string[] } {
  const problems: string[] = [];
  const asked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  page.on('request', (request) => asked.push(request.url()));
  return { problems, asked };
}

/**
 * Opens a page online and waits until its own service worker (its scope the page's folder) is active and
 * controls it, nothing installing or waiting: what the page asks from then on goes through that worker.
 * Polled: a waitForFunction of an async predicate takes its promise for a truthy answer and returns at once.
 */
export async function visitWithWorker(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const folder = location.pathname.replace(/[^/]*$/, '');
          return (
            registration?.active?.state === 'activated' &&
            new URL(registration.scope).pathname === folder &&
            !registration.installing &&
            !registration.waiting &&
            !!navigator.serviceWorker.controller
          );
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}
