// docs/API.md, the public contract, says what is served: its field tables are
// the schemas' own (scripts/api-fields.ts), and every record a real build of
// the default data publishes has exactly the fields of its table, in order.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../generator/router/endpoints.ts';
import { FILE_PATTERNS, paths } from '../../generator/router/layout.ts';
import { renderRecord } from '../../generator/router/records.ts';
import type { Meta } from '../../generator/model/schemas.ts';
import { NOT_FOUND_MESSAGE, UNREADABLE_MESSAGE } from '../../generator/router/respond.ts';
import { API_DOC, documentedFields, TABLES, withFieldTables } from '../../scripts/api-fields.ts';
import { defaultSnapshot, type DefaultSnapshot } from '../support/default-snapshot.ts';

const doc = await readFile(API_DOC, 'utf8');

describe('docs/API.md', () => {
  it('has the field tables the schemas give (regenerate: npx tsx scripts/api-fields.ts)', () => {
    expect(doc).toBe(withFieldTables(doc));
    for (const table of TABLES) expect(documentedFields(doc, table).length, table).toBeGreaterThan(0);
  });

  it('names every endpoint, the static files of the layout and the fixed messages', () => {
    for (const endpoint of ENDPOINTS) expect(doc).toContain(`GET ${endpoint.path}`);
    // Every kind of file the layout writes, spelled as its pattern (§9).
    for (const pattern of Object.values(FILE_PATTERNS)) expect(doc).toContain(`\`/${pattern}\``);
    for (const message of [NOT_FOUND_MESSAGE, UNREADABLE_MESSAGE]) expect(doc).toContain(message);
  });
});

describe('the records a build of the default data publishes', () => {
  let snapshot: DefaultSnapshot;
  const read = async (file: string) => JSON.parse(await readFile(path.join(snapshot.out, file), 'utf8')) as { data: unknown };
  beforeAll(async () => {
    snapshot = await defaultSnapshot();
  });
  afterAll(async () => {
    await snapshot?.remove();
  });

  type Json = Record<string, unknown>;
  /** Which table documents the objects a field of a table holds. */
  const NESTED: Record<string, Record<string, string>> = {
    NisabRule: {
      nsbAuthorities: 'Authority',
      nsbLowerOf: 'NisabRule.nsbLowerOf[]',
      nsbBrackets: 'LivestockBracket',
      nsbCombining: 'CombiningPosition',
      nsbWornJewellery: 'WornJewelleryPosition',
      nsbPositions: 'SchoolPosition',
      nsbDueItems: 'NisabRule.nsbDueItems[]',
    },
    LivestockBracket: { lbrDues: 'DueItem', lbrFormula: 'LivestockFormula' },
    LivestockFormula: { per: 'LivestockFormula.per[]', remainder: 'LivestockFormula.remainder[]' },
    'LivestockFormula.remainder[]': { dues: 'DueItem' },
    Meta: { subcategories: 'Meta.subcategories[]', refused: 'Meta.refused[]' },
  };
  const seen = new Set<string>();

  /** The record's keys are its table's fields, in order; so are those of every object inside it. */
  function check(table: string, record: Json, at: string): void {
    seen.add(table);
    expect(Object.keys(record), `${at} (table ${table})`).toEqual(documentedFields(doc, table));
    for (const [field, inner] of Object.entries(NESTED[table] ?? {})) {
      const value = record[field];
      const objects = (Array.isArray(value) ? value.flat() : value === null ? [] : [value]) as Json[];
      objects.forEach((object, i) => {
        check(inner, object, `${at}.${field}[${i}]`);
      });
    }
  }

  it('have exactly the documented fields, in the documented order', async () => {
    const lists: [string, string][] = [
      [paths.shard('all', 'month', '2025-09-01'), 'Rate'],
      [paths.monthEnds('2025-01-01'), 'Rate'],
      [paths.sources, 'Source'],
      [paths.calendarNigeria, 'NigeriaMonth'],
      [paths.currencies, 'Currency'],
      [paths.gaps, 'Gap'],
      [paths.announcements, 'Announcement'],
      [paths.subcategories, 'Subcategory'],
      [paths.nisabAll, 'NisabRule'],
    ];
    for (const [file, table] of lists) {
      const data = (await read(file)).data as Json[];
      expect(data.length, file).toBeGreaterThan(0);
      data.forEach((record, i) => {
        check(table, record, `${file}[${i}]`);
      });
    }
    check('Rate', (await read(paths.latest(1))).data as Json, paths.latest(1));
    const meta = (await read(paths.meta)).data as Meta;
    check('Meta', meta as unknown as Json, paths.meta);
    // The default data has no refused figure (its imports refuse whole files): one as the
    // renderer writes it, the Lebanese pound's refusal of test/sources/per-series.test.ts.
    const refused: Meta['refused'][number] = {
      series: 'FX:LBP',
      date: '2026-09-29',
      field: 'fxPerUSD',
      value: 89715.62423287,
      reason: '89715.62423287 is 10 times the previous rate of LBP (8957.946620876 on 2026-09-28)',
      refusedOn: '2026-09-29',
    };
    check('Meta', JSON.parse(renderRecord('Meta', { ...meta, refused: [refused] })) as Json, 'a Meta with a refused figure, as renderRecord writes it');
    // Every table was met in the served bytes: none documents a record nobody publishes. What
    // currency= adds (RateInCurrency-Rate, ...) is in no file: test/site/currency-schemas.test.ts
    // holds the preview's answers to those tables.
    expect([...seen].sort()).toEqual(TABLES.filter((table) => !table.includes('-')).sort());
  }, 120_000);
});
