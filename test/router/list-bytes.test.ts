// A list file read as bytes and cut to a range gives what its records say: the
// records dated in the range, their count and first and last line, and a
// composed answer with the text path's bytes and ETag key (the worker answers
// ranges so). The oracle is the records themselves, filtered by date.
import { describe, expect, it } from 'vitest';
import { LIST_SEPARATOR, renderJoinedList, renderList } from '../../generator/router/envelope.ts';
import { assembleBytes, cutBytes, listedRange } from '../../generator/router/list-bytes.ts';
import { assemble, type Plan } from '../../generator/router/router.ts';
import type { RoutingIndex } from '../../generator/model/schemas.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const dayOf = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
// Two records on some days (the "all" scope), a day skipped now and then, and text in several scripts.
const record = (date: string, id: number) =>
  `{"drtID":${id},"drtSubcategoryID":${(id % 2) + 1},"drtDate":"${date}","drtUnit":"gram","note":"é ص ${'x'.repeat(id % 7)}"}`;

function recordsOf(n: number): { date: string; line: string }[] {
  const records: { date: string; line: string }[] = [];
  for (let i = 0; records.length < n; i++) {
    if (i % 5 === 3) continue;
    const date = dayOf(i);
    records.push({ date, line: record(date, records.length + 1) });
    if (i % 3 === 0 && records.length < n) records.push({ date, line: record(date, records.length + 1) });
  }
  return records;
}

/** The records of `records` dated from..to, as a piece would hold them. */
function expected(records: { date: string; line: string }[], from: string, to: string) {
  const kept = records.filter((r) => r.date >= from && r.date <= to).map((r) => r.line);
  return {
    body: kept.join(LIST_SEPARATOR),
    count: kept.length,
    first: kept[0] ?? '',
    last: kept.at(-1) ?? '',
    whole: kept.length > 0 && kept.length === records.length,
  };
}

describe('cutBytes', () => {
  it.each([1, 2, 3, 12, 1234])('cuts a file of %i records to every kind of range', (n) => {
    const records = recordsOf(n);
    // At an odd offset in a larger buffer, as a runtime may hand a file's bytes.
    const file = encode(renderList(records.map((r) => r.line)));
    const bytes = new Uint8Array(file.length + 7).subarray(3, 3 + file.length);
    bytes.set(file);
    const firstDay = records[0]!.date;
    const lastDay = records.at(-1)!.date;
    const edges = [dayOf(-3), firstDay, records[Math.floor(n / 3)]!.date, dayOf(7), records[Math.floor(n / 2)]!.date, lastDay, dayOf(2000)];
    for (const from of edges) {
      for (const to of edges) {
        const piece = cutBytes(bytes, from, to, decode);
        const want = expected(records, from, to);
        expect({ from, to, ...piece, body: decode(piece.body) }).toEqual({ from, to, ...want });
      }
    }
  });

  it('finds no records in the empty list, or in a file that is not a list', () => {
    for (const text of [renderJoinedList('', 0), '{"success":true,"data":{}}\n', '{"success":true,"data":[\n{"a":1}', ''])
      expect(cutBytes(encode(text), '2000-01-01', '2099-12-31', decode)).toMatchObject({ count: 0, first: '', last: '', whole: false });
  });
});

describe('assembleBytes', () => {
  const index = { snapshot: 'test-snapshot', etags: {} } as unknown as RoutingIndex;
  const records = recordsOf(300);
  // Three consecutive blocks of the records, each its own list file.
  const blocks = [records.slice(0, 90), records.slice(90, 250), records.slice(250)];
  const files = blocks.map((block) => renderList(block.map((r) => r.line)));
  const planOf = (paths: number[], from: string, to: string): Plan => ({
    status: 200,
    reads: paths.map((i) => ({ path: `block-${i}.json`, from, to })),
    body: null,
    head: false,
    ifNoneMatch: null,
    dated: null,
    options: [],
  });

  it.each([
    ['across three blocks', [0, 1, 2], records[40]!.date, records[280]!.date],
    ['one block cut', [1], records[100]!.date, records[200]!.date],
    ['one block whole', [1], '2000-01-01', '2099-12-31'],
    ['ending before the last block', [0, 1, 2], records[10]!.date, records[120]!.date],
    ['in none of them', [0, 1, 2], '2099-01-01', '2099-12-31'],
  ])('answers %s with the text path’s bytes and ETag key', (_name, used, from, to) => {
    const plan = planOf(used, from, to);
    expect(listedRange(plan)).toBe(true);
    const texts = used.map((i) => files[i]!);
    const text = assemble(plan, texts, index);
    const bytes = assembleBytes(
      plan,
      texts.map((t) => encode(t)),
      index,
      decode,
    );
    const joined = bytes.parts.map((part) => (typeof part === 'string' ? part : decode(part))).join('');
    expect({ status: bytes.status, body: joined, etag: bytes.etag, etagKey: bytes.etagKey }).toEqual({
      status: text.status,
      body: text.parts.join(''),
      etag: text.etag,
      etagKey: text.etagKey,
    });
  });
});
