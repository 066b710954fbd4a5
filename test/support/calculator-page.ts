// A page of the default site opened in Chromium until its scripts are ready, collecting its errors: the
// calculator tests' one way in (each then fills the form as its case needs).
import type { Page } from 'playwright-core';
import type { DefaultPage } from './default-page.ts';

export async function openReadyPage(site: DefaultPage, path: string, width = 1280): Promise<{ page: Page; problems: string[] }> {
  const page = await site.browser.newPage({ viewport: { width, height: 900 } });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.goto(`${site.preview.url}${path}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  return { page, problems };
}
