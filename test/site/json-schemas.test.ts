// The JSON Schema files (schemas/*.json, generated from the zod schemas): every
// file a snapshot publishes under v1/ validates against the schema of its kind
// with a real JSON Schema validator (Ajv, draft 2020-12), and a broken record fails.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePath, type SnapshotFile } from '../../generator/router/layout.ts';
import { makeFixture, type Fixture } from '../support/fixture.ts';

let fixture: Fixture;
beforeAll(async () => {
  fixture = await makeFixture();
});
afterAll(async () => {
  await fixture?.remove();
});

/** Which schema each kind of published file follows (the layout reads the path). */
function schemaOf(file: string): string | null {
  const parsed = parsePath(file);
  if (parsed === null) return null;
  const answers: Record<SnapshotFile['kind'], string | null> = {
    meta: 'MetaAnswer',
    routing: null,
    subcategories: 'SubcategoryListAnswer',
    sources: 'SourceListAnswer',
    calendarNigeria: 'NigeriaMonthListAnswer',
    currencies: 'CurrencyListAnswer',
    gaps: 'GapListAnswer',
    announcements: 'AnnouncementListAnswer',
    fx: null,
    fxDecade: null,
    counts: null,
    part: null,
    nisabAll: 'NisabRuleListAnswer',
    nisab: 'NisabRuleListAnswer',
    latest: 'RateAnswer',
    shard: 'RateListAnswer',
    monthEnds: 'RateListAnswer',
    mark: null,
    downloadsIndex: null,
    ratesCsv: null,
    nisabCsv: null,
    calendarIcs: null,
    textAnswer: null,
  };
  return answers[parsed.kind];
}

describe('the JSON Schema files of the snapshot', () => {
  it('validate every published answer file, and catch a broken one', async () => {
    const read = async (file: string) => JSON.parse(await readFile(path.join(fixture.out, file), 'utf8')) as Record<string, unknown>;
    const index = (await read('schemas/index.json')) as { schemas: { name: string; file: string }[] };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
    ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
    ajv.addFormat('uri', (value: string) => URL.canParse(value));
    ajv.addFormat('email', /@/);
    for (const entry of index.schemas) ajv.addSchema(await read(`schemas/${entry.file}`), entry.file);

    const files = (await readdir(path.join(fixture.out, 'v1'), { recursive: true }))
      .map((f) => `v1/${String(f).split(path.sep).join('/')}`)
      // The edges' own files and the downloads' index (checked by the build against its zod schema), not answers.
      .filter(
        (f) =>
          f.endsWith('.json') &&
          f !== 'v1/routing.json' &&
          parsePath(f)?.kind !== 'mark' &&
          parsePath(f)?.kind !== 'downloadsIndex' &&
          parsePath(f)?.kind !== 'fx' &&
          parsePath(f)?.kind !== 'fxDecade' &&
          parsePath(f)?.kind !== 'counts',
      );
    const unknown: string[] = [];
    let checked = 0;
    for (const file of files) {
      const schema = schemaOf(file);
      if (schema === null) {
        unknown.push(file);
        continue;
      }
      const validate = ajv.getSchema(`${schema}.json`)!;
      expect(validate(await read(file)), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
      checked++;
    }
    expect(unknown, 'files without a published schema').toEqual([]);
    expect(checked).toBeGreaterThan(50);

    const latest = await read('v1/rates/latest/1.json');
    const broken = { ...latest, data: { ...(latest.data as object), drtInUSD: -1 } };
    expect(ajv.getSchema('RateAnswer.json')!(broken)).toBe(false);
    expect(ajv.getSchema('Error.json')!({ success: false, message: 'x' })).toBe(true);
  });
});
