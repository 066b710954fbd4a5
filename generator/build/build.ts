// `build`: source database -> checked files -> atomically published snapshot.
// Everything that can fail does so before the swap, so a failed build
// publishes nothing.
import { performance } from 'node:perf_hooks';
import { paths } from '../core/layout.ts';
import { daysBetween } from '../core/dates.ts';
import { openDatabase } from '../db/open.ts';
import { readSource } from '../db/read-source.ts';
import { UserError } from '../errors.ts';
import { nextBuildAt } from './clock.ts';
import { checkFile } from './file-checks.ts';
import { planSnapshot } from './plan.ts';
import { currentTree, diffAgainst, publish, readManifest } from './publish.ts';
import { siteFiles } from './site-files.ts';

export interface BuildOptions {
  db: string;
  out: string;
  asOf: string;
  timeZone: string;
  /** Warn (or fail, when strict) when the newest default rate is older than this. */
  maxAgeDays: number;
  strict: boolean;
  now: Date;
  log: (line: string) => void;
  progress: (line: string) => void;
}

export interface BuildSummary {
  files: number;
  bytes: number;
  changed: number;
  removed: number;
  seconds: number;
  warnings: string[];
  changedPaths: string[];
}

export async function buildSnapshot(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  options.progress('reading the database');
  const db = openDatabase(options.db, { readonly: true });
  let source;
  try {
    source = readSource(db, options.asOf);
  } finally {
    db.close();
  }
  const defaults = source.subcategories.filter((s) => s.sctIsDefault);
  if (defaults.length !== 1) throw new UserError(`${options.db}: exactly one subcategory must be the default (sctIsDefault), found ${defaults.length}`);

  const warnings = feedHealth(source.rates, defaults[0]!.sctID, options);
  if (options.strict && warnings.length > 0) throw new UserError('the feed is stale; nothing was published (--strict)', warnings);

  options.progress('planning the files');
  const planned = planSnapshot(source, { asOf: options.asOf, timeZone: options.timeZone, validUntil: nextBuildAt(options.asOf, options.timeZone) });
  const files = planned.files;
  for (const [file, text] of await siteFiles(planned)) files.set(file, text);

  // Files byte-identical to the published ones were checked when they were published.
  const previousTree = await currentTree(options.out);
  const previous = previousTree ? await readManifest(previousTree) : null;
  const toCheck = diffAgainst(previous, files).changed.filter((file) => file.startsWith('v1/'));
  options.progress(`checking ${toCheck.length} files`);
  const problems = toCheck.flatMap((file) => checkFile(file, files.get(file)!));
  if (problems.length > 0) throw new UserError(`the snapshot would break its own schemas; nothing was published`, problems);

  options.progress(`writing ${files.size} files`);
  const published = await publish(
    options.out,
    files,
    { asOf: options.asOf, contentId: planned.meta.contentId, builtAt: options.now.toISOString() },
    (done, total) => options.progress(`writing ${done}/${total} files`),
  );
  return {
    files: files.size + 1,
    bytes: published.bytes,
    changed: published.manifest.changed.length,
    removed: published.manifest.removed.length,
    seconds: (performance.now() - started) / 1000,
    warnings,
    changedPaths: published.manifest.changed,
  };
}

function feedHealth(rates: { drtSubcategoryID: number; drtDate: string }[], defaultId: number, options: BuildOptions): string[] {
  let newest: string | null = null;
  for (const rate of rates) if (rate.drtSubcategoryID === defaultId) newest = rate.drtDate;
  if (newest === null) return [`no rate of the default subcategory (${defaultId}) is dated on or before ${options.asOf}`];
  const age = daysBetween(newest, options.asOf);
  if (age > options.maxAgeDays) {
    return [`the newest rate of the default subcategory (${defaultId}) is from ${newest}, ${age} days before ${options.asOf} (more than --max-age-days ${options.maxAgeDays}); ${paths.latest(defaultId)} is stale`];
  }
  return [];
}
