// The `fetch` command: ask the sources for each day, turn what they published
// into rate rows, and import them through the same all-or-nothing path as a
// CSV file (same checks, same plausibility gate). When any day fails, nothing
// is written at all. With --write-csv, the imported rows are also kept as
// text (rate-files.ts), with the drtID the database gave them.
import type { Database } from 'better-sqlite3';
import type { RateInput } from '../core/schemas.ts';
import type { FxRateInput } from '../core/currencies.ts';
import { keepFx } from '../db/fx-files.ts';
import { importFxRows } from '../db/import-fx.ts';
import { importRateRows, type DayCounts } from '../db/import-rates.ts';
import { makeWritableFolder } from '../db/file-errors.ts';
import { openDatabase, writeError } from '../db/open.ts';
import { keepRates, type KeptRate } from '../db/rate-files.ts';
import { UserError } from '../errors.ts';
import { cbnNfem, type NairaFigure } from './cbn.ts';
import { currencyApi, nationalRates } from './currency-api.ts';
import { dayRows, METALS, type MetalIds } from './daily-rates.ts';
import type { HttpPolicy } from './http.ts';
import { SourceError } from './source.ts';

export interface FetchOptions {
  db: string;
  dates: readonly string[];
  currencyUrls: readonly string[];
  cbnBases: readonly string[];
  policy: HttpPolicy;
  dryRun?: boolean;
  acceptJumps?: boolean;
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
}

export async function fetchDays(options: FetchOptions): Promise<FetchResult> {
  // Checked before anything is fetched or imported: a folder refused after the import
  // would leave the rows in the database and not in the files the next rebuild reads.
  if (options.writeCsv && !options.dryRun) checkWritable(options.writeCsv, '--write-csv');
  if (options.writeFxCsv && !options.dryRun) checkWritable(options.writeFxCsv, '--write-fx-csv');
  const db = openDatabase(options.db);
  try {
    const ids = metalIds(db, options.db);
    const national = new Set(db.prepare('SELECT curCode FROM currencies').pluck().all() as string[]);
    const fx: FxRateInput[] = [];
    const currency = currencyApi(options.currencyUrls, options.policy);
    const cbn = cbnNfem(options.cbnBases, options.policy, options.warn);
    let cbnFailed = false;

    const rows: RateInput[] = [];
    const described = new Map<string, string>();
    const failures: string[] = [];
    for (const date of options.dates) {
      let answer;
      try {
        answer = await currency.day(date);
      } catch (error) {
        if (!(error instanceof SourceError)) throw error;
        failures.push(`${date}: ${error.message}`, ...error.problems.map((p) => `  ${p}`));
        continue;
      }
      if (!answer.published) {
        described.set(date, `${date}: no data published that day (${answer.why})`);
        continue;
      }
      let naira: NairaFigure | undefined;
      if (!cbnFailed) {
        try {
          const official = await cbn.day(date);
          if (official.published) naira = official.value;
          else options.warn(`${date}: ${official.why}; the naira rate is the currency API's`);
        } catch (error) {
          if (!(error instanceof SourceError)) throw error;
          cbnFailed = true;
          options.warn(`${error.message}\n${error.problems.map((p) => `  ${p}`).join('\n')}\nthe naira rates are the currency API's`);
        }
      }
      const day = dayRows(answer.value, naira, ids);
      rows.push(...day);
      const perDollar = nationalRates(date, answer.value.usd ?? {}, national);
      if (perDollar.unusable) options.warn(`${date}: the currency API gave no usable figure for ${perDollar.unusable.join(', ')}; those are left out`);
      fx.push(...perDollar);
      described.set(date, `${date}: ${describeDay(day)}${perDollar.length > 0 ? `; ${perDollar.length} currencies per US dollar` : ""}`);
    }
    if (failures.length > 0) {
      throw new UserError(`nothing fetched was imported: ${failures.filter((f) => !f.startsWith(' ')).length} of ${options.dates.length} days failed`, failures);
    }

    let counts = new Map<string, DayCounts>();
    if (rows.length > 0) {
      const label = 'fetched';
      const summary = await importRateRows(db, label, (_problems, onRecord) => {
        rows.forEach((value, i) => {
          onRecord({ line: i + 1, value });
        });
        return Promise.resolve();
      }, {
        dryRun: options.dryRun ?? false,
        acceptJumps: options.acceptJumps ?? false,
        alongside: () =>
          importFxRows(db, FX_LABEL, (_problems, onRecord) => {
            fx.forEach((value, i) => {
              onRecord({ line: i + 1, value });
            });
            return Promise.resolve();
          }, { acceptJumps: options.acceptJumps ?? false }).then(
            () => undefined,
            (error: unknown) => Promise.reject(error instanceof UserError ? nameFxRows(error, fx) : error),
          ),
      }).catch((error: unknown) => {
        throw error instanceof UserError ? nameRows(error, label, rows, ids) : writeError(options.db, error);
      });
      counts = summary.byDate;
    }
    const written = options.writeCsv && !options.dryRun && rows.length > 0 ? await keepRates(options.writeCsv, kept(db, rows)) : [];
    if (options.writeFxCsv && !options.dryRun && fx.length > 0) written.push(...(await keepFx(options.writeFxCsv, fx)));
    const verb = options.dryRun ? 'would be ' : '';
    const lines = options.dates.map((date) => {
      const line = described.get(date)!;
      const c = counts.get(date);
      return c ? `${line}: ${verb}${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged` : line;
    });
    return { lines, written };
  } finally {
    db.close();
  }
}

function checkWritable(dir: string, option: string): void {
  try {
    makeWritableFolder(dir);
  } catch (error) {
    throw new UserError(`${option} ${dir}: cannot write there (${(error as NodeJS.ErrnoException).code}); fix the permissions or name another folder. Nothing was fetched or imported.`);
  }
}

function metalIds(db: Database, file: string): MetalIds {
  const ids = {} as MetalIds;
  for (const { slug } of METALS) {
    const id = db.prepare('SELECT sctID FROM subcategories WHERE sctSlug = ?').pluck().get(slug) as number | undefined;
    if (id === undefined) throw new UserError(`${file}: no subcategory with the slug ${slug}; import the subcategories first`);
    ids[slug] = id;
  }
  return ids;
}

/** `gold 133.123456, silver 1.948877 USD/g; 1330.4737 NGN/USD (cbn-nfem)` */
function describeDay(rows: readonly RateInput[]): string {
  const prices = rows.map((r, i) => `${METALS[i]!.slug} ${r.drtInUSD}`).join(', ');
  const first = rows[0]!;
  const carried = first.drtNairaDate && first.drtNairaDate !== first.drtDate ? ` of ${first.drtNairaDate}` : '';
  return `${prices} USD/g; ${first.drtUSDinNaira} NGN/USD (${first.drtNairaSource}${carried})`;
}

/** The import's problems name rows by number; say which day and metal each one is. */
function nameRows(error: UserError, label: string, rows: readonly RateInput[], ids: MetalIds): UserError {
  const slugOf = new Map(Object.entries(ids).map(([slug, id]) => [id, slug]));
  const problems = error.problems.map((line) =>
    line.replace(new RegExp(`^${label}:(\\d+):`), (_, n: string) => {
      const row = rows[Number(n) - 1]!;
      return `${row.drtDate} ${slugOf.get(row.drtSubcategoryID)}:`;
    }),
  );
  return new UserError(error.message.replace(`${label}: nothing imported`, 'nothing fetched was imported'), problems);
}

const FX_LABEL = 'fetched-fx';

/** The FX import's problems name rows by number; say which day and currency each one is. */
function nameFxRows(error: UserError, fx: readonly FxRateInput[]): UserError {
  const problems = error.problems.map((line) =>
    line.replace(new RegExp(`^${FX_LABEL}:(\\d+):`), (_, n: string) => {
      const row = fx[Number(n) - 1]!;
      return `${row.fxDate} ${row.fxCurrency}:`;
    }),
  );
  return new UserError(error.message.replace(`${FX_LABEL}: nothing imported`, 'nothing fetched was imported'), problems);
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
