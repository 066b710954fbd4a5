// The SQL side of the rate record's one definition (RATE_COLUMNS, next to the
// zod record): what a SELECT of published rates reads, and what a month's
// fingerprint is made of.
import { RATE_COLUMNS, type Rate, type RateColumns } from '../model/schemas.ts';

/** The tables a published rate is read from, as RATE_COLUMNS' expressions name them. */
export const RATE_FROM = 'rates r JOIN subcategories s ON s.sctID = r.drtSubcategoryID';

/**
 * Up to this many months of rates are read (read-source.ts) or fingerprinted (read-rate-summary.ts) one
 * date range each, which SQLite answers from the date index; more, in one pass over every row.
 */
export const MONTH_RANGES = 64;

function stored(columns: RateColumns): [string, string][] {
  const found: [string, string][] = [];
  for (const [field, source] of Object.entries(columns)) if ('sql' in source) found.push([field, source.sql]);
  return found;
}

/** `expr AS field, ...` for every field read from SQL. */
export function rateSelectList(columns: RateColumns = RATE_COLUMNS): string {
  return stored(columns)
    .map(([field, sql]) => `${sql} AS ${field}`)
    .join(', ');
}

/** One SQL value per row holding every field read from SQL: equal values, equal published lines. */
export function rateFingerprintExpression(columns: RateColumns = RATE_COLUMNS): string {
  return stored(columns)
    .map(([, sql]) => `quote(${sql})`)
    .join(` || ',' || `);
}

/** A row as read, with the fields derived in code added and a boolean's 0 or 1 made false or true (in place). */
export function withDerivedFields(row: Record<string, unknown>, columns: RateColumns = RATE_COLUMNS): Record<string, unknown> {
  for (const [field, source] of Object.entries(columns)) {
    if ('derive' in source) row[field] = source.derive(row);
    else if (source.boolean && row[field] !== null) row[field] = row[field] === 1;
  }
  return row;
}

export type { Rate };
