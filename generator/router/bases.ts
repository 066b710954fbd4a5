// The bases the API answers under, on their own: the page's first script and the
// client name them without carrying the endpoint table (endpoints.ts re-exports
// them, where everything else reads them).
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).

/** The bases every endpoint answers under, byte for byte the same (docs/API.md §1). */
export const BASES = ['/api/v1', '/index.php/api/v1'];
