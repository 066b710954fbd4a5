// The OpenAPI document, generated from the record schemas (core/schemas.ts) so
// that it cannot drift from what the build publishes.
import { z } from 'zod';
import { DATE_EXPECTATION } from '../core/dates.ts';
import '../core/schemas.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function components(): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: (id) => `#/components/schemas/${id}`, io: 'output', unrepresentable: 'any' });
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const { $schema: _s, $id: _i, ...rest } = schema as Record<string, unknown>;
      return [name, rest];
    }),
  );
}

const subcategory = {
  name: 'subcategory',
  in: 'query',
  required: false,
  description: 'a subcategory ID (see /subcategories): a positive whole number without sign or leading zeros. Malformed: 400; unknown: 404.',
  schema: { type: 'string', pattern: '^[1-9][0-9]{0,8}$', example: '1' },
};
const date = (name: string, what: string) => ({
  name,
  in: 'query',
  required: false,
  description: `${what}, inclusive: ${DATE_EXPECTATION}.`,
  schema: { type: 'string', format: 'date', example: '2024-03-15' },
});

function envelope(data: unknown, list: boolean) {
  const properties: Record<string, unknown> = { success: { const: true }, data };
  if (list) properties.count = { type: 'integer', minimum: 0, description: 'the number of items in data' };
  return { type: 'object', required: Object.keys(properties), properties };
}

function answer(description: string, data: unknown, list: boolean, errors: number[]) {
  const responses: Record<string, unknown> = {
    '200': { description, headers: { ETag: { schema: { type: 'string' } } }, content: { 'application/json': { schema: envelope(data, list) } } },
    '304': { description: 'the ETag given in If-None-Match still matches' },
  };
  const reasons: Record<number, string> = { 400: 'a malformed or contradictory parameter', 404: 'an unknown subcategory (or none with a published rate)' };
  for (const status of errors) responses[String(status)] = { description: reasons[status], content: { 'application/json': { schema: ref('Error') } } };
  return responses;
}

export function openApiDocument() {
  const rates = { type: 'array', items: ref('Rate') };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Daily gold and silver rates and Zakat Nisab rules',
      version: '1',
      description:
        'A read-only JSON API, precomputed every night and served from a CDN. Every body is an envelope: {"success": true, "data": ..., "count": n} (count only for lists) or {"success": false, "message": "..."}. Public and unmetered; please use it responsibly.',
    },
    servers: [{ url: '/api/v1' }, { url: '/index.php/api/v1', description: 'the same answers, byte for byte' }],
    paths: {
      '/rates/latest': {
        get: {
          summary: 'The newest rate of a subcategory (gold by default)',
          parameters: [subcategory],
          responses: answer('one rate record', ref('Rate'), false, [400, 404]),
        },
      },
      '/rates': {
        get: {
          summary: 'Rates by date range, ordered by drtDate then drtSubcategoryID',
          description: 'Without dates: every published rate. Only start_date: from it to the newest. Only end_date: from the oldest to it. A range without records answers data [] and count 0.',
          parameters: [date('start_date', 'first date of the range'), date('end_date', 'last date of the range'), subcategory],
          responses: answer('the matching rate records', rates, true, [400, 404]),
        },
      },
      '/nisab': {
        get: {
          summary: 'Nisab rules, with their value at the newest published rate',
          parameters: [subcategory],
          responses: answer('the Nisab rules (a list, possibly empty)', { type: 'array', items: ref('NisabRule') }, true, [400, 404]),
        },
      },
      '/subcategories': {
        get: { summary: 'The subcategories and their IDs', responses: answer('every subcategory', { type: 'array', items: ref('Subcategory') }, true, []) },
      },
      '/meta': {
        get: { summary: 'The snapshot: its as-of date, coverage per subcategory and content id', responses: answer('the snapshot description', ref('Meta'), false, []) },
      },
    },
    components: { schemas: components() },
  };
}
