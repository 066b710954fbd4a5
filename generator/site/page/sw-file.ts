// /sw.js, written by every build (page/sw.ts): its bytes name the build's
// content id, so a browser sees a new worker exactly when the snapshot changed,
// and the same database and as-of date give the same file.
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { MAX_YEARS } from '../../../client/src/zakat/years.ts';

const ENTRY = fileURLToPath(new URL('./sw.ts', import.meta.url));
/** At the root, so a page's folder (/, /ha/, /ar/) may be its scope. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * The largest body the worker keeps (docs/site.md "Offline"): 12 times today's largest,
 * /nisab at about 85 kB (a page is about 84 kB), so a runaway answer is never kept.
 */
export const KEEP_CAP = 1024 * 1024;

/**
 * The most dated answers the worker keeps (docs/site.md "Offline"), the oldest dropped first: the last statement of
 * the years part whole, even of the most years (a dated /nisab and a dated /rates/latest a year), and two days of
 * the hawl lookup (two answers each) beside it. A dated /nisab is about 89 kB, so at most about 5.7 MB; a 30 years'
 * statement is 2.7 MB under /api/v1, 0.3 MB as a plain host's files.
 */
export const DATED_CAP = 2 * MAX_YEARS + 4;

export async function serviceWorker(contentId: string, metals: readonly number[]): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    charset: 'utf8',
    define: { VERSION: JSON.stringify(contentId), METALS: JSON.stringify(metals), KEEP_CAP: String(KEEP_CAP), DATED_CAP: String(DATED_CAP) },
  });
  return result.outputFiles[0]!.text;
}
