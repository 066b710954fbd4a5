// The build's check of the whole database against the limits of
// stored-limits.ts, before anything is derived: a database that took such a
// value before the limit existed (or by hand) gets one line per row, naming it
// and the command that fixes it, instead of an error deep in the build.
import type { Database } from 'better-sqlite3';
import { rulesMisunited } from './rule-units.ts';
import { BUILT_IN_SOURCES, carryProblem, DATE_RANGE, dateProblem, MAX_THRESHOLD, slugProblem, thresholdProblem, unitProblem } from './stored-limits.ts';

/** At most this many rows are named (the count says the rest). */
const MAX_NAMED = 100;

const cli = (args: string, db: Database) => `npm run cli -- ${args} --db ${db.name}`;

interface StoredRate {
  drtID: number;
  drtSubcategoryID: number;
  drtDate: string;
}

const rateRow = (rate: StoredRate) => `rates drtID ${rate.drtID} (subcategory ${rate.drtSubcategoryID} on ${rate.drtDate})`;
const removeRate = (rate: StoredRate, db: string) =>
  `remove it with: npm run cli -- delete rate --subcategory ${rate.drtSubcategoryID} --date ${rate.drtDate} --db ${db} (add --write-csv DIR when it is kept there, e.g. data/daily)`;

/**
 * The carry limit of one rate as the build reads it (read-source.ts), not by a
 * scan here: it has no index, and every stored rate is read by the first build
 * of this program (a new generator renders everything) and again whenever its
 * month changes.
 */
export function carriedRateProblem(rate: StoredRate & { drtNairaDate: string }, db: string): string | null {
  const carried = carryProblem(rate.drtDate, rate.drtNairaDate);
  return carried === null
    ? null
    : `${rateRow(rate)}: drtNairaDate: ${carried}; import the rate again with that day's naira rate (npm run cli -- import rates FILE.csv --db ${db}), or ${removeRate(rate, db)}`;
}

/** One line per stored value no build can publish, each with its fix; empty when all is well. */
export function storedProblems(db: Database): string[] {
  const problems: string[] = [];
  // Through the date index: two range reads, however long the history.
  const outside = 'FROM rates WHERE drtDate < ? OR drtDate > ?';
  const limits = [DATE_RANGE.first, DATE_RANGE.last];
  const rates = db.prepare(`SELECT drtID, drtSubcategoryID, drtDate ${outside} ORDER BY drtDate, drtSubcategoryID LIMIT ${MAX_NAMED}`).all(...limits) as {
    drtID: number;
    drtSubcategoryID: number;
    drtDate: string;
  }[];
  if (rates.length === MAX_NAMED) {
    const count = db
      .prepare(`SELECT count(*) ${outside}`)
      .pluck()
      .get(...limits) as number;
    if (count > MAX_NAMED)
      problems.push(`rates: ${count} rows are dated outside ${DATE_RANGE.first} to ${DATE_RANGE.last}; the first ${MAX_NAMED} by date are named`);
  }
  for (const rate of rates) problems.push(`${rateRow(rate)}: drtDate: ${dateProblem(rate.drtDate)}; ${removeRate(rate, db.name)}`);
  const subcategories = db.prepare('SELECT sctID, sctSlug, sctUnit FROM subcategories ORDER BY sctID').all() as {
    sctID: number;
    sctSlug: string;
    sctUnit: string;
  }[];
  for (const s of subcategories) {
    for (const [field, problem] of [
      ['sctUnit', unitProblem(s.sctUnit)],
      ['sctSlug', slugProblem(s.sctSlug)],
    ] as const) {
      if (problem !== null)
        problems.push(
          `subcategories sctID ${s.sctID}: ${field}: ${problem}; correct it in the subcategories file and import it again (${cli('import subcategories FILE.csv', db)})`,
        );
    }
  }
  const rules = db.prepare(`SELECT nsbID, nsbThreshold, nsbThresholdUnit, nsbLowerOf FROM nisab_rules ORDER BY nsbID`).all() as {
    nsbID: number;
    nsbThreshold: number | null;
    nsbThresholdUnit: string | null;
    nsbLowerOf: string | null;
  }[];
  const fixRule = `correct it in the Nisab file and import it again (${cli('import nisab FILE.json', db)})`;
  for (const rule of rules) {
    const thresholds = [rule.nsbThreshold, ...lowerOfThresholds(rule.nsbLowerOf)];
    for (const threshold of thresholds) {
      // Not finite (SQLite stores 1e309 as Inf) or above the limit.
      const problem =
        threshold === null ? null : Number.isFinite(threshold) ? thresholdProblem(threshold) : `${threshold} is not a finite number (at most ${MAX_THRESHOLD})`;
      if (problem !== null) problems.push(`nisab_rules nsbID ${rule.nsbID}: threshold: ${problem}; ${fixRule}`);
    }
    const unit = rule.nsbThresholdUnit === null ? null : unitProblem(rule.nsbThresholdUnit);
    if (unit !== null) problems.push(`nisab_rules nsbID ${rule.nsbID}: nsbThresholdUnit: ${unit}; ${fixRule}`);
  }
  for (const { rule, message } of rulesMisunited(db))
    problems.push(`nisab_rules nsbID ${rule}: nsbThresholdUnit: ${message}; ${fixRule}, or the subcategory's unit in the subcategories file`);
  for (const [id, builtIn] of Object.entries(BUILT_IN_SOURCES)) {
    const stored = db.prepare('SELECT srcID, srcName, srcURL, srcLicence, srcDescription, srcFigure FROM sources WHERE srcID = ?').get(id) as
      | Record<string, unknown>
      | undefined;
    const same = stored !== undefined && Object.entries(builtIn).every(([field, value]) => stored[field] === value);
    if (!same) problems.push(`sources srcID ${id}: the built-in source was ${stored ? 'redefined' : 'removed'}; restore it with: ${cli('init', db)}`);
  }
  return problems;
}

function lowerOfThresholds(text: string | null): number[] {
  try {
    const parsed: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(parsed) ? parsed.map((m) => m?.threshold).filter((t): t is number => typeof t === 'number') : [];
  } catch {
    return [];
  }
}
