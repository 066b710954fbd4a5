// Every field of the records (issue 10's included) is documented in the OpenAPI
// document: each property, nested ones too, has a description.
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../generator/site/openapi.ts';

type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; description?: string; $ref?: string };
const schemas = (openApiDocument([]) as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas;

/** `record.field` for every property without a description, walking nested objects and lists. */
function undocumented(schema: Schema, at: string, out: string[] = []): string[] {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const described = property.description ?? (property.anyOf ?? property.oneOf ?? []).find((s) => s.description)?.description;
    if (!described) out.push(`${at}.${name}`);
    undocumented(property, `${at}.${name}`, out);
  }
  if (schema.items) undocumented(schema.items, `${at}[]`, out);
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) undocumented(option, at, out);
  return out;
}

describe('openapi.json documents every record field', () => {
  it('has the fields of issue 10', () => {
    for (const field of ['nsbSchools', 'nsbAuthorities', 'nsbLowerOf', 'nsbSolarYearRatePercent', 'nsbValueSubcategoryID', 'nsbBrackets']) {
      expect(Object.keys(schemas.NisabRule!.properties!)).toContain(field);
    }
    expect(Object.keys(schemas.Rate!.properties!)).toContain('drtHijriDate');
    expect(Object.keys(schemas.Meta!.properties!)).toContain('asOfHijri');
    expect(JSON.stringify(schemas.Rate!.properties!.drtHijriDate)).toMatch(/local sighting|NMCN/);
  });

  for (const name of ['Rate', 'NisabRule', 'LivestockBracket', 'Meta', 'Subcategory']) {
    it(`describes every property of ${name}`, () => {
      expect(schemas[name], name).toBeDefined();
      expect(undocumented(schemas[name]!, name)).toEqual([]);
    });
  }
});
