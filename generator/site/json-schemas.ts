// JSON Schema files for every record and every answer envelope the snapshot
// publishes (schemas/*.json), generated from the zod schemas the build checks
// each file with, so a client can validate answers without reading TypeScript.
import { z } from 'zod';
import { Bracket, ErrorEnvelope, itemEnvelope, listEnvelope, Meta, NisabRule, Rate, Subcategory } from '../core/schemas.ts';

const RECORDS: [string, z.ZodType, string][] = [
  ['Rate', Rate, 'a rate record'],
  ['NisabRule', NisabRule, 'a Nisab rule record'],
  ['LivestockBracket', Bracket, 'one bracket of a livestock rule'],
  ['Subcategory', Subcategory, 'a subcategory record'],
  ['Meta', Meta, 'the snapshot description'],
];

const ANSWERS: [string, z.ZodType, string][] = [
  ['RateAnswer', itemEnvelope(Rate), 'the answer of /rates/latest (and the files v1/rates/latest/N.json)'],
  ['RateListAnswer', listEnvelope(Rate), 'the answer of /rates (and the files v1/rates/...)'],
  ['NisabRuleListAnswer', listEnvelope(NisabRule), 'the answer of /nisab (and v1/nisab.json, v1/nisab/N.json)'],
  ['SubcategoryListAnswer', listEnvelope(Subcategory), 'the answer of /subcategories (and v1/subcategories.json)'],
  ['MetaAnswer', itemEnvelope(Meta), 'the answer of /meta (and v1/meta.json)'],
  ['Error', ErrorEnvelope, 'every failed answer (400, 404, 405, 503)'],
];

export const SCHEMA_FILES = ['schemas/index.json', ...[...RECORDS, ...ANSWERS].map(([name]) => `schemas/${name}.json`)];

export function jsonSchemaFiles(): Map<string, string> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of [...RECORDS, ...ANSWERS]) registry.add(schema, { id: name });
  // $id and $ref are relative ("Rate.json"), so the files resolve each other wherever the site is served.
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `${id}.json`, io: 'output', unrepresentable: 'any' });
  const files = new Map<string, string>();
  const index = [...RECORDS, ...ANSWERS].map(([name, , describes]) => ({ name, file: `${name}.json`, describes }));
  files.set('schemas/index.json', JSON.stringify({ schemas: index }, null, 2) + '\n');
  for (const [name] of [...RECORDS, ...ANSWERS]) files.set(`schemas/${name}.json`, JSON.stringify(schemas[name], null, 2) + '\n');
  return files;
}
