// Nisab rules come as JSON (they nest a bracket table). Rules are upserted by
// nsbID and each rule's brackets are replaced by the file's.
import type { Database } from 'better-sqlite3';
import { bracketNotation } from '../router/livestock.ts';
import { NisabRuleInput, POSITION_VIEWS, SCHOOLS, type BracketInput } from '../model/schemas.ts';
import { checkRecord } from './check-record.ts';
import { reportDuplicates } from './duplicates.ts';
import { summarize, type ImportSummary, type RowOutcome } from './import-summary.ts';
import { arrayElementLines, syntaxErrorLine } from './json-lines.ts';
import { Problems, type Located } from './problems.ts';
import { checkJsonShape, readBoundedText } from './strict-json.ts';
import { upsertById } from './upsert-by-id.ts';
import { storedUnits } from './rule-units.ts';
import { ruleUnitProblems, thresholdProblem, unitProblem } from './stored-limits.ts';
import { commitStarts } from '../stopping.ts';

const RULE_COLUMNS = Object.keys(NisabRuleInput.shape).filter((field) => field !== 'nsbBrackets');
const BRACKET_COLUMNS = ['lbrMinCount', 'lbrMaxCount', 'lbrDueText', 'lbrDues', 'lbrFormula'] as const;
// The structured dues are stored as JSON text (a bracket row is read whole, never queried inside).
const bracketRow = (rule: number, bracket: BracketInput) => ({
  rule,
  lbrMinCount: bracket.lbrMinCount,
  lbrMaxCount: bracket.lbrMaxCount,
  lbrDueText: bracket.lbrDueText,
  lbrDues: JSON.stringify(bracket.lbrDues),
  lbrFormula: bracket.lbrFormula === null ? null : JSON.stringify(bracket.lbrFormula),
});

/** Upserts the Nisab rules of a JSON array of NisabRuleInput objects; all or nothing. */
export async function importNisab(db: Database, file: string): Promise<ImportSummary> {
  const problems = new Problems(file);
  const text = await readBoundedText(file, problems);
  problems.throwIfAny();
  const rules = parseRules(text!, problems);
  reportDuplicates(rules, 'nsbID', problems);
  for (const rule of rules) checkShape(rule, problems);

  commitStarts();
  return db.transaction(() => {
    checkReferences(db, rules, problems);
    problems.throwIfAny();
    const write = upsertById(db, 'nisab_rules', RULE_COLUMNS, problems);
    const readBrackets = db.prepare(`SELECT ${BRACKET_COLUMNS.join(', ')} FROM livestock_brackets WHERE lbrRuleID = ? ORDER BY lbrMinCount`);
    const clearBrackets = db.prepare('DELETE FROM livestock_brackets WHERE lbrRuleID = ?');
    const addBracket = db.prepare(
      `INSERT INTO livestock_brackets (lbrRuleID, ${BRACKET_COLUMNS.join(', ')})
       VALUES (@rule, ${BRACKET_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    const outcomes = rules.map(({ line, value: rule }): RowOutcome | undefined => {
      const outcome = write(line, rule);
      if (outcome === undefined) return undefined;
      const stored = readBrackets.all(rule.nsbID) as Record<string, unknown>[];
      const wanted = rule.nsbBrackets.map((bracket) => bracketRow(rule.nsbID, bracket));
      if (sameBrackets(stored, wanted)) return outcome;
      clearBrackets.run(rule.nsbID);
      for (const row of wanted) addBracket.run(row);
      return outcome === 'unchanged' ? 'updated' : outcome;
    });
    problems.throwIfAny();
    return summarize(file, outcomes as RowOutcome[]);
  })();
}

function parseRules(text: string, problems: Problems): Located<NisabRuleInput>[] {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    // V8's message quotes the text around the error: cut, as every echoed value is.
    const message = (error as Error).message;
    problems.add(syntaxErrorLine(text, error as SyntaxError), 'json', message.length > 200 ? `${message.slice(0, 200)}...` : message);
    problems.throwIfAny();
  }
  checkJsonShape(text, problems);
  problems.throwIfAny();
  if (!Array.isArray(data)) {
    problems.add(1, 'json', 'must be an array of Nisab rule objects');
    problems.throwIfAny();
  }
  const lines = arrayElementLines(text);
  const rules: Located<NisabRuleInput>[] = [];
  (data as unknown[]).forEach((element, i) => {
    const line = lines[i]!;
    const rule = checkRecord(NisabRuleInput, element, (field, message) => problems.add(line, field, message));
    if (rule) rules.push({ line, value: rule });
  });
  return rules;
}

function checkShape({ line, value: rule }: Located<NisabRuleInput>, problems: Problems): void {
  if (rule.nsbRateKind === 'percent' && rule.nsbRatePercent === null) {
    problems.add(line, 'nsbRatePercent', 'must be given when nsbRateKind is "percent"');
  }
  if (rule.nsbRateKind === 'bracket' && rule.nsbBrackets.length === 0) {
    problems.add(line, 'nsbBrackets', 'must not be empty when nsbRateKind is "bracket"');
  }
  if (rule.nsbRateKind === 'none' && rule.nsbRatePercent !== null) {
    problems.add(line, 'nsbRatePercent', 'must be null when nsbRateKind is "none" (a legal threshold, not zakat)');
  }
  if (rule.nsbRateKind === 'per-person' && (rule.nsbRatePercent !== null || rule.nsbThreshold === null || rule.nsbThresholdUnit === null)) {
    problems.add(line, 'nsbThreshold', 'must be the quantity due per person, with its unit and no nsbRatePercent, when nsbRateKind is "per-person"');
  }
  for (const school of SCHOOLS) {
    const applied = rule.nsbCombining.filter((position) => position.applied && position.schools.includes(school)).length;
    if (applied > 1) problems.add(line, 'nsbCombining', `names ${applied} applied positions for ${school}; a calculator needs one`);
  }
  rule.nsbPositions.forEach((position, i) => {
    const views: readonly string[] = POSITION_VIEWS[position.topic];
    if (!views.includes(position.view)) {
      problems.add(line, `nsbPositions[${i}].view`, `"${position.view}" is not a view of ${position.topic}; one of ${views.join(', ')}`);
    }
    if (position.case !== null && position.topic !== 'receivables') problems.add(line, `nsbPositions[${i}].case`, 'must be null except on receivables');
  });
  for (const school of SCHOOLS) {
    // One applied position per question for each school; a question may be answered apart for different
    // wealth (the Maliki on unpaid zakat: money in one text, livestock in another) when their `with` do not overlap.
    const applied = new Map<string, { count: number; with: Set<number>; overlap: boolean }>();
    for (const position of rule.nsbPositions) {
      if (!position.applied || !position.schools.includes(school)) continue;
      const key = `${position.topic}${position.case === null ? '' : ` (${position.case})`}`;
      const seen = applied.get(key) ?? { count: 0, with: new Set<number>(), overlap: false };
      seen.count += 1;
      if (position.with.length === 0 || seen.with.size === 0 || position.with.some((id) => seen.with.has(id))) seen.overlap ||= seen.count > 1;
      for (const id of position.with) seen.with.add(id);
      applied.set(key, seen);
    }
    for (const [key, { count, overlap }] of applied) {
      if (count > 1 && overlap) problems.add(line, 'nsbPositions', `names ${count} applied positions on ${key} for ${school}; a calculator needs one`);
    }
  }
  if (rule.nsbLowerOf.length === 1) problems.add(line, 'nsbLowerOf', 'must name at least two metals to take the lower of, or none');
  if (rule.nsbLowerOf.length > 0) {
    for (const field of ['nsbThreshold', 'nsbBasisSubcategoryID'] as const) {
      if (rule[field] !== null) problems.add(line, field, 'must be null when nsbLowerOf is given (the threshold depends on the day)');
    }
  }
  const thresholds: [string, number | null][] = [
    ['nsbThreshold', rule.nsbThreshold],
    ...rule.nsbLowerOf.map((metal, i): [string, number] => [`nsbLowerOf[${i}].threshold`, metal.threshold]),
  ];
  for (const [field, threshold] of thresholds) {
    const problem = threshold === null ? null : thresholdProblem(threshold);
    if (problem !== null) problems.add(line, field, problem);
  }
  const unit = rule.nsbThresholdUnit === null ? null : unitProblem(rule.nsbThresholdUnit);
  if (unit !== null) problems.add(line, 'nsbThresholdUnit', unit);
  rule.nsbBrackets.forEach((bracket, i) => {
    const previous = rule.nsbBrackets[i - 1];
    if (bracket.lbrFormula !== null && (bracket.lbrMaxCount !== null || bracket.lbrDues.length > 0)) {
      problems.add(line, `nsbBrackets[${i}].lbrFormula`, 'only the open-ended last bracket (lbrMaxCount null, lbrDues []) may have a formula');
    }
    if (bracket.lbrDue !== undefined && bracket.lbrDue !== bracketNotation(bracket)) {
      problems.add(
        line,
        `nsbBrackets[${i}].lbrDue`,
        `is derived from lbrDues and lbrFormula, which say ${JSON.stringify(bracketNotation(bracket))}; leave it out or correct it`,
      );
    }
    if (bracket.lbrMaxCount !== null && bracket.lbrMaxCount < bracket.lbrMinCount) {
      problems.add(line, `nsbBrackets[${i}].lbrMaxCount`, `must be at least lbrMinCount (${bracket.lbrMinCount})`);
    }
    if (previous && (previous.lbrMaxCount === null || bracket.lbrMinCount <= previous.lbrMaxCount)) {
      problems.add(
        line,
        `nsbBrackets[${i}].lbrMinCount`,
        previous.lbrMaxCount === null
          ? 'follows an open-ended bracket; only the last bracket may have no lbrMaxCount'
          : `must be above the previous bracket's lbrMaxCount (${previous.lbrMaxCount}); brackets ascend without overlap`,
      );
    }
  });
}

function checkReferences(db: Database, rules: readonly Located<NisabRuleInput>[], problems: Problems): void {
  const subcategories = new Set(db.prepare('SELECT sctID FROM subcategories').pluck().all());
  const units = storedUnits(db);
  for (const { line, value: rule } of rules) {
    for (const { field, message } of ruleUnitProblems(rule, units)) problems.add(line, field, message);
    for (const field of ['nsbSubcategoryID', 'nsbBasisSubcategoryID'] as const) {
      const id = rule[field];
      if (id !== null && !subcategories.has(id)) {
        problems.add(line, field, `unknown subcategory ${id}`);
      }
    }
    rule.nsbLowerOf.forEach((metal, i) => {
      if (!subcategories.has(metal.subcategoryID)) problems.add(line, `nsbLowerOf[${i}].subcategoryID`, `unknown subcategory ${metal.subcategoryID}`);
    });
    for (const field of ['nsbCombining', 'nsbPositions'] as const) {
      rule[field].forEach((position, i) => {
        position.with.forEach((id, j) => {
          if (!subcategories.has(id)) problems.add(line, `${field}[${i}].with[${j}]`, `unknown subcategory ${id}`);
        });
      });
    }
  }
}

function sameBrackets(stored: readonly Record<string, unknown>[], wanted: readonly Record<string, unknown>[]): boolean {
  return stored.length === wanted.length && stored.every((bracket, i) => BRACKET_COLUMNS.every((column) => bracket[column] === wanted[i]![column]));
}
