// The records of the API, defined once. These schemas give the TypeScript types,
// validate every import and every published file, and produce the OpenAPI
// document (generator/site/openapi.ts). Field names follow CONTRACT.md §3.
import { z } from 'zod';
import { DATE_EXPECTATION, isRealDate } from './dates.ts';

export const isoDate = z
  .string()
  .refine(isRealDate, { message: `must be ${DATE_EXPECTATION}` })
  .meta({ format: 'date', example: '2024-03-15' });

const id = z.number().int().positive().max(999_999_999);
const positive = z.number().finite().positive();
const money = z.number().finite().nonnegative();
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
    sctUnit: z.string().min(1).describe('the unit a rate or threshold of this subcategory is quoted in, e.g. gram, head, kg'),
    sctHasDailyRate: z.boolean().describe('true when the service publishes rates for it'),
    sctIsDefault: z.boolean().describe('true for exactly one subcategory (gold): the default of /rates/latest'),
    sctCategoryID: id.nullable().default(null).describe('the category it belongs to (see sctCategorySlug)'),
  })
  .strict();
export type SubcategoryInput = z.infer<typeof SubcategoryInput>;

export const Subcategory = SubcategoryInput.extend({
  sctCategoryID: id.nullable(),
  sctCategorySlug: slug.nullable().describe('slug of its category, e.g. precious-metals'),
  sctCategoryName: z.string().nullable().describe('name of its category'),
}).meta({ id: 'Subcategory' });
export type Subcategory = z.infer<typeof Subcategory>;

/** The id of an entry of GET /sources, e.g. cbn-nfem. */
export const sourceId = slug.max(64);

/** What a source's figure is: the word a client needs to tell a daily rate from a monthly one. */
export const SourceFigure = z.enum(['daily-reference', 'daily-official', 'carried', 'monthly-average', 'end-of-month-official', 'manual', 'other']);
export type SourceFigure = z.infer<typeof SourceFigure>;

export const SourceInput = z
  .object({
    srcID: sourceId.describe('stable identifier, the value of drtPriceSource and drtNairaSource'),
    srcName: z.string().min(1).describe('who publishes the figures'),
    srcURL: z.url().nullable().default(null).describe('where the figures are published (null for figures entered by hand)'),
    srcLicence: z.string().min(1).describe('the terms the figures are used under'),
    srcDescription: z.string().min(1).describe('what the figure is, in words: daily or monthly, average or end of period, carried or not'),
    srcFigure: SourceFigure.default('other').describe(
      'what the figure is: daily-reference (a market reference rate of that day), daily-official (an official rate of that day), carried (an official rate of an earlier day, see drtNairaDate), monthly-average, end-of-month-official, manual (entered by hand), other (default)',
    ),
  })
  .strict();
export type SourceInput = z.infer<typeof SourceInput>;

export const Source = SourceInput.extend({
  srcURL: z.url().nullable().describe(SourceInput.shape.srcURL.description ?? ''),
  srcFigure: SourceFigure.describe(SourceInput.shape.srcFigure.description ?? ''),
}).meta({ id: 'Source' });
export type Source = z.infer<typeof Source>;

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

export const Rate = z
  .object({
    drtID: id.describe('stable identifier of the rate record'),
    drtSubcategoryID: id.describe('the subcategory this rate prices'),
    drtDate: isoDate.describe('the date of the rate'),
    drtInUSD: positive.describe('price of one unit (drtUnit) in US dollars'),
    drtUSDinNaira: positive.describe('the value of one US dollar in Naira on that date'),
    drtInNaira: money.describe('drtInUSD × drtUSDinNaira, rounded to 2 decimals'),
    drtUnit: z.string().min(1).describe('the unit priced, e.g. gram'),
  })
  .strict()
  .meta({ id: 'Rate' });
export type Rate = z.infer<typeof Rate>;

export const Bracket = z
  .object({
    lbrMinCount: z.number().int().nonnegative().describe('smallest herd size of the bracket'),
    lbrMaxCount: z.number().int().nonnegative().nullable().describe('largest herd size, null for the open-ended last bracket'),
    lbrDue: z.string().describe('what is due, machine-readable: `item:n` joined by `;`, alternatives by `|`, `perN:item` beyond the table; empty for nothing'),
    lbrDueText: z.string().describe('what is due, in words'),
  })
  .strict()
  .meta({ id: 'LivestockBracket' });
export type Bracket = z.infer<typeof Bracket>;

const nisabFields = {
  nsbID: id.describe('stable identifier'),
  nsbSubcategoryID: id.describe('the subcategory the rule is for'),
  nsbThreshold: z.number().finite().nonnegative().nullable().describe('the Nisab quantity; null or 0 where there is none (e.g. rikaz)'),
  nsbThresholdUnit: z.string().min(1).nullable().describe('unit of the threshold: gram, kg, head, ...'),
  nsbRatePercent: z.number().finite().nonnegative().max(100).nullable().describe('zakat due in percent; null where a bracket table applies'),
};

const nisabOptional = {
  nsbVariant: z.string().min(1).default('majority').describe('school or method variant, e.g. majority-85g, hanafi-87.48g (default "majority")'),
  nsbIsDefault: z.boolean().default(true).describe('the variant most bodies use for this subcategory (default true)'),
  nsbRateKind: z.enum(['percent', 'bracket']).default('percent').describe('percent: nsbRatePercent applies; bracket: see nsbBrackets (default percent)'),
  nsbBasisSubcategoryID: id.nullable().default(null).describe('the subcategory whose price measures the threshold when it is not the rule\'s own, e.g. gold (1) for cash (default null)'),
  nsbHawlRequired: z.boolean().default(true).describe('whether a full lunar year of ownership (hawl) is required (default true)'),
  nsbConditions: z.string().nullable().default(null).describe('conditions of the rule (default null)'),
  nsbNotes: z.string().nullable().default(null).describe('notes on schools and practice (default null)'),
  nsbSourceURL: z.url().nullable().default(null).describe('where the rule is documented (default null)'),
  nsbBrackets: z.array(Bracket).default([]).describe('livestock bracket table, ascending (default [])'),
};

export const NisabRuleInput = z.object({ ...nisabFields, ...nisabOptional }).strict();
export type NisabRuleInput = z.infer<typeof NisabRuleInput>;

export const NisabRule = z
  .object({
    ...nisabFields,
    ...nisabOptional,
    nsbBasisSubcategoryID: id.nullable().describe(nisabOptional.nsbBasisSubcategoryID.description ?? ''),
    nsbValueInUSD: money.nullable().describe('threshold × the newest published drtInUSD of the measuring subcategory, 2 decimals; null where no rate applies'),
    nsbValueInNaira: money.nullable().describe('that value in Naira at the same rate record, 2 decimals'),
    nsbRateDate: isoDate.nullable().describe('the drtDate of that rate record'),
  })
  .strict()
  .meta({ id: 'NisabRule' });
export type NisabRule = z.infer<typeof NisabRule>;

export const SubcategoryCoverage = z
  .object({
    sctID: id,
    sctSlug: slug,
    firstDate: isoDate.nullable().describe('date of its oldest published rate'),
    lastDate: isoDate.nullable().describe('date of its newest published rate'),
    count: z.number().int().nonnegative().describe('number of published rates'),
  })
  .strict();

export const Meta = z
  .object({
    asOf: isoDate.describe('the snapshot holds records dated up to this date'),
    timeZone: z.string().describe('the time zone the as-of date was taken in'),
    validUntil: z.iso.datetime().describe('when the next nightly build is due; no answer is cached past it'),
    contentId: z.string().regex(/^[0-9a-f]{40}$/).describe('changes exactly when any answer of the snapshot changes'),
    defaultSubcategoryID: id,
    rateCount: z.number().int().nonnegative(),
    subcategories: z.array(SubcategoryCoverage),
  })
  .strict()
  .meta({ id: 'Meta' });
export type Meta = z.infer<typeof Meta>;

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
