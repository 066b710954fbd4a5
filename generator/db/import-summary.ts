/** What an import did, for the CLI to print. */
export interface ImportSummary {
  file: string;
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
}

export type RowOutcome = 'inserted' | 'updated' | 'unchanged';

export function summarize(file: string, outcomes: readonly RowOutcome[]): ImportSummary {
  const count = (outcome: RowOutcome) => outcomes.filter((o) => o === outcome).length;
  return { file, rows: outcomes.length, inserted: count('inserted'), updated: count('updated'), unchanged: count('unchanged') };
}

/** `rates.csv: 496 rows, 2 inserted, 1 updated, 493 unchanged` */
export function describeImport(summary: ImportSummary): string {
  return `${summary.file}: ${summary.rows} rows, ${summary.inserted} inserted, ${summary.updated} updated, ${summary.unchanged} unchanged`;
}
