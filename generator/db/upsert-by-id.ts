// Insert-or-update by primary key for the small reference tables (categories,
// subcategories, Nisab rules), telling apart rows that really changed.
import type { Database } from 'better-sqlite3';
import type { RowOutcome } from './import-summary.ts';
import type { Problems } from './problems.ts';

type SqlValue = string | number | null;

/**
 * Returns a writer for `table`, whose columns carry the record field names. A
 * write that breaks a database constraint is reported as a problem of its line
 * (the statement is undone, the transaction stays open for the other rows).
 */
export function upsertById(db: Database, table: string, columns: readonly string[], problems: Problems) {
  const [id, ...rest] = columns;
  const select = db.prepare(`SELECT ${columns.join(', ')} FROM ${table} WHERE ${id} = ?`);
  const insert = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
  const update = db.prepare(`UPDATE ${table} SET ${rest.map((c) => `${c} = @${c}`).join(', ')} WHERE ${id} = @${id}`);

  return (line: number, record: Record<string, unknown>): RowOutcome | undefined => {
    const row = Object.fromEntries(columns.map((c) => [c, toSql(record[c])]));
    const existing = select.get(row[id!]) as Record<string, SqlValue> | undefined;
    if (existing && columns.every((c) => existing[c] === row[c])) return 'unchanged';
    try {
      (existing ? update : insert).run(row);
    } catch (error) {
      if (!String((error as { code?: unknown }).code).startsWith('SQLITE_CONSTRAINT')) throw error;
      problems.add(line, 'row', `breaks a database rule: ${(error as Error).message}`);
      return undefined;
    }
    return existing ? 'updated' : 'inserted';
  };
}

function toSql(value: unknown): SqlValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  // Lists and objects (a Nisab rule's schools, authorities) are stored as JSON text.
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return (value ?? null) as SqlValue;
}
