// The requests the landing page shows with their live answers: one per endpoint.
export interface Example {
  /** Path and query under the base /api/v1. */
  path: string;
  title: string;
}

export const EXAMPLES: Example[] = [
  { path: '/rates/latest', title: 'the newest gold rate' },
  { path: '/rates/latest?subcategory=2', title: 'the newest silver rate' },
  { path: '/rates?start_date=2024-01-01&end_date=2024-03-31&subcategory=1', title: 'gold rates in a date range (inclusive)' },
  { path: '/nisab?subcategory=3', title: 'the Nisab of cash, on the gold and silver standards' },
  { path: '/nisab', title: 'every Nisab rule' },
  { path: '/subcategories', title: 'what can be asked for, by ID' },
  { path: '/meta', title: 'the snapshot: as-of date and coverage' },
];
