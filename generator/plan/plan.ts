// The snapshot as a function of its source: every answer of the API as an
// envelope file, plus the router's index. No clock: the same source as of the
// same date gives the same files, byte for byte.
//
// Rate shards form a tree per scope (months, years of months, decades of years,
// everything of decades), and every node carries a fingerprint of the rows under
// it. A node whose fingerprint matches the previous snapshot's is carried over
// unchanged (not read, not rendered, not hashed); a changed month is rendered from
// its rows and a changed parent is joined from its children's text. So a nightly
// build that adds one day renders one month per scope and joins its ancestors.
import { createHash } from 'node:crypto';
import { listBody, renderItem, renderJoinedList, renderList, LIST_SEPARATOR } from '../router/envelope.ts';
import {
  blockAt,
  blockEnd,
  blockStarts,
  CHILD_LEVEL,
  halvesOf,
  hasPart,
  blockOf,
  LEVELS,
  parsePath,
  paths,
  scopeBlocks,
  type Coverage,
  type Level,
  type Scope,
  type SnapshotFile,
} from '../router/layout.ts';
import { addDays, daysBetween } from '../model/dates.ts';
import { hijriDate, ummAlQuraTable } from '../model/hijri.ts';
import { nigeriaCalendarEndsOn, nigeriaHijriDate } from '../router/nigeria-calendar.ts';
import { valueRule, type ById } from '../router/nisab-value.ts';
import type { DailySeries } from '../db/read-gaps.ts';
import type { AnnouncementToValue } from '../db/read-announcements.ts';
import { valueAnnouncement } from '../router/announcements.ts';
import { rateLine, renderRecord } from '../router/records.ts';
import { etagOf } from '../router/router.ts';
import {
  MonthCounts,
  type Meta,
  type NigeriaMonth,
  type NisabRule,
  type NisabRuleInput,
  type Rate,
  type RoutingIndex,
  type Source,
  type Subcategory,
} from '../model/schemas.ts';
import type { PreviousRates, RateSummary } from '../db/read-rate-summary.ts';
import { downloadsIndex, nisabThresholds, planDownloads } from './downloads.ts';
import { monthNumber } from '../router/pieces.ts';
import {
  DAILY,
  MONTHLY,
  type DatedYear,
  type FxFacts,
  type FxRows,
  type FxWindows,
  type FxYear,
  type FxYears,
  type PreviousFx,
  type RateYears,
} from '../db/read-fx.ts';
import type { LegacyUnit } from '../model/legacy-units.ts';
import { DOLLAR, DOLLAR_SOURCE, MAX_FX_AGE_DAYS, NAIRA, type Currency, type FxFile } from '../model/currencies.ts';
import { nigeriaCalendarIcs } from '../site/calendar-feed.ts';
import { LANGUAGE_INFO } from '../site/i18n/catalogue.ts';
import { textAnswers, type NisabFigure } from '../site/text-answers.ts';

export function sha1Hex(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

export interface FileEntry {
  sha1: string;
  bytes: number;
}

/** What a build may reuse of the snapshot it replaces. */
export interface PreviousSnapshot {
  files: { [path: string]: FileEntry };
  /** Fingerprints of the rate shards, by path. */
  sources: { [path: string]: string };
  /** Its as-of date and each month's version and print (null from a build that kept none): what the next read of the rates carries. */
  rates: PreviousRates | null;
  /** Its as-of date and each (currency, year)'s version and summary (null from a build that kept none): what the next read of the FX rows carries. */
  fx?: PreviousFx | null;
  read(path: string): string;
}

export interface ShardNode {
  path: string;
  level: Level;
  /** The first day of its block. */
  start: string;
  print: string;
  children: ShardNode[];
}

/** Steps taken by the shard planning, counted so a test can hold it linear in the months without timing it. */
export interface OperationCount {
  count: number;
}

/**
 * Every shard of a scope, children before parents (layout.ts scopeBlocks):
 * blocks without records get an empty list, so every block a range can name
 * exists. `monthPrint` fingerprints a month's rows (YYYY-MM) in the scope.
 */
export function shardTree(
  scope: Scope,
  coverage: Coverage,
  asOf: string,
  monthPrint: (month: string) => string,
  ops: OperationCount = { count: 0 },
): ShardNode[] {
  const blocks = scopeBlocks(coverage, asOf);
  const nodes: ShardNode[] = [];
  const byLevel = new Map<Level, ShardNode[]>();
  for (const level of LEVELS) {
    // Each child names its parent block: one pass over the children, keyed by the parent's start.
    const childrenOf = new Map<string, ShardNode[]>();
    const childLevel = CHILD_LEVEL[level];
    for (const child of childLevel ? (byLevel.get(childLevel) ?? []) : []) {
      ops.count++;
      const parent = blockAt(level, child.start, asOf);
      if (!parent) continue;
      const list = childrenOf.get(parent.start);
      if (list) list.push(child);
      else childrenOf.set(parent.start, [child]);
    }
    const here: ShardNode[] = [];
    for (const block of blocks) {
      if (block.level !== level) continue;
      ops.count++;
      const path = paths.block(scope, block);
      if (level === 'month') {
        here.push({ path, level, start: block.start, print: monthPrint(block.start.slice(0, 7)), children: [] });
        continue;
      }
      const children = childrenOf.get(block.start) ?? [];
      here.push({ path, level, start: block.start, print: sha1Hex(children.map((c) => `${c.path}:${c.print}`).join('\n')), children });
    }
    byLevel.set(level, here);
    nodes.push(...here);
  }
  return nodes;
}

export interface SnapshotSource {
  /** Ordered by sctID. */
  subcategories: Subcategory[];
  /** Ordered by srcID. */
  sources: Source[];
  /** Nigeria's declared months, ordered by calFirstDay. */
  calendar: NigeriaMonth[];
  summary: RateSummary;
  /** The rates of the months being rendered (all of them in a first build), ordered by drtDate then drtSubcategoryID. */
  rates: Rate[];
  /** Ordered by nsbID. */
  nisab: NisabRuleInput[];
  /** Each subcategory's newest rate of every month that has one, by drtDate then drtSubcategoryID (db/read-month-ends.ts). */
  monthEnds: Rate[];
  /** The currency files' plan (planCurrencies), and the dates and rows per US dollar of the FX files it renders (db/read-fx.ts); none when absent. */
  fx?: { plan: CurrencyPlan; dates: Map<string, FxFileDates[]>; rows: Map<string, FxRows> };
  /** Each daily series' first day and days without a rate (db/read-gaps.ts), by sctID. */
  gaps: DailySeries[];
  /** The announced figures dated up to the as-of date, with the rates that value them (db/read-announcements.ts). */
  announcements: AnnouncementToValue[];
  /** The figures fetch refused and no import brought in since, dated up to the as-of date, by date, series, field (db/refusals.ts); none when absent. */
  refused?: Meta['refused'];
}

export interface SnapshotOptions {
  asOf: string;
  timeZone: string;
  /** ISO instant of the next nightly build. */
  validUntil: string;
  /** Identifies the code that renders files: a previous snapshot made by other code is not reused. */
  generatorId: string;
  /** The site's public address (build --site-url), which the text answers end with; absent, they name none. */
  siteUrl?: string | null;
  /** build --legacy-unit (CONTRACT §12): the unit /index.php/api/v1 answers in when a request gives none; absent, the gram as on /api/v1. */
  legacyUnit?: LegacyUnit | null;
}

export interface PlannedSnapshot {
  /** Files to write (path relative to the snapshot root -> content). */
  write: Map<string, string>;
  /** Files carried over unchanged from the previous snapshot. */
  carry: Map<string, FileEntry>;
  /** Every file: its hash and size. */
  entries: Map<string, FileEntry>;
  /** Fingerprints of every rate shard, for the next build. */
  sources: { [path: string]: string };
  /** Shards joined from their children: checked by structure, their records having been checked in the months. */
  joined: Set<string>;
  meta: Meta;
  /** The calendar feed and the text answers by path, written or carried: the page shares its language's. */
  texts: Map<string, string>;
}

/** The shards of every scope: which months need their rows, and (given them) the files. */
export type ShardPlan = ReturnType<typeof planShards>;

export function planShards(summary: RateSummary, options: SnapshotOptions, previous: PreviousSnapshot | null) {
  const ids = [...summary.bySubcategory.keys()].sort((a, b) => a - b);
  const salted = (print: string | undefined) => sha1Hex(`${options.generatorId}:${print ?? 'none'}`);
  const scopes: { scope: Scope; nodes: ShardNode[] }[] = [];
  if (ids.length > 0) {
    const first = ids.map((id) => summary.bySubcategory.get(id)!.first).sort()[0]!;
    const last = ids
      .map((id) => summary.bySubcategory.get(id)!.last)
      .sort()
      .at(-1)!;
    scopes.push({
      scope: 'all',
      nodes: shardTree('all', { first, last }, options.asOf, (m) => salted(ids.map((id) => `${id}=${summary.monthPrints.get(`${id}/${m}`) ?? ''}`).join(';'))),
    });
  }
  for (const id of ids) {
    const own = summary.bySubcategory.get(id)!;
    scopes.push({ scope: id, nodes: shardTree(id, own, options.asOf, (m) => salted(summary.monthPrints.get(`${id}/${m}`))) });
  }
  const changed = (node: ShardNode) => !previous || previous.sources[node.path] !== node.print || !previous.files[node.path];
  const months = new Set<string>();
  for (const { nodes } of scopes) for (const node of nodes) if (node.level === 'month' && changed(node)) months.add(node.start.slice(0, 7));
  return { scopes, months, changed };
}

/** The records of consecutive blocks, joined as one block holds them. */
export function joinedRecords(bodies: { joined: string; count: number }[]): string {
  return bodies
    .filter((b) => b.count > 0)
    .map((b) => b.joined)
    .join(LIST_SEPARATOR);
}

/** The path of a block's part (router/layout.ts), null for a month or a decade (they have none). */
function partOf(scope: Scope, node: ShardNode): string | null {
  if (!hasPart(node.level)) return null;
  const shard = parsePath(node.path) as Extract<SnapshotFile, { kind: 'shard' }>;
  return paths.part(scope, { level: node.level, start: shard.start, end: shard.end });
}

/** A month's records: their count, and their bytes joined as its file holds them. */
interface MonthSize {
  count: number;
  bytes: number;
}

function sizeOf(body: { joined: string; count: number }): MonthSize {
  return { count: body.count, bytes: Buffer.byteLength(body.joined) };
}

/**
 * A month's size in the previous snapshot's counts of a scope (undefined where
 * it has none, or where the counts predate `bytes`: the caller reads the month's
 * file), read once when first asked.
 */
function lazyCounts(previous: PreviousSnapshot | null, scope: Scope): (monthStart: string) => MonthSize | undefined {
  let counts: MonthCounts | null | undefined;
  return (monthStart) => {
    if (counts === undefined) {
      const path = paths.counts(scope);
      const parsed = previous?.files[path] ? MonthCounts.safeParse(JSON.parse(previous.read(path))) : null;
      counts = parsed?.success ? parsed.data : null;
    }
    if (counts === null) return undefined;
    const at = monthNumber(monthStart) - monthNumber(counts.first);
    const count = counts.counts[at];
    const bytes = counts.bytes[at];
    return count === undefined || bytes === undefined ? undefined : { count, bytes };
  };
}

/** `shards`: planShards' answer when the caller already has it (the build plans once, to know which months to read). */
export function planSnapshot(
  source: SnapshotSource,
  options: SnapshotOptions,
  previous: PreviousSnapshot | null,
  shards: ShardPlan = planShards(source.summary, options, previous),
): PlannedSnapshot {
  const write = new Map<string, string>();
  const carry = new Map<string, FileEntry>();
  const sources: PlannedSnapshot['sources'] = {};
  const joined = new Set<string>();
  const put = (path: string, text: string) => write.set(path, text);
  // A file rendered every time is carried when its text is the previous build's.
  const putOrCarry = (path: string, text: string) => {
    const before = previous?.files[path];
    if (before && before.sha1 === sha1Hex(text)) carry.set(path, before);
    else put(path, text);
  };

  // Rate shards: render changed months, join changed parents, carry the rest.
  const { scopes, changed } = shards;
  const linesByMonth = new Map<string, string[]>();
  for (const rate of source.rates) {
    const line = rateLine(rate);
    const month = rate.drtDate.slice(0, 7);
    for (const key of [`all/${month}`, `${rate.drtSubcategoryID}/${month}`]) {
      const lines = linesByMonth.get(key);
      if (lines) lines.push(line);
      else linesByMonth.set(key, [line]);
    }
  }
  const allTexts = new Map<string, string>();
  for (const { scope, nodes } of scopes) {
    const texts = scope === 'all' ? allTexts : new Map<string, string>();
    const textOf = (node: ShardNode) => texts.get(node.path) ?? previous!.read(node.path);
    const monthCounts: number[] = [];
    const monthBytes: number[] = [];
    const previousCounts = lazyCounts(previous, scope);
    for (const node of nodes) {
      sources[node.path] = node.print;
      const part = partOf(scope, node);
      if (!changed(node)) {
        carry.set(node.path, previous!.files[node.path]!);
        // A block without records has no part.
        if (part !== null && previous!.files[part]) carry.set(part, previous!.files[part]);
        if (node.level === 'month') {
          const size = previousCounts(node.start) ?? sizeOf(listBody(previous!.read(node.path)));
          monthCounts.push(size.count);
          monthBytes.push(size.bytes);
        }
        continue;
      }
      let text: string;
      if (node.level === 'month') {
        const lines = linesByMonth.get(`${scope}/${node.start.slice(0, 7)}`) ?? [];
        text = renderList(lines);
        monthCounts.push(lines.length);
        monthBytes.push(Buffer.byteLength(lines.join(LIST_SEPARATOR)));
      } else {
        const bodies = node.children.map((child) => listBody(textOf(child)));
        text = renderJoinedList(
          joinedRecords(bodies),
          bodies.reduce((sum, b) => sum + b.count, 0),
        );
        joined.add(node.path);
      }
      texts.set(node.path, text);
      put(node.path, text);
      const records = part === null ? null : listBody(text);
      if (part !== null && records!.count > 0) put(part, records!.joined);
    }
    // The halves of each closed decade, joined from its years (router/layout.ts halvesOf): with their decade, changed or carried.
    for (const node of nodes) {
      if (node.level !== 'decade') continue;
      for (const half of halvesOf(blockOf(node.level, node.start))) {
        const path = paths.part(scope, half);
        if (!changed(node)) {
          if (previous!.files[path]) carry.set(path, previous!.files[path]);
          continue;
        }
        const joined = joinedRecords(
          node.children.filter((child) => child.start >= half.start && child.start <= half.end).map((child) => listBody(textOf(child))),
        );
        if (joined !== '') put(path, joined);
      }
    }
    const firstMonth = nodes.find((node) => node.level === 'month');
    if (firstMonth) put(paths.counts(scope), `${JSON.stringify({ first: firstMonth.start.slice(0, 7), counts: monthCounts, bytes: monthBytes })}\n`);
  }

  // The small answers, rendered every time.
  const latest: ById<Rate> = {};
  for (const [id, own] of source.summary.bySubcategory) {
    latest[id] = own.newest;
    put(paths.latest(id), renderItem(rateLine(own.newest)));
  }
  const subcategoryById: ById<Subcategory> = Object.fromEntries(source.subcategories.map((s) => [s.sctID, s]));
  const nisab = source.nisab.map((rule) => valueRule(rule, subcategoryById, latest, options.asOf));
  const nisabJson = nisab.map((rule) => renderRecord('NisabRule', rule));
  put(paths.nisabAll, renderList(nisabJson));
  for (const subcategory of source.subcategories) {
    put(paths.nisab(subcategory.sctID), renderList(nisabJson.filter((_, i) => nisab[i]!.nsbSubcategoryID === subcategory.sctID)));
  }
  put(paths.subcategories, renderList(source.subcategories.map((s) => renderRecord('Subcategory', s))));
  put(paths.sources, renderList(source.sources.map((s) => renderRecord('Source', s))));
  put(paths.calendarNigeria, renderList(source.calendar.map((m) => renderRecord('NigeriaMonth', m))));
  put(paths.gaps, renderList(source.gaps.flatMap((series) => series.gaps.map((gap) => renderRecord('Gap', gap)))));
  const ruleById: ById<NisabRuleInput> = Object.fromEntries(source.nisab.map((rule) => [rule.nsbID, rule]));
  put(
    paths.announcements,
    renderList(source.announcements.map((a) => renderRecord('Announcement', valueAnnouncement(a.announcement, ruleById, subcategoryById, a.rates, a.earlier)))),
  );
  // Where payers already are (docs/API.md §10): the calendar feed, and today's Nisab as text to forward.
  // Carried when unchanged (the feed changes only with a month, a text answer with the day's figures), as month ends are.
  const texts = new Map([[paths.calendarIcs, nigeriaCalendarIcs(source.calendar, source.sources)]]);
  for (const [form, text] of textFiles(source, nisab, options)) texts.set(paths.textAnswer(form), text);
  for (const [path, text] of texts) putOrCarry(path, text);

  // Month ends, small and rendered every time; a year whose text is unchanged is carried.
  for (const [path, text] of monthEndFiles(source.monthEnds)) putOrCarry(path, text);

  // The bulk downloads, from the "all" scope's shards (downloads.ts).
  const thresholds = nisabThresholds(source.subcategories, source.nisab);
  const allShards = scopes.find((s) => s.scope === 'all')?.nodes ?? [];
  const downloads = planDownloads(allShards, (path) => allTexts.get(path) ?? previous!.read(path), thresholds, previous);
  for (const [path, text] of downloads.write) put(path, text);
  for (const path of downloads.carry) carry.set(path, previous!.files[path]!);
  Object.assign(sources, downloads.prints);
  const all = [...source.summary.bySubcategory.values()];
  const allCoverage = coverageOfAll(source.summary);
  // The FX files: carried while their key is the one the previous build gave them, else rendered from the rows read for them.
  const currencies = source.fx?.plan ?? planCurrencies(undefined, source.monthEnds, allCoverage, options.asOf, options.generatorId, previous);
  put(paths.currencies, renderList(currencies.list.map((c) => renderRecord('Currency', c))));
  for (const file of currencies.files) {
    sources[file.path] = file.key;
    if (file.carry) {
      carry.set(file.path, previous!.files[file.path]!);
      continue;
    }
    const rows = source.fx!.rows.get(file.code) ?? { daily: [], monthly: new Map() };
    const years = source.fx!.dates.get(file.path)!.map((dates) => renderFxFile(dates, rows, currencies.monthlyPriceSources));
    const text = years.length === 1 && parsePath(file.path)!.kind === 'fx' ? years[0]! : fxDecadeText(file.starts, years);
    putOrCarry(file.path, text);
  }

  const entries = new Map<string, FileEntry>(carry);
  const enter = (path: string) => entries.set(path, { sha1: sha1Hex(write.get(path)!), bytes: Buffer.byteLength(write.get(path)!) });
  for (const path of write.keys()) enter(path);
  put(paths.downloadsIndex, downloadsIndex(options.asOf, thresholds, entries));
  enter(paths.downloadsIndex);

  const defaultSubcategory = source.subcategories.find((s) => s.sctIsDefault);
  if (!defaultSubcategory) throw new Error('planSnapshot needs a default subcategory (checked by the build before)');
  const coverageOf = (id: number): Coverage | null => {
    const own = source.summary.bySubcategory.get(id);
    return own ? { first: own.first, last: own.last } : null;
  };
  const dailyOf = (id: number) => source.gaps.find((series) => series.sctID === id);
  const refused = source.refused ?? [];
  // /meta is not among the files the content id hashes; what only it says (the
  // refusals outstanding) is hashed as if it were one, so that the id changes
  // when it does. Without refusals the id is the one it always was.
  const answers = new Map(entries);
  if (refused.length > 0) answers.set('meta#refused', { sha1: sha1Hex(JSON.stringify(refused)), bytes: 0 });
  // So is the legacy base's unit (in the routing index only): it changes that base's answers.
  const legacyUnit = options.legacyUnit ?? null;
  if (legacyUnit !== null) answers.set('routing#legacyUnit', { sha1: sha1Hex(legacyUnit), bytes: 0 });
  const meta: Meta = {
    asOf: options.asOf,
    asOfHijri: hijriDate(options.asOf),
    asOfHijriNigeria: nigeriaHijriDate(options.asOf, source.calendar),
    nigeriaCalendarEndsOn: nigeriaCalendarEndsOn(source.calendar),
    timeZone: options.timeZone,
    validUntil: options.validUntil,
    contentId: contentId(answers),
    defaultSubcategoryID: defaultSubcategory.sctID,
    rateCount: all.reduce((sum, s) => sum + s.count, 0),
    subcategories: source.subcategories.map((s) => ({
      sctID: s.sctID,
      sctSlug: s.sctSlug,
      firstDate: coverageOf(s.sctID)?.first ?? null,
      lastDate: coverageOf(s.sctID)?.last ?? null,
      count: source.summary.bySubcategory.get(s.sctID)?.count ?? 0,
      dailyFrom: dailyOf(s.sctID)?.dailyFrom ?? null,
      daysWithoutRate: dailyOf(s.sctID)?.gaps.reduce((sum, gap) => sum + gap.gapDays, 0) ?? null,
    })),
    gaps: '/gaps',
    refused,
  };
  put(paths.meta, renderItem(renderRecord('Meta', meta)));
  enter(paths.meta);

  // Rate lists have derived ETags (router.ts listEtagKey) and month ends are never
  // answered whole: the index holds a few entries per subcategory, not one per file.
  const etags: RoutingIndex['etags'] = {};
  for (const path of [...entries.keys()].sort()) if (hasIndexedEtag(path)) etags[path] = etagOf(entries.get(path)!.sha1);
  const subcategories: RoutingIndex['subcategories'] = {};
  for (const s of source.subcategories) subcategories[String(s.sctID)] = coverageOf(s.sctID);
  const index: RoutingIndex = {
    asOf: options.asOf,
    validUntil: options.validUntil,
    defaultSubcategoryID: defaultSubcategory.sctID,
    all: allCoverage,
    subcategories,
    slugs: Object.fromEntries(source.subcategories.map((s) => [s.sctSlug, s.sctID])),
    currencies: currencies.coverage,
    dailyRateIDs: source.subcategories.filter((s) => s.sctHasDailyRate).map((s) => s.sctID),
    ...(legacyUnit === null ? {} : { legacyUnit }),
    etags,
    snapshot: meta.contentId,
    calendars: { ummAlQura: ummAlQuraTable(), nigeria: source.calendar.map((m) => ({ calMonth: m.calMonth, calFirstDay: m.calFirstDay })) },
  };
  put(paths.routing, JSON.stringify(index) + '\n');
  enter(paths.routing);
  // The mark, named by a hash of every file above (meta and the index included,
  // so the same mark means the same bytes everywhere): a server that holds one
  // snapshot's answers in memory checks with one file test, not a realpath per
  // request, that the folder it serves still holds that snapshot.
  const hex = contentId(entries);
  put(paths.mark(hex), renderItem(JSON.stringify(hex)));
  enter(paths.mark(hex));
  return { write, carry, entries, sources, joined, meta, texts };
}

/**
 * The text answers of the as-of date: the default rule of the default
 * subcategory (gold) and of silver, as /nisab values them. None when gold has no
 * rate yet (an empty database): there is no Nisab to forward.
 */
function textFiles(source: SnapshotSource, nisab: readonly NisabRule[], options: SnapshotOptions) {
  const defaultId = source.subcategories.find((s) => s.sctIsDefault)?.sctID;
  const silverId = source.subcategories.find((s) => s.sctSlug === 'silver')?.sctID;
  const figure = (id: number | undefined): NisabFigure | null => {
    const rule = nisab.find((r) => r.nsbSubcategoryID === id && r.nsbIsDefault);
    return rule && rule.nsbThreshold !== null && rule.nsbValueInNaira !== null && rule.nsbRateDate !== null
      ? { grams: rule.nsbThreshold, naira: rule.nsbValueInNaira, rateDate: rule.nsbRateDate }
      : null;
  };
  const gold = figure(defaultId);
  if (gold === null) return new Map();
  const site = options.siteUrl ? options.siteUrl.replace(/\/+$/, '') : null;
  return textAnswers(
    {
      asOf: options.asOf,
      hijriNigeria: nigeriaHijriDate(options.asOf, source.calendar),
      hijriUmmAlQura: hijriDate(options.asOf),
      gold,
      silver: figure(silverId),
      address: null,
    },
    (lang) => (site === null ? null : site + LANGUAGE_INFO[lang].path),
  );
}

/**
 * The month ends file of every year from the first month end to the last: each
 * subcategory's newest record before the year, then its newest of each month of
 * the year. With the month of a date, that is all a dated answer needs to find
 * the newest record on or before the date, however long the gap before it.
 */
export function monthEndFiles(monthEnds: Rate[]): Map<string, string> {
  const files = new Map<string, string>();
  if (monthEnds.length === 0) return files;
  const before = new Map<number, Rate>();
  const byOrder = (a: Rate, b: Rate) => (a.drtDate < b.drtDate ? -1 : a.drtDate > b.drtDate ? 1 : a.drtSubcategoryID - b.drtSubcategoryID);
  let at = 0;
  for (const start of blockStarts('year', monthEnds[0]!.drtDate, monthEnds.at(-1)!.drtDate)) {
    const end = blockEnd('year', start);
    const lines = [...before.values()].sort(byOrder).map(rateLine);
    for (; at < monthEnds.length && monthEnds[at]!.drtDate <= end; at++) {
      lines.push(rateLine(monthEnds[at]!));
      before.set(monthEnds[at]!.drtSubcategoryID, monthEnds[at]!);
    }
    files.set(paths.monthEnds(start), renderList(lines));
  }
  return files;
}

/** The files whose ETag the routing index keeps (the ones answered whole, except rate lists). */
export function hasIndexedEtag(path: string): boolean {
  const file = parsePath(path);
  return file !== null && INDEXED_ETAG[file.kind];
}

/**
 * Which kinds of file the routing index holds the ETag of: the answers that are
 * one whole file. Rate lists' ETags are derived (router.ts listEtagKey), month
 * ends are never an answer, and the index and the mark are the edges' own.
 */
const INDEXED_ETAG: { [K in SnapshotFile['kind']]: boolean } = {
  meta: true,
  subcategories: true,
  sources: true,
  calendarNigeria: true,
  currencies: true,
  gaps: true,
  announcements: true,
  nisabAll: true,
  nisab: true,
  latest: true,
  shard: false,
  monthEnds: false,
  fx: false,
  fxDecade: false,
  counts: false,
  part: false,
  routing: false,
  mark: false,
  // Static files for people, not answers of the API (docs/API.md §9).
  downloadsIndex: false,
  ratesCsv: false,
  nisabCsv: false,
  calendarIcs: false,
  textAnswer: false,
};

/**
 * A hash of files by path and SHA-1. Of the answers (meta's contentId): changes
 * exactly when an answer changes, the validity time left out on purpose. Of
 * every file but the mark: the mark's name.
 */
export function contentId(entries: Map<string, FileEntry>): string {
  const hash = createHash('sha1');
  for (const path of [...entries.keys()].sort()) hash.update(`${path}\0${entries.get(path)!.sha1}\n`);
  return hash.digest('hex');
}

/** The dates each year's month ends file holds (monthEndFiles), by the year's first day. */
function monthEndDates(monthEnds: Rate[]): Map<string, string[]> {
  const byYear = new Map<string, string[]>();
  if (monthEnds.length === 0) return byYear;
  const before = new Map<number, string>();
  let at = 0;
  for (const start of blockStarts('year', monthEnds[0]!.drtDate, monthEnds.at(-1)!.drtDate)) {
    const end = blockEnd('year', start);
    const dates = [...before.values()];
    for (; at < monthEnds.length && monthEnds[at]!.drtDate <= end; at++) {
      dates.push(monthEnds[at]!.drtDate);
      before.set(monthEnds[at]!.drtSubcategoryID, monthEnds[at]!.drtDate);
    }
    byYear.set(start, dates);
  }
  return byYear;
}

/** The first and last date of every subcategory's rates together, null when there are none. */
export function coverageOfAll(summary: RateSummary): Coverage | null {
  const all = [...summary.bySubcategory.values()];
  if (all.length === 0) return null;
  return {
    first: all.map((s) => s.first).sort()[0]!,
    last: all
      .map((s) => s.last)
      .sort()
      .at(-1)!,
  };
}

/** One FX file (layout.ts paths.fx): its key, and whether the previous snapshot's is carried. */
export interface FxFilePlan {
  path: string;
  code: string;
  /** The first day of each year it holds: one, or a closed decade's from the currency's first year on. */
  starts: string[];
  /**
   * A hash of everything the file is made of: the generator, the monthly-average
   * price sources, its year's month ends dates, the prints of the years of rates
   * its dates come from (read-fx.ts RateYear: the dates and what each holds), and
   * the versions (fx_years) of the currency's years its figures can come from.
   * Equal keys, equal files: a file whose key the previous build gave it is carried unread.
   */
  key: string;
  carry: boolean;
}

export interface CurrencyPlan {
  /** GET /currencies. */
  list: Currency[];
  /** The routing index's coverage of each currency. */
  coverage: NonNullable<RoutingIndex['currencies']>;
  files: FxFilePlan[];
  /** The years of rates whose dates the files to render need (their own year, and their month ends' earlier dates' years). */
  years: Set<string>;
  /** The price sources of the published rates that are monthly averages, sorted: every FX file's `monthly`. */
  monthlyPriceSources: string[];
  /** What the next build carries (the manifest's `fx`). */
  state: { years: FxYears; rates: RateYears };
}

/** A file's dates, each with what it holds (read-fx.ts MONTHLY, DAILY). */
export type FxFileDates = [date: string, kind: number][];

/**
 * GET /currencies, the routing index's coverage of each currency, and the FX
 * files (layout.ts): for each currency other than NGN and USD (whose figures are
 * each rate's own, docs/API.md §2c) and each year from its first rate per US
 * dollar to the newest rate, its newest rate per US dollar on or before every
 * date that the year's rates or month ends file is dated. So a dated or latest
 * answer in a currency reads one FX file, whichever record it values.
 *
 * Made from the summaries of each (currency, year) and each year of rates
 * (read-fx.ts), not from rows: a file whose key is unchanged is carried, and the
 * others name the years whose dates (fxFileDates) and then the rows (fxWindows)
 * are read for them.
 */
export function planCurrencies(
  fx: FxFacts | undefined,
  monthEnds: Rate[],
  all: Coverage | null,
  asOf: string,
  generatorId: string,
  previous: PreviousSnapshot | null,
): CurrencyPlan {
  const list: Currency[] = [];
  const coverage: CurrencyPlan['coverage'] = {};
  const files: FxFilePlan[] = [];
  const years = new Set<string>();
  if (!fx || all === null) return { list, coverage, files, years, monthlyPriceSources: [], state: { years: {}, rates: {} } };
  const ends = monthEndDates(monthEnds);
  const nameOf = (code: string, fallback: string) => fx.names.get(code) ?? fallback;
  // The rates' own facts, from each year's.
  const rateYears = Object.keys(fx.rateYears)
    .sort()
    .map((year) => fx.rateYears[year]!);
  const dailyFirsts = rateYears.map((y) => y[2]).filter((d) => d !== '');
  const dailyLasts = rateYears.map((y) => y[3]).filter((d) => d !== '');
  const monthlyMonths = rateYears.flatMap((y) => y[4]);
  const recordMonths = new Set(monthlyMonths);
  const monthlyPriceSources = [...new Set(rateYears.flatMap((y) => y[5]))].sort();
  const rateDates = rateYears.reduce((sum, y) => sum + y[1], 0);
  // NGN and USD value every record: their spans are the records' own, by kind.
  const spans = {
    curDailyFirst: dailyFirsts[0] ?? null,
    curDailyLast: dailyLasts.at(-1) ?? null,
    curMonthlyFirst: monthlyMonths[0] ?? null,
    curMonthlyLast: monthlyMonths.at(-1) ?? null,
  };
  const own: Currency[] = [
    {
      curCode: NAIRA,
      curName: nameOf(NAIRA, 'Naira'),
      curFirstDate: all.first,
      curLastDate: all.last,
      curCount: rateDates,
      curSources: [...new Set(rateYears.flatMap((y) => y[6]))].sort(),
      ...spans,
    },
    {
      curCode: DOLLAR,
      curName: nameOf(DOLLAR, 'US Dollar'),
      curFirstDate: all.first,
      curLastDate: all.last,
      curCount: rateDates,
      curSources: [DOLLAR_SOURCE],
      ...spans,
    },
  ];
  // What each year's files share, whatever the currency: the years their dates come from, and a hash of those.
  const yearKeys = new Map<string, { from: number; dateYears: string[]; print: string }>();
  const keyOf = (start: string) => {
    let found = yearKeys.get(start);
    if (!found) {
      const year = start.slice(0, 4);
      const endDates = [...new Set(ends.get(start) ?? [])].sort();
      const dateYears = [...new Set([...endDates.map((d) => d.slice(0, 4)), year])].sort();
      const prints = dateYears.map((y) => `${y}=${fx.rateYears[y]?.[7] ?? ''}`);
      // Its figures can come from the MAX_FX_AGE_DAYS before its first date on.
      const first = endDates[0] !== undefined && endDates[0] < start ? endDates[0] : start;
      found = {
        from: Number(addDays(first, -MAX_FX_AGE_DAYS).slice(0, 4)),
        dateYears,
        print: sha1Hex(`${generatorId}\n${monthlyPriceSources.join(',')}\n${endDates.join(',')}\n${prints.join(',')}`),
      };
      yearKeys.set(start, found);
    }
    return found;
  };
  // Each currency's years, in order.
  const yearsOf = new Map<string, [year: string, summary: FxYear][]>();
  for (const key of Object.keys(fx.years).sort()) {
    const [code, year] = key.split('/') as [string, string];
    const list = yearsOf.get(code);
    if (list) list.push([year, fx.years[key]!]);
    else yearsOf.set(code, [[year, fx.years[key]!]]);
  }
  for (const [code, summaries] of yearsOf) {
    // Published: the averages of the months that hold a monthly-average record, the only ones that value one.
    const months = summaries.flatMap(([, y]) => y[5]).filter(([date]) => recordMonths.has(date.slice(0, 7)));
    const daily = summaries.filter(([, y]) => y[1] > 0).map(([, y]) => y);
    if (daily.length === 0 && months.length === 0) continue;
    const dailyFirst = daily[0]?.[2];
    const dailyLast = daily.at(-1)?.[3];
    const bounds = [dailyFirst, months[0]?.[0], dailyLast, months.at(-1)?.[0]].filter((d) => d !== undefined).sort();
    const first = bounds[0]!;
    list.push({
      curCode: code,
      curName: nameOf(code, code),
      curFirstDate: first,
      curLastDate: bounds.at(-1)!,
      curCount: daily.reduce((sum, y) => sum + y[1], 0) + months.length,
      curSources: [...new Set([...daily.flatMap((y) => y[4]), ...months.map(([, source]) => source)])].sort(),
      curDailyFirst: dailyFirst ?? null,
      curDailyLast: dailyLast ?? null,
      curMonthlyFirst: months[0]?.[0].slice(0, 7) ?? null,
      curMonthlyLast: months.at(-1)?.[0].slice(0, 7) ?? null,
    });
    // A closed decade's years share a file (layout.ts fxBlock), each later year has its own.
    const startsOf = new Map<string, string[]>();
    for (const start of blockStarts('year', first, all.last)) {
      const path = paths.fx(code, start, asOf);
      const starts = startsOf.get(path);
      if (starts) starts.push(start);
      else startsOf.set(path, [start]);
    }
    for (const [path, starts] of startsOf) {
      const prints = starts.map((start) => {
        const { from, print } = keyOf(start);
        const versions: string[] = [];
        for (let year = from; year <= Number(start.slice(0, 4)); year++) versions.push(`${year}=${fx.years[`${code}/${year}`]?.[0] ?? ''}`);
        return `${print}\n${versions.join(',')}`;
      });
      const key = sha1Hex(`${path}\n${prints.join('\n')}`);
      const carry = previous !== null && previous.sources[path] === key && previous.files[path] !== undefined;
      files.push({ path, code, starts, key, carry });
      if (!carry) for (const start of starts) for (const year of keyOf(start).dateYears) years.add(year);
    }
  }
  list.push(...own);
  list.sort((a, b) => (a.curCode < b.curCode ? -1 : a.curCode > b.curCode ? 1 : 0));
  for (const c of list) coverage[c.curCode] = { first: c.curFirstDate, last: c.curLastDate };
  return { list, coverage, files, years, monthlyPriceSources, state: { years: fx.years, rates: fx.rateYears } };
}

/** The dates of each FX file to render (each of its years' rates' and month ends' dates), by path, from the years of rates read for them (`dated`: every year plan.years names). */
export function fxFileDates(plan: CurrencyPlan, monthEnds: Rate[], dated: ReadonlyMap<string, DatedYear>): Map<string, FxFileDates[]> {
  const ends = monthEndDates(monthEnds);
  const ofYear = new Map<string, FxFileDates>();
  const datesOf = (start: string) => {
    let found = ofYear.get(start);
    if (!found) {
      const kindOf = (date: string) => dated.get(date.slice(0, 4))?.get(date) ?? 0;
      const dates = new Set([...(ends.get(start) ?? []), ...(dated.get(start.slice(0, 4))?.keys() ?? [])]);
      found = [...dates].sort().map((date) => [date, kindOf(date)] as [string, number]);
      ofYear.set(start, found);
    }
    return found;
  };
  return new Map(plan.files.filter((file) => !file.carry).map((file) => [file.path, file.starts.map(datesOf)]));
}

/** The rows the FX files to render need, by currency: the MAX_FX_AGE_DAYS before each daily date (the year before's, in a year's first week), and each monthly date's month. */
export function fxWindows(plan: CurrencyPlan, dates: ReadonlyMap<string, FxFileDates[]>): Map<string, FxWindows> {
  const windows = new Map<string, FxWindows>();
  for (const file of plan.files) {
    const own = dates.get(file.path);
    if (file.carry || own === undefined) continue;
    const want = windows.get(file.code) ?? windows.set(file.code, { daily: [], months: [] }).get(file.code)!;
    for (const [date, kind] of own.flat()) {
      if (kind & DAILY) want.daily.push([addDays(date, -MAX_FX_AGE_DAYS), date]);
      if (kind & MONTHLY) want.months.push(date.slice(0, 7));
    }
  }
  return windows;
}

/** An FX file's text from its dates and the currency's rows of its windows (fxWindows). */
export function renderFxFile(dates: FxFileDates, rows: FxRows, monthlyPriceSources: readonly string[]): string {
  const sources: string[] = [];
  const sourceIndex = (source: string) => {
    const index = sources.indexOf(source);
    return index === -1 ? sources.push(source) - 1 : index;
  };
  const rates: FxFile['rates'] = {};
  const monthly: FxFile['months'] = {};
  for (const [date, kind] of dates) {
    // A monthly-average record: its currency's average of the same month, or none (docs/API.md §2c).
    if (kind & MONTHLY) {
      const month = rows.monthly.get(date.slice(0, 7));
      if (month !== undefined) monthly[date.slice(0, 7)] = [month.perUSD, sourceIndex(month.source)];
    }
    if (!(kind & DAILY)) continue;
    // The rows read are those of each daily date's window, so the newest of them on or before it is the newest of all, if recent enough.
    const row = newestOnOrBefore(rows.daily, date);
    // Too old to value the record (docs/API.md §2c): absent, so its currency fields are null.
    if (row === undefined || daysBetween(row.date, date) > MAX_FX_AGE_DAYS) continue;
    const index = sourceIndex(row.source);
    rates[date] = row.date === date ? [row.perUSD, index] : [row.perUSD, index, row.date];
  }
  // Written for every year of its coverage, empty when every figure is too old: the router reads it.
  return JSON.stringify({ sources, rates, months: monthly, monthly: monthlyPriceSources }) + '\n';
}

/** The newest row dated on or before `date` (rows in date order). */
function newestOnOrBefore<T extends { date: string }>(rows: readonly T[], date: string): T | undefined {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid]!.date <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? undefined : rows[lo - 1];
}

/** A closed decade's FX file (in-currency.ts FxDecade) from its years' texts: their years, then each text a line. */
function fxDecadeText(starts: readonly string[], years: readonly string[]): string {
  return `[${JSON.stringify(starts.map((start) => start.slice(0, 4)))},\n${years.map((text) => text.slice(0, -1)).join(',\n')}\n]\n`;
}
