// JSON Schema files for every record and every answer envelope the snapshot
// publishes (schemas/*.json), generated from the zod schemas the build checks
// each file with, so a client can validate answers without reading TypeScript.
import { z } from 'zod';
import { OPTION_NAMES } from '../router/answer-options.ts';
import { Currency } from '../model/currencies.ts';
import { OPTION_SCHEMAS, extensionId, type RewrittenRecord } from '../model/option-schemas.ts';
import { ENDPOINTS } from '../router/endpoints.ts';
import type { RecordName } from '../router/records.ts';
import { Announcement, Gap, itemEnvelope, listEnvelope, Meta, NigeriaMonth, NisabRule, Rate, Source, Subcategory } from '../model/schemas.ts';

/** Every schema with an id (model/schemas.ts registers each record with `.meta({ id })`). */
function records(): [string, z.ZodType][] {
  // zod 4 keeps the id map of a registry here; it is how z.toJSONSchema(registry) finds them too.
  return [...(z.globalRegistry as unknown as { _idmap: Map<string, z.ZodType> })._idmap];
}

/** The schema of each record an answer carries (Endpoint.answer.schema): a record without one does not compile. */
const ANSWER_RECORDS: { [K in RecordName]: z.ZodType } = { Rate, NisabRule, Subcategory, Source, Meta, NigeriaMonth, Currency, Gap, Announcement };

/** The envelopes, one per kind of answer of the endpoint table (RateAnswer, RateListAnswer, ...). */
function answers(): [string, z.ZodType, string][] {
  const found = new Map<string, { schema: z.ZodType; paths: string[]; composed: string | null }>();
  for (const endpoint of ENDPOINTS) {
    const { schema, list } = endpoint.answer;
    const name = `${schema}${list ? 'List' : ''}Answer`;
    const record = ANSWER_RECORDS[schema];
    const entry = found.get(name) ?? { schema: list ? listEnvelope(record) : itemEnvelope(record), paths: [], composed: null };
    entry.paths.push(endpoint.path);
    found.set(name, entry);
    // With an answer option (currency=, docs/API.md §2c; router/answer-options.ts) the records carry its fields too.
    for (const option of OPTION_NAMES.filter((o) => endpoint.parameters.includes(o))) {
      const records: Partial<Record<RewrittenRecord, z.ZodType>> = OPTION_SCHEMAS[option].records;
      const extension = records[schema as RewrittenRecord];
      if (extension === undefined)
        throw new Error(`${endpoint.path} takes ${option}= but ${option} rewrites no ${schema} (router/answer-options.ts ANSWER_OPTIONS)`);
      const inName = `${extensionId(extension)}${list ? 'List' : ''}Answer`;
      const inEntry = found.get(inName) ?? { schema: list ? listEnvelope(extension) : itemEnvelope(extension), paths: [], composed: option };
      inEntry.paths.push(endpoint.path);
      found.set(inName, inEntry);
    }
  }
  return [...found].map(([name, { schema, paths, composed }]) => [
    name,
    schema,
    composed !== null
      ? `the answer of ${paths.join(', ')} with ${composed}= (composed at request time; no file under v1/ holds it)`
      : `the answer of ${paths.join(', ')} (and of the files under v1/ that hold the same)`,
  ]);
}

const ERROR = 'Error';

export function jsonSchemaFiles(): Map<string, string> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of records()) registry.add(schema, { id: name });
  const ANSWERS = answers();
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
  const index = names.map((name) => ({ name, file: `${name}.json`, describes: describes.get(name) ?? `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} record` }));
  files.set('schemas/index.json', JSON.stringify({ schemas: index }, null, 2) + '\n');
  for (const name of names) files.set(`schemas/${name}.json`, JSON.stringify(schemas[name], null, 2) + '\n');
  return files;
}

/** The schema files are known only once generated: the names the build carries over between builds. */
export const SCHEMA_FILES = [...jsonSchemaFiles().keys()];
