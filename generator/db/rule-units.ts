// The units of the stored Nisab rules against the subcategories that value
// them, read from the database (stored-limits.ts ruleUnitProblems says why).
import type { Database } from 'better-sqlite3';
import { ruleUnitProblems, type UnitOf } from './stored-limits.ts';

/** The subcategories' units and whether they have daily rates, by ID. */
export function storedUnits(db: Database): UnitOf {
  const units: UnitOf = {};
  for (const row of db.prepare('SELECT sctID, sctUnit, sctHasDailyRate FROM subcategories').all() as {
    sctID: number;
    sctUnit: string;
    sctHasDailyRate: number;
  }[]) {
    units[String(row.sctID)] = { sctUnit: row.sctUnit, sctHasDailyRate: row.sctHasDailyRate === 1 };
  }
  return units;
}

/** Every stored rule whose unit differs from a subcategory that values it. */
export function rulesMisunited(db: Database): { rule: number; message: string }[] {
  const units = storedUnits(db);
  const found: { rule: number; message: string }[] = [];
  const rows = db
    .prepare('SELECT nsbID, nsbSubcategoryID, nsbBasisSubcategoryID, nsbThreshold, nsbThresholdUnit, nsbLowerOf FROM nisab_rules ORDER BY nsbID')
    .all() as {
    nsbID: number;
    nsbSubcategoryID: number;
    nsbBasisSubcategoryID: number | null;
    nsbThreshold: number | null;
    nsbThresholdUnit: string | null;
    nsbLowerOf: string | null;
  }[];
  for (const row of rows) {
    let lowerOf: { subcategoryID: number }[] = [];
    try {
      const parsed: unknown = JSON.parse(row.nsbLowerOf ?? '[]');
      if (Array.isArray(parsed)) lowerOf = parsed.filter((m): m is { subcategoryID: number } => typeof m?.subcategoryID === 'number');
    } catch {
      // the record check names a column that is not JSON
    }
    for (const problem of ruleUnitProblems({ ...row, nsbLowerOf: lowerOf }, units)) found.push({ rule: row.nsbID, message: problem.message });
  }
  return found;
}
