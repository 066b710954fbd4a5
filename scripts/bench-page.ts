// The landing page's weight and its time to first chart (issue 14): the bytes
// of each file the page loads (raw and gzip, as a CDN would send them), and in
// headless Chromium against the preview server over the default data, the time
// from navigation to the first drawn chart, in a fresh browser context (empty
// cache) each run, and with the CPU slowed 4× as a mid-range phone.
//
//   npx tsx scripts/bench-page.ts
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { startPreview } from '../generator/edges/preview/server.ts';
import { launchChromium } from '../test/support/chromium.ts';
import { defaultSnapshot } from '../test/support/default-snapshot.ts';
import { markdownTable, median } from './bench-data.ts';

const RUNS = 7;
const PAGE_FILES = ['index.html', 'assets/page.js', 'assets/page.css'];
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
