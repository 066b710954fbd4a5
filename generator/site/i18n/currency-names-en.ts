// The page's calculator names currencies in English as the API does (GET /currencies, curName): nothing of its own.
// Hausa and Arabic: currency-names-ha.ts and currency-names-ar.ts (scripts/currency-names.ts).

export const currencyNames: Readonly<Record<string, string>> = {};
