// The landing page's weight and its time to first chart (issue 14): the bytes
// of each file the page loads (raw and gzip, as a CDN would send them); its
// first render (issue 22's budget: today's Nisab shown within 6 requests and
// 60 kB gzipped), in each language, counted from every request Chromium made
// until the Nisab appeared; and in headless Chromium against the preview server
// over the default data, the time from navigation to the first drawn chart, in
// a fresh browser context (empty cache) each run, and with the CPU slowed 4× as
// a mid-range phone.
//
//   npx tsx scripts/bench-page.ts
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startPreview } from '../generator/edges/preview/server.ts';
import { launchChromium } from '../test/support/chromium.ts';
import { defaultSnapshot } from '../test/support/default-snapshot.ts';
import { markdownTable, median } from './bench-data.ts';

const RUNS = Number(process.env.RUNS ?? 7);
const PAGE_FILES = ['index.html', 'assets/page-en.js', 'assets/page.css', 'assets/chart.js', 'widget.js'];
const REFERENCE_FILES = ['reference.html', 'assets/redoc.standalone.js', 'openapi.json'];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const snapshot = await defaultSnapshot();
const preview = await startPreview({ dir: snapshot.out, port: 0 });
const browser = await launchChromium();
try {
  const weight = async (files: string[]) => {
    const rows: string[][] = [];
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const bytes = await readFile(path.join(snapshot.out, file));
      const packed = gzipSync(bytes, { level: 9 }).length;
      raw += bytes.length;
      gzip += packed;
      rows.push([`\`${file}\``, kb(bytes.length), kb(packed)]);
    }
    rows.push(['**total**', `**${kb(raw)}**`, `**${kb(gzip)}**`]);
    return rows;
  };
  console.log('### Page weight (fonts: none, the system font stack)\n');
  console.log(markdownTable(['file', 'bytes', 'gzip -9'], [...(await weight(PAGE_FILES)), ...(await weight(REFERENCE_FILES))]));

  // The first render: the page marks 'nisab-shown' when today's Nisab is on screen; its cost is the document and
  // every request started before that mark, each body's size as sent and gzipped -9.
  const firstRender = async (path: string) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      bodies.set(response.url(), response.body());
    });
    await page.goto(`${preview.url}${path}`);
    await page.waitForFunction(() => performance.getEntriesByName('nisab-shown').length > 0, null, { timeout: 60_000 });
    const urls = await page.evaluate(() => {
      const shown = performance.getEntriesByName('nisab-shown')[0]!.startTime;
      return [
        location.href,
        ...performance
          .getEntriesByType('resource')
          .filter((r) => r.startTime <= shown)
          .map((r) => r.name),
      ];
    });
    const seen = await Promise.all(urls.map(async (url) => ({ url, body: await bodies.get(url)! })));
    await page.waitForSelector('body[data-ready="true"]');
    await context.close();
    const list = seen.map((r) => r.url.replace(preview.url, '')).join(', ');
    const gzip = seen.reduce((sum, r) => sum + gzipSync(r.body, { level: 9 }).length, 0);
    return [`\`${path}\``, String(seen.length), kb(seen.reduce((sum, r) => sum + r.body.length, 0)), kb(gzip), list];
  };
  console.log("\n### First render: today's Nisab on screen (budget: 6 requests, 60 kB gzipped)\n");
  console.log(markdownTable(['page', 'requests', 'bytes', 'gzip -9', 'what'], [await firstRender('/'), await firstRender('/ha/'), await firstRender('/ar/')]));

  const firstChart = async (slowdown: number) => {
    const times: { chart: number; ready: number; api: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      if (slowdown > 1) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      }
      let api = 0;
      page.on('response', (response) => {
        if (response.url().includes('/api/v1/')) api++;
      });
      await page.goto(`${preview.url}/`);
      await page.waitForSelector('#chart-plot canvas', { timeout: 60_000 });
      const chart = await page.evaluate(() => performance.now());
      await page.waitForSelector('body[data-ready="true"]');
      const ready = await page.evaluate(() => performance.now());
      times.push({ chart, ready, api });
      await context.close();
    }
    return [
      `${slowdown}×`,
      `${median(times.map((t) => t.chart)).toFixed(0)} ms`,
      `${Math.min(...times.map((t) => t.chart)).toFixed(0)}–${Math.max(...times.map((t) => t.chart)).toFixed(0)} ms`,
      `${median(times.map((t) => t.ready)).toFixed(0)} ms`,
      String(times[0]!.api),
    ];
  };
  console.log(`\n### Time to first chart (390 px, empty cache, median of ${RUNS})\n`);
  console.log(markdownTable(['CPU', 'first chart', 'range', 'page ready (calculator live)', 'API requests'], [await firstChart(1), await firstChart(4)]));
} finally {
  await browser.close();
  await preview.close();
  await snapshot.remove();
}
