// What an import writes and what data/ keeps, derived from a record's one
// definition of its stored columns (STORED_RATE_COLUMNS in model/schemas.ts):
// the staging table, the row staged, the test for a changed row, the UPDATE
// and INSERT lists, and the record's text line. Nothing here names a field.
import type { SqlValue, StoredColumns } from '../model/schemas.ts';

const SQL_TYPE = { integer: 'INTEGER', real: 'REAL', text: 'TEXT', boolean: 'INTEGER' } as const;

/** The fields of a definition, in its order. */
export function storedFields<R>(columns: StoredColumns<R>): Extract<keyof R, string>[] {
  const fields: Extract<keyof R, string>[] = [];
  for (const field in columns) fields.push(field);
  return fields;
}

function withRole<R>(columns: StoredColumns<R>, role: 'id' | 'key' | 'value'): Extract<keyof R, string>[] {
  return storedFields(columns).filter((field) => columns[field].role === role);
}

/**
 * A table with a `line` (where each row came from) and every stored column. Its
 * column types give REAL affinity where the record stores a real (a whole number
 * read from a file is then stored as 65.0, as the rates table's checks require).
 */
export function stagingTableSql<R>(table: string, columns: StoredColumns<R>): string {
  const list = storedFields(columns).map((field) => `${field} ${SQL_TYPE[columns[field].kind]}`);
  return `CREATE TABLE ${table} (line INTEGER PRIMARY KEY, ${list.join(', ')})`;
}

/** INSERT of one staged row: its line, then storedRow's values. */
export function stagingInsertSql<R>(table: string, columns: StoredColumns<R>): string {
  const fields = storedFields(columns);
  return `INSERT INTO ${table} (line, ${fields.join(', ')}) VALUES (?${', ?'.repeat(fields.length)})`;
}

/** The values stored for a record, in the definition's order. */
export function storedRow<R>(columns: StoredColumns<R>, record: R): SqlValue[] {
  return storedFields(columns).map((field) => columns[field].store(record[field], record));
}

/** Every stored column, for an INSERT's list and its SELECT. */
export function columnList<R>(columns: StoredColumns<R>): string {
  return storedFields(columns).join(', ');
}

/** The stored row `a` and the staged row `b` are the same record (their keys equal). */
export function sameKeySql<R>(columns: StoredColumns<R>, a: string, b: string): string {
  return withRole(columns, 'key')
    .map((field) => `${a}.${field} = ${b}.${field}`)
    .join(' AND ');
}

/** The staged row `b` changes the stored row `a`: a value differs (NULL included). */
export function changedSql<R>(columns: StoredColumns<R>, a: string, b: string): string {
  return withRole(columns, 'value')
    .map((field) => `${a}.${field} IS NOT ${b}.${field}`)
    .join(' OR ');
}

/** `field = b.field, ...` for every value column: what an UPDATE replaces. */
export function updateSetSql<R>(columns: StoredColumns<R>, b: string): string {
  return withRole(columns, 'value')
    .map((field) => `${field} = ${b}.${field}`)
    .join(', ');
}

/** The header of the record's text: its fields, in the definition's order. */
export function textHeader<R>(columns: StoredColumns<R>): string {
  return storedFields(columns).join(',');
}

/**
 * A record as one line of CSV: each value as stored, empty for none, a boolean
 * as true or false (how the import reads it back), quoted only when it must be.
 */
export function textLine<R>(columns: StoredColumns<R>, record: R): string {
  return textLineOf(columns)(record);
}

/** What a cell must be quoted for. One object: a literal in the closure below is a new RegExp per cell. */
const NEEDS_QUOTES = /[",\r\n]/;

/** textLine with the definition read once, for millions of records (prove-kept.ts). */
export function textLineOf<R>(columns: StoredColumns<R>): (record: R) => string {
  const cells = storedFields(columns).map((field) => {
    const { store, kind } = columns[field];
    return (record: R): string => {
      const value = store(record[field], record);
      if (value === null) return '';
      if (kind === 'boolean') return value ? 'true' : 'false';
      const text = String(value);
      // A number's text never needs quotes.
      return kind === 'text' && NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    };
  });
  return (record) => {
    let line = cells[0]!(record);
    for (let i = 1; i < cells.length; i++) line += `,${cells[i]!(record)}`;
    return line;
  };
}
