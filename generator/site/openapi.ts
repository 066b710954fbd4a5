// The OpenAPI document, generated from the record schemas (core/schemas.ts) so
// that it cannot drift from what the build publishes.
import { z } from 'zod';
import { BASES, ENDPOINTS, PARAMETERS, type Endpoint } from '../core/endpoints.ts';
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

function parameter(name: string) {
  const spec = PARAMETERS[name]!;
  const schema = name === 'subcategory' ? { type: 'string', example: spec.example } : { type: 'string', format: 'date', example: spec.example };
  return { name, in: 'query', required: false, description: spec.description, schema };
}

function envelope(data: unknown, list: boolean) {
  const properties: Record<string, unknown> = { success: { const: true }, data };
  if (list) properties.count = { type: 'integer', minimum: 0, description: 'the number of items in data' };
  return { type: 'object', required: Object.keys(properties), properties };
}

function answer(endpoint: Endpoint) {
  const data = endpoint.answer.list ? { type: 'array', items: ref(endpoint.answer.schema) } : ref(endpoint.answer.schema);
  const responses: Record<string, unknown> = {
    '200': { description: endpoint.answer.description, headers: { ETag: { schema: { type: 'string' } } }, content: { 'application/json': { schema: envelope(data, endpoint.answer.list) } } },
    '304': { description: 'the ETag given in If-None-Match still matches' },
  };
  for (const [status, reason] of Object.entries(endpoint.errors)) responses[status] = { description: reason, content: { 'application/json': { schema: ref('Error') } } };
  return responses;
}

export function openApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Daily gold and silver rates and Zakat Nisab rules',
      version: '1',
      description:
        'A read-only JSON API, precomputed every night and served from a CDN. Every body is an envelope: {"success": true, "data": ..., "count": n} (count only for lists) or {"success": false, "message": "..."}. Public and unmetered; please use it responsibly.',
    },
    servers: BASES.map((url, i) => (i === 0 ? { url } : { url, description: 'the same answers, byte for byte' })),
    paths: Object.fromEntries(
      ENDPOINTS.map((endpoint) => [
        endpoint.path,
        { get: { summary: endpoint.summary, description: endpoint.description, parameters: endpoint.parameters.map(parameter), responses: answer(endpoint) } },
      ]),
    ),
    components: { schemas: components() },
  };
}
