// The `fetch` command: ask the sources for each day, turn what they published
// into rate rows, and import them through the same path as a CSV file (same
// checks, same plausibility gate). When any day fails, nothing is written at
// all. The plausibility gate judges each series on its own (plausibility.ts):
// a currency, a metal or the naira rate that fails it is left out from its
// first refused date and reported (here, and in /meta: db/refusals.ts), and
// the rest of the night is imported, so
// one currency's devaluation never holds back the metals. With --write-csv,
// the imported rows are also kept as text (rate-files.ts), with the drtID the
// database gave them.
import type { Database } from 'better-sqlite3';
import type { RateInput } from '../model/schemas.ts';
import type { FxRateInput } from '../model/currencies.ts';
import { checkFxMonthFiles, keepFx } from '../db/fx-files.ts';
import { type AcceptedJumps, NAIRA_SERIES, type Refusal } from '../db/plausibility.ts';
import { importFxRows } from '../db/import-fx.ts';
import { importRateRows, type DayCounts } from '../db/import-rates.ts';
import { makeWritableFolder } from '../db/file-errors.ts';
import { openDatabase, writeError } from '../db/open.ts';
import type { Located, Problems } from '../db/problems.ts';
import { checkMonthFiles, keepRates, type KeptRate } from '../db/rate-files.ts';
import { UserError } from '../errors.ts';
import type { NairaFigure } from './cbn.ts';
import { CBN_NFEM_CARRIED_ID } from './ids.ts';
import { nationalRates } from './currency-api.ts';
import { dayRows, type MetalIds, ownNaira } from './daily-rates.ts';
import type { HttpPolicy } from './http.ts';
import { NAIRA_SOURCES, type NairaSourceEntry, PRICE_SOURCES, type PriceSourceEntry, pricedSlugs, type SourceUrls } from './registry.ts';
import { type DailySource, type DayAnswer, type PriceDay, SourceError } from './source.ts';

/** What to fetch and where, with every source's URLs under its option (registry.ts). */
export type FetchOptions = FetchSettings & SourceUrls;

export interface FetchSettings {
  db: string;
  dates: readonly string[];
  policy: HttpPolicy;
  dryRun?: boolean;
  /** Every series (true) or these by name (plausibility.ts: FX:LBP, naira, gold). */
  acceptJumps?: AcceptedJumps;
  /** The last day imported (the CLI's today in its --time-zone); by default the import's own (stored-limits.ts). */
  today?: string;
  /** Keep the imported rows in DIR/YYYY-MM.csv. */
  writeCsv?: string;
  /** Keep the imported rates per US dollar in DIR/YYYY-MM.csv (fx-files.ts). */
  writeFxCsv?: string;
  warn(line: string): void;
}

export interface FetchResult {
  /** One line per day, in date order. */
  lines: string[];
  written: string[];
  /** Each series the plausibility gate refused, its line then one indented line per finding; empty when none was. */
  refused: string[];
  /** Each source with no URL to ask (a keyed source whose key is unset): not asked, which is no failure. */
  notConfigured: string[];
}

/** A source's entry, once its URLs are known: those with none are not configured, and are not asked. */
function configured<E extends { name: string; env: string; option: string }>(entries: readonly E[], options: FetchOptions, notConfigured: string[]): E[] {
  const urls = options as unknown as Record<string, readonly string[]>;
  return entries.filter((entry) => {
    if (urls[entry.option]!.length > 0) return true;
    notConfigured.push(`${entry.name}: not configured (${entry.env} gives it no URL), not asked`);
    return false;
  });
}

export async function fetchDays(options: FetchOptions): Promise<FetchResult> {
  await checkOutputs(options);
  const db = openDatabase(options.db);
  try {
    const ids = metalIds(db, options.db);
    const national = new Set(db.prepare('SELECT curCode FROM currencies').pluck().all() as string[]);
    checkAcceptedSeries(options, ids, national);
    const notConfigured: string[] = [];
    const sources = configuredSources(options, notConfigured);
    const { rows, fx, described } = await fetchEachDay(db, options, sources, ids, national);
    const label = 'fetched';
    const slugOf = new Map(Object.entries(ids).map(([slug, id]) => [id, slug]));
    const { counts, written, rateRefusals, fxRefusals } = await importFetched(db, options, label, rows, fx, ids, slugOf);
    const verb = options.dryRun ? 'would be ' : '';
    const lines = options.dates.map((date) => {
      const line = described.get(date)!;
      const c = counts.get(date);
      return c ? `${line}: ${verb}${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged` : line;
    });
    const refused = [
      ...rateRefusals.flatMap((r) => describeRefusal(r, (line) => nameRateLine(line, label, rows, slugOf))),
      ...fxRefusals.flatMap((r) => describeRefusal(r, (line) => nameFxLine(line, fx))),
    ];
    return { lines, written, refused, notConfigured };
  } finally {
    db.close();
  }
}

/** The folders and month files the rows will be kept in, checked before anything is fetched or imported. */
async function checkOutputs(options: FetchOptions): Promise<void> {
  // Checked before anything is fetched or imported: a folder refused after the import
  // would leave the rows in the database and not in the files the next rebuild reads.
  if (options.writeCsv && !options.dryRun) checkWritable(options.writeCsv, '--write-csv');
  if (options.writeFxCsv && !options.dryRun) checkWritable(options.writeFxCsv, '--write-fx-csv');
  // A damaged month file would refuse the new rows only after they were fetched: refused first.
  if (options.writeCsv && !options.dryRun) await checkMonthFiles(options.writeCsv, options.dates);
  if (options.writeFxCsv && !options.dryRun) await checkFxMonthFiles(options.writeFxCsv, options.dates);
}

function checkAcceptedSeries(options: FetchOptions, ids: MetalIds, national: ReadonlySet<string>): void {
  // A misspelt name would accept nothing, silently.
  for (const name of options.acceptJumps instanceof Set ? options.acceptJumps : []) {
    if (name === NAIRA_SERIES || (name.startsWith('FX:') && national.has(name.slice(3))) || ids[name] !== undefined) continue;
    throw new UserError(
      `--accept-jumps ${name}: no such series here; name FX:CODE of a national currency, ${NAIRA_SERIES}, or ${Object.keys(ids).join(' or ')}. Nothing was fetched.`,
    );
  }
}

type PriceSources = readonly { entry: PriceSourceEntry; source: DailySource<PriceDay> }[];
type NairaSources = { entry: NairaSourceEntry; source: DailySource<NairaFigure>; failed: boolean }[];

function configuredSources(options: FetchOptions, notConfigured: string[]): { prices: PriceSources; nairas: NairaSources } {
  const context = { policy: options.policy, warn: options.warn };
  const prices = configured(PRICE_SOURCES, options, notConfigured).map((entry) => ({ entry, source: entry.make(options[entry.option], context) }));
  // A naira source that failed outright (not merely without that day) is not asked again in this run.
  const nairas = configured(NAIRA_SOURCES, options, notConfigured).map((entry) => ({
    entry,
    source: entry.make(options[entry.option], context),
    failed: false,
  }));
  if (prices.length === 0) throw new UserError(`no price source is configured (${notConfigured.join('; ')}); nothing was fetched`);
  return { prices, nairas };
}

/** Each day's rows and rates per US dollar, and its line; all days or none (a failed day throws). */
async function fetchEachDay(
  db: Database,
  options: FetchOptions,
  sources: { prices: PriceSources; nairas: NairaSources },
  ids: MetalIds,
  national: ReadonlySet<string>,
): Promise<{ rows: RateInput[]; fx: FxRateInput[]; described: Map<string, string> }> {
  const storedNaira = db.prepare('SELECT drtNairaSource FROM rates WHERE drtSubcategoryID = ? AND drtDate = ?').pluck();
  const rows: RateInput[] = [];
  const fx: FxRateInput[] = [];
  const described = new Map<string, string>();
  const failures: string[] = [];
  for (const date of options.dates) {
    const priced = await priceOf(sources.prices, date);
    if ('failures' in priced) {
      failures.push(...priced.failures);
      continue;
    }
    if ('why' in priced) {
      described.set(date, `${date}: no data published that day (${priced.why})`);
      continue;
    }
    const { entry, value } = priced;
    const naira = (await nairaOf(sources.nairas, date, entry.name, options.warn)) ?? ownNaira(entry, value);
    if (naira === undefined) {
      failures.push(`${date}: no naira rate: no naira source has one and ${entry.name} gives none`);
      continue;
    }
    const day = dayRows(entry, value, naira, ids);
    const kept = officialKept(storedNaira, day);
    if (kept) {
      described.set(date, `${date}: kept the naira rate stored (${kept}); the one fetched is provisional (${naira.source})`);
      continue;
    }
    rows.push(...day);
    const perDollar = nationalRates(date, value.perDollar ?? {}, national, entry.id);
    if (perDollar.unusable) options.warn(`${date}: ${entry.name} gave no usable figure for ${perDollar.unusable.join(', ')}; those are left out`);
    fx.push(...perDollar);
    described.set(date, `${date}: ${describeDay(day, ids)}${perDollar.length > 0 ? `; ${perDollar.length} currencies per US dollar` : ''}`);
  }
  if (failures.length > 0) {
    throw new UserError(`nothing fetched was imported: ${failures.filter((f) => !f.startsWith(' ')).length} of ${options.dates.length} days failed`, failures);
  }
  return { rows, fx, described };
}

/** The day's naira rate from the first naira source that has it (a failed source is marked and skipped after). */
async function nairaOf(nairas: NairaSources, date: string, priceName: string, warn: (line: string) => void): Promise<NairaFigure | undefined> {
  for (const [i, candidate] of nairas.entries()) {
    if (candidate.failed) continue;
    const next = nairas.slice(i + 1).find((n) => !n.failed)?.entry.name ?? priceName;
    try {
      const answer = await candidate.source.day(date);
      if (answer.published) return answer.value;
      warn(`${date}: ${answer.why}; the naira rate is ${next}'s`);
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      candidate.failed = true;
      warn(`${error.message}\n${error.problems.map((p) => `  ${p}`).join('\n')}\nthe naira rates are ${next}'s`);
    }
  }
  return undefined;
}

/** Imports the rows and rates per US dollar (and keeps their text) in one transaction; what the gate refused is left out. */
async function importFetched(
  db: Database,
  options: FetchOptions,
  label: string,
  rows: readonly RateInput[],
  fx: readonly FxRateInput[],
  ids: MetalIds,
  slugOf: ReadonlyMap<number, string>,
): Promise<{ counts: Map<string, DayCounts>; written: string[]; rateRefusals: Refusal[]; fxRefusals: Refusal[] }> {
  let counts = new Map<string, DayCounts>();
  const written: string[] = [];
  const rateRefusals: Refusal[] = [];
  const fxRefusals: Refusal[] = [];
  // What the gate left out is neither in the database nor in the kept text.
  const imported = () => rows.filter((row) => !rateRefusals.some((r) => refusesRate(r, row, slugOf)));
  const importedFx = () => fx.filter((row) => !fxRefusals.some((r) => r.series === `FX:${row.fxCurrency}` && row.fxDate >= r.from));
  if (rows.length > 0) {
    const summary = await importRateRows(db, label, asRecords(rows), {
      dryRun: options.dryRun ?? false,
      acceptJumps: options.acceptJumps ?? false,
      today: options.today,
      refuseAlone: (refusal) => rateRefusals.push(refusal),
      alongside: () =>
        importFxRows(db, FX_LABEL, asRecords(fx), {
          acceptJumps: options.acceptJumps ?? false,
          today: options.today,
          refuseAlone: (refusal) => fxRefusals.push(refusal),
        })
          .then(
            () => undefined,
            (error: unknown) => Promise.reject(error instanceof UserError ? nameFxRows(error, fx) : error),
          )
          .then(async () => {
            written.push(...(await keepImportedText(db, options, imported(), importedFx())));
          }),
    }).catch((error: unknown) => {
      throw error instanceof UserError ? nameRows(error, label, rows, ids) : writeError(options.db, error);
    });
    counts = summary.byDate;
  }
  return { counts, written, rateRefusals, fxRefusals };
}

/** Fetched values handed to an import as a file's records would be, from line 1. */
function asRecords<T>(values: readonly T[]): (problems: Problems, onRecord: (record: Located<T>) => void) => Promise<void> {
  return (_problems, onRecord) => {
    values.forEach((value, i) => {
      onRecord({ line: i + 1, value });
    });
    return Promise.resolve();
  };
}

/**
 * The text of what was imported. It is written inside the import's transaction,
 * which commits only once every file is in place: the database and data/daily
 * both hold the new rows or neither does (the default database is rebuilt from the text).
 */
async function keepImportedText(db: Database, options: FetchOptions, rows: readonly RateInput[], fx: readonly FxRateInput[]): Promise<string[]> {
  if (options.dryRun) return [];
  const written: string[] = [];
  try {
    if (options.writeCsv) written.push(...(await keepRates(options.writeCsv, kept(db, rows))));
    if (options.writeFxCsv && fx.length > 0) written.push(...(await keepFx(options.writeFxCsv, fx)));
  } catch (error) {
    if (error instanceof UserError) throw error;
    const e = error as NodeJS.ErrnoException;
    throw new UserError(`${e.path ?? options.writeCsv}: cannot write the kept text (${e.code ?? e.message}); nothing was imported`);
  }
  return written;
}

/**
 * A naira rate is provisional when it is carried from an earlier working day or
 * is a price source's market rate (docs/operating.md, "Provisional until
 * official"): a later fetch replaces it when the official figure of the day has
 * appeared. Never the reverse: a stored rate is kept when the one fetched now
 * ranks below it (official or entered by hand, then carried, then a market
 * rate), as when the CBN is down. Returns the stored source kept, or undefined
 * to import the day.
 */
function officialKept(stored: { get(sub: number, date: string): unknown }, day: readonly RateInput[]): string | undefined {
  const fetched = day[0];
  if (fetched === undefined) return undefined;
  for (const row of day) {
    const source = stored.get(row.drtSubcategoryID, row.drtDate);
    if (typeof source === 'string' && nairaRank(source) > nairaRank(fetched.drtNairaSource)) return source;
  }
  return undefined;
}

/** 2: the official figure of its day (or one entered by hand); 1: carried from an earlier working day; 0: a price source's market rate. Below 2 it is provisional. */
export function nairaRank(nairaSource: string | undefined): 0 | 1 | 2 {
  if (nairaSource === CBN_NFEM_CARRIED_ID) return 1;
  return PRICE_SOURCES.some((entry) => entry.id === nairaSource) ? 0 : 2;
}

function checkWritable(dir: string, option: string): void {
  try {
    makeWritableFolder(dir);
  } catch (error) {
    const { code, path: where } = error as NodeJS.ErrnoException;
    if (code === 'ENOTDIR') {
      throw new UserError(
        `${option} ${dir}: ${where ?? dir} is a file, not a folder; name the folder the month files are kept in (e.g. data/daily). Nothing was fetched or imported.`,
      );
    }
    throw new UserError(`${option} ${dir}: cannot write there (${code}); fix the permissions or name another folder. Nothing was fetched or imported.`);
  }
}

type Priced = { entry: PriceSourceEntry; value: PriceDay } | { why: string } | { failures: string[] };

/**
 * The day as the first price source that publishes it gives it. When none does:
 * why not, or, when any source failed (it cannot say whether the day is out),
 * the failure lines of the day.
 */
async function priceOf(
  prices: readonly { entry: PriceSourceEntry; source: { day(date: string): Promise<DayAnswer<PriceDay>> } }[],
  date: string,
): Promise<Priced> {
  const unpublished: string[] = [];
  const failures: string[] = [];
  for (const { entry, source } of prices) {
    try {
      const answer = await source.day(date);
      if (answer.published) return { entry, value: answer.value };
      unpublished.push(answer.why);
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      failures.push(`${date}: ${error.message}`, ...error.problems.map((p) => `  ${p}`));
    }
  }
  return failures.length > 0 ? { failures } : { why: unpublished.join('; ') };
}

function metalIds(db: Database, file: string): MetalIds {
  const ids: Record<string, number> = {};
  for (const slug of pricedSlugs()) {
    const id = db.prepare('SELECT sctID FROM subcategories WHERE sctSlug = ?').pluck().get(slug);
    if (typeof id !== 'number') throw new UserError(`${file}: no subcategory with the slug ${slug}; import the subcategories first`);
    ids[slug] = id;
  }
  return ids;
}

/** `gold 133.123456, silver 1.948877 USD/g; 1330.4737 NGN/USD (cbn-nfem)` */
function describeDay(rows: readonly RateInput[], ids: MetalIds): string {
  const slugOf = new Map(Object.entries(ids).map(([slug, id]) => [id, slug]));
  const prices = rows.map((r) => `${slugOf.get(r.drtSubcategoryID)} ${r.drtInUSD}`).join(', ');
  const first = rows[0]!;
  const carried = first.drtNairaDate && first.drtNairaDate !== first.drtDate ? ` of ${first.drtNairaDate}` : '';
  return `${prices} USD/g; ${first.drtUSDinNaira} NGN/USD (${first.drtNairaSource}${carried})`;
}

/** The import's problems name rows by number; say which day and metal each one is. */
function nameRows(error: UserError, label: string, rows: readonly RateInput[], ids: MetalIds): UserError {
  const slugOf = new Map(Object.entries(ids).map(([slug, id]) => [id, slug]));
  const problems = error.problems.map((line) => nameRateLine(line, label, rows, slugOf));
  return new UserError(error.message.replace(`${label}: nothing imported`, 'nothing fetched was imported'), problems);
}

function nameRateLine(line: string, label: string, rows: readonly RateInput[], slugOf: ReadonlyMap<number, string>): string {
  return line.replace(new RegExp(`^${label}:(\\d+):`), (_, n: string) => {
    const row = rows[Number(n) - 1]!;
    return `${row.drtDate} ${slugOf.get(row.drtSubcategoryID)}:`;
  });
}

/** The rate row is one the refusal left out: the naira rate refuses every metal's row of its days. */
function refusesRate(refusal: Refusal, row: RateInput, slugOf: ReadonlyMap<number, string>): boolean {
  return row.drtDate >= refusal.from && (refusal.series === NAIRA_SERIES || refusal.series === slugOf.get(row.drtSubcategoryID));
}

/** `refused FX:LBP from 2026-09-29 (1 row); the rest is imported:` then each finding, indented. */
function describeRefusal(refusal: Refusal, name: (line: string) => string): string[] {
  const rows = `${refusal.rows} ${refusal.rows === 1 ? 'row' : 'rows'}`;
  return [`refused ${refusal.series} from ${refusal.from} (${rows}); the rest is imported:`, ...refusal.problems.map((p) => `  ${name(p)}`)];
}

const FX_LABEL = 'fetched-fx';

/** The FX import's problems name rows by number; say which day and currency each one is. */
function nameFxRows(error: UserError, fx: readonly FxRateInput[]): UserError {
  const problems = error.problems.map((line) => nameFxLine(line, fx));
  return new UserError(error.message.replace(`${FX_LABEL}: nothing imported`, 'nothing fetched was imported'), problems);
}

function nameFxLine(line: string, fx: readonly FxRateInput[]): string {
  return line.replace(new RegExp(`^${FX_LABEL}:(\\d+):`), (_, n: string) => {
    const row = fx[Number(n) - 1]!;
    return `${row.fxDate} ${row.fxCurrency}:`;
  });
}

/** The rows as kept in text, with the drtID each one has in the database. */
function kept(db: Database, rows: readonly RateInput[]): KeptRate[] {
  const idOf = db.prepare('SELECT drtID FROM rates WHERE drtSubcategoryID = ? AND drtDate = ?').pluck();
  return rows.map((row) => {
    const drtID = idOf.get(row.drtSubcategoryID, row.drtDate);
    if (typeof drtID !== 'number') throw new Error(`the imported rate of subcategory ${row.drtSubcategoryID} on ${row.drtDate} is not in the database`);
    return { ...row, drtID };
  });
}
