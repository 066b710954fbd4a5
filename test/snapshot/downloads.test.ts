// The bulk downloads (docs/API.md §9) against the API's own answers, record for
// record: every rate of every year's CSV is the record GET /rates answers for
// that year, field by field; every row of the Nisab CSV is the default gold and
// silver rule of GET /nisab?date= that day, valued at that day's rate; every
// date with a gold or silver rate has its row. Over the real default data, served
// by the preview server.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { defaultSnapshot, type DefaultSnapshot } from '../support/default-snapshot.ts';

let snapshot: DefaultSnapshot;
let preview: Preview;

beforeAll(async () => {
  snapshot = await defaultSnapshot();
  preview = await startPreview({ dir: snapshot.out, port: 0 });
});

afterAll(async () => {
  await preview?.close();
  await snapshot?.remove();
});

async function api<T>(query: string): Promise<T> {
  const response = await fetch(`${preview.url}/api/v1${query}`);
  expect(response.status, query).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A CSV file of ours as objects by its header (no cell of ours holds a comma or a quote: checked). */
async function csv(file: string): Promise<Record<string, string>[]> {
  const response = await fetch(`${preview.url}/${file}`);
  expect(response.status, file).toBe(200);
  const text = await response.text();
  expect(text).not.toMatch(/"/);
  const [header, ...rows] = text.trimEnd().split('\n');
  const columns = header!.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((value, i) => [columns[i]!, value])));
}

interface Index {
  asOf: string;
  columns: { rates: string[]; nisab: string[] };
  nisab: { goldGrams: number; silverGrams: number };
  files: { path: string; kind: 'rates' | 'nisab'; from: string; to: string; bytes: number; sha1: string }[];
}
interface Rule {
  nsbID: number;
  nsbIsDefault: boolean;
  nsbThreshold: number;
  nsbValueInUSD: number | null;
  nsbValueInNaira: number | null;
  nsbRateDate: string | null;
}

describe('the downloads', () => {
  it('list every year of the history in index.json, each file as published', async () => {
    const index = (await (await fetch(`${preview.url}/v1/downloads/index.json`)).json()) as Index;
    const meta = await api<{ asOf: string; subcategories: { firstDate: string | null; lastDate: string | null }[] }>('/meta');
    expect(index.asOf).toBe(meta.asOf);
    const first = meta.subcategories
      .map((s) => s.firstDate)
      .filter((d) => d !== null)
      .sort()[0]!;
    const years: number[] = [];
    for (let year = Number(first.slice(0, 4)); year <= Number(meta.asOf.slice(0, 4)); year++) years.push(year);
    expect(index.files.map((f) => f.path)).toEqual([...years.map((y) => `v1/downloads/nisab/${y}.csv`), ...years.map((y) => `v1/downloads/rates/${y}.csv`)]);
    for (const file of index.files) expect((await readFile(path.join(snapshot.out, file.path))).length).toBe(file.bytes);
    expect(index.nisab).toEqual({ goldGrams: 85, silverGrams: 595 });
  });

  it('hold every rate record of the API, field by field, year by year', async () => {
    const index = (await (await fetch(`${preview.url}/v1/downloads/index.json`)).json()) as Index;
    let total = 0;
    for (const file of index.files.filter((f) => f.kind === 'rates')) {
      const rows = await csv(file.path);
      const records = await api<Record<string, unknown>[]>(`/rates?start_date=${file.from}&end_date=${file.to}`);
      expect(rows.length, file.path).toBe(records.length);
      records.forEach((record, i) => {
        expect(Object.keys(rows[i]!)).toEqual(Object.keys(record));
        expect(rows[i], `${file.path} row ${i + 1}`).toEqual(Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v === null ? '' : String(v)])));
      });
      total += rows.length;
    }
    expect(total).toBe(((await (await fetch(`${preview.url}/api/v1/rates`)).json()) as { count: number }).count);
  });

  it('hold the gold and silver Nisab of every date with a rate, as /nisab?date= values it that day', async () => {
    const index = (await (await fetch(`${preview.url}/v1/downloads/index.json`)).json()) as Index;
    const rows = (await Promise.all(index.files.filter((f) => f.kind === 'nisab').map((f) => csv(f.path)))).flat();
    const dates = new Set(
      [...(await api<{ drtDate: string }[]>('/rates?subcategory=gold')), ...(await api<{ drtDate: string }[]>('/rates?subcategory=silver'))].map(
        (r) => r.drtDate,
      ),
    );
    expect(rows.map((r) => r.date)).toEqual([...dates].sort());
    for (const row of rows) {
      for (const metal of ['gold', 'silver'] as const) {
        const rule = (await api<Rule[]>(`/nisab?date=${row.date}&subcategory=${metal}`)).find((r) => r.nsbIsDefault)!;
        if (rule.nsbRateDate === row.date) {
          expect([row[`${metal}Grams`], row[`${metal}NisabInUSD`], row[`${metal}NisabInNaira`]], `${row.date} ${metal}`).toEqual([
            String(rule.nsbThreshold),
            String(rule.nsbValueInUSD),
            String(rule.nsbValueInNaira),
          ]);
        } else {
          // No rate of this metal that day: nothing carried from an earlier one.
          expect([row[`${metal}Grams`], row[`${metal}NisabInUSD`], row[`${metal}NisabInNaira`]], `${row.date} ${metal}`).toEqual(['', '', '']);
        }
      }
    }
  });
});
