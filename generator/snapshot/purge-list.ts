// The purge list of a published snapshot: the URL paths whose content changed
// since the previous snapshot, or that it no longer has (the manifest's
// `changed` and `removed`), one a line, for purging caches in front of the
// site; and a short Markdown summary of it for the nightly job's page.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { UserError } from '../errors.ts';
import { currentTree, MANIFEST } from './publish.ts';

/** The job summary names at most this many paths; the list file has them all. */
export const SUMMARY_PATHS = 500;

// Only the fields the list needs; the manifest is this tool's own file, but it
// is read back from disk (a cache restore, a hand-copied tree), so check it.
const ManifestPaths = z.object({
  asOf: z.string(),
  contentId: z.string(),
  changed: z.array(z.string().startsWith('/')),
  removed: z.array(z.string().startsWith('/')),
});

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
  const file = path.join(out, MANIFEST);
  const text = await readFile(path.join(tree, MANIFEST), 'utf8').catch(() => null);
  if (text === null) throw new UserError(`${file}: missing; ${out} is not a snapshot this tool built`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UserError(`${file}: not JSON (${(error as Error).message})`);
  }
  const parsed = ManifestPaths.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UserError(`${file}: ${issue.path.map(String).join('.') || 'the body'}: ${issue.message}`);
  }
  const { asOf, contentId, changed, removed } = parsed.data;
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
