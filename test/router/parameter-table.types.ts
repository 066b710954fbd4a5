// Compile-time checks of the parameter table (router/parameters.ts), run by
// `tsc -b`, not vitest: each `@ts-expect-error` fails the type check if the
// line below it ever compiles. An entry of PARAMETERS without its schema or its
// parse, or an endpoint naming a parameter the table lacks, must not compile.
import type { Endpoint } from '../../generator/router/endpoints.ts';
import { accepted, PARAMETERS, type ParameterTable, type Query } from '../../generator/router/parameters.ts';

export const withoutSchema = {
  // @ts-expect-error: an entry needs its schema (OpenAPI documents it from there)
  currency: { description: 'a currency', parse: (value: string) => accepted(value) },
} satisfies ParameterTable;

export const withoutParse = {
  // @ts-expect-error: an entry needs its parse (the router reads the value through it)
  currency: { description: 'a currency', schema: { type: 'string', example: 'NGN' } },
} satisfies ParameterTable;

// @ts-expect-error: an endpoint lists only names of the table
export const unknownName: Endpoint['parameters'] = ['subcategory', 'curency'];

// Query is derived from the table: each name, typed by its parse, null when absent.
export const parsed: Query = {
  subcategory: 1,
  start_date: '2024-01-01',
  end_date: null,
  date: null,
  hijri_date: null,
  calendar: null,
  currency: null,
  unit: null,
};
// @ts-expect-error: a subcategory is parsed to its id, a number
export const wrongType: Query['subcategory'] = 'gold';
export const everyName: (keyof Query)[] = Object.keys(PARAMETERS) as (keyof typeof PARAMETERS)[];
