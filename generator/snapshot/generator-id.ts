// Which code rendered a snapshot. A build reuses files of the previous snapshot
// only when the same code made them: any change to the generator (a field, the
// record format, the layout) makes the next build render everything again.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_DOCUMENT } from './site-files.ts';

const GENERATOR_DIR = fileURLToPath(new URL('..', import.meta.url));
// The landing page's script bundles the client's calculators, and its style is a .css file.
const CLIENT_DIR = fileURLToPath(new URL('../../client/src', import.meta.url));

export function generatorId(): string {
  const hash = createHash('sha1');
  for (const [dir, prefix] of [
    [GENERATOR_DIR, ''],
    [CLIENT_DIR, 'client/'],
  ] as const) {
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') || f.endsWith('.css')).sort();
    for (const file of files) hash.update(`${prefix}${file.split(path.sep).join('/')}\0`).update(readFileSync(path.join(dir, file)));
  }
  // The API document is published as it is: a change to it is a change of what the build writes.
  hash.update('docs/API.md\0').update(readFileSync(API_DOCUMENT));
  return hash.digest('hex');
}
