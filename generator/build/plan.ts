// The snapshot as a pure function of its source: every answer of the API as an
// envelope file, plus the router's index. No clock, no I/O: the same source as
// of the same date gives the same files, byte for byte.
import { createHash } from 'node:crypto';
import { renderItem, renderList } from '../core/envelope.ts';
import { LEVELS, paths, type Coverage, type Level, type Scope } from '../core/layout.ts';
import { etagOf, type RoutingIndex } from '../core/router.ts';
import type { Category, Meta, NisabRule, NisabRuleInput, Rate, Subcategory } from '../core/schemas.ts';
import { withValues } from './nisab-values.ts';

export interface SnapshotSource {
  categories: Category[];
  /** Ordered by sctID. */
  subcategories: Subcategory[];
  /** Only records dated up to the as-of date, ordered by drtDate then drtSubcategoryID. */
  rates: Rate[];
  /** Ordered by nsbID. */
  nisab: NisabRuleInput[];
}

export interface SnapshotOptions {
  asOf: string;
  timeZone: string;
  /** ISO instant of the next nightly build. */
  validUntil: string;
}

export function sha1Hex(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** Key order is part of the public bytes, so records are written field by field. */
function rateJson(rate: Rate): string {
  return JSON.stringify({
    drtID: rate.drtID,
    drtSubcategoryID: rate.drtSubcategoryID,
    drtDate: rate.drtDate,
    drtInUSD: rate.drtInUSD,
    drtUSDinNaira: rate.drtUSDinNaira,
    drtInNaira: rate.drtInNaira,
    drtUnit: rate.drtUnit,
  });
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The first day of every block of a level from the block of `first` to that of `last`. */
function blockStarts(level: Level, first: string, last: string): string[] {
  if (level === 'all') return [first];
  const starts: string[] = [];
  const step = level === 'month' ? 1 : level === 'year' ? 12 : 120;
  let year = Number(first.slice(0, 4));
  let month = level === 'month' ? Number(first.slice(5, 7)) : 1;
  if (level === 'decade') year -= year % 10;
  for (;;) {
    const start = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
    if (start > last) break;
    starts.push(start);
    month += step;
    year += Math.floor((month - 1) / 12);
    month = ((month - 1) % 12) + 1;
  }
  return starts;
}

/**
 * Every shard of one scope: each record line in its month, year, decade and the
 * whole list. Blocks without records between the first and last date get an
 * empty list, so every block a range can name exists.
 */
function planShards(files: Map<string, string>, scope: Scope, lines: string[], dates: string[]): void {
  if (lines.length === 0) return;
  const last = dates[dates.length - 1]!;
  for (const level of LEVELS) {
    let i = 0;
    for (const start of blockStarts(level, dates[0]!, last)) {
      const path = paths.shard(scope, level, start);
      const block: string[] = [];
      while (i < lines.length && paths.shard(scope, level, dates[i]!) === path) block.push(lines[i++]!);
      files.set(path, renderList(block));
    }
  }
}

function coverage(rates: Rate[]): Coverage | null {
  return rates.length === 0 ? null : { first: rates[0]!.drtDate, last: rates[rates.length - 1]!.drtDate };
}

export interface PlannedSnapshot {
  /** Path (relative to the snapshot root) -> content, every envelope file and v1/routing.json. */
  files: Map<string, string>;
  meta: Meta;
  index: RoutingIndex;
  nisab: NisabRule[];
}

export function planSnapshot(source: SnapshotSource, options: SnapshotOptions): PlannedSnapshot {
  const files = new Map<string, string>();
  const rates = source.rates.filter((rate) => rate.drtDate <= options.asOf);
  const bySubcategory = groupBy(rates, (rate) => String(rate.drtSubcategoryID));
  const subcategoryById = new Map(source.subcategories.map((s) => [s.sctID, s]));
  const defaultSubcategory = source.subcategories.find((s) => s.sctIsDefault);
  if (!defaultSubcategory) throw new Error('planSnapshot needs a default subcategory (checked by the build before)');

  const lines = rates.map(rateJson);
  planShards(files, 'all', lines, rates.map((r) => r.drtDate));
  const latest = new Map<number, Rate>();
  const subcategoryCoverage: RoutingIndex['subcategories'] = {};
  for (const subcategory of source.subcategories) {
    const own = bySubcategory.get(String(subcategory.sctID)) ?? [];
    subcategoryCoverage[String(subcategory.sctID)] = coverage(own);
    if (own.length === 0) continue;
    planShards(files, subcategory.sctID, own.map(rateJson), own.map((r) => r.drtDate));
    const newest = own[own.length - 1]!;
    latest.set(subcategory.sctID, newest);
    files.set(paths.latest(subcategory.sctID), renderItem(rateJson(newest)));
  }

  const nisab = source.nisab.map((rule) => withValues(rule, subcategoryById, latest));
  const nisabJson = nisab.map((rule) => JSON.stringify(rule));
  files.set(paths.nisabAll, renderList(nisabJson));
  for (const subcategory of source.subcategories) {
    files.set(paths.nisab(subcategory.sctID), renderList(nisabJson.filter((_, i) => nisab[i]!.nsbSubcategoryID === subcategory.sctID)));
  }
  files.set(paths.subcategories, renderList(source.subcategories.map((s) => JSON.stringify(s))));

  const meta: Meta = {
    asOf: options.asOf,
    timeZone: options.timeZone,
    validUntil: options.validUntil,
    contentId: contentId(files),
    defaultSubcategoryID: defaultSubcategory.sctID,
    rateCount: rates.length,
    subcategories: source.subcategories.map((s) => {
      const own = subcategoryCoverage[String(s.sctID)] ?? null;
      return {
        sctID: s.sctID,
        sctSlug: s.sctSlug,
        firstDate: own ? own.first : null,
        lastDate: own ? own.last : null,
        count: bySubcategory.get(String(s.sctID))?.length ?? 0,
      };
    }),
  };
  files.set(paths.meta, renderItem(JSON.stringify(meta)));

  const etags: RoutingIndex['etags'] = {};
  for (const path of [...files.keys()].sort()) etags[path] = etagOf(sha1Hex(files.get(path)!));
  const index: RoutingIndex = {
    asOf: options.asOf,
    validUntil: options.validUntil,
    defaultSubcategoryID: defaultSubcategory.sctID,
    all: coverage(rates),
    subcategories: subcategoryCoverage,
    etags,
  };
  files.set(paths.routing, JSON.stringify(index) + '\n');
  return { files, meta, index, nisab };
}

/** Changes exactly when an answer changes; the validity time is left out on purpose. */
function contentId(files: Map<string, string>): string {
  const hash = createHash('sha1');
  for (const path of [...files.keys()].sort()) hash.update(path + '\0' + sha1Hex(files.get(path)!) + '\n');
  return hash.digest('hex');
}
