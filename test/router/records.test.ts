// The one renderer of published records (router/records.ts): each record's
// declared order is its schema's (model/schemas.ts), nested records included,
// and the bytes do not depend on the order an object's keys were made in
// (njs 0.7.9 enumerates a large object's keys in hash order; the nginx
// same-bytes suite asks nginx for the answers this renders at request time).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RECORD_SHAPES, renderRecord, type RecordName, type RecordShape } from '../../generator/router/records.ts';
import '../../generator/model/schemas.ts';
import '../../generator/model/currencies.ts';

interface Node {
  $ref?: string;
  anyOf?: Node[];
  items?: Node;
  properties?: Record<string, Node>;
}

const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: (id) => id, io: 'output', unrepresentable: 'any' }) as { schemas: Record<string, Node> };

/** The object schema a field's value holds records of, through refs, nullables and lists; null for none. */
function objectIn(node: Node | undefined): Node | null {
  if (node === undefined) return null;
  if (node.$ref !== undefined) return objectIn(schemas[node.$ref]);
  if (node.properties !== undefined) return node;
  if (node.items !== undefined) return objectIn(node.items);
  for (const option of node.anyOf ?? []) {
    const found = objectIn(option);
    if (found !== null) return found;
  }
  return null;
}

/** Each record shape against its schema: the same fields in the same order, and a shape for every nested record. */
function compare(shape: RecordShape, schema: Node, where: string): void {
  expect(shape.fields, where).toEqual(Object.keys(schema.properties!));
  for (const field of shape.fields) {
    const nested = objectIn(schema.properties![field]);
    if (nested === null) continue;
    expect(shape.nested[field], `${where}.${field} holds records: it needs a nested shape`).toBeDefined();
    compare(shape.nested[field]!, nested, `${where}.${field}`);
  }
}

/** The same record with its keys made in reverse order, nested records too. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  );
}

const RULE = {
  nsbID: 5,
  nsbSubcategoryID: 5,
  nsbVariant: 'majority',
  nsbIsDefault: true,
  nsbSchools: ['maliki'],
  nsbAuthorities: [{ name: 'NMCN', sourceURL: 'https://example.org/n' }],
  nsbThreshold: 5,
  nsbThresholdUnit: 'head',
  nsbRatePercent: null,
  nsbSolarYearRatePercent: null,
  nsbRateKind: 'bracket',
  nsbBasisSubcategoryID: null,
  nsbLowerOf: [{ subcategoryID: 1, threshold: 85 }],
  nsbHawlRequired: true,
  nsbValueInUSD: 1.5,
  nsbValueInNaira: 2.25,
  nsbRateDate: '2024-03-15',
  nsbValueSubcategoryID: 1,
  nsbConditions: 'c “quoted” ×',
  nsbNotes: null,
  nsbSourceURL: null,
  nsbBrackets: [
    {
      lbrMinCount: 10,
      lbrMaxCount: null,
      lbrDue: 'per5:sheep+remainder',
      lbrDueText: 't',
      lbrDues: [[{ item: 'sheep', count: 1 }]],
      lbrFormula: { per: [{ item: 'sheep', heads: 5 }], roundDownTo: 5, remainder: [{ minCount: 1, maxCount: null, dues: [[{ item: 'tabi', count: 1 }]] }] },
    },
  ],
  nsbCombining: [{ schools: ['maliki'], heldBy: 'the school', method: 'parts', with: [2, 3], applied: true, sourceURL: 'https://example.org/c' }],
  nsbWornJewellery: [{ schools: ['maliki'], due: false, sourceURL: 'https://example.org/j' }],
  nsbDueItems: [{ item: 'sheep', words: 'a sheep' }],
  nsbTrader: null,
} as const;

describe('renderRecord', () => {
  it("declares every published record's fields in its schema's order, nested records included", () => {
    for (const name of Object.keys(RECORD_SHAPES) as RecordName[]) compare(RECORD_SHAPES[name], schemas[name]!, name);
  });

  it('writes the declared order whatever order the keys were made in, as JSON.stringify of the declared order would', () => {
    const rule = RULE as never;
    expect(renderRecord('NisabRule', rule)).toBe(JSON.stringify(RULE));
    expect(renderRecord('NisabRule', reversed(RULE) as never)).toBe(JSON.stringify(RULE));
  });

  it('refuses a field without a place in the order, and an object without a declared shape', () => {
    expect(() => renderRecord('NisabRule', { ...RULE, nsbExtra: 1 } as never)).toThrow(/NisabRule: field nsbExtra has no place/);
    expect(() => renderRecord('NisabRule', { ...RULE, nsbSchools: [{ school: 'maliki' }] } as never)).toThrow(
      /NisabRule\.nsbSchools: an object without a declared field order/,
    );
  });
});
