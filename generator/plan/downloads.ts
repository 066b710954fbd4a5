// The bulk downloads (docs/API.md §9): every published rate record as CSV, and
// the daily gold and silver Nisab in US dollars and Naira for every date that
// has a rate, a year a file, so no file grows with the history (a year of every
// subcategory is far smaller as CSV than a decade's JSON shard, which the build
// already bounds). They are made from the "all" scope's rate shards, the very
// records the API answers with, and a closed year is carried over like its
// shard (a nightly build renders the open year's two files only).
import { z } from 'zod';
import { listBody, LIST_SEPARATOR } from '../router/envelope.ts';
import { blockEnd, parsePath, paths } from '../router/layout.ts';
import { money } from '../router/money.ts';
import { RECORD_SHAPES } from '../router/records.ts';
import type { NisabRuleInput, Rate, Subcategory } from '../model/schemas.ts';

/** The rate record's fields, in its published order: the columns of the rates CSV. */
export const RATE_CSV_COLUMNS: readonly string[] = RECORD_SHAPES.Rate.fields;

/** One row per date with a gold or a silver rate; a metal without a rate that day has empty cells. */
export const NISAB_CSV_COLUMNS = ['date', 'goldGrams', 'goldNisabInUSD', 'goldNisabInNaira', 'silverGrams', 'silverNisabInUSD', 'silverNisabInNaira'] as const;

export const DownloadsIndex = z.strictObject({
  asOf: z.string().describe("the snapshot's as-of date"),
  columns: z.strictObject({ rates: z.array(z.string()), nisab: z.array(z.string()) }),
  nisab: z
    .strictObject({ goldGrams: z.number().nullable(), silverGrams: z.number().nullable() })
    .describe('the thresholds of the default gold and silver rules the Nisab columns are valued at'),
  files: z.array(
    z.strictObject({
      path: z.string(),
      kind: z.enum(['rates', 'nisab']),
      from: z.string().describe('the first day of the year'),
      to: z.string().describe('its last day'),
      bytes: z.number().int(),
      sha1: z.string(),
    }),
  ),
});
export type DownloadsIndex = z.infer<typeof DownloadsIndex>;

/** A shard of the "all" scope, as the plan has it. */
export interface DownloadShard {
  path: string;
  level: string;
  start: string;
  print: string;
  children: { path: string }[];
}

export interface Thresholds {
  gold: { id: number; grams: number; unit: string } | null;
  silver: { id: number; grams: number; unit: string } | null;
}

/** The default rule's threshold of the gold and the silver subcategory (by slug): the 85 g and 595 g of the Nisab columns. */
export function nisabThresholds(subcategories: readonly Subcategory[], rules: readonly NisabRuleInput[]): Thresholds {
  const of = (slug: string) => {
    const subcategory = subcategories.find((s) => s.sctSlug === slug);
    const rule = subcategory && rules.find((r) => r.nsbSubcategoryID === subcategory.sctID && r.nsbIsDefault && r.nsbThreshold !== null);
    return subcategory && rule ? { id: subcategory.sctID, grams: rule.nsbThreshold!, unit: rule.nsbThresholdUnit ?? subcategory.sctUnit } : null;
  };
  return { gold: of('gold'), silver: of('silver') };
}

const cell = (value: unknown) => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

function records(text: string): Rate[] {
  const body = listBody(text);
  return body.count === 0 ? [] : body.joined.split(LIST_SEPARATOR).map((line) => JSON.parse(line) as Rate);
}

export function ratesCsv(rates: readonly Rate[]): string {
  const rows = rates.map((rate) => RATE_CSV_COLUMNS.map((column) => cell((rate as unknown as Record<string, unknown>)[column])).join(','));
  return [RATE_CSV_COLUMNS.join(','), ...rows].join('\n') + '\n';
}

/** Valued as /nisab?date= values the default rule at a rate of that day (router/nisab-value.ts: the same money rounding, the same unit check). */
export function nisabCsv(rates: readonly Rate[], thresholds: Thresholds): string {
  const byDate = new Map<string, { gold?: Rate; silver?: Rate }>();
  for (const rate of rates) {
    const metal = thresholds.gold?.id === rate.drtSubcategoryID ? 'gold' : thresholds.silver?.id === rate.drtSubcategoryID ? 'silver' : null;
    if (metal === null) continue;
    const day = byDate.get(rate.drtDate) ?? {};
    day[metal] = rate;
    byDate.set(rate.drtDate, day);
  }
  const value = (threshold: Thresholds['gold'], rate: Rate | undefined) =>
    threshold && rate && rate.drtUnit === threshold.unit
      ? [threshold.grams, money([threshold.grams, rate.drtInUSD]), money([threshold.grams, rate.drtInUSD, rate.drtUSDinNaira])]
      : [null, null, null];
  const rows = [...byDate.keys()].sort().map((date) => {
    const day = byDate.get(date)!;
    return [date, ...value(thresholds.gold, day.gold), ...value(thresholds.silver, day.silver)].map(cell).join(',');
  });
  return [NISAB_CSV_COLUMNS.join(','), ...rows].join('\n') + '\n';
}

export interface PlannedDownloads {
  /** Files to write. */
  write: Map<string, string>;
  /** Files carried over from the previous snapshot. */
  carry: string[];
  /** Each download's fingerprint, kept with the shards' for the next build. */
  prints: { [path: string]: string };
}

/**
 * The downloads of every year the "all" scope has shards in: a closed year from
 * its year shard, the open year from its top shards (its closed months and its
 * open month), carried when their fingerprints and the thresholds are unchanged.
 */
export function planDownloads(
  shards: readonly DownloadShard[],
  textOf: (path: string) => string,
  thresholds: Thresholds,
  previous: { sources: { [path: string]: string }; files: { [path: string]: unknown } } | null,
): PlannedDownloads {
  const inner = new Set(shards.flatMap((s) => s.children.map((c) => c.path)));
  const years = new Map<string, DownloadShard[]>();
  for (const shard of shards) {
    // A closed year's own shard; else what no other shard holds and lies in one year (the open year's months).
    const year =
      shard.level === 'year' || (!inner.has(shard.path) && (shard.level === 'months' || shard.level === 'month')) ? `${shard.start.slice(0, 4)}-01-01` : null;
    if (year !== null) years.set(year, [...(years.get(year) ?? []), shard]);
  }
  const planned: PlannedDownloads = { write: new Map(), carry: [], prints: {} };
  const salt = JSON.stringify(thresholds);
  for (const year of [...years.keys()].sort()) {
    const tops = years.get(year)!.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    const print = `${salt}|${tops.map((s) => `${s.path}:${s.print}`).join('|')}`;
    let rates: Rate[] | null = null;
    for (const [path, render] of [
      [paths.ratesCsv(year), (r: Rate[]) => ratesCsv(r)],
      [paths.nisabCsv(year), (r: Rate[]) => nisabCsv(r, thresholds)],
    ] as const) {
      planned.prints[path] = print;
      if (previous && previous.sources[path] === print && previous.files[path]) {
        planned.carry.push(path);
        continue;
      }
      rates ??= tops.flatMap((s) => records(textOf(s.path)));
      planned.write.set(path, render(rates));
    }
  }
  return planned;
}

/** The index of the downloads, written every build (it names each file's size and hash). */
export function downloadsIndex(asOf: string, thresholds: Thresholds, entries: Map<string, { sha1: string; bytes: number }>): string {
  const files: DownloadsIndex['files'] = [];
  for (const path of [...entries.keys()].sort()) {
    const file = parsePath(path);
    if (file?.kind !== 'ratesCsv' && file?.kind !== 'nisabCsv') continue;
    const kind = file.kind === 'ratesCsv' ? 'rates' : 'nisab';
    files.push({ path, kind, from: file.start, to: blockEnd('year', file.start), bytes: entries.get(path)!.bytes, sha1: entries.get(path)!.sha1 });
  }
  const index: DownloadsIndex = {
    asOf,
    columns: { rates: [...RATE_CSV_COLUMNS], nisab: [...NISAB_CSV_COLUMNS] },
    nisab: { goldGrams: thresholds.gold?.grams ?? null, silverGrams: thresholds.silver?.grams ?? null },
    files,
  };
  return `${JSON.stringify(index, null, 1)}\n`;
}
