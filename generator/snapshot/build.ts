// `build`: source database -> checked files -> atomically published snapshot.
// Everything that can fail does so before the swap, so a failed build
// publishes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { daysBetween } from '../model/dates.ts';
import { undeclaredMonthWarning } from '../model/declared-month.ts';
import type { LegacyUnit } from '../model/legacy-units.ts';
import { paths } from '../router/layout.ts';
import type { Subcategory } from '../model/schemas.ts';
import { openDatabase } from '../db/open.ts';
import { readRateSummary, type RateSummary } from '../db/read-rate-summary.ts';
import { readGaps } from '../db/read-gaps.ts';
import { readRefusals } from '../db/refusals.ts';
import { readAnnouncements } from '../db/read-announcements.ts';
import { readMonthEnds } from '../db/read-month-ends.ts';
import { readDatedYears, readFxFacts, readFxRows } from '../db/read-fx.ts';
import { checkStored, readSource } from '../db/read-source.ts';
import { UserError } from '../errors.ts';
import { checkAsOfNotFuture, nextBuildAt } from '../clock.ts';
import { checkFile, checkFileCount, checkFileSizes, checkJoinedShard } from './file-checks.ts';
import { generatorId } from './generator-id.ts';
import {
  coverageOfAll,
  fxFileDates,
  fxWindows,
  planCurrencies,
  planShards,
  planSnapshot,
  sha1Hex,
  type PreviousSnapshot,
  type SnapshotOptions,
} from '../plan/plan.ts';
import { currentTree, publish, PreviousTreeDamaged, readManifest, restoreOut, type Manifest } from './publish.ts';
import { checkOut, lockStore, makeStore } from './store.ts';
import { CODE_FILES, codeFiles, DEVELOPER_FILES, developersPage, LANDING_FILES, landingPage, OPENAPI_FILE, openApiFile, pageFigures } from './site-files.ts';
import { serviceWorker, SERVICE_WORKER_FILE } from '../site/page/sw-file.ts';
import { LANGUAGES } from '../site/i18n/catalogue.ts';
import { calendar as english } from '../site/i18n/en.ts';

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
  /** How long to wait for another build publishing into the same --out (default 15 minutes). */
  lockWaitMs?: number;
  /** The site's public address, which the text answers name (docs/API.md §10); absent, they name none. */
  siteUrl?: string | null;
  /** build --legacy-unit (CONTRACT §12): the unit /index.php/api/v1 answers in when a request gives none; absent, the gram. */
  legacyUnit?: LegacyUnit | null;
}

export interface BuildSummary {
  files: number;
  bytes: number;
  changed: number;
  removed: number;
  /** Files rendered by this build (the rest were carried over from the previous snapshot). */
  rendered: number;
  seconds: number;
  warnings: string[];
  changedPaths: string[];
  /**
   * Settles when the trees this build retired are removed: that happens in the
   * background after the swap (publish.ts sweep), so a process that ends right
   * after the build still removes them before it exits. Never rejects.
   */
  retired: Promise<void>;
}

export async function buildSnapshot(options: BuildOptions): Promise<BuildSummary> {
  const started = performance.now();
  const generator = generatorId();
  const out = path.resolve(options.out);
  // Refused here, not only by the CLI: every caller's snapshot says how long it may be
  // cached (validUntil), and an as-of after today would stretch that to its day after.
  checkAsOfNotFuture(options.asOf, options.timeZone, options.now);
  // Refused before anything is read or written: an --out this tool did not make.
  checkOut(out, options.out);
  // A database that is missing or unreadable is refused before the store is made,
  // so such a build leaves nothing behind.
  openDatabase(options.db, { readonly: true }).close();
  const store = makeStore(out, options.out);
  // One build at a time per store, from reading the old tree to the sweep: two
  // builds interleaved could otherwise sweep each other's finished tree.
  const release = await lockStore(store, { log: options.log, waitMs: options.lockWaitMs });
  try {
    restoreOut(out);
    checkOut(out, options.out);
    const tree = await currentTree(out);
    const manifest = tree ? await readManifest(tree) : null;
    const reusable = tree && manifest?.generator === generator && manifest.sources ? previousSnapshot(tree, manifest) : null;
    try {
      return await buildOnce(options, { generator, tree, manifest, reusable, started });
    } catch (error) {
      if (!(error instanceof PreviousTreeDamaged)) throw error;
      options.log(`note: the published tree lacks ${error.message} as its manifest records it; rendering every file`);
      return await buildOnce(options, { generator, tree, manifest, reusable: null, started });
    }
  } finally {
    release();
  }
}

function previousSnapshot(tree: string, manifest: Manifest): PreviousSnapshot {
  const read = (file: string) => {
    try {
      return readFileSync(path.join(tree, file), 'utf8');
    } catch {
      throw new PreviousTreeDamaged(file);
    }
  };
  return {
    files: manifest.files,
    sources: manifest.sources,
    rates: manifest.months ? { asOf: manifest.asOf, months: manifest.months } : null,
    fx: manifest.fx ? { asOf: manifest.asOf, ...manifest.fx } : null,
    read,
  };
}

interface Previous {
  generator: string;
  tree: string | null;
  manifest: Manifest | null;
  reusable: PreviousSnapshot | null;
  started: number;
}

async function buildOnce(options: BuildOptions, previous: Previous): Promise<BuildSummary> {
  options.progress('reading the database');
  const snapshotOptions: SnapshotOptions = {
    asOf: options.asOf,
    timeZone: options.timeZone,
    validUntil: nextBuildAt(options.asOf, options.timeZone),
    generatorId: previous.generator,
    siteUrl: options.siteUrl ?? null,
    legacyUnit: options.legacyUnit ?? null,
  };
  const db = openDatabase(options.db, { readonly: true });
  let source;
  try {
    // One transaction: an import running meanwhile is either wholly in or wholly out.
    source = db.transaction(() => {
      // First: the rate summary and the plan derive from the stored dates too.
      checkStored(db);
      const summary = readRateSummary(db, options.asOf, previous.reusable?.rates ?? null);
      const shards = planShards(summary, snapshotOptions, previous.reusable);
      const monthEnds = readMonthEnds(db, options.asOf);
      // The FX files as the rate shards: which are carried is known before any row per dollar is read, and only the others' rows are.
      const fxFacts = readFxFacts(db, options.asOf, previous.reusable?.fx ?? null, summary.monthPrints);
      const fxPlan = planCurrencies(fxFacts, monthEnds, coverageOfAll(summary), options.asOf, snapshotOptions.generatorId, previous.reusable);
      const dated = new Map(fxFacts.dated);
      for (const [year, { dates }] of readDatedYears(
        db,
        options.asOf,
        [...fxPlan.years].filter((year) => !dated.has(year)),
      ))
        dated.set(year, dates);
      const fxDates = fxFileDates(fxPlan, monthEnds, dated);
      return {
        ...readSource(db, options.asOf, { months: shards.months }),
        summary,
        shards,
        monthEnds,
        fx: { plan: fxPlan, dates: fxDates, rows: readFxRows(db, fxWindows(fxPlan, fxDates)) },
        gaps: readGaps(db, options.asOf),
        announcements: readAnnouncements(db, options.asOf),
        refused: readRefusals(db, options.asOf),
      };
    })();
  } finally {
    db.close();
  }
  const defaults = source.subcategories.filter((s) => s.sctIsDefault);
  if (defaults.length !== 1) throw new UserError(`${options.db}: exactly one subcategory must be the default (sctIsDefault), found ${defaults.length}`);
  const warnings = feedHealth(source.summary, source.subcategories, defaults[0]!.sctID, options);
  if (options.strict && warnings.length > 0) throw new UserError('the feed is stale; nothing was published (--strict)', warnings);
  // Not a stale feed (--strict does not refuse it): the month the operator's monthly step has not added yet.
  const undeclared = undeclaredMonthWarning(
    source.calendar.map((m) => m.calMonth),
    options.asOf,
    english.hijriMonths,
  );
  if (undeclared !== null) warnings.push(undeclared);

  options.progress(`planning the files (${source.rates.length} rates to render)`);
  const planned = planSnapshot(source, snapshotOptions, previous.reusable, source.shards);
  // The worker bundle and the schemas depend only on the code: carried over when it is the same. The
  // OpenAPI document's credits are the sources', and the pages show the data: rendered every time.
  const sameCode = previous.reusable !== null && CODE_FILES.every((file) => previous.reusable!.files[file]);
  const site = sameCode ? new Map<string, string>() : await codeFiles(previous.generator);
  const figures = pageFigures(planned.write, source.subcategories);
  for (const lang of LANGUAGES) {
    site.set(
      LANDING_FILES[lang],
      landingPage(planned.meta, source.sources, source.subcategories, lang, figures, planned.texts.get(paths.textAnswer(lang)) ?? null),
    );
    site.set(DEVELOPER_FILES[lang], developersPage(planned.meta, source.sources, lang));
  }
  site.set(SERVICE_WORKER_FILE, await serviceWorker(planned.meta.contentId, [...figures.rates.keys()]));
  site.set(OPENAPI_FILE, openApiFile(source.sources));
  for (const file of sameCode ? CODE_FILES : []) {
    planned.carry.set(file, previous.reusable!.files[file]!);
    planned.entries.set(file, previous.reusable!.files[file]!);
  }
  for (const [file, text] of site) {
    planned.write.set(file, text);
    planned.entries.set(file, { sha1: sha1Hex(text), bytes: Buffer.byteLength(text) });
  }

  // Before the files are checked or written: a date typed wrong can spread them over centuries.
  const tooMany = checkFileCount(planned.entries.size + 1, planned.entries.keys()); // and the manifest
  if (tooMany) throw new UserError(`${tooMany.message}; nothing was written`, tooMany.where);

  const toCheck = [...planned.write.keys()].filter((file) => file.startsWith('v1/'));
  options.progress(`checking ${toCheck.length} files`);
  const problems = toCheck.flatMap((file) => (planned.joined.has(file) ? checkJoinedShard : checkFile)(file, planned.write.get(file)!));
  if (problems.length > 0) throw new UserError(`the snapshot would break its own schemas; nothing was published`, problems);
  const tooLarge = checkFileSizes(planned.entries);
  if (tooLarge.length > 0) throw new UserError(`the snapshot would hold files too large for the CDN; nothing was published`, tooLarge);

  options.progress(`writing ${planned.write.size} files, keeping ${planned.carry.size}`);
  const { manifest, retired } = await publish(
    options.out,
    { ...planned, months: source.summary.months, fx: source.fx.plan.state },
    { asOf: options.asOf, contentId: planned.meta.contentId, builtAt: options.now.toISOString(), generator: previous.generator },
    previous.tree,
    previous.manifest,
    options.log,
  );
  return {
    files: planned.entries.size + 1,
    bytes: [...planned.entries.values()].reduce((sum, e) => sum + e.bytes, 0),
    changed: manifest.changed.length,
    removed: manifest.removed.length,
    rendered: planned.write.size,
    seconds: (performance.now() - previous.started) / 1000,
    warnings,
    changedPaths: manifest.changed,
    retired,
  };
}

/**
 * One line per subcategory with daily rates whose newest rate is older than
 * --max-age-days (or that has none): every one of them prices a published Nisab,
 * not only the default.
 */
function feedHealth(summary: RateSummary, subcategories: readonly Subcategory[], defaultId: number, options: BuildOptions): string[] {
  const warnings: string[] = [];
  for (const subcategory of subcategories) {
    if (!subcategory.sctHasDailyRate && subcategory.sctID !== defaultId) continue;
    const id = subcategory.sctID;
    const name = id === defaultId ? `the default subcategory (${id}, ${subcategory.sctSlug})` : `subcategory ${id} (${subcategory.sctSlug})`;
    const newest = summary.bySubcategory.get(id)?.last;
    if (!newest) {
      warnings.push(`no rate of ${name} is dated on or before ${options.asOf}`);
      continue;
    }
    const age = daysBetween(newest, options.asOf);
    if (age > options.maxAgeDays) {
      warnings.push(
        `the newest rate of ${name} is from ${newest}, ${age} days before ${options.asOf} (more than --max-age-days ${options.maxAgeDays}); ${paths.latest(id)} is stale`,
      );
    }
  }
  return warnings;
}
