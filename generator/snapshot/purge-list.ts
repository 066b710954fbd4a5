// The purge list of a published snapshot: the URL paths whose content changed
// since the previous snapshot, or that it no longer has (the manifest's
// `changed` and `removed`), one a line, for purging caches in front of the
// site; and a short Markdown summary of it for the nightly job's page.
import path from 'node:path';
import { UserError } from '../errors.ts';
import { currentTree, MANIFEST, readManifestOrWhy } from './publish.ts';

/** The job summary names at most this many paths; the list file has them all. */
export const SUMMARY_PATHS = 500;

export interface PurgeList {
  asOf: string;
  contentId: string;
  changed: number;
  removed: number;
  /** Every path, changed then removed, one a line (empty when nothing changed). */
  text: string;
  /** Markdown for a job summary. */
  summary: string;
}

export async function purgeList(out: string): Promise<PurgeList> {
  const tree = await currentTree(path.resolve(out));
  if (!tree) throw new UserError(`${out}: no snapshot here (build one with: npm run cli -- build --out ${out})`);
  const read = await readManifestOrWhy(tree);
  if ('why' in read) {
    const file = path.join(out, MANIFEST);
    throw new UserError(read.why === 'missing' ? `${file}: missing; ${out} is not a snapshot this tool built` : `${file}: ${read.why}`);
  }
  const { asOf, contentId, changed, removed } = read.manifest;
  const paths = [...changed, ...removed];
  const summary = [
    `### Snapshot as of ${asOf} (content ${contentId})`,
    '',
    `${changed.length} paths changed, ${removed.length} removed: purge them from caches in front of the site.`,
    '',
    '```',
    ...paths.slice(0, SUMMARY_PATHS),
    ...(paths.length > SUMMARY_PATHS ? [`... and ${paths.length - SUMMARY_PATHS} more (artifact purge-list)`] : []),
    '```',
    '',
  ].join('\n');
  return { asOf, contentId, changed: changed.length, removed: removed.length, text: paths.map((p) => p + '\n').join(''), summary };
}
