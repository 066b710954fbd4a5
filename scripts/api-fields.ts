// Writes the field tables of docs/API.md from the record schemas
// (generator/model/schemas.ts): each field's name, type and the text of its
// .describe(), in the order the published record has its keys. The schemas
// validate every published file and make openapi.json and /schemas/, so the
// contract cannot say something else about a field (test/site/api-doc.test.ts
// fails when the committed document differs from what this writes).
//   npx tsx scripts/api-fields.ts          rewrite docs/API.md
import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import '../generator/model/schemas.ts';
// Registers the Currency record with the others.
import '../generator/model/currencies.ts';
import '../generator/model/option-schemas.ts';

export const API_DOC = new URL('../docs/API.md', import.meta.url);

interface Node {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  items?: Node;
  anyOf?: Node[];
  $ref?: string;
  properties?: Record<string, Node>;
  description?: string;
}

/** Every registered record (`.meta({ id })`) as JSON Schema, as openapi.json has them. */
function records(): Record<string, Node> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: (id) => `#/${id}`, io: 'output', unrepresentable: 'any' });
  return schemas as Record<string, Node>;
}

/**
 * The tables the document holds: a record by its id, a list of objects
 * inside one (`NisabRule.nsbLowerOf[]`), which has no id of its own, or the
 * fields one record adds to another (`RateInCurrency-Rate`: what currency= adds).
 */
export const TABLES = [
  'Rate',
  'Source',
  'Currency',
  'RateInCurrency-Rate',
  'NisabRuleInCurrency-NisabRule',
  'RatePerTroyOunce-Rate',
  'Subcategory',
  'NisabRule',
  'Authority',
  'NisabRule.nsbLowerOf[]',
  'CombiningPosition',
  'WornJewelleryPosition',
  'SchoolPosition',
  'NisabRule.nsbDueItems[]',
  'LivestockBracket',
  'DueItem',
  'LivestockFormula',
  'LivestockFormula.per[]',
  'LivestockFormula.remainder[]',
  'Meta',
  'Meta.subcategories[]',
  'Meta.refused[]',
  'Gap',
  'Announcement',
  'NigeriaMonth',
] as const;

/** The object schema a table name names. */
function objectOf(name: string, all: Record<string, Node>): Node {
  const [whole, less] = name.split('-');
  if (less !== undefined) {
    const [schema, base] = [objectOf(whole!, all), objectOf(less, all)];
    const added = Object.entries(schema.properties ?? {}).filter(([field]) => !(field in (base.properties ?? {})));
    return { ...schema, properties: Object.fromEntries(added) };
  }
  const [record, field] = name.replace(/\[\]$/, '').split('.');
  const schema = all[record!];
  if (schema === undefined) throw new Error(`no record ${record} is registered`);
  if (field === undefined) return schema;
  const items = schema.properties?.[field]?.items;
  if (items?.properties === undefined) throw new Error(`${record}.${field} is not a list of objects`);
  return items;
}

/** The order a published record has its keys in: its schema's, which router/records.ts renders (test/router/records.test.ts). */
function keyOrder(schema: Node): string[] {
  return Object.keys(schema.properties ?? {});
}

const HIJRI = /^\^\[0-9\]\{4\}-\(0\[1-9\]\|1\[0-2\]\)/;

/** A field's type in words. */
export function typeText(node: Node): string {
  if (node.anyOf !== undefined) {
    const kinds = node.anyOf.filter((n) => n.type !== 'null');
    return kinds.map(typeText).join(' or ') + (kinds.length < node.anyOf.length ? ' or null' : '');
  }
  if (Array.isArray(node.type)) return node.type.map((type) => typeText({ ...node, type })).join(' or ');
  if (node.$ref !== undefined) return `${node.$ref.replace(/^#\//, '')} object`;
  if (node.enum !== undefined) return `one of ${node.enum.map((v) => `\`${String(v)}\``).join(', ')}`;
  if (node.type === 'array') {
    const items = node.items ?? {};
    if (items.type === 'array') return `list of lists of ${typeText(items.items ?? {}).replace(/ object$/, '')} objects`;
    if (items.properties !== undefined) return 'list of objects (table below)';
    if (items.$ref !== undefined) return `list of ${items.$ref.replace(/^#\//, '')} objects`;
    return `list of ${typeText(items)}`.replace(/list of one of/, 'list, each one of');
  }
  if (node.type === 'string') {
    if (node.format === 'date') return 'string `YYYY-MM-DD`';
    if (node.format === 'date-time') return 'string, an ISO 8601 instant in UTC';
    if (node.format === 'uri') return 'string, an http(s) URL';
    if (node.pattern === '^[0-9]{4}-(0[1-9]|1[0-2])$') return 'string `YYYY-MM` (Hijri)';
    // A Gregorian month (model/currencies.ts isoMonth: a currency's monthly averages).
    if (node.pattern === '^[12][0-9]{3}-(0[1-9]|1[0-2])$') return 'string `YYYY-MM`';
    if (node.pattern !== undefined && HIJRI.test(node.pattern)) return 'string `YYYY-MM-DD` (Hijri)';
    if (node.pattern === '^[0-9a-f]{40}$') return 'string, 40 hex digits';
    return 'string';
  }
  if (node.type === 'null') return 'null';
  return String(node.type);
}

/** The Markdown table of one record's fields. */
export function fieldTable(name: string): string {
  const schema = objectOf(name, records());
  const rows = keyOrder(schema).map((field) => {
    const node = schema.properties![field]!;
    const description = node.description ?? node.anyOf?.find((n) => n.description)?.description;
    if (!description) throw new Error(`${name}.${field} has no .describe() in generator/model/schemas.ts: every published field is documented`);
    const cell = (text: string) => text.replace(/\|/g, '\\|');
    return `| \`${field}\` | ${cell(typeText(node))} | ${cell(description)} |`;
  });
  return ['| field | type | meaning |', '|---|---|---|', ...rows].join('\n');
}

const start = (name: string) => `<!-- fields:${name} (generated by scripts/api-fields.ts from generator/model/schemas.ts) -->`;
const end = (name: string) => `<!-- fields:${name}:end -->`;

/** The document with every table between its markers written anew; a missing marker is an error. */
export function withFieldTables(doc: string): string {
  let out = doc;
  for (const name of TABLES) {
    const from = out.indexOf(start(name));
    const to = out.indexOf(end(name));
    if (from === -1 || to === -1 || to < from) throw new Error(`docs/API.md has no markers for the ${name} table: ${start(name)} ... ${end(name)}`);
    out = out.slice(0, from) + start(name) + '\n' + fieldTable(name) + '\n' + out.slice(to);
  }
  return out;
}

/** The field names a table of the document lists, in its order (for tests). */
export function documentedFields(doc: string, name: string): string[] {
  const from = doc.indexOf(start(name));
  const to = doc.indexOf(end(name));
  if (from === -1 || to === -1) return [];
  return [...doc.slice(from, to).matchAll(/^\| `([A-Za-z]+)` \|/gm)].map((m) => m[1]!);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const doc = await readFile(API_DOC, 'utf8');
  await writeFile(API_DOC, withFieldTables(doc));
}
