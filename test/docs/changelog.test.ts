// CHANGELOG.md keeps up with the contract: every field of every published
// record (as openapi.json and /schemas/ have them, from the zod records) and
// every query parameter is named, in backticks, by some entry. A field added
// without an entry fails here, naming it.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PARAMETERS } from '../../generator/router/parameters.ts';
import '../../generator/model/schemas.ts';
import '../../generator/model/currencies.ts';
import '../../generator/model/option-schemas.ts';

interface Node {
  properties?: Record<string, Node>;
  [key: string]: unknown;
}

/** Every property name of every registered record, nested objects and lists included. */
function recordFields(): Set<string> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, { uri: (id) => `#/${id}`, io: 'output', unrepresentable: 'any' });
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const { properties } = node as Node;
    for (const [name, child] of Object.entries(properties ?? {})) {
      names.add(name);
      walk(child);
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'properties') walk(child);
  };
  for (const schema of Object.values(schemas)) walk(schema);
  return names;
}

describe('CHANGELOG.md', () => {
  it('names every field of the published records and every query parameter', async () => {
    const changelog = await readFile(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
    const named = new Set([...changelog.matchAll(/`([A-Za-z_][\w-]*)`/g)].map((m) => m[1]));
    const wanted = [...recordFields(), ...Object.keys(PARAMETERS)];
    expect(wanted.length).toBeGreaterThan(100);
    expect(wanted.filter((name) => !named.has(name)).sort(), 'fields or parameters no CHANGELOG.md entry names').toEqual([]);
  });

  it('has its entries newest first, each under a dated heading', async () => {
    const changelog = await readFile(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
    const dates = [...changelog.matchAll(/^## (\S+)$/gm)].map((m) => m[1]!);
    expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
