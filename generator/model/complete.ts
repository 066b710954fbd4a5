// A compile-time check that a list names every member of a union: where the
// design relies on covering every kind (of file, of record field) with a list
// rather than a `{ [K in Kind]: … }` table (a list keeps its order in njs 0.7.9,
// an object's keys may not), a missing member fails tsc with its name.
//
//   const KINDS = ['a', 'b'] as const;
//   const listed: ListsAll<Kind, typeof KINDS> = true;   // { missing: 'c' } is not true
//
// Router core: types only, nothing runs.

/** `true` when `L` lists every member of `Names`, else an object naming the ones it misses. */
export type ListsAll<Names, L extends readonly unknown[]> = [Exclude<Names, L[number]>] extends [never] ? true : { missing: Exclude<Names, L[number]> };
