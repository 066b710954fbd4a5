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
// The records' and answers' types: every export of types.ts is the client's.
export type * from './types.ts';
export {
  cashRule,
  arrears,
  combiningFor,
  positionFor,
  ruleFor,
  wornJewelleryFor,
  zakatDue,
  pastYears,
  type Amount,
  type Combination,
  type Holdings,
  type LineDue,
  type LineKind,
  type Position,
  type Reason,
  type Receivable,
  type Published,
  type School,
  type Standard,
  type Trader,
  type Watering,
  type ZakatLine,
  type ZakatResult,
} from './zakat.ts';
// Missed years read dated answers through the client, so they live beside it, not in the page's calculator module.
export {
  MAX_YEARS,
  YearsInputError,
  zakatForYears,
  type YearAnswer,
  type YearPart,
  type YearProblem,
  type YearsHoldings,
  type YearsInput,
  type YearsResult,
} from './zakat/years.ts';
export { livestockDue, livestockDueAtMost, MAX_HEAD_COUNT, type Due, type DueItem } from '../../generator/router/livestock.ts';
export { money } from '../../generator/router/money.ts';
