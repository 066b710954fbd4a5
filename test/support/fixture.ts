// The fixture snapshot every server test reads: a real SQLite file loaded
// through the real imports, then built by the real build. Its data is made to
// hold the awkward cases: a gap of weeks, two leap days, year and decade
// boundaries, a sparse subcategory, subcategories without rates or rules, and
// records dated after the as-of date.
import { hijriDate } from '../../generator/model/hijri.ts';
import { copyFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { buildSnapshot, type BuildOptions } from '../../generator/snapshot/build.ts';
import { registerMoney } from '../../generator/db/money-sql.ts';
import { DATA_DIR, loadDatabase } from '../../generator/db/default-db.ts';
import { keepFx } from '../../generator/db/fx-files.ts';
import type { FxRateInput } from '../../generator/model/currencies.ts';
import { copyOfBuilt } from './built-once.ts';

export const AS_OF = '2024-03-15';
export const FIRST_DATE = '2019-12-20';
export const GAP = { from: '2021-06-10', to: '2021-07-04' };
export const SUBCATEGORIES = { gold: 1, silver: 2, cash: 3, camels: 5, rikaz: 9, platinum: 11, empty: 12 };

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = parseISO(from); format(d, 'yyyy-MM-dd') <= to; d = addDays(d, 1)) out.push(format(d, 'yyyy-MM-dd'));
  return out;
}

/**
 * The first day of a price source whose figure is of its day (srcFigure daily-reference) for
 * gold and for silver: their daily series (docs/API.md §3f); the rates before are 'manual'.
 * Gold's series has GAP inside it; silver's, a rate each Monday, six days of gap a week.
 */
export const DAILY_FROM = { gold: '2021-01-01', silver: '2022-01-01' };

function ratesCsv(): string {
  const rows = ['drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira,drtPriceSource'];
  const source = (date: string, from: string) => (date >= from ? 'currency-api' : 'manual');
  days(FIRST_DATE, '2024-03-20').forEach((date, i) => {
    const naira = (400 + i * 0.731).toFixed(4);
    if (date < GAP.from || date > GAP.to) rows.push(`${date},1,${(50 + (i % 97) * 0.1371).toFixed(4)},${naira},${source(date, DAILY_FROM.gold)}`);
    if (parseISO(date).getDay() === 1) rows.push(`${date},2,${(0.6 + (i % 13) * 0.0137).toFixed(4)},${naira},${source(date, DAILY_FROM.silver)}`);
    if (['2019-12-31', '2020-01-01', '2020-02-29', '2023-12-31', '2024-01-01', '2024-02-29'].includes(date)) {
      // The month ends are monthly averages (their source's srcFigure is monthly-average, docs/API.md §2c).
      rows.push(`${date},11,${(30 + (i % 7)).toFixed(2)},${naira},${date.endsWith('-01') ? 'manual' : 'worldbank-pink-sheet'}`);
    }
  });
  return rows.join('\n') + '\n';
}

// Currencies (docs/API.md §2c): GBP on weekdays from 2020-01-06 (so the first records
// have none), EUR once a month from 2021-01-15 (used for 7 days, then null:
// MAX_FX_AGE_DAYS), JPY on one day, and
// rows after the as-of date that must not show.
const CURRENCIES_CSV = 'curCode,curName\nEUR,Euro\nGBP,Pound Sterling\nJPY,Yen\nNGN,Naira\nUSD,US Dollar\n';
export const FX_CODES = ['EUR', 'GBP', 'JPY', 'NGN', 'USD'];

function fxRows(): FxRateInput[] {
  const rows: FxRateInput[] = [];
  days('2020-01-06', '2024-03-20').forEach((date, i) => {
    const weekday = parseISO(date).getDay();
    if (weekday !== 0 && weekday !== 6)
      rows.push({ fxDate: date, fxCurrency: 'GBP', fxPerUSD: Number((0.75 + (i % 50) * 0.0013 + 0.00000007).toFixed(8)), fxSource: 'manual' });
    if (date >= '2021-01-15' && date.endsWith('-15'))
      rows.push({ fxDate: date, fxCurrency: 'EUR', fxPerUSD: Number((0.85 + (i % 11) * 0.0071).toFixed(6)), fxSource: 'manual' });
  });
  rows.push({ fxDate: '2023-06-30', fxCurrency: 'JPY', fxPerUSD: 144.5, fxSource: 'manual' });
  return rows;
}

// Monthly averages (data/fx-monthly, docs/API.md §2c): GBP of the months of three of the four
// monthly-average records (not 2020-02: that record has none in GBP, though GBP has daily
// figures then), JPY of 2024-02, which has no daily figure near it; one after the as-of date.
function fxMonthlyRows(): FxRateInput[] {
  const h10 = (fxDate: string, fxCurrency: string, fxPerUSD: number) => ({ fxDate, fxCurrency, fxPerUSD, fxSource: 'fed-h10-monthly' });
  return [
    h10('2019-12-01', 'GBP', 0.7659),
    h10('2023-12-01', 'GBP', 0.7936),
    h10('2024-02-01', 'GBP', 0.7919),
    h10('2024-02-01', 'JPY', 149.58),
    h10('2024-04-01', 'GBP', 0.7988),
  ];
}

const SUBCATEGORY_CSV = `sctID,sctSlug,sctName,sctUnit,sctHasDailyRate,sctIsDefault
1,gold,Gold,gram,true,true
2,silver,Silver,gram,true,false
3,cash,Cash and savings,currency,false,false
5,camels,Camels,head,false,false
9,rikaz,Buried treasure,currency,false,false
11,platinum,Platinum,gram,true,false
12,empty,Nothing here,gram,false,false
`;

const NISAB = [
  { nsbID: 1, nsbSubcategoryID: 1, nsbThreshold: 85, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5, nsbVariant: 'majority-85g' },
  { nsbID: 2, nsbSubcategoryID: 1, nsbThreshold: 87.48, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5, nsbVariant: 'hanafi-87.48g', nsbIsDefault: false },
  { nsbID: 3, nsbSubcategoryID: 2, nsbThreshold: 595, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5 },
  { nsbID: 4, nsbSubcategoryID: 3, nsbThreshold: 85, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5, nsbBasisSubcategoryID: 1, nsbNotes: 'follows gold' },
  {
    nsbID: 5,
    nsbSubcategoryID: 5,
    nsbThreshold: 5,
    nsbThresholdUnit: 'head',
    nsbRatePercent: null,
    nsbRateKind: 'bracket',
    nsbBrackets: [
      { lbrMinCount: 1, lbrMaxCount: 4, lbrDueText: 'none' },
      { lbrMinCount: 5, lbrMaxCount: 9, lbrDues: [[{ item: 'sheep', count: 1 }]], lbrDueText: '1 sheep' },
      {
        lbrMinCount: 10,
        lbrMaxCount: null,
        lbrFormula: { per: [{ item: 'sheep', heads: 5 }], roundDownTo: 5 },
        lbrDueText: 'beyond: 1 sheep per 5',
      },
    ],
  },
  { nsbID: 6, nsbSubcategoryID: 9, nsbThreshold: 0, nsbThresholdUnit: 'currency', nsbRatePercent: 20, nsbHawlRequired: false },
];

/**
 * Announced figures of data/announcements.csv (their sources are in the copied
 * sources.csv), with the fixture's rules: the gold Nisab is rule 1 here too, the
 * diyyah has no rule, and Kano's figure of 2025-08-18 is after the as-of date. The fixture's rates are
 * made up: on 2021-03-12 they put the gold Nisab at twice NMCN's figure, which the import refuses as a slip
 * (a factor of 2 from ours), so that figure is kept without its rule, unvalued.
 */
const ANNOUNCEMENTS_CSV =
  'annID,annDate,annBody,annKind,annValueInNaira,annBasis,annRuleID,annSource\n' +
  '1,2020-04-06,nmcn,nisab,1840800,the Nisab of gold,1,nmcn-zakat-2020-04-06\n' +
  '2,2021-03-12,nmcn,nisab,1767520,"20 dinars of gold (85 g)",,nmcn-zakat-2021-03-12\n' +
  '5,2021-03-12,nmcn,diyyah,88376000,"1,000 dinars of gold (4,250 g)",,nmcn-zakat-2021-03-12\n' +
  '11,2023-06-30,nmcn,nisab,3918800,"20 dinars of gold (85 g)",1,nmcn-zakat-2023-06-30\n' +
  '15,2025-08-18,kano-sharia-commission,nisab,985000,the market value of the dirham,3,kano-sharia-2025-08-18\n';

export interface Fixture {
  dir: string;
  db: string;
  out: string;
  asOf: string;
  /** Removes the fixture's folder (the run's temporary root goes too, see temp-root.ts). */
  remove(): Promise<void>;
}

/** The fixture's source files, its database and its snapshot, in a folder of its own (made once per run: built-once.ts). */
export async function makeFixture(): Promise<Fixture> {
  const dir = await copyOfBuilt('fixture', 'nisab-fixture-', writeFixture);
  return { dir, db: path.join(dir, 'source.sqlite'), out: path.join(dir, 'public'), asOf: AS_OF, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes the source files into `dir`, loads them into a new database and builds the snapshot. */
async function writeFixture(dir: string): Promise<void> {
  const file = (name: string) => path.join(dir, name);
  await writeFile(file('categories.csv'), 'catID,catSlug,catName\n');
  await writeFile(file('subcategories.csv'), SUBCATEGORY_CSV);
  await writeFile(file('rates.csv'), ratesCsv());
  await writeFile(file('nisab.json'), JSON.stringify(NISAB, null, 1));
  // Nigeria's declared months and the reports they come from, as the default data has them.
  await copyFile(path.join(DATA_DIR, 'sources.csv'), file('sources.csv'));
  await copyFile(path.join(DATA_DIR, 'calendar-nigeria.csv'), file('calendar-nigeria.csv'));
  await writeFile(file('currencies.csv'), CURRENCIES_CSV);
  await writeFile(file('announcements.csv'), ANNOUNCEMENTS_CSV);
  await keepFx(file('fx'), fxRows());
  await keepFx(file('fx-monthly'), fxMonthlyRows(), true);
  const db = file('source.sqlite');
  await loadDatabase(db, dir);
  await buildSnapshot(fixtureBuild(db, file('public')));
}

/** Build options for the fixture: quiet, as of AS_OF (or the as-of given), built at midday of that day. */
export function fixtureBuild(db: string, out: string, overrides: Partial<BuildOptions> = {}): BuildOptions {
  const asOf = overrides.asOf ?? AS_OF;
  return {
    db,
    out,
    asOf,
    timeZone: 'Africa/Lagos',
    maxAgeDays: 3,
    strict: false,
    // midday of the as-of day: a build may not be as of a day after its own today
    now: new Date(`${asOf}T12:00:00Z`),
    log: () => {},
    progress: () => {},
    ...overrides,
  };
}

export interface OracleQuery {
  start?: string | null;
  end?: string | null;
  subcategory?: number | null;
}

// Every published field, as plain SQL. money(): the one rounding function (router/money.ts), registered in SQLite.
// Also the live SQL peer of scripts/sql-peer.ts (bench-serve.ts, bench-njs-cpu.ts).
// Nigeria's Hijri date: the declared month whose days (29, or 30 when the next month
// is declared 30 days on) hold the date, found with a window over the calendar.
export const ORACLE_FIELDS = `r.drtID, r.drtSubcategoryID, r.drtDate, r.drtInUSD, r.drtUSDinNaira,
                money(r.drtInUSD, r.drtUSDinNaira) AS drtInNaira, s.sctUnit AS drtUnit,
                r.drtPriceSource, r.drtNairaSource, coalesce(r.drtNairaDate, r.drtDate) AS drtNairaDate,
                m.calMonth || '-' || printf('%02d', julianday(r.drtDate) - julianday(m.calFirstDay) + 1) AS drtHijriDateNigeria,
                r.drtNairaSource IN ('cbn-nfem-carried', 'currency-api') AS drtProvisional
           FROM rates r JOIN subcategories s ON s.sctID = r.drtSubcategoryID
           LEFT JOIN (SELECT calMonth, calFirstDay,
                             CASE WHEN lead(substr(calMonth, 1, 4) * 12 + substr(calMonth, 6, 2)) OVER w = substr(calMonth, 1, 4) * 12 + substr(calMonth, 6, 2) + 1
                                   AND julianday(lead(calFirstDay) OVER w) - julianday(calFirstDay) = 30 THEN 30 ELSE 29 END AS days
                        FROM calendar_nigeria WINDOW w AS (ORDER BY calFirstDay)) m
             ON m.calFirstDay = (SELECT max(c.calFirstDay) FROM calendar_nigeria c WHERE c.calFirstDay <= r.drtDate)
            AND julianday(r.drtDate) - julianday(m.calFirstDay) < m.days`;

// SQLite has no Hijri calendar; the conversion is checked on its own (test/model/hijri.test.ts).
// The key order is part of the public bytes: the Hijri date follows drtUnit, before the sources.
export const withHijri = ({ drtPriceSource, drtNairaSource, drtNairaDate, drtHijriDateNigeria, drtProvisional, ...head }: Record<string, unknown>) => ({
  ...head,
  drtHijriDate: hijriDate(head.drtDate as string),
  drtPriceSource,
  drtNairaSource,
  drtNairaDate,
  drtHijriDateNigeria,
  // Provisional: the naira figure is a carried CBN rate or the currency API's market rate, listed by hand.
  drtProvisional: drtProvisional === 1,
});

function withOracle<T>(db: string, use: (handle: Database.Database) => T): T {
  const handle = registerMoney(new Database(db, { readonly: true }));
  try {
    return use(handle);
  } finally {
    handle.close();
  }
}

/** The rates a client should get, straight from SQL: the oracle the served answers are held to. */
export function oracleRates(db: string, asOf: string, query: OracleQuery): unknown[] {
  return withOracle(db, (handle) =>
    handle
      .prepare(
        `SELECT ${ORACLE_FIELDS}
          WHERE r.drtDate <= @asOf
            AND (@start IS NULL OR r.drtDate >= @start)
            AND (@end IS NULL OR r.drtDate <= @end)
            AND (@sub IS NULL OR r.drtSubcategoryID = @sub)
          ORDER BY r.drtDate, r.drtSubcategoryID`,
      )
      .all({ asOf, start: query.start ?? null, end: query.end ?? null, sub: query.subcategory ?? null })
      .map((row) => withHijri(row as Record<string, unknown>)),
  );
}

/** Every source, as GET /sources publishes it (by srcID). */
export function oracleSources(db: string): unknown[] {
  return withOracle(db, (handle) => handle.prepare('SELECT srcID, srcName, srcURL, srcLicence, srcDescription, srcFigure FROM sources ORDER BY srcID').all());
}

/**
 * GET /announcements from SQL: each figure dated up to the as-of date, oldest first, and
 * ours: its rule's threshold at the newest rate on or before annDate of the subcategory
 * that measures it (its basis, or its own), as /nisab?date= values it.
 */
export function oracleAnnouncements(db: string, asOf: string): Record<string, unknown>[] {
  return withOracle(db, (handle) => {
    const rows = handle
      .prepare(
        `SELECT a.*, (SELECT json_array(money(n.nsbThreshold, r.drtInUSD, r.drtUSDinNaira), r.drtDate)
                        FROM nisab_rules n JOIN rates r ON r.drtSubcategoryID = coalesce(n.nsbBasisSubcategoryID, n.nsbSubcategoryID)
                       WHERE n.nsbID = a.annRuleID AND r.drtDate <= a.annDate ORDER BY r.drtDate DESC LIMIT 1) AS ours,
                -- CONTRACT §13: a rate of the rule's metal, at most 366 days before annDate, within 1 % of the figure:
                -- the day's own rate (the newest) when it is, else the closest, the newest of equals
                (SELECT r.drtDate FROM nisab_rules n JOIN rates r ON r.drtSubcategoryID = coalesce(n.nsbBasisSubcategoryID, n.nsbSubcategoryID)
                  WHERE n.nsbID = a.annRuleID AND r.drtDate <= a.annDate AND r.drtDate >= date(a.annDate, '-366 days')
                    AND abs(a.annValueInNaira - money(n.nsbThreshold, r.drtInUSD, r.drtUSDinNaira)) <= 0.01 * money(n.nsbThreshold, r.drtInUSD, r.drtUSDinNaira)
                  ORDER BY r.drtDate = (SELECT max(x.drtDate) FROM rates x WHERE x.drtSubcategoryID = r.drtSubcategoryID AND x.drtDate <= a.annDate) DESC,
                           abs(a.annValueInNaira - money(n.nsbThreshold, r.drtInUSD, r.drtUSDinNaira)), r.drtDate DESC
                  LIMIT 1) AS matches
           FROM announcements a WHERE a.annDate <= ? ORDER BY a.annDate, a.annID`,
      )
      .all(asOf) as (Record<string, unknown> & { ours: string | null; matches: string | null; annValueInNaira: number })[];
    const percent = handle.prepare('SELECT money(?)').pluck();
    return rows.map(({ ours, matches, annSource, ...head }) => {
      const [computed, rateDate] = ours === null ? [null, null] : (JSON.parse(ours) as [number, string]);
      return {
        ...head,
        annComputedInNaira: computed,
        annDifferencePercent: computed === null ? null : percent.get(((head.annValueInNaira - computed) / computed) * 100),
        annSource,
        annRateDate: rateDate,
        annMatchesDate: matches,
      };
    });
  });
}

/** Nigeria's declared months, as GET /calendars/nigeria publishes them (oldest first). */
export function oracleCalendar(db: string): unknown[] {
  return withOracle(db, (handle) =>
    handle.prepare('SELECT calMonth, calFirstDay, calSource, calBasis, calStatedDay FROM calendar_nigeria ORDER BY calFirstDay').all(),
  );
}

/** The newest published rate of a subcategory dated on or before `date` (docs/API.md §2a), or null. */
export function oracleLatestOn(db: string, asOf: string, date: string, subcategory: number): Record<string, unknown> | null {
  const found = withOracle(
    db,
    (handle) =>
      (handle
        .prepare(`SELECT ${ORACLE_FIELDS} WHERE r.drtDate <= min(@date, @asOf) AND r.drtSubcategoryID = @sub ORDER BY r.drtDate DESC LIMIT 1`)
        .get({ asOf, date, sub: subcategory }) as Record<string, unknown> | undefined) ?? null,
  );
  return found === null ? null : withHijri(found);
}

/**
 * nsbRateAgeDays of a rule the subcategory's rate values (docs/API.md §3), in SQL: the
 * days from its newest rate on or before the answer's day (D, or the as-of date when
 * later) to that day; null when it has none.
 */
export function oracleRateAge(db: string, asOf: string, date: string, subcategory: number): number | null {
  return withOracle(db, (handle) => {
    const row = handle
      .prepare(
        `SELECT CAST(julianday(min(@date, @asOf)) - julianday(max(drtDate)) AS INTEGER) AS age
           FROM rates WHERE drtDate <= min(@date, @asOf) AND drtSubcategoryID = @sub`,
      )
      .get({ asOf, date, sub: subcategory }) as { age: number | null };
    return row.age;
  });
}

/**
 * GET /gaps in SQL, another way than the build's (db/read-gaps.ts): every day from
 * each daily series' first day (its oldest rate of a daily-reference or daily-official
 * source) to the as-of date, those without a rate, grouped into runs of consecutive days.
 */
export function oracleGaps(db: string, asOf: string): { gapSubcategoryID: number; gapFrom: string; gapTo: string; gapDays: number }[] {
  return withOracle(
    db,
    (handle) =>
      handle
        .prepare(
          `WITH RECURSIVE
           starts AS (SELECT r.drtSubcategoryID AS sub, min(r.drtDate) AS first
                        FROM rates r JOIN sources s ON s.srcID = r.drtPriceSource
                        JOIN subcategories c ON c.sctID = r.drtSubcategoryID AND c.sctHasDailyRate = 1
                       WHERE s.srcFigure IN ('daily-reference', 'daily-official') AND r.drtDate <= @asOf
                       GROUP BY r.drtSubcategoryID),
           day (sub, d) AS (SELECT sub, first FROM starts UNION ALL SELECT sub, date(d, '+1 day') FROM day WHERE d < @asOf),
           missing AS (SELECT sub, d, julianday(d) - row_number() OVER (PARTITION BY sub ORDER BY d) AS run FROM day
                        WHERE NOT EXISTS (SELECT 1 FROM rates WHERE drtSubcategoryID = day.sub AND drtDate = day.d))
         SELECT sub AS gapSubcategoryID, min(d) AS gapFrom, max(d) AS gapTo, count(*) AS gapDays
           FROM missing GROUP BY sub, run ORDER BY sub, gapFrom`,
        )
        .all({ asOf }) as { gapSubcategoryID: number; gapFrom: string; gapTo: string; gapDays: number }[],
  );
}

/**
 * A rate record of the oracle with the fields currency=C adds (docs/API.md §2c), from
 * SQL: the newest rate per US dollar of C dated on or before drtDate (and the
 * as-of date); a monthly-average record (its price source's srcFigure) C's average
 * of its month; NGN the record's own naira figures; USD 1.
 */
export function oracleInCurrency(db: string, asOf: string, code: string, rates: Record<string, unknown>[]): Record<string, unknown>[] {
  return withOracle(db, (handle) => {
    const daily = handle.prepare(
      'SELECT fxPerUSD, fxDate, fxSource FROM fx_rates WHERE fxCurrency = ? AND fxDate <= ? AND fxDate <= ? ORDER BY fxDate DESC LIMIT 1',
    );
    const monthlyRecord = handle.prepare("SELECT srcFigure = 'monthly-average' FROM sources WHERE srcID = ?").pluck();
    const average = handle.prepare('SELECT fxPerUSD, fxDate, fxSource FROM fx_monthly WHERE fxCurrency = ? AND fxDate = ? AND fxDate <= ?');

    // A figure more than 7 days older than the record values nothing (MAX_FX_AGE_DAYS, docs/API.md §2c).
    const fresh = <T extends { fxDate: string }>(found: T | undefined, date: string) =>
      found !== undefined && (Date.parse(date) - Date.parse(found.fxDate)) / 86_400_000 <= 7 ? found : undefined;
    const product = handle.prepare('SELECT money(?, ?)').pluck();
    return rates.map((rate) => {
      let found: { fxPerUSD: number; fxDate: string; fxSource: string } | undefined;
      if (code === 'NGN') found = { fxPerUSD: rate.drtUSDinNaira as number, fxDate: rate.drtNairaDate as string, fxSource: rate.drtNairaSource as string };
      else if (code === 'USD') found = { fxPerUSD: 1, fxDate: rate.drtDate as string, fxSource: 'us-dollar' };
      else if (monthlyRecord.get(rate.drtPriceSource) === 1) found = average.get(code, `${(rate.drtDate as string).slice(0, 8)}01`, asOf) as typeof found;
      else found = fresh(daily.get(code, rate.drtDate, asOf) as typeof found, rate.drtDate as string);
      return {
        ...rate,
        drtCurrency: code,
        drtUSDinCurrency: found ? found.fxPerUSD : null,
        drtCurrencyDate: found ? found.fxDate : null,
        drtCurrencySource: found ? found.fxSource : null,
        drtInCurrency: found ? product.get(rate.drtInUSD, found.fxPerUSD) : null,
      };
    });
  });
}

/**
 * GET /currencies from SQL: the FX tables' currencies with rates up to the as-of date (the
 * monthly averages of the months that hold a monthly-average record), NGN and USD over the rates' dates.
 */
export function oracleCurrencies(db: string, asOf: string): unknown[] {
  return withOracle(db, (handle) => {
    const rates = handle
      .prepare('SELECT min(drtDate) AS first, max(drtDate) AS last, count(DISTINCT drtDate) AS days FROM rates WHERE drtDate <= ?')
      .get(asOf) as { first: string; last: string; days: number };
    const MONTHLY = "(SELECT srcFigure FROM sources WHERE srcID = drtPriceSource) = 'monthly-average'";
    const spans = handle
      .prepare(
        `SELECT (SELECT min(drtDate) FROM rates WHERE drtDate <= @asOf AND NOT ${MONTHLY}) AS curDailyFirst,
                (SELECT max(drtDate) FROM rates WHERE drtDate <= @asOf AND NOT ${MONTHLY}) AS curDailyLast,
                (SELECT substr(min(drtDate), 1, 7) FROM rates WHERE drtDate <= @asOf AND ${MONTHLY}) AS curMonthlyFirst,
                (SELECT substr(max(drtDate), 1, 7) FROM rates WHERE drtDate <= @asOf AND ${MONTHLY}) AS curMonthlyLast`,
      )
      .get({ asOf }) as Record<string, unknown>;
    const nairaSources = handle.prepare('SELECT DISTINCT drtNairaSource FROM rates WHERE drtDate <= ? ORDER BY 1').pluck().all(asOf);
    const others = handle
      .prepare(
        `WITH published AS (
           SELECT fxCurrency, fxDate, fxSource, 'daily' AS kind FROM fx_rates WHERE fxDate <= @asOf
           UNION ALL
           SELECT fxCurrency, fxDate, fxSource, 'monthly' FROM fx_monthly
            WHERE fxDate <= @asOf AND substr(fxDate, 1, 7) IN (SELECT substr(drtDate, 1, 7) FROM rates WHERE drtDate <= @asOf AND ${MONTHLY}))
         SELECT fxCurrency AS curCode, curName, min(fxDate) AS curFirstDate, max(fxDate) AS curLastDate, count(*) AS curCount,
                (SELECT json_group_array(fxSource) FROM (SELECT DISTINCT fxSource FROM published s WHERE s.fxCurrency = f.fxCurrency ORDER BY 1)) AS curSources,
                min(CASE kind WHEN 'daily' THEN fxDate END) AS curDailyFirst, max(CASE kind WHEN 'daily' THEN fxDate END) AS curDailyLast,
                substr(min(CASE kind WHEN 'monthly' THEN fxDate END), 1, 7) AS curMonthlyFirst, substr(max(CASE kind WHEN 'monthly' THEN fxDate END), 1, 7) AS curMonthlyLast
           FROM published f JOIN currencies ON curCode = fxCurrency GROUP BY fxCurrency`,
      )
      .all({ asOf }) as Record<string, unknown>[];
    const name = (code: string) => handle.prepare('SELECT curName FROM currencies WHERE curCode = ?').pluck().get(code);
    const all: Record<string, unknown>[] = [
      ...others.map((c) => ({ ...c, curSources: JSON.parse(c.curSources as string) })),
      { curCode: 'NGN', curName: name('NGN'), curFirstDate: rates.first, curLastDate: rates.last, curCount: rates.days, curSources: nairaSources, ...spans },
      { curCode: 'USD', curName: name('USD'), curFirstDate: rates.first, curLastDate: rates.last, curCount: rates.days, curSources: ['us-dollar'], ...spans },
    ];
    return all.sort((a, b) => ((a.curCode as string) < (b.curCode as string) ? -1 : 1));
  });
}
