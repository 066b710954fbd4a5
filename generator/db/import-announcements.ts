// The figures Nigerian bodies announced (docs/API.md §2d, data/announcements.csv):
// upserted by annID, all or nothing. Each names a known source (a report a
// reader can open) and, where it gives a measure one of our rules has, that
// rule, which must price the same thing as the figure: a Nisab figure a rule of
// gold or silver (or cash, measured by one), a dowry a minimum-dowry rule, and so on.
import type { Database } from 'better-sqlite3';
import { AnnouncementInput, type AnnouncementKind } from '../core/schemas.ts';
import { importCsvById } from './import-csv-by-id.ts';
import type { ImportSummary } from './import-summary.ts';
import type { Located, Problems } from './problems.ts';

/** The subcategories (by slug) whose rules can measure each kind of figure. */
const RULE_SUBCATEGORIES: { [K in AnnouncementKind]: readonly string[] } = {
  nisab: ['gold', 'silver', 'cash'],
  'minimum-dowry': ['minimum-dowry'],
  'theft-threshold': ['theft-threshold'],
  diyyah: ['diyyah'],
  'zakat-al-fitr': ['zakat-al-fitr'],
};

export function importAnnouncements(db: Database, file: string): Promise<ImportSummary> {
  return importCsvById(db, file, { schema: AnnouncementInput, table: 'announcements', unique: ['annID'], check });
}

function check(db: Database, records: readonly Located<AnnouncementInput>[], problems: Problems): void {
  const sources = new Set(db.prepare('SELECT srcID FROM sources').pluck().all());
  const rules = new Map(
    (db.prepare('SELECT n.nsbID, s.sctSlug FROM nisab_rules n JOIN subcategories s ON s.sctID = n.nsbSubcategoryID').raw().all() as [number, string][]).map(
      ([id, slug]) => [id, slug],
    ),
  );
  for (const { line, value } of records) {
    if (!sources.has(value.annSource))
      problems.add(line, 'annSource', `unknown source ${JSON.stringify(value.annSource)}; import the sources first (import sources FILE.csv)`);
    if (value.annRuleID === null) continue;
    const slug = rules.get(value.annRuleID);
    const allowed = RULE_SUBCATEGORIES[value.annKind];
    if (slug === undefined) problems.add(line, 'annRuleID', `no Nisab rule ${value.annRuleID}; import the rules first (import nisab FILE.json)`);
    else if (!allowed.includes(slug))
      problems.add(
        line,
        'annRuleID',
        `rule ${value.annRuleID} is a rule of ${slug}, not of ${allowed.join(' or ')}: it does not measure a ${value.annKind} figure`,
      );
  }
}
