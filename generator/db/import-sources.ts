import type { Database } from 'better-sqlite3';
import { SourceInput } from '../model/schemas.ts';
import { importCsvById } from './import-csv-by-id.ts';
import type { ImportSummary } from './import-summary.ts';
import { builtInSourceProblem } from './stored-limits.ts';

/**
 * Upserts the data sources of a CSV file
 * `srcID,srcName,srcURL,srcLicence,srcDescription[,srcFigure]`; all or nothing.
 * Rate records name these in drtPriceSource and drtNairaSource.
 */
export function importSources(db: Database, file: string): Promise<ImportSummary> {
  return importCsvById(db, file, {
    schema: SourceInput,
    table: 'sources',
    unique: ['srcID'],
    check: (_db, records, problems) => {
      for (const { line, value } of records) {
        const builtIn = builtInSourceProblem(value.srcID);
        if (builtIn !== null) problems.add(line, 'srcID', builtIn);
      }
    },
  });
}
