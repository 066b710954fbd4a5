// JSON Schema files for every record and every answer envelope the snapshot
// publishes (schemas/*.json), generated from the zod schemas the build checks
// each file with, so a client can validate answers without reading TypeScript.
import { z } from 'zod';
import { ErrorEnvelope, itemEnvelope, listEnvelope, Meta, NisabRule, Rate, Subcategory } from '../core/schemas.ts';

/** The envelopes, one per kind of answer; the records they hold follow from them. */
const ANSWERS: [string, z.ZodType, string][] = [
  ['RateAnswer', itemEnvelope(Rate), 'the answer of /rates/latest (and the files v1/rates/latest/N.json)'],
  ['RateListAnswer', listEnvelope(Rate), 'the answer of /rates (and the files v1/rates/...)'],
  ['NisabRuleListAnswer', listEnvelope(NisabRule), 'the answer of /nisab (and v1/nisab.json, v1/nisab/N.json)'],
  ['SubcategoryListAnswer', listEnvelope(Subcategory), 'the answer of /subcategories (and v1/subcategories.json)'],
  ['MetaAnswer', itemEnvelope(Meta), 'the answer of /meta (and v1/meta.json)'],
];
const ERROR = 'Error';

/** Every schema with an id (core/schemas.ts registers each record with `.meta({ id })`). */
function records(): [string, z.ZodType][] {
  // zod 4 keeps the id map of a registry here; it is how z.toJSONSchema(registry) finds them too.
  return [...(z.globalRegistry as unknown as { _idmap: Map<string, z.ZodType> })._idmap];
}

export function jsonSchemaFiles(): Map<string, string> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of records()) registry.add(schema, { id: name });
  for (const [name, schema] of ANSWERS) registry.add(schema, { id: name });
  // $id and $ref are relative ("Rate.json"), so the files resolve each other wherever the site is served.
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `${id}.json`, io: 'output', unrepresentable: 'any' });
  // Only what an answer holds: a registered record no answer carries (Category) is not published.
  const published = new Set<string>();
  const visit = (name: string) => {
    if (published.has(name) || !schemas[name]) return;
    published.add(name);
    for (const match of JSON.stringify(schemas[name]).matchAll(/"\$ref":"([^"#]+)\.json/g)) visit(match[1]!);
  };
  for (const name of [...ANSWERS.map(([name]) => name), ERROR]) visit(name);
  if (schemas.__shared) throw new Error('a schema without an id is shared between records: give it .meta({ id })');
  const describes = new Map(ANSWERS.map(([name, , text]) => [name, text]));
  describes.set(ERROR, 'every failed answer (400, 404, 405, 503)');
  const names = [...published].sort();
  const files = new Map<string, string>();
  const index = names.map((name) => ({ name, file: `${name}.json`, describes: describes.get(name) ?? `a ${name} record` }));
  files.set('schemas/index.json', JSON.stringify({ schemas: index }, null, 2) + '\n');
  for (const name of names) files.set(`schemas/${name}.json`, JSON.stringify(schemas[name], null, 2) + '\n');
  return files;
}

/** The schema files are known only once generated: the names the build carries over between builds. */
export const SCHEMA_FILES = [...jsonSchemaFiles().keys()];
