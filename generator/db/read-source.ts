// Everything a snapshot build needs from the source database, read in one
// transaction (so an import running meanwhile is either wholly in or wholly
// out) and validated against the record schemas.
import type { Database } from 'better-sqlite3';
import type { z } from 'zod';
import { DATE_EXPECTATION, isRealDate } from '../core/dates.ts';
import { Category, NisabRuleInput, Rate, Subcategory } from '../core/schemas.ts';
import { UserError } from '../errors.ts';
import { checkRecord } from './check-record.ts';

export interface Source {
  categories: Category[];
  subcategories: Subcategory[];
  rates: Rate[];
  nisab: NisabRuleInput[];
}

export interface ReadOptions {
  /** Read only the rates of these months (`YYYY-MM`); all when absent. */
  months?: ReadonlySet<string>;
}

export function readSource(db: Database, asOf: string, options: ReadOptions = {}): Source {
  checkAsOf(asOf);
  const months = options.months ? JSON.stringify([...options.months]) : null;
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

    const categories = read('categories', 'catID', Category, all('SELECT catID, catSlug, catName FROM categories ORDER BY catID'));
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
    const rates = read(
      'rates',
      'drtID',
      Rate,
      all(
        `SELECT r.drtID, r.drtSubcategoryID, r.drtDate, r.drtInUSD, r.drtUSDinNaira,
                money(r.drtInUSD, r.drtUSDinNaira) AS drtInNaira, s.sctUnit AS drtUnit
         FROM rates r JOIN subcategories s ON s.sctID = r.drtSubcategoryID
         WHERE r.drtDate <= ? AND (? IS NULL OR substr(r.drtDate, 1, 7) IN (SELECT value FROM json_each(?)))
         ORDER BY r.drtDate, r.drtSubcategoryID`,
        asOf,
        months,
        months,
      ),
    );
    const brackets = db.prepare(
      'SELECT lbrMinCount, lbrMaxCount, lbrDue, lbrDueText FROM livestock_brackets WHERE lbrRuleID = ? ORDER BY lbrMinCount',
    );
    const nisab = read(
      'nisab_rules',
      'nsbID',
      NisabRuleInput,
      Array.from(booleans(all('SELECT * FROM nisab_rules ORDER BY nsbID'), ['nsbIsDefault', 'nsbHawlRequired']), (rule) => ({
        ...rule,
        nsbBrackets: brackets.all(rule.nsbID),
      })),
    );

    if (problems.length) {
      throw new UserError(`${db.name}: ${problems.length} stored values break the record rules; correct them by importing again`, problems);
    }
    return { categories, subcategories, rates, nisab };
  })();
}

/** How many rates are dated after the as-of date (entered ahead of time, not published yet). */
export function ratesAfter(db: Database, asOf: string): number {
  checkAsOf(asOf);
  return db.prepare('SELECT count(*) FROM rates WHERE drtDate > ?').pluck().get(asOf) as number;
}

function checkAsOf(asOf: string): void {
  if (!isRealDate(asOf)) throw new UserError(`the as-of date must be ${DATE_EXPECTATION}, got ${JSON.stringify(asOf)}`);
}

// SQLite stores booleans as 0/1; anything else is left for the schema to reject.
function* booleans(rows: Iterable<Record<string, unknown>>, fields: readonly string[]): Iterable<Record<string, unknown>> {
  for (const row of rows) {
    for (const field of fields) if (row[field] === 0 || row[field] === 1) row[field] = row[field] === 1;
    yield row;
  }
}
