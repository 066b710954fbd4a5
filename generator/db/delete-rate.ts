// `delete rate`: the way to remove one stored rate (a mistyped date the build
// refuses, a figure entered twice), so an operator never edits SQLite by hand.
// With a folder of month files (fetch --write-csv), the kept row goes too: the
// database commits only once the file is rewritten, so both lose it or neither.
import { UserError } from '../errors.ts';
import { openDatabase, writeError } from './open.ts';
import { dropKeptRate } from './rate-files.ts';
import { commitStarts } from '../stopping.ts';

export interface DeleteRate {
  db: string;
  /** The subcategory's ID or slug. */
  subcategory: string;
  date: string;
  /** The folder of month files that keeps the rate as text (e.g. data/daily). */
  writeCsv?: string;
}

export interface Deleted {
  drtID: number;
  subcategoryID: number;
  /** The month file the row was removed from, or null when it kept none. */
  file: string | null;
}

export async function deleteRate(options: DeleteRate): Promise<Deleted> {
  const db = openDatabase(options.db);
  try {
    const subcategory = db
      .prepare('SELECT sctID FROM subcategories WHERE sctSlug = ? OR CAST(sctID AS TEXT) = ? ORDER BY sctSlug = ? DESC')
      .pluck()
      .get(options.subcategory, options.subcategory, options.subcategory) as number | undefined;
    if (subcategory === undefined) throw new UserError(`--subcategory ${options.subcategory}: no such subcategory in ${options.db} (give its ID or slug)`);
    const drtID = db.prepare('SELECT drtID FROM rates WHERE drtSubcategoryID = ? AND drtDate = ?').pluck().get(subcategory, options.date) as number | undefined;
    if (drtID === undefined) throw new UserError(`${options.db}: no rate of subcategory ${subcategory} on ${options.date}; nothing deleted`);
    db.exec('BEGIN IMMEDIATE');
    // The row and its month file go together: a signal waits for both.
    commitStarts();
    try {
      db.prepare('DELETE FROM rates WHERE drtID = ?').run(drtID);
      const file = options.writeCsv === undefined ? null : await dropKeptRate(options.writeCsv, subcategory, options.date).catch(keptError(options.writeCsv));
      db.exec('COMMIT');
      return { drtID, subcategoryID: subcategory, file };
    } finally {
      if (db.inTransaction) db.exec('ROLLBACK');
    }
  } catch (error) {
    throw writeError(options.db, error);
  } finally {
    db.close();
  }
}

const keptError = (dir: string) => (error: NodeJS.ErrnoException) => {
  if (error instanceof UserError) throw error;
  throw new UserError(`--write-csv ${dir}: cannot rewrite its month file (${error.code ?? error.message}); nothing deleted`);
};
