// The figures Nigerian bodies announced (docs/API.md §2d, data/announcements.csv):
// upserted by annID, all or nothing. Each names a known source (a report a
// reader can open) and, where it gives a measure one of our rules has, that
// rule, which must price the same thing as the figure: a Nisab figure a rule of
// gold or silver (or cash, measured by one), a dowry a minimum-dowry rule, and so on.
// A figure the build could not publish sensibly is refused here, not by every
// build after it: a day before the data's first year (0202 for 2020) or after today, a figure
// more than a factor of 2 from ours for that day and measure (a digit too
// many, kobo for naira), or beyond what a double holds to the kobo.
import type { Database } from 'better-sqlite3';
import { valueAnnouncement } from '../router/announcements.ts';
import { AnnouncementInput, type AnnouncementKind } from '../model/schemas.ts';
import { importCsvById } from './import-csv-by-id.ts';
import type { ImportSummary } from './import-summary.ts';
import type { Located, Problems } from './problems.ts';
import { valuingRates } from './read-announcements.ts';
import { readSource } from './read-source.ts';
import { importDateProblem, importToday } from './stored-limits.ts';

/**
 * How far an announced figure may be from ours, as a factor either way. The
 * real notices of data/ differ from ours by -11 % to +18 % (a measure read
 * another way, another day's price); twice or half ours is a slip, not a price.
 */
export const MAX_ANNOUNCED_FACTOR = 2;

/** The largest figure whose kobo a double holds exactly (the page prints it to the kobo). */
export const MAX_ANNOUNCED_NAIRA = Math.floor(Number.MAX_SAFE_INTEGER / 100);

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
  const years = rateYears(db);
  const valued = valuer(db);
  const rules = new Map(
    (db.prepare('SELECT n.nsbID, s.sctSlug FROM nisab_rules n JOIN subcategories s ON s.sctID = n.nsbSubcategoryID').raw().all() as [number, string][]).map(
      ([id, slug]) => [id, slug],
    ),
  );
  for (const { line, value } of records) {
    if (!sources.has(value.annSource))
      problems.add(line, 'annSource', `unknown source ${JSON.stringify(value.annSource)}; import the sources first (import sources FILE.csv)`);
    if (value.annValueInNaira > MAX_ANNOUNCED_NAIRA)
      problems.add(
        line,
        'annValueInNaira',
        `${value.annValueInNaira} is more than ${MAX_ANNOUNCED_NAIRA.toLocaleString('en')} naira, beyond any announced figure (a digit too many?)`,
      );
    const dated = importDateProblem(value.annDate, importToday(undefined)) ?? yearsProblem(value.annDate, years);
    if (dated !== null) problems.add(line, 'annDate', dated);
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
    else if (dated === null) {
      const problem = farFromOurs(value, valued());
      if (problem !== null) problems.add(line, 'annValueInNaira', problem);
    }
  }
}

/** The first and last years the rates cover (null when there are none). */
function rateYears(db: Database): [string, string] | null {
  const [first, last] = db.prepare('SELECT min(drtDate), max(drtDate) FROM rates').raw().get() as [string | null, string | null];
  return first === null || last === null ? null : [first.slice(0, 4), last.slice(0, 4)];
}

/**
 * An announcement is dated from the rates' first year on. After their last it may be (a notice of today,
 * imported before tonight's rates are fetched); after today it may not (importDateProblem).
 */
function yearsProblem(date: string, years: [string, string] | null): string | null {
  if (years === null) return null;
  return date.slice(0, 4) >= years[0] ? null : `${date} is before ${years[0]}, the first year of the rates (a typo in the year?)`;
}

/** The build's own valuation (router/announcements.ts), from the rules, subcategories and rates as the build reads them. */
function valuer(db: Database): () => (announcement: AnnouncementInput) => number | null {
  let valued: ((announcement: AnnouncementInput) => number | null) | undefined;
  return () => {
    if (valued) return valued;
    const { subcategories, nisab } = readSource(db, importToday(undefined), { months: new Set() });
    const rules = Object.fromEntries(nisab.map((rule) => [rule.nsbID, rule]));
    const byId = Object.fromEntries(subcategories.map((s) => [s.sctID, s]));
    const ratesOn = valuingRates(db);
    valued = (announcement) => valueAnnouncement(announcement, rules, byId, ratesOn(announcement.annDate)).annComputedInNaira;
    return valued;
  };
}

function farFromOurs(value: AnnouncementInput, ours: (announcement: AnnouncementInput) => number | null): string | null {
  const computed = ours(value);
  if (computed === null || computed === 0) return null;
  const factor = value.annValueInNaira / computed;
  if (factor <= MAX_ANNOUNCED_FACTOR && factor >= 1 / MAX_ANNOUNCED_FACTOR) return null;
  const times = factor >= 1 ? `${factor.toPrecision(3)} times` : `1/${(1 / factor).toPrecision(3)} of`;
  return `${value.annValueInNaira} is ${times} our figure for rule ${value.annRuleID} on ${value.annDate} (${computed}); a figure more than a factor of ${MAX_ANNOUNCED_FACTOR} from ours is taken for a slip (a digit too many, kobo for naira): check it against the source`;
}
