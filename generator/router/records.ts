// How every published record is written, byte for byte: its fields in their
// declared order (docs/API.md §3: the order is part of the public bytes). The
// build renders every file's records with renderRecord, and the router renders
// the records it composes at request time (a dated Nisab answer) with it too,
// in Node, workerd and nginx alike.
//
// The order is declared here as lists, never read from an object's keys: njs
// 0.7.9 (nginx) enumerates the keys of an object of more than a few properties
// in the order of its hash table, not of their creation, so JSON.stringify of
// the very same object literal writes another order there than in V8.
// test/router/records.test.ts checks each list against its zod schema in
// model/schemas.ts (same fields, same order), so the two cannot drift.
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).
import type { ListsAll } from '../model/complete.ts';
import type { Announcement, Bracket, Formula, Gap, Meta, NigeriaMonth, NisabRule, Rate, Source, Subcategory } from '../model/schemas.ts';
import type { Currency } from '../model/currencies.ts';
import { numberText } from './number-text.ts';

/** A record's fields in their published order, and the shapes of the records its fields hold. */
export interface RecordShape {
  fields: readonly string[];
  /** By field: the shape of the objects the field holds (the field itself, or inside its lists). */
  nested: { readonly [field: string]: RecordShape };
}

/** `true` when `L` names every key of `T`, else the names it misses (so a missing field fails tsc with its name). */
type Complete<T, L extends readonly unknown[]> = ListsAll<keyof T, L>;

/** The shape of a record type T: `fields` may name only T's keys (the Complete checks below: all of them). */
function shape<T>(fields: readonly (keyof T & string)[], nested: { [K in keyof T]?: RecordShape }): RecordShape {
  return { fields: fields, nested: nested as { [field: string]: RecordShape } };
}

type Element<T> = T extends readonly (infer E)[] ? Element<E> : NonNullable<T>;

const RATE_FIELDS = [
  'drtID',
  'drtSubcategoryID',
  'drtDate',
  'drtInUSD',
  'drtUSDinNaira',
  'drtInNaira',
  'drtUnit',
  'drtHijriDate',
  'drtPriceSource',
  'drtNairaSource',
  'drtNairaDate',
  'drtHijriDateNigeria',
  'drtProvisional',
] as const;

const DUE_ITEM_FIELDS = ['item', 'count'] as const;
const PER_FIELDS = ['item', 'heads'] as const;
const REMAINDER_FIELDS = ['minCount', 'maxCount', 'dues'] as const;
const FORMULA_FIELDS = ['per', 'roundDownTo', 'remainder'] as const;
const BRACKET_FIELDS = ['lbrMinCount', 'lbrMaxCount', 'lbrDue', 'lbrDueText', 'lbrDues', 'lbrFormula'] as const;
const AUTHORITY_FIELDS = ['name', 'sourceURL'] as const;
const LOWER_OF_FIELDS = ['subcategoryID', 'threshold'] as const;
const NISAB_RULE_FIELDS = [
  'nsbID',
  'nsbSubcategoryID',
  'nsbVariant',
  'nsbIsDefault',
  'nsbSchools',
  'nsbAuthorities',
  'nsbThreshold',
  'nsbThresholdUnit',
  'nsbRatePercent',
  'nsbSolarYearRatePercent',
  'nsbRateKind',
  'nsbBasisSubcategoryID',
  'nsbLowerOf',
  'nsbHawlRequired',
  'nsbValueInUSD',
  'nsbValueInNaira',
  'nsbRateDate',
  'nsbRateAgeDays',
  'nsbValueSubcategoryID',
  'nsbConditions',
  'nsbNotes',
  'nsbSourceURL',
  'nsbBrackets',
  'nsbCombining',
  'nsbWornJewellery',
  'nsbDueItems',
  'nsbTrader',
  'nsbPositions',
] as const;
const POSITION_FIELDS = ['topic', 'case', 'schools', 'heldBy', 'view', 'applied', 'with', 'sourceURL'] as const;
const COMBINING_FIELDS = ['schools', 'heldBy', 'method', 'with', 'applied', 'sourceURL'] as const;
const JEWELLERY_FIELDS = ['schools', 'due', 'sourceURL'] as const;
const DUE_ITEM_WORDS_FIELDS = ['item', 'words'] as const;
const SUBCATEGORY_FIELDS = [
  'sctID',
  'sctSlug',
  'sctName',
  'sctUnit',
  'sctHasDailyRate',
  'sctIsDefault',
  'sctCategoryID',
  'sctCategorySlug',
  'sctCategoryName',
] as const;
const SOURCE_FIELDS = ['srcID', 'srcName', 'srcURL', 'srcLicence', 'srcDescription', 'srcFigure'] as const;
const CURRENCY_FIELDS = [
  'curCode',
  'curName',
  'curFirstDate',
  'curLastDate',
  'curCount',
  'curSources',
  'curDailyFirst',
  'curDailyLast',
  'curMonthlyFirst',
  'curMonthlyLast',
] as const;
const COVERAGE_FIELDS = ['sctID', 'sctSlug', 'firstDate', 'lastDate', 'count', 'dailyFrom', 'daysWithoutRate'] as const;
const GAP_FIELDS = ['gapSubcategoryID', 'gapFrom', 'gapTo', 'gapDays'] as const;
const ANNOUNCEMENT_FIELDS = [
  'annID',
  'annDate',
  'annBody',
  'annKind',
  'annValueInNaira',
  'annBasis',
  'annRuleID',
  'annComputedInNaira',
  'annDifferencePercent',
  'annSource',
  'annRateDate',
  'annComputedNote',
  'annMatchesDate',
] as const;
const NIGERIA_MONTH_FIELDS = ['calMonth', 'calFirstDay', 'calSource', 'calBasis', 'calStatedDay'] as const;
const META_FIELDS = [
  'asOf',
  'asOfHijri',
  'asOfHijriNigeria',
  'nigeriaCalendarEndsOn',
  'timeZone',
  'validUntil',
  'contentId',
  'defaultSubcategoryID',
  'rateCount',
  'subcategories',
  'gaps',
  'refused',
] as const;
const REFUSED_FIELDS = ['series', 'date', 'field', 'value', 'reason', 'refusedOn'] as const;

type DueItem = Element<Bracket['lbrDues']>;
type Per = Element<Formula['per']>;
type Remainder = Element<Formula['remainder']>;
type Authority = Element<NisabRule['nsbAuthorities']>;
type LowerOf = Element<NisabRule['nsbLowerOf']>;
type Combining = Element<NisabRule['nsbCombining']>;
type Jewellery = Element<NisabRule['nsbWornJewellery']>;
type DueItemWords = Element<NisabRule['nsbDueItems']>;
type Position = Element<NisabRule['nsbPositions']>;
type Coverage = Element<Meta['subcategories']>;
type Refused = Element<Meta['refused']>;

// Each list names every field of its record (a field added to a schema without its place here fails tsc).
const complete: [
  Complete<Rate, typeof RATE_FIELDS>,
  Complete<DueItem, typeof DUE_ITEM_FIELDS>,
  Complete<Per, typeof PER_FIELDS>,
  Complete<Remainder, typeof REMAINDER_FIELDS>,
  Complete<Formula, typeof FORMULA_FIELDS>,
  Complete<Bracket, typeof BRACKET_FIELDS>,
  Complete<Authority, typeof AUTHORITY_FIELDS>,
  Complete<LowerOf, typeof LOWER_OF_FIELDS>,
  Complete<NisabRule, typeof NISAB_RULE_FIELDS>,
  Complete<Combining, typeof COMBINING_FIELDS>,
  Complete<Jewellery, typeof JEWELLERY_FIELDS>,
  Complete<DueItemWords, typeof DUE_ITEM_WORDS_FIELDS>,
  Complete<Position, typeof POSITION_FIELDS>,
  Complete<Subcategory, typeof SUBCATEGORY_FIELDS>,
  Complete<Source, typeof SOURCE_FIELDS>,
  Complete<Currency, typeof CURRENCY_FIELDS>,
  Complete<Coverage, typeof COVERAGE_FIELDS>,
  Complete<Refused, typeof REFUSED_FIELDS>,
  Complete<Meta, typeof META_FIELDS>,
  Complete<NigeriaMonth, typeof NIGERIA_MONTH_FIELDS>,
  Complete<Gap, typeof GAP_FIELDS>,
  Complete<Announcement, typeof ANNOUNCEMENT_FIELDS>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
void complete;

const DUE_ITEM = shape<DueItem>(DUE_ITEM_FIELDS, {});
const FORMULA = shape<Formula>(FORMULA_FIELDS, {
  per: shape<Per>(PER_FIELDS, {}),
  remainder: shape<Remainder>(REMAINDER_FIELDS, { dues: DUE_ITEM }),
});
const BRACKET = shape<Bracket>(BRACKET_FIELDS, { lbrDues: DUE_ITEM, lbrFormula: FORMULA });

/**
 * The records an answer carries, by the id of their schema (model/schemas.ts
 * `.meta({ id })`, Endpoint.answer.schema), each with the records inside it.
 */
export const RECORD_SHAPES: { [K in RecordName]: RecordShape } = {
  Rate: shape<Rate>(RATE_FIELDS, {}),
  NisabRule: shape<NisabRule>(NISAB_RULE_FIELDS, {
    nsbAuthorities: shape<Authority>(AUTHORITY_FIELDS, {}),
    nsbLowerOf: shape<LowerOf>(LOWER_OF_FIELDS, {}),
    nsbBrackets: BRACKET,
    nsbCombining: shape<Combining>(COMBINING_FIELDS, {}),
    nsbWornJewellery: shape<Jewellery>(JEWELLERY_FIELDS, {}),
    nsbDueItems: shape<DueItemWords>(DUE_ITEM_WORDS_FIELDS, {}),
    nsbPositions: shape<Position>(POSITION_FIELDS, {}),
  }),
  Subcategory: shape<Subcategory>(SUBCATEGORY_FIELDS, {}),
  Source: shape<Source>(SOURCE_FIELDS, {}),
  Currency: shape<Currency>(CURRENCY_FIELDS, {}),
  Meta: shape<Meta>(META_FIELDS, { subcategories: shape<Coverage>(COVERAGE_FIELDS, {}), refused: shape<Refused>(REFUSED_FIELDS, {}) }),
  NigeriaMonth: shape<NigeriaMonth>(NIGERIA_MONTH_FIELDS, {}),
  Gap: shape<Gap>(GAP_FIELDS, {}),
  Announcement: shape<Announcement>(ANNOUNCEMENT_FIELDS, {}),
};

/** The records an answer carries, by the id of their schema. */
export interface Records {
  Rate: Rate;
  NisabRule: NisabRule;
  Subcategory: Subcategory;
  Source: Source;
  Currency: Currency;
  Meta: Meta;
  NigeriaMonth: NigeriaMonth;
  Gap: Gap;
  Announcement: Announcement;
}
export type RecordName = keyof Records;

/** A value as JSON: records in their declared order, whatever order their keys were made in. */
function renderValue(value: unknown, shape: RecordShape | null, where: string): string {
  // A number as V8 writes it, in njs too (router/number-text.ts: njs's own text is not always the shortest).
  if (typeof value === 'number') return numberText(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (let i = 0; i < value.length; i++) items.push(renderValue(value[i], shape, where));
    return '[' + items.join(',') + ']';
  }
  if (shape === null) throw new Error(where + ': an object without a declared field order (router/records.ts)');
  return renderShaped(value as { [field: string]: unknown }, shape, where);
}

function renderShaped(record: { [field: string]: unknown }, shape: RecordShape, where: string): string {
  const parts: string[] = [];
  for (let i = 0; i < shape.fields.length; i++) {
    const field = shape.fields[i] as string;
    const value = record[field];
    // As JSON.stringify: a field left undefined is left out (the build's checks refuse a record missing one).
    if (value === undefined) continue;
    const nested = Object.prototype.hasOwnProperty.call(shape.nested, field) ? (shape.nested[field] as RecordShape) : null;
    parts.push(JSON.stringify(field) + ':' + renderValue(value, nested, where + '.' + field));
  }
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (record[key] !== undefined && shape.fields.indexOf(key) === -1)
      throw new Error(where + ': field ' + key + ' has no place in the declared order (router/records.ts)');
  }
  return '{' + parts.join(',') + '}';
}

/** One published record as one line of JSON, its fields in the declared order of `name`. */
export function renderRecord<K extends RecordName>(name: K, record: Records[K]): string {
  return renderShaped(record as unknown as { [field: string]: unknown }, RECORD_SHAPES[name], name);
}

/** A rate as published: one line of JSON, its keys in the record's order (the order is part of the public bytes). */
export function rateLine(rate: Rate): string {
  return renderRecord('Rate', rate);
}
