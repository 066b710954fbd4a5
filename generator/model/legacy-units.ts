// The units besides the gram a legacy base may answer in (CONTRACT §12): a fact the build's options, the CLI and the
// router's rewrite (router/per-unit.ts) all read, so it lives below them.

/**
 * The units besides the gram that build --legacy-unit may make /index.php/api/v1 answer in when a request gives
 * no unit (CONTRACT §12: for legacy clients that read drtInUSD per troy ounce); each is a value of unit=.
 */
export const LEGACY_UNITS = ['troy-ounce'] as const;
export type LegacyUnit = (typeof LEGACY_UNITS)[number];
