// Everything a snapshot build needs from the source database, read in one
// transaction (so an import running meanwhile is either wholly in or wholly
// out) and validated against the record schemas.
import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import { DATE_EXPECTATION, isRealDate } from '../model/dates.ts';
import { NigeriaMonth, NisabRuleInput, Rate, Source as DataSource, Subcategory } from '../model/schemas.ts';
import { UserError } from '../errors.ts';
import { checkRecord } from './check-record.ts';
import { MONTH_RANGES, RATE_FROM, rateSelectList, withDerivedFields } from './rate-columns.ts';
import { carriedRateProblem, storedProblems } from './stored-check.ts';
import { dateProblem } from './stored-limits.ts';

export interface Source {
  subcategories: Subcategory[];
  /** Every entry of /sources (the published list holds them all, named by a rate or not). */
  sources: DataSource[];
  /** Nigeria's declared months (GET /calendars/nigeria), ordered by calFirstDay. */
  calendar: NigeriaMonth[];
  rates: Rate[];
  nisab: NisabRuleInput[];
}

export interface ReadOptions {
  /** Read only the rates of these months (`YYYY-MM`); all when absent. */
  months?: ReadonlySet<string>;
}

export function readSource(db: Database, asOf: string, options: ReadOptions = {}): Source {
  checkAsOf(asOf);
  const months = options.months ? [...options.months].sort() : null;
  return db.transaction(() => {
    const problems: string[] = [];
    const read = <S extends z.ZodType>(table: string, idField: string, schema: S, rows: Iterable<Record<string, unknown>>) => {
      const records: z.output<S>[] = [];
      for (const row of rows) {
        const record = checkRecord(schema, row, (field, message) => problems.push(`${table} ${idField} ${row[idField]}: ${field}: ${message}`));
        if (record !== undefined) records.push(record);
      }
      return records;
    };
    const all = (sql: string, ...params: unknown[]) => db.prepare(sql).iterate(...params) as Iterable<Record<string, unknown>>;
    // A few months (a nightly build): one date range each, which SQLite reads from the date
    // index (a month test on every row would scan the table). Many: one pass, kept by month.
    const ratesOf = (list: string[] | null): Iterable<Record<string, unknown>> => {
      const order = 'ORDER BY r.drtDate, r.drtSubcategoryID';
      if (list !== null && list.length <= MONTH_RANGES) {
        if (list.length === 0) return [];
        const ranges = list.map((month) => [`${month}-01`, `${month}-31` < asOf ? `${month}-31` : asOf]);
        return all(
          `SELECT ${rateSelectList()} FROM ${RATE_FROM} WHERE ${ranges.map(() => 'r.drtDate BETWEEN ? AND ?').join(' OR ')} ${order}`,
          ...ranges.flat(),
        );
      }
      const rows = all(`SELECT ${rateSelectList()} FROM ${RATE_FROM} WHERE r.drtDate <= ? ${order}`, asOf);
      if (list === null) return rows;
      const wanted = new Set(list);
      return (function* () {
        for (const row of rows) if (wanted.has(String(row.drtDate).slice(0, 7))) yield row;
      })();
    };

    const subcategories = read(
      'subcategories',
      'sctID',
      Subcategory,
      booleans(
        all(`SELECT s.sctID, s.sctSlug, s.sctName, s.sctUnit, s.sctHasDailyRate, s.sctIsDefault, s.sctCategoryID,
                    c.catSlug AS sctCategorySlug, c.catName AS sctCategoryName
             FROM subcategories s LEFT JOIN categories c ON c.catID = s.sctCategoryID ORDER BY s.sctID`),
        ['sctHasDailyRate', 'sctIsDefault'],
      ),
    );
    const sources = read(
      'sources',
      'srcID',
      DataSource,
      all('SELECT srcID, srcName, srcURL, srcLicence, srcDescription, srcFigure FROM sources ORDER BY srcID'),
    );
    const calendar = read(
      'calendar_nigeria',
      'calMonth',
      NigeriaMonth,
      all('SELECT calMonth, calFirstDay, calSource, calBasis, calStatedDay FROM calendar_nigeria ORDER BY calFirstDay'),
    );
    const rates = read('rates', 'drtID', Rate, derived(ratesOf(months)));
    for (const rate of rates) {
      const carried = rate.drtNairaDate === rate.drtDate ? null : carriedRateProblem(rate, db.name);
      if (carried !== null) problems.push(carried);
    }
    const brackets = db.prepare(
      'SELECT lbrMinCount, lbrMaxCount, lbrDueText, lbrDues, lbrFormula FROM livestock_brackets WHERE lbrRuleID = ? ORDER BY lbrMinCount',
    );
    const nisab = read(
      'nisab_rules',
      'nsbID',
      NisabRuleInput,
      Array.from(booleans(all('SELECT * FROM nisab_rules ORDER BY nsbID'), ['nsbIsDefault', 'nsbHawlRequired']), (rule) => ({
        ...jsonColumns(rule, ['nsbSchools', 'nsbAuthorities', 'nsbLowerOf', 'nsbCombining', 'nsbWornJewellery', 'nsbDueItems', 'nsbPositions']),
        nsbBrackets: (brackets.all(rule.nsbID) as Record<string, unknown>[]).map((row) => jsonColumns(row, ['lbrDues', 'lbrFormula'])),
      })),
    );

    if (problems.length) {
      throw new UserError(`${db.name}: ${problems.length} stored values break the record rules; correct them by importing again`, problems);
    }
    return { subcategories, sources, calendar, rates, nisab };
  })();
}

/** Refuses a database holding a value no build can publish, naming each row and its fix (stored-check.ts); the build runs it before reading anything else. */
export function checkStored(db: Database): void {
  const stored = storedProblems(db);
  if (stored.length) throw new UserError(`${db.name}: ${stored.length} stored values no build can publish; each line says how to correct it`, stored);
}

function checkAsOf(asOf: string): void {
  if (!isRealDate(asOf)) throw new UserError(`the as-of date must be ${DATE_EXPECTATION}, got ${JSON.stringify(asOf)}`);
  const outside = dateProblem(asOf);
  if (outside !== null) throw new UserError(`the as-of date ${outside}`);
}

// JSON text columns as values; NULL stays null (a bracket stored before its
// structured due existed, which the schema then names) and anything unparsable
// is left as text for the schema to reject.
function jsonColumns(row: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out = { ...row };
  for (const field of fields) {
    if (typeof out[field] !== 'string') continue;
    try {
      out[field] = JSON.parse(out[field] as string);
    } catch {
      // left as text
    }
  }
  return out;
}

function* derived(rows: Iterable<Record<string, unknown>>): Iterable<Record<string, unknown>> {
  for (const row of rows) yield withDerivedFields(row);
}

// SQLite stores booleans as 0/1; anything else is left for the schema to reject.
function* booleans(rows: Iterable<Record<string, unknown>>, fields: readonly string[]): Iterable<Record<string, unknown>> {
  for (const row of rows) {
    for (const field of fields) if (row[field] === 0 || row[field] === 1) row[field] = row[field] === 1;
    yield row;
  }
}
