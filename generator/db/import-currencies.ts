import type { Database } from 'better-sqlite3';
import { CurrencyInput } from '../model/currencies.ts';
import { importCsvById } from './import-csv-by-id.ts';
import type { ImportSummary } from './import-summary.ts';

/** Upserts the currencies of a CSV file `curCode,curName` (data/currencies.csv: ISO 4217's national codes); all or nothing. */
export function importCurrencies(db: Database, file: string): Promise<ImportSummary> {
  return importCsvById(db, file, { schema: CurrencyInput, table: 'currencies', unique: ['curCode'] });
}
