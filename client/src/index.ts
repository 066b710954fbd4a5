// The typed client of the Nisab API: one function per endpoint, the records'
// types (derived from the zod schemas the build validates with), and the
// calculators the landing page runs.
export {
  createClient,
  NisabApiError,
  requestPath,
  type ClientOptions,
  type HijriCalendar,
  type LatestQuery,
  type NisabClient,
  type NisabQuery,
  type RatesQuery,
} from './client.ts';
export type {
  Announcement,
  Bracket,
  Currency,
  CurrencyCode,
  ErrorBody,
  Gap,
  IsoDate,
  ItemBody,
  ListBody,
  Meta,
  NigeriaMonth,
  NisabRule,
  NisabRuleInCurrency,
  Rate,
  RateInCurrency,
  Source,
  SourceFigure,
  Subcategory,
  SubcategoryRef,
} from './types.ts';
export {
  cashRule,
  combiningFor,
  describeRule,
  dueInWords,
  ruleFor,
  wornJewelleryFor,
  zakatDue,
  type Combination,
  type Holdings,
  type Published,
  type School,
  type Standard,
  type Trader,
  type Watering,
  type ZakatLine,
  type ZakatResult,
} from './zakat.ts';
export { livestockDue, type Due, type DueItem } from '../../generator/core/livestock.ts';
export { money } from '../../generator/core/money.ts';
