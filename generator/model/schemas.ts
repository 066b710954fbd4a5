// The records of the API, defined once. These schemas give the TypeScript types,
// validate every import and every published file, and produce the OpenAPI
// document (generator/site/openapi.ts). Field names follow docs/API.md §3.
import { z } from 'zod';
import { DATE_EXPECTATION, isRealDate } from './dates.ts';
import { hijriDate } from './hijri.ts';
import { LEGACY_UNITS } from './legacy-units.ts';

export const isoDate = z
  .string()
  .refine(isRealDate, { message: `must be ${DATE_EXPECTATION}` })
  .meta({ format: 'date', example: '2024-03-15' });

// A Hijri date, YYYY-MM-DD (months 01–12, days 01–30).
const hijriDateField = z
  .string()
  .regex(/^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|30)$/, { message: 'must be a Hijri date in YYYY-MM-DD form, e.g. 1445-09-01' })
  .meta({ example: '1445-09-01' });

const id = z.number().int().positive().max(999_999_999);
const positive = z.number().finite().positive();
const money = z.number().finite().nonnegative();
// A link the API publishes (a source's or a rule's page): http or https only, so no
// `javascript:` or `data:` URL reaches a client that renders it as a link. The same
// rule is published as the JSON Schema pattern: lower-case scheme, no spaces or
// control characters (the URL parser would quietly drop or encode those).
const HTTP_URL = /^https?:\/\/[^\x00-\x20\x7f]+$/;
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. https://example.org/page', abort: true })
  .refine((value) => HTTP_URL.test(value), { message: 'must be an http(s) URL, e.g. https://example.org/page' })
  .meta({ pattern: HTTP_URL.source });
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'must be lower-case words joined by hyphens, e.g. trade-goods' });

export const Category = z
  .object({
    catID: id.describe('stable identifier of the category'),
    catSlug: slug.describe('short name, e.g. precious-metals'),
    catName: z.string().min(1).describe('display name'),
  })
  .strict()
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

export const SubcategoryInput = z
  .object({
    sctID: id.describe('stable identifier, the value of the `subcategory` parameter'),
    sctSlug: slug.describe('short name, e.g. gold'),
    sctName: z.string().min(1).describe('display name'),
    sctUnit: z
      .string()
      .min(1)
      .describe(
        'the unit its rates (drtUnit) and its own quantities are counted in: gram, head, kg; currency for wealth counted in money (cash, trade goods, rikaz), whose Nisab, where there is one, is a weight of metal (nsbThresholdUnit)',
      ),
    sctHasDailyRate: z
      .boolean()
      .describe(
        "true when the service publishes rate records for it (a metal). Not a promise of one record per day: up to 2025-08 the embedded data holds one record per month, a monthly average dated at the month's end, and from 2025-09-01 one per day a source published a figure (days without one have no record); each record's sources (drtPriceSource, GET /sources) say what its figure is",
      ),
    sctIsDefault: z.boolean().describe('true for exactly one subcategory (gold): the default of /rates/latest'),
    sctCategoryID: id.nullable().default(null).describe('the category it belongs to (see sctCategorySlug)'),
  })
  .strict();
export type SubcategoryInput = z.infer<typeof SubcategoryInput>;

export const Subcategory = SubcategoryInput.extend({
  sctCategoryID: id.nullable().describe('the category it belongs to (see sctCategorySlug); null for none'),
  sctCategorySlug: slug.nullable().describe('slug of its category, e.g. precious-metals'),
  sctCategoryName: z.string().nullable().describe('name of its category'),
}).meta({ id: 'Subcategory' });
export type Subcategory = z.infer<typeof Subcategory>;

/** The id of an entry of GET /sources, e.g. cbn-nfem. */
export const sourceId = slug.max(64);

/** What a source's figure is: the word a client needs to tell a daily rate from a monthly one. */
export const SourceFigure = z.enum([
  'daily-reference',
  'daily-official',
  'carried',
  'monthly-average',
  'end-of-month-official',
  'manual',
  'declaration',
  'announcement',
  'other',
]);
export type SourceFigure = z.infer<typeof SourceFigure>;

export const SourceInput = z
  .object({
    srcID: sourceId.describe('stable identifier, the value of drtPriceSource and drtNairaSource'),
    srcName: z.string().min(1).describe('who publishes the figures'),
    srcURL: httpUrl.nullable().default(null).describe('where the figures are published (null for figures entered by hand)'),
    srcLicence: z.string().min(1).describe('the terms the figures are used under'),
    srcDescription: z.string().min(1).describe('what the figure is, in words: daily or monthly, average or end of period, carried or not'),
    srcFigure: SourceFigure.default('other').describe(
      'what the figure is: daily-reference (a market reference rate of that day), daily-official (an official rate of that day), carried (an official rate of an earlier day, see drtNairaDate), monthly-average, end-of-month-official, manual (entered by hand), declaration (a report of the declared first day of a Hijri month, GET /calendars/nigeria), announcement (a report of figures a Nigerian body announced, GET /announcements), other (default)',
    ),
  })
  .strict();
export type SourceInput = z.infer<typeof SourceInput>;

export const Source = SourceInput.extend({
  srcURL: httpUrl.nullable().describe(SourceInput.shape.srcURL.description ?? ''),
  srcFigure: SourceFigure.describe(SourceInput.shape.srcFigure.description ?? ''),
}).meta({ id: 'Source' });
export type Source = z.infer<typeof Source>;

/**
 * A Hijri month as Nigeria declares it (docs/API.md §2b): its first day, a fact
 * with a source, never computed. The same record is imported and published.
 */
/** What fixes a Nigerian month's first day (docs/calendar.md, CONTRACT §13). */
export const CalendarBasis = z.enum(['declared-first-day', 'stated-day']);
export type CalendarBasis = z.infer<typeof CalendarBasis>;
/** `2024-10-02=29`: the Gregorian day a statement names and the day of the month it says that is. */
const STATED_DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}=([1-9]|[12][0-9]|30)$/;

export const NigeriaMonth = z
  .object({
    calMonth: z
      .string()
      .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, { message: 'must be a Hijri year and month in YYYY-MM form, e.g. 1447-09 for Ramadan 1447' })
      .meta({ example: '1447-09' })
      .describe('the Hijri year and month, YYYY-MM (1447-09: Ramadan 1447)'),
    calFirstDay: isoDate.describe('its first day (Gregorian) as the Sultan of Sokoto declared it on the reports of the moon-sighting committees (NMCN)'),
    calSource: sourceId.describe('id of the entry of /sources that reports the declaration (its srcFigure is declaration)'),
    calBasis: CalendarBasis.default('declared-first-day').describe(
      "what fixes calFirstDay: declared-first-day (the declaring authority's declaration of the month's first day) or stated-day (its statement that a given day is the Nth of the month, calStatedDay; the first day is N - 1 days before it)",
    ),
    calStatedDay: z
      .string()
      .regex(STATED_DAY, {
        message: 'must be the Gregorian day and the day of the month the statement names, YYYY-MM-DD=N with N from 1 to 30, e.g. 2024-10-02=29',
      })
      .nullable()
      .default(null)
      .meta({ example: '2024-10-02=29' })
      .describe(
        'for a stated day: the Gregorian day the statement names and the day of the month it says it is (2024-10-02=29); null for a declared first day',
      ),
  })
  .strict()
  .meta({ id: 'NigeriaMonth' });
export type NigeriaMonth = z.infer<typeof NigeriaMonth>;

/** What a Nigerian body announced a figure for (docs/API.md §2d). */
export const AnnouncementKind = z.enum(['nisab', 'minimum-dowry', 'theft-threshold', 'diyyah', 'zakat-al-fitr']);
export type AnnouncementKind = z.infer<typeof AnnouncementKind>;
/** How annKind's description names each kind: a new kind fails tsc here until the field's documentation has it. */
const ANNOUNCEMENT_KIND_WORDS: { [K in AnnouncementKind]: string } = {
  nisab: 'nisab (of zakat)',
  'minimum-dowry': 'minimum-dowry',
  'theft-threshold': 'theft-threshold (nisab al-sariqah)',
  diyyah: 'diyyah',
  'zakat-al-fitr': 'zakat-al-fitr',
};

/**
 * A figure a Nigerian body announced (docs/API.md §2d), beside ours for its day
 * and measure. The fields up to annRuleID and annSource are data
 * (data/announcements.csv, AnnouncementInput); the others are computed by the
 * build, with /nisab?date=annDate's own valuation (router/nisab-value.ts).
 */
export const Announcement = z
  .object({
    annID: id.describe('stable identifier of the announced figure'),
    annDate: isoDate.describe('the day the figure is for, or the day it was announced where it names no day'),
    annBody: sourceId.describe('who announced it: nmcn (the National Moonsighting Committee, for the Sultan of Sokoto), kano-sharia-commission, ...'),
    annKind: AnnouncementKind.describe(`what the figure is: ${AnnouncementKind.options.map((kind) => ANNOUNCEMENT_KIND_WORDS[kind]).join(', ')}`),
    annValueInNaira: z.number().positive().describe('the figure as announced, in Naira'),
    annBasis: z.string().min(1).describe('its measure in words, as the announcement gives it (e.g. "20 dinars of gold (85 g)"), or that it gives none'),
    annRuleID: id
      .nullable()
      .describe('the rule of /nisab with the same measure (its nsbID); null where the announcement states no measure that one of our rules has'),
    annComputedInNaira: z
      .number()
      .nullable()
      .describe("our figure: that rule's nsbValueInNaira in /nisab?date=annDate; null where annRuleID is null or no rate applies (annComputedNote says which)"),
    annDifferencePercent: z
      .number()
      .nullable()
      .describe(
        '(annValueInNaira - annComputedInNaira) / annComputedInNaira x 100, to 2 decimals: how far the announced figure is above (or below, negative) ours; null with annComputedInNaira',
      ),
    annSource: sourceId.describe('id of the entry of /sources that reports the announcement (its srcFigure is announcement)'),
    annRateDate: isoDate
      .nullable()
      .describe("the date of the rate our figure is valued at (that rule's nsbRateDate in /nisab?date=annDate); null with annComputedInNaira"),
    annComputedNote: z.string().nullable().describe('why annComputedInNaira is null; null when it is not'),
    annMatchesDate: isoDate
      .nullable()
      .describe(
        'the date of the rate of ours the announced figure matches within 1 % (the same rule valued at that rate): annRateDate when it matches on its own date; else, for a figure older than its date, the rate of the 366 days before annDate that comes closest to it (the newest of equals); null when none is within 1 %, and with annComputedInNaira',
      ),
  })
  .strict()
  .meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof Announcement>;

/** An announced figure as data/announcements.csv holds it: the published record less what the build computes. */
export const AnnouncementInput = Announcement.pick({
  annID: true,
  annDate: true,
  annBody: true,
  annKind: true,
  annValueInNaira: true,
  annBasis: true,
  annSource: true,
})
  .extend({ annRuleID: Announcement.shape.annRuleID.default(null) })
  .strict();
export type AnnouncementInput = z.infer<typeof AnnouncementInput>;

export const RateInput = z
  .object({
    drtID: id.optional().describe('kept when given, assigned when not'),
    drtDate: isoDate,
    drtSubcategoryID: id,
    drtInUSD: positive,
    drtUSDinNaira: positive,
    drtPriceSource: sourceId.optional().describe('id of the source of drtInUSD (default manual)'),
    drtNairaSource: sourceId.optional().describe('id of the source of drtUSDinNaira (default manual)'),
    drtNairaDate: isoDate.optional().describe('the date drtUSDinNaira is from when it is carried from an earlier date (default drtDate)'),
  })
  .strict();
export type RateInput = z.infer<typeof RateInput>;

/** The source of a figure whose row does not name one (docs/API.md §8). */
export const DEFAULT_SOURCE = 'manual';

/** A value as SQLite stores it. */
export type SqlValue = string | number | null;

/**
 * How one field of an imported record is stored. `kind` gives its SQLite type
 * and its text in data/ (a boolean is stored 0 or 1 and written true or false);
 * `role` its part in an import: the `id` is kept and never updated, the `key`s
 * together name the row, a `value` is compared and replaced; `store` turns the
 * field as imported (undefined when not given) into the value stored, null for none.
 */
export interface StoredColumn<T, R> {
  kind: 'integer' | 'real' | 'text' | 'boolean';
  role: 'id' | 'key' | 'value';
  store: (value: T, record: R) => SqlValue;
}
/** Every field of an imported record R with how it is stored, in the order of its columns in data/. */
export type StoredColumns<R> = { [K in keyof R]-?: StoredColumn<R[K], R> };

const given = (value: SqlValue | undefined): SqlValue => value ?? null;

/**
 * The stored columns of a rate, defined once: the import's staging table, its
 * change test, UPDATE and INSERT (db/import-rates.ts) and the columns and lines
 * of data/daily (db/rate-files.ts) are derived from it (db/stored-columns.ts), so
 * a field added to RateInput without an entry here does not compile, and one
 * with an entry is stored, kept as text and read back. (Publishing it is
 * RATE_COLUMNS' part, below.)
 */
export const STORED_RATE_COLUMNS: StoredColumns<RateInput> = {
  drtID: { kind: 'integer', role: 'id', store: given },
  drtDate: { kind: 'text', role: 'key', store: given },
  drtSubcategoryID: { kind: 'integer', role: 'key', store: given },
  drtInUSD: { kind: 'real', role: 'value', store: given },
  drtUSDinNaira: { kind: 'real', role: 'value', store: given },
  drtPriceSource: { kind: 'text', role: 'value', store: (source) => source ?? DEFAULT_SOURCE },
  drtNairaSource: { kind: 'text', role: 'value', store: (source) => source ?? DEFAULT_SOURCE },
  // Stored only when it differs from drtDate (a figure carried from an earlier day).
  drtNairaDate: { kind: 'text', role: 'value', store: (date, rate) => (date === undefined || date === rate.drtDate ? null : date) },
};

export const Rate = z
  .object({
    drtID: id.describe('stable identifier of the rate record'),
    drtSubcategoryID: id.describe('the subcategory this rate prices'),
    drtDate: isoDate.describe(
      'the date the record is dated: the day of a daily rate, or the last day of the month for a monthly average (then not the price on that date; no record uses information from after its date)',
    ),
    drtInUSD: positive.describe(
      "US dollars per gram (drtUnit); a troy ounce is 31.1034768 g (unit=troy-ounce gives the prices per troy ounce). Its source's figure (a daily reference rate or a monthly average; see drtPriceSource) converted to drtUnit",
    ),
    drtUSDinNaira: positive.describe(
      "the value of one US dollar in Naira the record uses: the rate of drtDate (official; a market reference rate only where drtNairaSource says so), an earlier working day's official rate carried over (drtNairaDate names the day), or an official end-of-month rate",
    ),
    drtInNaira: money.describe('Naira per gram (drtUnit; a troy ounce is 31.1034768 g): drtInUSD × drtUSDinNaira, rounded to 2 decimals'),
    drtUnit: z.string().min(1).describe('the unit priced, e.g. gram'),
    drtHijriDate: hijriDateField.describe(
      "drtDate in the Umm al-Qura calendar (computed, Saudi Arabia's official Hijri calendar); the National Moonsighting Committee of Nigeria (NMCN) dates by local sighting, which can differ by a day",
    ),
    drtPriceSource: sourceId.describe('id of the entry of /sources that drtInUSD comes from (its srcFigure says daily or monthly average)'),
    drtNairaSource: sourceId.describe(
      "id of the entry of /sources that drtUSDinNaira comes from (cbn-nfem-carried: an earlier day's official rate, see drtNairaDate)",
    ),
    drtNairaDate: isoDate.describe('the date drtUSDinNaira is from: drtDate, or the earlier working day a carried rate is from'),
    drtHijriDateNigeria: hijriDateField
      .nullable()
      .describe(
        "drtDate in Nigeria's Hijri calendar: the months as the Sultan of Sokoto declares them on the moon-sighting committees' reports (GET /calendars/nigeria). null when the first day of that month is not in the data, and on day 30 until the next month's first day is; never computed",
      ),
    drtProvisional: z
      .boolean()
      .describe(
        "true while drtUSDinNaira is not yet the official rate of drtDate: an earlier working day's official rate carried over (its source's srcFigure is carried) or a market reference rate (daily-reference). Each night fetches the last 7 days again and replaces it once the CBN publishes the day's figure. false for the day's official rate, an official monthly or end-of-month rate, or one entered by hand",
      ),
  })
  .strict()
  .meta({ id: 'Rate' });
export type Rate = z.infer<typeof Rate>;

const dueItem = z
  .object({
    item: z
      .string()
      .regex(/^[a-z_]+$/)
      .describe('the animal due, e.g. hiqqah, bint_labun, tabi, musinnah, sheep'),
    count: z.number().finite().positive().describe("how many; a fraction only in Abu Hanifah's cattle table (41–59 head)"),
  })
  .strict()
  .meta({ id: 'DueItem' });
const dues = z
  .array(z.array(dueItem).min(1))
  .describe('the alternatives due: any one of the lists discharges it (several lists: a choice, e.g. 4 hiqqah or 5 bint labun); [] when nothing is due');

const remainderBracket = z
  .object({
    minCount: z.number().int().nonnegative().describe('smallest remainder of the row'),
    maxCount: z.number().int().nonnegative().nullable().describe('largest remainder, null for no limit'),
    dues,
  })
  .strict();

export const Formula = z
  .object({
    per: z
      .array(z.object({ item: dueItem.shape.item, heads: z.number().int().positive().describe('one item for every this many head') }).strict())
      .min(1)
      .describe('the animals of the formula, e.g. 1 hiqqah per 50 and 1 bint labun per 40'),
    roundDownTo: z.number().int().positive().describe('the herd is first rounded down to a multiple of this, e.g. 10'),
    remainder: z
      .array(remainderBracket)
      .default([])
      .describe('what the part of the herd above the rounded number owes (the Hanafi camel schedule restarts in every fifty); [] : nothing'),
  })
  .strict()
  .describe(
    'the open-ended last row as a formula. Meaning: round the herd down to a multiple of roundDownTo; every choice of whole counts c_i with Σ c_i × per[i].heads equal to that number is a valid due (250 camels: 5 hiqqah, or 1 hiqqah + 5 bint labun; never both sets), plus what remainder says for the rest. generator/router/livestock.ts (livestockDue) is the reference implementation.',
  )
  .meta({ id: 'LivestockFormula' });
export type Formula = z.infer<typeof Formula>;

const bracketFields = {
  lbrMinCount: z.number().int().nonnegative().describe('smallest herd size of the bracket'),
  lbrMaxCount: z.number().int().nonnegative().nullable().describe('largest herd size, null for the open-ended last bracket'),
  lbrDueText: z.string().describe('what is due, in words'),
  lbrDues: dues.default([]),
  lbrFormula: Formula.nullable()
    .default(null)
    .describe('for the open-ended last row: the formula that gives its due (lbrDues is then []); null for a row of fixed dues'),
};

export const BracketInput = z
  .object({
    ...bracketFields,
    lbrDue: z.string().optional().describe('optional in an import; when given it must equal the notation of lbrDues / lbrFormula'),
  })
  .strict();
export type BracketInput = z.infer<typeof BracketInput>;

// The declared month the date falls in (router/nigeria-calendar.ts says the same in
// code): days 1-29 of it, day 30 only when the next month is declared 30 days on.
// SQL, not derived, so a month's fingerprint changes when its dates do (and the
// calendar's triggers give the month a new version: migrations.ts).
const NIGERIA_DATE_SQL = `(SELECT CASE
          WHEN julianday(r.drtDate) - julianday(c.calFirstDay) < 29
            OR julianday(r.drtDate) - julianday(c.calFirstDay) = 29 AND EXISTS (
                 SELECT 1 FROM calendar_nigeria n
                  WHERE n.calFirstDay = date(c.calFirstDay, '+30 days')
                    AND n.calMonth = CASE substr(c.calMonth, 6) WHEN '12' THEN printf('%04d-01', substr(c.calMonth, 1, 4) + 1)
                                                                ELSE printf('%s-%02d', substr(c.calMonth, 1, 4), substr(c.calMonth, 6) + 1) END)
          THEN printf('%s-%02d', c.calMonth, julianday(r.drtDate) - julianday(c.calFirstDay) + 1)
        END
       FROM calendar_nigeria c WHERE c.calFirstDay <= r.drtDate ORDER BY c.calFirstDay DESC LIMIT 1)`;

/** The kinds of naira figure a later night may replace by the day's official one (docs/operating.md, "Provisional until official"). */
export const PROVISIONAL_FIGURES = ['carried', 'daily-reference'] as const satisfies readonly SourceFigure[];

const PROVISIONAL_SQL = `coalesce((SELECT src.srcFigure IN (${PROVISIONAL_FIGURES.map((f) => `'${f}'`).join(', ')}) FROM sources src WHERE src.srcID = r.drtNairaSource), 0)`;

/**
 * Where each field of a published rate comes from: a SQL expression over the
 * rates table (`r`) joined with its subcategory (`s`), or a value derived in
 * code from the fields read. The build's SELECTs, its month fingerprints and
 * the rendered line all take their columns from here, so a field added to
 * Rate without an entry does not compile, and one with an entry cannot be
 * left out of the fingerprint (an incremental build would miss a correction).
 */
export type RateColumns = {
  // `boolean`: SQLite stores a boolean as 0 or 1; it is read back as false or true (null stays null).
  [K in keyof Rate]-?: { sql: string; boolean?: true } | { derive(read: Record<string, unknown>): Rate[K] };
};
export const RATE_COLUMNS: RateColumns = {
  drtID: { sql: 'r.drtID' },
  drtSubcategoryID: { sql: 'r.drtSubcategoryID' },
  drtDate: { sql: 'r.drtDate' },
  drtInUSD: { sql: 'r.drtInUSD' },
  drtUSDinNaira: { sql: 'r.drtUSDinNaira' },
  drtInNaira: { sql: 'money(r.drtInUSD, r.drtUSDinNaira)' },
  drtUnit: { sql: 's.sctUnit' },
  // Derived from drtDate alone, so the fingerprint (drtDate is in it) covers it.
  drtHijriDate: { derive: (read) => hijriDate(read.drtDate as string) },
  drtPriceSource: { sql: 'r.drtPriceSource' },
  drtNairaSource: { sql: 'r.drtNairaSource' },
  drtNairaDate: { sql: 'coalesce(r.drtNairaDate, r.drtDate)' },
  drtHijriDateNigeria: { sql: NIGERIA_DATE_SQL },
  // From the naira source's own entry, so a correction to /sources reaches every record it names.
  drtProvisional: { sql: PROVISIONAL_SQL, boolean: true },
};

export const Bracket = z
  .object({
    lbrMinCount: bracketFields.lbrMinCount,
    lbrMaxCount: bracketFields.lbrMaxCount,
    lbrDue: z
      .string()
      .describe(
        'a one-line summary of lbrDues / lbrFormula (they are authoritative): `item:n` joined by `;` (together), alternatives by `|`; for a formula `perN:item` joined by `,` ("a combination of", see lbrFormula), with `+remainder` when the rest owes something; empty for nothing',
      ),
    lbrDueText: bracketFields.lbrDueText,
    lbrDues: dues,
    lbrFormula: Formula.nullable().describe(bracketFields.lbrFormula.description ?? ''),
  })
  .strict()
  .meta({ id: 'LivestockBracket' });
export type Bracket = z.infer<typeof Bracket>;

export const SCHOOLS = ['hanafi', 'maliki', 'shafii', 'hanbali'] as const;

const authority = z
  .object({
    name: z.string().min(1).describe('the body, e.g. National Moonsighting Committee of Nigeria (NMCN)'),
    sourceURL: httpUrl.describe('where it publishes or states its use of the rule'),
  })
  .strict()
  .meta({ id: 'Authority' });

const schoolList = z.array(z.enum(SCHOOLS)).min(1);

// How a school counts gold, silver, money and trade goods together to reach the
// Nisab (issue 20): data, so every calculator on the API applies the same fiqh.
const combiningPosition = z
  .object({
    schools: schoolList.describe('the schools that hold this position'),
    heldBy: z.string().min(1).describe('who holds it within those schools, e.g. "the school", "Abu Hanifah", "Abu Yusuf and Muhammad"'),
    method: z
      .enum(['parts', 'value', 'none'])
      .describe(
        'parts: each holding counts as its share of its own Nisab (grams of gold ÷ 85, grams of silver ÷ 595, money ÷ the cash Nisab; one mithqal against ten dirhams) and the shares are added, 1 or more reaches the Nisab; value: the holdings are valued in money and their sum compared with the cash Nisab; none: this metal is never counted with the others',
      ),
    with: z.array(id).describe("the subcategories this rule's metal is counted with: the other metal, cash (3), trade goods (4); [] for none"),
    applied: z
      .boolean()
      .describe("true for the one position per school that a calculator applies (the school's relied-on view); the others are published for the reader"),
    sourceURL: httpUrl.describe('where the position is stated'),
  })
  .strict()
  .meta({ id: 'CombiningPosition' });

const jewelleryPosition = z
  .object({
    schools: schoolList.describe('the schools that hold this position'),
    due: z.boolean().describe('true: permissible jewellery that is worn owes zakat like other gold and silver; false: it is exempt'),
    sourceURL: httpUrl.describe('where the position is stated'),
  })
  .strict()
  .meta({ id: 'WornJewelleryPosition' });

// What each school holds on the questions a payer's own circumstances raise
// (issue 30): his debts, money owed to him, money that came this year, jewellery
// kept as savings, how Abu Hanifah measures money, grazing and partners' herds,
// the diyyah in gold. Data with sources, so any calculator can apply them from
// /nisab alone; the views a topic takes are listed in POSITION_VIEWS.
export const POSITION_TOPICS = [
  'debts',
  'receivables',
  'new-money',
  'savings-jewellery',
  'cash-measure',
  'grazing',
  'khulta',
  'diyyah',
  'mixed-watering',
  'past-years',
  'unpaid-zakat',
  'below-nisab',
  'unknown-amounts',
] as const;
export const POSITION_VIEWS = {
  debts: ['deducted-after-cover', 'deducted', 'not-deducted'],
  receivables: ['on-collection-one-year', 'valued-yearly', 'every-year-paid-on-collection', 'every-year'],
  'new-money': ['own-hawl', 'joins-nisab'],
  'savings-jewellery': ['due'],
  'cash-measure': ['more-beneficial-nisab', 'payers-standard'],
  grazing: ['required', 'not-required'],
  khulta: ['one-herd-if-each-reaches-nisab', 'one-herd', 'each-alone'],
  diyyah: ['thousand-dinars', 'value-of-hundred-camels'],
  'mixed-watering': ['each-part', 'greater-part'],
  'past-years': ['owed'],
  'unpaid-zakat': ['debt-on-wealth', 'share-of-poor', 'debt-on-person'],
  'below-nisab': ['hawl-restarts', 'that-year-only'],
  'unknown-amounts': ['best-belief', 'until-certain'],
} as const satisfies { [T in (typeof POSITION_TOPICS)[number]]: readonly string[] };
export type PositionTopic = (typeof POSITION_TOPICS)[number];
export type PositionView = (typeof POSITION_VIEWS)[PositionTopic][number];
export const POSITION_CASES = ['loan', 'trade-mudir', 'trade-muhtakir', 'trade', 'out-of-reach'] as const;

const schoolPosition = z
  .object({
    topic: z
      .enum(POSITION_TOPICS)
      .describe(
        "debts: what the payer owes; receivables: money owed to him; new-money: money that came this year and is not the profit of his capital (a gift, an inheritance, wages); savings-jewellery: jewellery kept for hard times, a dowry or sale; cash-measure: which metal's Nisab measures money; grazing: whether livestock must graze freely to owe zakat; khulta: partners' herds kept together; diyyah: the diyyah in gold; mixed-watering: crops watered partly without cost (rain, rivers) and partly with it (wells, pumps); past-years: the zakat of years the payer did not pay; unpaid-zakat: how one year's unpaid zakat bears on the next year's; below-nisab: what a year below the Nisab does to the years after it; unknown-amounts: what the payer does when he does not know how much he held or paid in the years he owes",
      ),
    case: z
      .enum(POSITION_CASES)
      .nullable()
      .describe(
        "for receivables, the debt it is about: loan (qard), trade (the price of goods sold), or for the Maliki a trader's trade debts (trade-mudir, trade-muhtakir); out-of-reach: a debt not yet due, denied with no proof, or on a debtor who cannot pay (a position for it comes before one for the debt's kind); null for any",
      ),
    schools: schoolList.describe('the schools that hold this position'),
    heldBy: z.string().min(1).describe('who holds it within those schools, e.g. "the school", "Abu Hanifah", "al-Shafi\'i\'s old view"'),
    view: z
      .enum(Object.values(POSITION_VIEWS).flat() as [PositionView, ...PositionView[]])
      .describe(
        "the position, one of its topic's views. debts: deducted-after-cover (the debt is first set against what he owns that owes no zakat and is beyond his needs, then against his gold, silver and money), deducted (the debt is taken off the wealth it reduces), not-deducted. receivables: on-collection-one-year (nothing until collected, then one year's zakat however long it was out), valued-yearly (counted with his money every year), every-year-paid-on-collection (owed for every year it was out, paid when collected), every-year (counted with his money every year while the debtor can pay). new-money: own-hawl (it owes nothing until a lunar year has passed over it), joins-nisab (it joins a Nisab he already has and is paid with it). savings-jewellery: due. cash-measure: more-beneficial-nisab (money is measured against whichever Nisab, gold's or silver's, it reaches first, in the poor's interest), payers-standard. grazing: required, not-required. khulta: one-herd-if-each-reaches-nisab, one-herd, each-alone. diyyah: thousand-dinars, value-of-hundred-camels. mixed-watering: each-part (each part of the harvest at its own rate, a tenth for the part watered without cost, half a tenth for the rest), greater-part (the whole harvest at the rate of the watering that was the greater part; where the two are equal, half a tenth). past-years: owed (the zakat of past years does not lapse: each year is owed, the oldest first). unpaid-zakat: debt-on-wealth (a year's unpaid zakat is a debt that reduces the wealth, taken off before the next year is valued), share-of-poor (it is the poor's share in the wealth itself, taken off likewise), debt-on-person (it is owed by the payer's person and does not reduce the wealth). below-nisab: hawl-restarts (a year below the Nisab owes nothing and the lunar year starts again when the wealth comes back to the Nisab, so the next hawl day owes nothing either), that-year-only (the year below owes nothing; a later year that reaches the Nisab owes, its profit or offspring counted with the capital's year). unknown-amounts: best-belief (he works out what he owes as nearly as he can and pays on his best belief), until-certain (he pays until he is certain nothing is left owing: unsure between two amounts, the larger)",
      ),
    applied: z.boolean().describe('true for the view a calculator applies for those schools (the relied-upon view); false for a view published for the reader'),
    with: z
      .array(id)
      .describe(
        'the subcategories it concerns: for debts, the holdings the debt reduces; for grazing and khulta, the livestock; for savings-jewellery, the metal; for mixed-watering, the crops; for past-years, unpaid-zakat, below-nisab and unknown-amounts, the wealth it is stated for',
      ),
    sourceURL: httpUrl.describe('where the position is stated'),
  })
  .strict()
  .meta({ id: 'SchoolPosition' });

const lowerOfItem = z
  .object({
    subcategoryID: id.describe('a metal whose rate values the threshold, e.g. gold (1)'),
    threshold: z.number().finite().positive().describe('the quantity of that metal, in its unit (gram)'),
  })
  .strict();

const nisabFields = {
  nsbID: id.describe('stable identifier'),
  nsbSubcategoryID: id.describe('the subcategory the rule is for'),
  nsbThreshold: z
    .number()
    .finite()
    .nonnegative()
    .nullable()
    .describe('the Nisab quantity; null where there is none (e.g. rikaz) or where it depends on the day (nsbLowerOf)'),
  nsbThresholdUnit: z.string().min(1).nullable().describe('unit of the threshold: gram, kg, head, ...'),
  nsbRatePercent: z
    .number()
    .finite()
    .nonnegative()
    .max(100)
    .nullable()
    .describe('zakat due in percent of the wealth; null where a bracket table applies or where the rule is not zakat (nsbRateKind "none")'),
};

const nisabOptional = {
  nsbVariant: z.string().min(1).default('majority').describe('school or method variant, e.g. majority-85g, maliki, lower-of-gold-silver (default "majority")'),
  nsbIsDefault: z.boolean().default(true).describe('the variant most bodies use for this subcategory (default true)'),
  nsbSchools: z
    .array(z.enum(SCHOOLS))
    .default([])
    .describe(
      "the schools that hold the rule: hanafi, maliki, shafii, hanbali; empty where it is a contemporary body's choice (a weight conversion, paper money) rather than a school's (default [])",
    ),
  nsbAuthorities: z.array(authority).default([]).describe('bodies that use the rule, each with a source (default [])'),
  nsbRateKind: z
    .enum(['percent', 'bracket', 'none', 'per-person'])
    .default('percent')
    .describe(
      'percent: nsbRatePercent applies; bracket: see nsbBrackets; none: not zakat, a related legal threshold valued like a Nisab (minimum dowry, theft threshold, diyyah); per-person: a fixed quantity due for each person, nsbThreshold in nsbThresholdUnit (zakat al-fitr) (default percent)',
    ),
  nsbBasisSubcategoryID: id
    .nullable()
    .default(null)
    .describe("the subcategory whose price measures the threshold when it is not the rule's own, e.g. gold (1) for cash (default null)"),
  nsbLowerOf: z
    .array(lowerOfItem)
    .default([])
    .describe(
      'when not empty, the rule is valued at the lowest of these metal thresholds on the day, compared in Naira (nsbValueSubcategoryID then says which metal gave the value); nsbThreshold and nsbBasisSubcategoryID are null (default [])',
    ),
  nsbHawlRequired: z.boolean().default(true).describe('whether a full lunar year of ownership (hawl) is required (default true)'),
  nsbSolarYearRatePercent: z
    .number()
    .finite()
    .positive()
    .max(100)
    .nullable()
    .default(null)
    .describe(
      'the rate for a payer who counts the hawl in solar years (2.5 % × 365.25 / 354.37 ≈ 2.577 %, AAOIFI); null where no hawl applies or the rate is not a percent (default null)',
    ),
  nsbConditions: z.string().nullable().default(null).describe('conditions of the rule (default null)'),
  nsbNotes: z.string().nullable().default(null).describe('notes on schools and practice (default null)'),
  nsbSourceURL: httpUrl.nullable().default(null).describe('where the rule is documented (default null)'),
  nsbCombining: z
    .array(combiningPosition)
    .default([])
    .describe(
      "on a metal's rule: how each school counts the metal with the other metal, cash and trade goods to reach the Nisab, one position per school marked applied (default [])",
    ),
  nsbWornJewellery: z
    .array(jewelleryPosition)
    .default([])
    .describe("on a metal's rule: whether each school charges zakat on permissible jewellery that is worn (default [])"),
  nsbDueItems: z
    .array(
      z
        .object({
          item: dueItem.shape.item,
          words: z.string().min(1).describe("the animal in plain words as the rule's school describes it, e.g. a calf (male or female) two years old"),
        })
        .strict(),
    )
    .default([])
    .describe('on a livestock rule: each animal its table names (lbrDues, lbrFormula), in plain words; ages differ between the schools (default [])'),
  nsbTrader: z
    .enum(['mudir', 'muhtakir'])
    .nullable()
    .default(null)
    .describe(
      'on a trade-goods rule, the trader it is for (Maliki): mudir, who keeps turning his stock over, values it every year; muhtakir, who buys and waits for a price, pays once, for one year, on the price when he sells; null: any trader, every year (default null)',
    ),
  nsbPositions: z
    .array(schoolPosition)
    .default([])
    .describe(
      "each school's position on a question of the payer's circumstances that this rule's wealth raises (debts, money owed to him, new money, savings jewellery, how money is measured, grazing, partners' herds, the diyyah), with who holds it and a source; the applied one is what a calculator applies (default [])",
    ),
};

export const NisabRuleInput = z
  .object({ ...nisabFields, ...nisabOptional, nsbBrackets: z.array(BracketInput).default([]).describe('livestock bracket table, ascending (default [])') })
  .strict();
export type NisabRuleInput = z.infer<typeof NisabRuleInput>;

// Its fields in the published order (router/records.ts, docs/API.md §3).
export const NisabRule = z
  .object({
    nsbID: nisabFields.nsbID,
    nsbSubcategoryID: nisabFields.nsbSubcategoryID,
    nsbVariant: nisabOptional.nsbVariant,
    nsbIsDefault: nisabOptional.nsbIsDefault,
    nsbSchools: nisabOptional.nsbSchools,
    nsbAuthorities: nisabOptional.nsbAuthorities,
    nsbThreshold: nisabFields.nsbThreshold,
    nsbThresholdUnit: nisabFields.nsbThresholdUnit,
    nsbRatePercent: nisabFields.nsbRatePercent,
    nsbSolarYearRatePercent: nisabOptional.nsbSolarYearRatePercent,
    nsbRateKind: nisabOptional.nsbRateKind,
    nsbBasisSubcategoryID: id.nullable().describe(nisabOptional.nsbBasisSubcategoryID.description ?? ''),
    nsbLowerOf: nisabOptional.nsbLowerOf,
    nsbHawlRequired: nisabOptional.nsbHawlRequired,
    nsbValueInUSD: money
      .nullable()
      .describe(
        "threshold × the drtInUSD of the measuring subcategory's newest published rate (with ?date=, its newest dated on or before that day), 2 decimals; null where no rate applies (no measuring subcategory, a unit other than the rate's, or no rate yet on that day)",
      ),
    nsbValueInNaira: money.nullable().describe('that value in Naira at the same rate record, 2 decimals'),
    nsbRateDate: isoDate.nullable().describe('the drtDate of that rate record; null when not valued'),
    nsbRateAgeDays: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .describe(
        "whole days from nsbRateDate to the day the answer is for (the as-of date of /meta, or with ?date= or hijri_date= that day, an as-of date's if later): 0 when the rate is of that very day; null when not valued. The daily series has gaps (GET /gaps), so an old rate is said, never hidden",
      ),
    nsbValueSubcategoryID: id
      .nullable()
      .describe(
        "the subcategory whose rate gave the values (the rule's own, its basis, or for nsbLowerOf the metal that gave the lower value); null when not valued",
      ),
    nsbConditions: nisabOptional.nsbConditions,
    nsbNotes: nisabOptional.nsbNotes,
    nsbSourceURL: nisabOptional.nsbSourceURL,
    nsbBrackets: z.array(Bracket).describe('livestock bracket table, ascending'),
    nsbCombining: nisabOptional.nsbCombining,
    nsbWornJewellery: nisabOptional.nsbWornJewellery,
    nsbDueItems: nisabOptional.nsbDueItems,
    nsbTrader: nisabOptional.nsbTrader,
    nsbPositions: nisabOptional.nsbPositions,
  })
  .strict()
  .meta({ id: 'NisabRule' });
export type NisabRule = z.infer<typeof NisabRule>;

export const SubcategoryCoverage = z
  .object({
    sctID: id.describe('the subcategory'),
    sctSlug: slug.describe('its slug, e.g. gold'),
    firstDate: isoDate.nullable().describe('date of its oldest published rate'),
    lastDate: isoDate.nullable().describe('date of its newest published rate'),
    count: z.number().int().nonnegative().describe('number of published rates'),
    dailyFrom: isoDate
      .nullable()
      .describe(
        'the first day of its daily series: the date of its oldest rate from a daily price source (an entry of /sources whose srcFigure is daily-reference or daily-official); null for a subcategory without daily rates or before its first',
      ),
    daysWithoutRate: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .describe('how many days from dailyFrom to the as-of date have no rate (GET /gaps lists them); null when dailyFrom is null'),
  })
  .strict();

/**
 * A run of days without a rate in a daily series (docs/API.md §3f), from the
 * series' first day (dailyFrom of /meta) to the as-of date.
 */
export const Gap = z
  .object({
    gapSubcategoryID: id.describe('the subcategory with daily rates whose series has no rate on these days'),
    gapFrom: isoDate.describe('the first day without a rate'),
    gapTo: isoDate.describe("the last day without a rate: the as-of date when the series' newest rate is older"),
    gapDays: z.number().int().positive().describe('how many days: from gapFrom to gapTo, both counted'),
  })
  .strict()
  .meta({ id: 'Gap' });
export type Gap = z.infer<typeof Gap>;

/**
 * A figure \`fetch\` refused alone at the plausibility gate and that no import has
 * brought in since (docs/API.md §3d, db/refusals.ts): /meta's \`refused\`.
 */
export const RefusedFigure = z
  .object({
    series: z
      .string()
      .min(1)
      .describe(
        "the series it belongs to, as --accept-jumps names it: a metal's slug (gold), naira (the naira rate of every metal's row) or FX:CODE (a currency per US dollar, FX:LBP)",
      ),
    date: isoDate.describe('the day the figure is of'),
    field: z
      .enum(['drtInUSD', 'drtUSDinNaira', 'fxPerUSD'])
      .describe("the field it would have been: a rate record's drtInUSD or drtUSDinNaira, or a currency's rate per US dollar (fxPerUSD)"),
    value: z.number().describe("the figure as the source published it (converted to the field's unit), not published anywhere else"),
    reason: z.string().min(1).describe("the gate's reason, as fetch reported it"),
    refusedOn: isoDate.describe(
      'the day a fetch first refused this figure (its today, in its time zone); a refusal of another figure of the same series, day and field replaces it',
    ),
  })
  .strict();

export const Meta = z
  .object({
    asOf: isoDate.describe('the snapshot holds records dated up to this date'),
    asOfHijri: hijriDateField.describe('the as-of date in the Umm al-Qura calendar; local sighting (NMCN) can differ by a day'),
    asOfHijriNigeria: hijriDateField
      .nullable()
      .describe(
        "the as-of date in Nigeria's Hijri calendar, as drtHijriDateNigeria: null when the month's declared first day (or, on day 30, the next month's) is not in the data",
      ),
    nigeriaCalendarEndsOn: isoDate
      .nullable()
      .describe(
        "the last day Nigeria's declared months cover: day 29 of the newest month in /calendars/nigeria (its day 30 waits for the next month's declaration); null when the data holds no month. A date after it has no Nigerian Hijri date yet",
      ),
    timeZone: z.string().describe('the time zone the as-of date was taken in'),
    validUntil: z.iso.datetime().describe('when the next nightly build is due; no answer is cached past it'),
    contentId: z
      .string()
      .regex(/^[0-9a-f]{40}$/)
      .describe('changes exactly when any answer of the snapshot changes'),
    defaultSubcategoryID: id.describe('the subcategory /rates/latest answers without a subcategory (gold)'),
    rateCount: z.number().int().nonnegative().describe('number of published rate records, every subcategory'),
    subcategories: z
      .array(SubcategoryCoverage)
      .describe("each subcategory's published rates: first and last date, count, and the days its daily series has no rate"),
    gaps: z.literal('/gaps').describe('the path, under either base (/api/v1/gaps), of the list of every day without a rate of each daily series'),
    refused: z
      .array(RefusedFigure)
      .describe(
        'the figures the nightly fetch refused at its plausibility gate (a 10× jump, a value out of range) and that are still not imported, by date, series and field; empty when none is outstanding. The rest of each night was imported; a refused figure is not in any other answer',
      ),
  })
  .strict()
  .meta({ id: 'Meta' });
export type Meta = z.infer<typeof Meta>;

const coverage = z.object({ first: isoDate, last: isoDate }).strict().nullable();

/**
 * What the router needs to know of a snapshot (v1/routing.json), read by every
 * edge. The router core only imports this type, never zod.
 */
export const RoutingIndex = z
  .object({
    asOf: isoDate,
    /** ISO instant of the next nightly build; nothing is cached past it. */
    validUntil: z.iso.datetime(),
    defaultSubcategoryID: id,
    /** Coverage of every rate ("all") and of each subcategory, keyed by id. */
    all: coverage,
    subcategories: z.record(z.string().regex(/^[1-9][0-9]*$/), coverage),
    /** Subcategory id by slug, for `?subcategory=gold`. */
    slugs: z.record(slug, id),
    /** The currencies currency= accepts (docs/API.md §2c), by ISO 4217 code: the first and last date of their rates per US dollar (absent: none). */
    currencies: z.record(z.string().regex(/^[A-Z]{3}$/), z.object({ first: isoDate, last: isoDate }).strict()).optional(),
    /** The subcategories with daily rates (sctHasDailyRate): what values a Nisab rule at request time. */
    dailyRateIDs: z.array(id),
    /**
     * build --legacy-unit (CONTRACT §12): the unit /index.php/api/v1 answers /rates/latest and /rates in when
     * the request gives no unit, as if it gave unit= that. Absent (the default): both bases answer the same bytes.
     */
    legacyUnit: z.enum(LEGACY_UNITS).optional(),
    /** ETag of every envelope file that is not a rate list (a few per subcategory), by path. */
    etags: z.record(z.string(), z.string().regex(/^"[0-9a-f]{40}"$/)),
    /** Names the snapshot's content (meta's contentId): rate lists' ETags are derived from it (router.ts listEtagKey). */
    snapshot: z.string().regex(/^[0-9a-f]{40}$/),
    /** What hijri_date converts with (router/hijri-days.ts): Umm al-Qura's month lengths and Nigeria's declared month starts. */
    calendars: z
      .object({
        ummAlQura: z.object({ firstYear: z.number().int(), firstDay: isoDate, lengths: z.string().regex(/^[01]+$/) }).strict(),
        nigeria: z.array(NigeriaMonth.pick({ calMonth: true, calFirstDay: true })),
      })
      .strict(),
  })
  .strict();
export type RoutingIndex = z.infer<typeof RoutingIndex>;

/**
 * How many records each month of a scope holds, from the month of its first
 * record to that of its last (v1/parts/{scope}/counts.json): what the worker
 * counts a long range with (router/pieces.ts). `bytes`: each month's records as
 * its file holds them, joined, in UTF-8 bytes (0 without records): the length
 * of every part follows, and the worker pipes no part of another length.
 * The router core imports only the type.
 */
export const MonthCounts = z
  .object({
    first: z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/),
    counts: z.array(z.number().int().nonnegative()),
    bytes: z.array(z.number().int().nonnegative()),
  })
  .strict()
  .refine((c) => c.bytes.length === c.counts.length, { message: 'bytes must have one length per month counted' });
export type MonthCounts = z.infer<typeof MonthCounts>;

/** Success envelopes: one per kind of answer. */
export function itemEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data }).strict();
}
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z
    .object({ success: z.literal(true), data: z.array(item), count: z.number().int().nonnegative() })
    .strict()
    .refine((e) => e.count === e.data.length, { message: 'count must equal the number of items in data' });
}
export const ErrorEnvelope = z
  .object({ success: z.literal(false), message: z.string().min(1) })
  .strict()
  .meta({ id: 'Error' });
