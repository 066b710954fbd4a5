// The sources' ids: their entries of GET /sources (data/sources.csv), what drtPriceSource and
// drtNairaSource say. One file that the registry and its adapters both read, so an adapter never
// imports the registry that loads it.
export const CURRENCY_API_ID = 'currency-api';
export const CBN_NFEM_ID = 'cbn-nfem';
/** A CBN rate carried from the last working day before the date (cbn.ts MAX_CARRY_DAYS). */
export const CBN_NFEM_CARRIED_ID = 'cbn-nfem-carried';
