// The schema of the source database, as an ordered list of steps. Step i brings
// a database from version i to i + 1 (PRAGMA user_version); steps are only ever
// appended, never edited, so every database in the field can be moved forward.
import type { Database } from 'better-sqlite3';
import { UserError } from '../errors.ts';

const BOOLEAN = (column: string) => `${column} INTEGER NOT NULL CHECK (${column} IN (0, 1))`;

// date() normalises impossible dates (2024-02-30 becomes 2024-03-01), so a real
// date is one that has the zero-padded form AND comes back from date() unchanged.
const REAL_DATE = (column: string) => `${column} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(${column}) IS ${column}`;

// typeof() as well as > 0: SQLite orders any text above every number.
const POSITIVE_REAL = (column: string) => `${column} REAL NOT NULL CHECK (typeof(${column}) = 'real' AND ${column} > 0)`;

// A JSON array column, '[]' unless given.
const JSON_ARRAY = (column: string) => `TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(${column}) AND json_type(${column}) = 'array')`;

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE subcategories (
    sctID INTEGER PRIMARY KEY,
    sctSlug TEXT NOT NULL UNIQUE,
    sctName TEXT NOT NULL,
    sctUnit TEXT NOT NULL,
    ${BOOLEAN('sctHasDailyRate')},
    ${BOOLEAN('sctIsDefault')}
  );
  CREATE UNIQUE INDEX subcategories_one_default ON subcategories (sctIsDefault) WHERE sctIsDefault = 1;

  CREATE TABLE rates (
    drtID INTEGER PRIMARY KEY,
    drtSubcategoryID INTEGER NOT NULL REFERENCES subcategories (sctID),
    drtDate TEXT NOT NULL CHECK (${REAL_DATE('drtDate')}),
    ${POSITIVE_REAL('drtInUSD')},
    ${POSITIVE_REAL('drtUSDinNaira')},
    UNIQUE (drtSubcategoryID, drtDate)
  );
  CREATE INDEX rates_by_date ON rates (drtDate, drtSubcategoryID);
  `,
  `
  CREATE TABLE categories (
    catID INTEGER PRIMARY KEY,
    catSlug TEXT NOT NULL UNIQUE,
    catName TEXT NOT NULL
  );
  ALTER TABLE subcategories ADD COLUMN sctCategoryID INTEGER REFERENCES categories (catID);

  CREATE TABLE nisab_rules (
    nsbID INTEGER PRIMARY KEY,
    nsbSubcategoryID INTEGER NOT NULL REFERENCES subcategories (sctID),
    nsbVariant TEXT NOT NULL,
    ${BOOLEAN('nsbIsDefault')},
    nsbThreshold REAL CHECK (nsbThreshold >= 0),
    nsbThresholdUnit TEXT,
    nsbRatePercent REAL CHECK (nsbRatePercent BETWEEN 0 AND 100),
    nsbRateKind TEXT NOT NULL CHECK (nsbRateKind IN ('percent', 'bracket')),
    nsbBasisSubcategoryID INTEGER REFERENCES subcategories (sctID),
    ${BOOLEAN('nsbHawlRequired')},
    nsbConditions TEXT,
    nsbNotes TEXT,
    nsbSourceURL TEXT
  );

  CREATE TABLE livestock_brackets (
    lbrRuleID INTEGER NOT NULL REFERENCES nisab_rules (nsbID) ON DELETE CASCADE,
    lbrMinCount INTEGER NOT NULL CHECK (lbrMinCount >= 0),
    lbrMaxCount INTEGER CHECK (lbrMaxCount >= lbrMinCount),
    lbrDue TEXT NOT NULL,
    lbrDueText TEXT NOT NULL,
    PRIMARY KEY (lbrRuleID, lbrMinCount)
  ) WITHOUT ROWID;
  `,
  // Issue 10: schools, authorities, the lower-of rule, the solar-year rate, rules
  // that are not zakat (nsbRateKind 'none'), livestock dues as structured JSON.
  // SQLite cannot change a CHECK, so both tables are rebuilt; the renames update
  // the foreign key. Old bracket rows keep their range and text but have no
  // structured due (NULL): the build names them, and importing the rules again
  // fills them in.
  `
  CREATE TABLE nisab_rules_v3 (
    nsbID INTEGER PRIMARY KEY,
    nsbSubcategoryID INTEGER NOT NULL REFERENCES subcategories (sctID),
    nsbVariant TEXT NOT NULL,
    ${BOOLEAN('nsbIsDefault')},
    nsbThreshold REAL CHECK (nsbThreshold >= 0),
    nsbThresholdUnit TEXT,
    nsbRatePercent REAL CHECK (nsbRatePercent BETWEEN 0 AND 100),
    nsbRateKind TEXT NOT NULL CHECK (nsbRateKind IN ('percent', 'bracket', 'none')),
    nsbBasisSubcategoryID INTEGER REFERENCES subcategories (sctID),
    ${BOOLEAN('nsbHawlRequired')},
    nsbConditions TEXT,
    nsbNotes TEXT,
    nsbSourceURL TEXT,
    nsbSchools ${JSON_ARRAY('nsbSchools')},
    nsbAuthorities ${JSON_ARRAY('nsbAuthorities')},
    nsbLowerOf ${JSON_ARRAY('nsbLowerOf')},
    nsbSolarYearRatePercent REAL CHECK (nsbSolarYearRatePercent > 0 AND nsbSolarYearRatePercent <= 100)
  );
  INSERT INTO nisab_rules_v3 (nsbID, nsbSubcategoryID, nsbVariant, nsbIsDefault, nsbThreshold, nsbThresholdUnit, nsbRatePercent,
                              nsbRateKind, nsbBasisSubcategoryID, nsbHawlRequired, nsbConditions, nsbNotes, nsbSourceURL)
    SELECT nsbID, nsbSubcategoryID, nsbVariant, nsbIsDefault, nsbThreshold, nsbThresholdUnit, nsbRatePercent,
           nsbRateKind, nsbBasisSubcategoryID, nsbHawlRequired, nsbConditions, nsbNotes, nsbSourceURL FROM nisab_rules;

  CREATE TABLE livestock_brackets_v3 (
    lbrRuleID INTEGER NOT NULL REFERENCES nisab_rules_v3 (nsbID) ON DELETE CASCADE,
    lbrMinCount INTEGER NOT NULL CHECK (lbrMinCount >= 0),
    lbrMaxCount INTEGER CHECK (lbrMaxCount >= lbrMinCount),
    lbrDueText TEXT NOT NULL,
    lbrDues TEXT CHECK (json_valid(lbrDues) AND json_type(lbrDues) = 'array'),
    lbrFormula TEXT CHECK (json_valid(lbrFormula) AND json_type(lbrFormula) = 'object'),
    PRIMARY KEY (lbrRuleID, lbrMinCount)
  ) WITHOUT ROWID;
  INSERT INTO livestock_brackets_v3 (lbrRuleID, lbrMinCount, lbrMaxCount, lbrDueText)
    SELECT lbrRuleID, lbrMinCount, lbrMaxCount, lbrDueText FROM livestock_brackets;

  DROP TABLE livestock_brackets;
  DROP TABLE nisab_rules;
  ALTER TABLE nisab_rules_v3 RENAME TO nisab_rules;
  ALTER TABLE livestock_brackets_v3 RENAME TO livestock_brackets;
  `,
  // Every figure says where it comes from (issue 9). Rows from before this step
  // were entered by hand as far as the database knows: 'manual'. drtNairaDate is
  // NULL unless the naira figure is carried from an earlier date.
  `
  CREATE TABLE sources (
    srcID TEXT PRIMARY KEY CHECK (srcID GLOB '[a-z0-9]*' AND srcID NOT GLOB '*[^a-z0-9-]*'),
    srcName TEXT NOT NULL,
    srcURL TEXT,
    srcLicence TEXT NOT NULL,
    srcDescription TEXT NOT NULL,
    srcFigure TEXT NOT NULL
  );
  INSERT INTO sources VALUES ('manual', 'Entered by the operator', NULL, 'as the operator states',
    'A figure imported from a file that does not name its source.', 'manual');
  ALTER TABLE rates ADD COLUMN drtPriceSource TEXT NOT NULL DEFAULT 'manual';
  ALTER TABLE rates ADD COLUMN drtNairaSource TEXT NOT NULL DEFAULT 'manual';
  ALTER TABLE rates ADD COLUMN drtNairaDate TEXT CHECK (drtNairaDate IS NULL OR (${REAL_DATE('drtNairaDate')} AND drtNairaDate < drtDate));
  `,
  // Issue 12: which months changed, known without fingerprinting every row. Each
  // (subcategory, month) of rates has a random version that triggers replace on
  // every change to its rows, or to its subcategory (a published rate line holds
  // sctUnit), however the change is made: our imports or plain SQL. A build
  // fingerprints again only the months whose version is not the one it saw last
  // time (read-rate-summary.ts). Random, not a counter: a restored backup or a
  // diverged copy of the file cannot repeat a version the build has seen.
  // BEFORE INSERT/UPDATE also bump the month of a row that a REPLACE would delete
  // (SQLite fires no delete trigger for those unless recursive_triggers is on).
  // An upsert, not INSERT OR REPLACE: a conflict clause on the outer statement
  // (INSERT OR IGNORE INTO rates ...) would override the trigger's own.
  `
  CREATE TABLE rate_months (
    rmoSubcategoryID INTEGER NOT NULL,
    rmoMonth TEXT NOT NULL,
    rmoVersion TEXT NOT NULL,
    PRIMARY KEY (rmoSubcategoryID, rmoMonth)
  ) WITHOUT ROWID;
  INSERT INTO rate_months SELECT drtSubcategoryID, substr(drtDate, 1, 7), hex(randomblob(8)) FROM rates GROUP BY 1, 2;
  ${monthTrigger('rates_month_insert', 'AFTER INSERT', 'NEW')}
  ${monthTrigger('rates_month_update_old', 'AFTER UPDATE', 'OLD')}
  ${monthTrigger('rates_month_update_new', 'AFTER UPDATE', 'NEW')}
  ${monthTrigger('rates_month_delete', 'AFTER DELETE', 'OLD')}
  CREATE TRIGGER rates_month_insert_replaced BEFORE INSERT ON rates BEGIN
    UPDATE rate_months SET rmoVersion = hex(randomblob(8))
     WHERE (rmoSubcategoryID, rmoMonth) IN (SELECT drtSubcategoryID, substr(drtDate, 1, 7) FROM rates WHERE drtID = NEW.drtID);
  END;
  CREATE TRIGGER rates_month_update_replaced BEFORE UPDATE ON rates BEGIN
    UPDATE rate_months SET rmoVersion = hex(randomblob(8))
     WHERE (rmoSubcategoryID, rmoMonth) IN (SELECT drtSubcategoryID, substr(drtDate, 1, 7) FROM rates
                                            WHERE drtID = NEW.drtID AND drtID IS NOT OLD.drtID
                                               OR drtSubcategoryID = NEW.drtSubcategoryID AND drtDate = NEW.drtDate AND drtID IS NOT OLD.drtID);
  END;
  CREATE TRIGGER subcategories_month_update AFTER UPDATE ON subcategories BEGIN
    UPDATE rate_months SET rmoVersion = hex(randomblob(8)) WHERE rmoSubcategoryID IN (OLD.sctID, NEW.sctID);
  END;
  CREATE TRIGGER subcategories_month_delete AFTER DELETE ON subcategories BEGIN
    UPDATE rate_months SET rmoVersion = hex(randomblob(8)) WHERE rmoSubcategoryID = OLD.sctID;
  END;
  `,
  // Issue 23: the currencies `currency=` names (ISO 4217) and each one's units per
  // US dollar per day, with its source. The naira and the dollar have no rows
  // here: their figures are the rate record's own (generator/model/currencies.ts).
  `
  CREATE TABLE currencies (
    curCode TEXT PRIMARY KEY CHECK (curCode GLOB '[A-Z][A-Z][A-Z]'),
    curName TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE fx_rates (
    fxCurrency TEXT NOT NULL REFERENCES currencies (curCode) CHECK (fxCurrency NOT IN ('NGN', 'USD')),
    fxDate TEXT NOT NULL CHECK (${REAL_DATE('fxDate')}),
    ${POSITIVE_REAL('fxPerUSD')},
    fxSource TEXT NOT NULL REFERENCES sources (srcID),
    PRIMARY KEY (fxCurrency, fxDate)
  ) WITHOUT ROWID;
  CREATE INDEX fx_rates_by_date ON fx_rates (fxDate);
  `,
  // Issue 20: rules per person (zakat al-fitr, nsbRateKind 'per-person'), how each
  // school combines the metals and money (nsbCombining), worn jewellery
  // (nsbWornJewellery), livestock dues in words (nsbDueItems) and the Maliki trader (nsbTrader). The CHECK on
  // nsbRateKind changes, so both tables are rebuilt as in step 3 (dropping
  // nisab_rules alone would cascade to the brackets).
  `
  CREATE TABLE nisab_rules_v6 (
    nsbID INTEGER PRIMARY KEY,
    nsbSubcategoryID INTEGER NOT NULL REFERENCES subcategories (sctID),
    nsbVariant TEXT NOT NULL,
    ${BOOLEAN('nsbIsDefault')},
    nsbThreshold REAL CHECK (nsbThreshold >= 0),
    nsbThresholdUnit TEXT,
    nsbRatePercent REAL CHECK (nsbRatePercent BETWEEN 0 AND 100),
    nsbRateKind TEXT NOT NULL CHECK (nsbRateKind IN ('percent', 'bracket', 'none', 'per-person')),
    nsbBasisSubcategoryID INTEGER REFERENCES subcategories (sctID),
    ${BOOLEAN('nsbHawlRequired')},
    nsbConditions TEXT,
    nsbNotes TEXT,
    nsbSourceURL TEXT,
    nsbSchools ${JSON_ARRAY('nsbSchools')},
    nsbAuthorities ${JSON_ARRAY('nsbAuthorities')},
    nsbLowerOf ${JSON_ARRAY('nsbLowerOf')},
    nsbSolarYearRatePercent REAL CHECK (nsbSolarYearRatePercent > 0 AND nsbSolarYearRatePercent <= 100),
    nsbCombining ${JSON_ARRAY('nsbCombining')},
    nsbWornJewellery ${JSON_ARRAY('nsbWornJewellery')},
    nsbDueItems ${JSON_ARRAY('nsbDueItems')},
    nsbTrader TEXT CHECK (nsbTrader IN ('mudir', 'muhtakir'))
  );
  INSERT INTO nisab_rules_v6 (nsbID, nsbSubcategoryID, nsbVariant, nsbIsDefault, nsbThreshold, nsbThresholdUnit, nsbRatePercent,
                              nsbRateKind, nsbBasisSubcategoryID, nsbHawlRequired, nsbConditions, nsbNotes, nsbSourceURL,
                              nsbSchools, nsbAuthorities, nsbLowerOf, nsbSolarYearRatePercent)
    SELECT nsbID, nsbSubcategoryID, nsbVariant, nsbIsDefault, nsbThreshold, nsbThresholdUnit, nsbRatePercent,
           nsbRateKind, nsbBasisSubcategoryID, nsbHawlRequired, nsbConditions, nsbNotes, nsbSourceURL,
           nsbSchools, nsbAuthorities, nsbLowerOf, nsbSolarYearRatePercent FROM nisab_rules;

  CREATE TABLE livestock_brackets_v6 (
    lbrRuleID INTEGER NOT NULL REFERENCES nisab_rules_v6 (nsbID) ON DELETE CASCADE,
    lbrMinCount INTEGER NOT NULL CHECK (lbrMinCount >= 0),
    lbrMaxCount INTEGER CHECK (lbrMaxCount >= lbrMinCount),
    lbrDueText TEXT NOT NULL,
    lbrDues TEXT CHECK (json_valid(lbrDues) AND json_type(lbrDues) = 'array'),
    lbrFormula TEXT CHECK (json_valid(lbrFormula) AND json_type(lbrFormula) = 'object'),
    PRIMARY KEY (lbrRuleID, lbrMinCount)
  ) WITHOUT ROWID;
  INSERT INTO livestock_brackets_v6 SELECT lbrRuleID, lbrMinCount, lbrMaxCount, lbrDueText, lbrDues, lbrFormula FROM livestock_brackets;

  DROP TABLE livestock_brackets;
  DROP TABLE nisab_rules;
  ALTER TABLE nisab_rules_v6 RENAME TO nisab_rules;
  ALTER TABLE livestock_brackets_v6 RENAME TO livestock_brackets;
  `,
  // Issue 21: Nigeria's declared Hijri months (docs/API.md §2b), each with its
  // source. A published rate's drtHijriDateNigeria is read from this table
  // (RATE_COLUMNS), so a month that gains, loses or moves a start gets a new
  // version for every rate month whose dates it can date: from the day before
  // its first day (day 30 of the month before) to its 30th day.
  `
  CREATE TABLE calendar_nigeria (
    calMonth TEXT PRIMARY KEY CHECK (calMonth GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]' AND substr(calMonth, 6, 2) BETWEEN '01' AND '12'),
    calFirstDay TEXT NOT NULL UNIQUE CHECK (${REAL_DATE('calFirstDay')}),
    calSource TEXT NOT NULL REFERENCES sources (srcID)
  ) WITHOUT ROWID;
  ${calendarTrigger('calendar_nigeria_insert', 'INSERT', ['NEW'])}
  ${calendarTrigger('calendar_nigeria_update', 'UPDATE', ['OLD', 'NEW'])}
  ${calendarTrigger('calendar_nigeria_delete', 'DELETE', ['OLD'])}
  `,
  // currency=USD names the source of its 1 per dollar, in every database (as 'manual' is).
  `
  INSERT OR IGNORE INTO sources VALUES ('us-dollar', 'The US dollar itself', NULL, 'not applicable',
    'The rate of the US dollar per US dollar: 1, by definition (currency=USD).', 'other');
  `,
  // Issue 30: each school's position on the payer's circumstances (nsbPositions).
  `
  ALTER TABLE nisab_rules ADD COLUMN nsbPositions ${JSON_ARRAY('nsbPositions')};
  `,
  // Issue 33: monthly averages of rates per US dollar, dated on the month's first day
  // (docs/API.md §2c). Their own table: a month's average and the daily figure of its
  // first day are different figures of the same (currency, date), and a monthly-average
  // rate record is valued only at the average of its month, a daily one only at daily figures.
  `
  CREATE TABLE fx_monthly (
    fxCurrency TEXT NOT NULL REFERENCES currencies (curCode) CHECK (fxCurrency NOT IN ('NGN', 'USD')),
    fxDate TEXT NOT NULL CHECK (${REAL_DATE('fxDate')} AND substr(fxDate, 9) = '01'),
    ${POSITIVE_REAL('fxPerUSD')},
    fxSource TEXT NOT NULL REFERENCES sources (srcID),
    PRIMARY KEY (fxCurrency, fxDate)
  ) WITHOUT ROWID;
  `,
  // Issue 33: the figures Nigerian bodies announced (docs/API.md §2d), each with
  // its source. annRuleID names a rule of nisab_rules, checked by the import
  // (not a foreign key: a Nisab import replaces its rules wholesale).
  `
  CREATE TABLE announcements (
    annID INTEGER PRIMARY KEY CHECK (annID > 0),
    annDate TEXT NOT NULL CHECK (${REAL_DATE('annDate')}),
    annBody TEXT NOT NULL,
    annKind TEXT NOT NULL CHECK (annKind IN ('nisab', 'minimum-dowry', 'theft-threshold', 'diyyah', 'zakat-al-fitr')),
    annValueInNaira REAL NOT NULL CHECK (annValueInNaira > 0),
    annBasis TEXT NOT NULL,
    annRuleID INTEGER CHECK (annRuleID > 0),
    annSource TEXT NOT NULL REFERENCES sources (srcID)
  );
  `,
  // Issue 31: each figure \`fetch\` refused alone (plausibility.ts, refuseAlone) and
  // not yet imported: its series (gold, naira, FX:LBP), day and field, the figure
  // as fetched, the gate's reason, and the day it was first refused. An import of
  // a figure of the same series and day removes it (refusals.ts); /meta lists it.
  `
  CREATE TABLE refusals (
    rfsSeries TEXT NOT NULL CHECK (rfsSeries <> ''),
    rfsDate TEXT NOT NULL CHECK (${REAL_DATE('rfsDate')}),
    rfsField TEXT NOT NULL CHECK (rfsField IN ('drtInUSD', 'drtUSDinNaira', 'fxPerUSD')),
    rfsValue REAL NOT NULL,
    rfsReason TEXT NOT NULL,
    rfsRefusedOn TEXT NOT NULL CHECK (${REAL_DATE('rfsRefusedOn')}),
    PRIMARY KEY (rfsSeries, rfsDate, rfsField)
  ) WITHOUT ROWID;
  `,
  // Issue 34: the text each row came from, so the default database is brought up
  // to date from the files of data/ that changed instead of rebuilt from all of
  // them (default-db.ts). One row per file the loader read: its path under data/,
  // the sha256 of its bytes, and for rates.csv (the one file whose rows may share
  // a month with a month file of data/daily) the months it has rows in. Empty in
  // a database not loaded from data/ (an operator's --db).
  `
  CREATE TABLE loaded_files (
    lodPath TEXT PRIMARY KEY,
    lodSha256 TEXT NOT NULL CHECK (length(lodSha256) = 64 AND lodSha256 NOT GLOB '*[^0-9a-f]*'),
    lodMonths ${JSON_ARRAY('lodMonths')}
  ) WITHOUT ROWID;
  `,
  // Issue 34: which years of a currency's rates per US dollar changed, known without
  // reading them, as rate_months is for rates: each (currency, year) of fx_rates and
  // fx_monthly (both feed v1/fx/{code}/{yyyy}.json) has a random version that triggers
  // replace on every change to its rows, however it is made. A build reads again only
  // the years whose version is not the one it saw (read-fx.ts) and carries the other
  // years' FX files. The key is (currency, date) in both tables, so a REPLACE deletes
  // only a row of the year it inserts into: no BEFORE trigger is needed.
  `
  CREATE TABLE fx_years (
    fyeCurrency TEXT NOT NULL,
    fyeYear TEXT NOT NULL,
    fyeVersion TEXT NOT NULL,
    PRIMARY KEY (fyeCurrency, fyeYear)
  ) WITHOUT ROWID;
  INSERT INTO fx_years SELECT fxCurrency, substr(fxDate, 1, 4), hex(randomblob(8))
    FROM (SELECT fxCurrency, fxDate FROM fx_rates UNION ALL SELECT fxCurrency, fxDate FROM fx_monthly) GROUP BY 1, 2;
  ${['fx_rates', 'fx_monthly']
    .flatMap((table) => [
      fxYearTrigger(`${table}_year_insert`, 'INSERT', table, 'NEW'),
      fxYearTrigger(`${table}_year_update_old`, 'UPDATE', table, 'OLD'),
      fxYearTrigger(`${table}_year_update_new`, 'UPDATE', table, 'NEW'),
      fxYearTrigger(`${table}_year_delete`, 'DELETE', table, 'OLD'),
    ])
    .join('\n  ')}
  `,
  // Issue 46: a month may be fixed by the declaring authority's statement that a
  // given day is the Nth of it (calBasis stated-day, calStatedDay 2024-10-02=29),
  // as well as by the declaration of its first day (docs/calendar.md). The import
  // checks that the stated day and the first day agree; the table keeps the forms.
  `
  ALTER TABLE calendar_nigeria ADD COLUMN calBasis TEXT NOT NULL DEFAULT 'declared-first-day'
    CHECK (calBasis IN ('declared-first-day', 'stated-day'));
  ALTER TABLE calendar_nigeria ADD COLUMN calStatedDay TEXT
    CHECK (calStatedDay IS NULL OR calStatedDay GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]=[1-9]*');
  `,
  // Issue 48: the kinds of announced figure are AnnouncementKind's (model/schemas.ts), which the
  // import checks; a CHECK writing them again wanted a table rebuild for every new kind, so the
  // table is rebuilt once without it (annID is the rowid: the rows keep their order).
  `
  CREATE TABLE announcements_v2 (
    annID INTEGER PRIMARY KEY CHECK (annID > 0),
    annDate TEXT NOT NULL CHECK (${REAL_DATE('annDate')}),
    annBody TEXT NOT NULL,
    annKind TEXT NOT NULL,
    annValueInNaira REAL NOT NULL CHECK (annValueInNaira > 0),
    annBasis TEXT NOT NULL,
    annRuleID INTEGER CHECK (annRuleID > 0),
    annSource TEXT NOT NULL REFERENCES sources (srcID)
  );
  INSERT INTO announcements_v2 SELECT annID, annDate, annBody, annKind, annValueInNaira, annBasis, annRuleID, annSource FROM announcements;
  DROP TABLE announcements;
  ALTER TABLE announcements_v2 RENAME TO announcements;
  `,
];

/** A trigger that gives the (currency, year) of the row `row` (NEW or OLD) of an FX table a new version. */
function fxYearTrigger(name: string, event: string, table: string, row: 'NEW' | 'OLD'): string {
  return `CREATE TRIGGER ${name} AFTER ${event} ON ${table} BEGIN
    INSERT INTO fx_years VALUES (${row}.fxCurrency, substr(${row}.fxDate, 1, 4), hex(randomblob(8)))
      ON CONFLICT (fyeCurrency, fyeYear) DO UPDATE SET fyeVersion = excluded.fyeVersion;
  END;`;
}

/** A trigger that gives a new version to the rate months around the first day of each `rows` (NEW, OLD) of calendar_nigeria. */
function calendarTrigger(name: string, event: string, rows: ('NEW' | 'OLD')[]): string {
  const around = rows.map((row) => `rmoMonth BETWEEN substr(date(${row}.calFirstDay, '-1 day'), 1, 7) AND substr(date(${row}.calFirstDay, '+29 days'), 1, 7)`);
  return `CREATE TRIGGER ${name} AFTER ${event} ON calendar_nigeria BEGIN
    UPDATE rate_months SET rmoVersion = hex(randomblob(8)) WHERE ${around.join(' OR ')};
  END;`;
}

/** A trigger that gives the month of the row `row` (NEW or OLD) a new version. */
function monthTrigger(name: string, when: string, row: 'NEW' | 'OLD'): string {
  return `CREATE TRIGGER ${name} ${when} ON rates BEGIN
    INSERT INTO rate_months VALUES (${row}.drtSubcategoryID, substr(${row}.drtDate, 1, 7), hex(randomblob(8)))
      ON CONFLICT (rmoSubcategoryID, rmoMonth) DO UPDATE SET rmoVersion = excluded.rmoVersion;
  END;`;
}

export const SCHEMA_VERSION = MIGRATIONS.length;

export interface MigrationResult {
  from: number;
  to: number;
}

export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Runs the steps the database has not had yet, each in its own transaction. `target` exists for tests of old versions. */
export function migrate(db: Database, target: number = SCHEMA_VERSION): MigrationResult {
  const from = schemaVersion(db);
  if (from > SCHEMA_VERSION) throw newerSchemaError(db.name, from);
  for (let version = from; version < target; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return { from, to: Math.max(from, target) };
}

export function newerSchemaError(path: string, version: number): UserError {
  return new UserError(`${path}: schema version ${version} is newer than this program knows (${SCHEMA_VERSION}); update the program`);
}
