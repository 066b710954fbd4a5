// Nisab rules come as JSON (they nest a bracket table). Rules are upserted by
// nsbID and each rule's brackets are replaced by the file's.
import type { Database } from 'better-sqlite3';
import { NisabRuleInput, type Bracket } from '../core/schemas.ts';
import { checkRecord } from './check-record.ts';
import { reportDuplicates } from './duplicates.ts';
import { readTextFile } from './file-errors.ts';
import { summarize, type ImportSummary, type RowOutcome } from './import-summary.ts';
import { arrayElementLines, syntaxErrorLine } from './json-lines.ts';
import { Problems, type Located } from './problems.ts';
import { upsertById } from './upsert-by-id.ts';

const RULE_COLUMNS = Object.keys(NisabRuleInput.shape).filter((field) => field !== 'nsbBrackets');
const BRACKET_COLUMNS = ['lbrMinCount', 'lbrMaxCount', 'lbrDue', 'lbrDueText'] as const;

/** Upserts the Nisab rules of a JSON array of NisabRuleInput objects; all or nothing. */
export async function importNisab(db: Database, file: string): Promise<ImportSummary> {
  const problems = new Problems(file);
  const rules = parseRules(await readTextFile(file), problems);
  reportDuplicates(rules, 'nsbID', problems);
  for (const rule of rules) checkShape(rule, problems);

  return db.transaction(() => {
    checkReferences(db, rules, problems);
    problems.throwIfAny();
    const write = upsertById(db, 'nisab_rules', RULE_COLUMNS, problems);
    const readBrackets = db.prepare(
      `SELECT ${BRACKET_COLUMNS.join(', ')} FROM livestock_brackets WHERE lbrRuleID = ? ORDER BY lbrMinCount`,
    );
    const clearBrackets = db.prepare('DELETE FROM livestock_brackets WHERE lbrRuleID = ?');
    const addBracket = db.prepare(
      `INSERT INTO livestock_brackets (lbrRuleID, ${BRACKET_COLUMNS.join(', ')})
       VALUES (@rule, ${BRACKET_COLUMNS.map((c) => `@${c}`).join(', ')})`,
    );
    const outcomes = rules.map(({ line, value: rule }): RowOutcome | undefined => {
      const outcome = write(line, rule);
      if (outcome === undefined) return undefined;
      const stored = readBrackets.all(rule.nsbID);
      if (sameBrackets(stored as Bracket[], rule.nsbBrackets)) return outcome;
      clearBrackets.run(rule.nsbID);
      for (const bracket of rule.nsbBrackets) addBracket.run({ rule: rule.nsbID, ...bracket });
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
    problems.add(syntaxErrorLine(text, error as SyntaxError), 'json', (error as Error).message);
    problems.throwIfAny();
  }
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
  rule.nsbBrackets.forEach((bracket, i) => {
    const previous = rule.nsbBrackets[i - 1];
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
  for (const { line, value: rule } of rules) {
    for (const field of ['nsbSubcategoryID', 'nsbBasisSubcategoryID'] as const) {
      const id = rule[field];
      if (id !== null && !subcategories.has(id)) {
        problems.add(line, field, `unknown subcategory ${id}`);
      }
    }
  }
}

function sameBrackets(stored: readonly Bracket[], wanted: readonly Bracket[]): boolean {
  return (
    stored.length === wanted.length &&
    stored.every((bracket, i) => BRACKET_COLUMNS.every((column) => bracket[column] === wanted[i]![column]))
  );
}
