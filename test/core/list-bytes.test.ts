// A whole list file read as bytes gives the piece its text gives: the same
// records, count and first and last line (the worker moves middle blocks so).
import { describe, expect, it } from 'vitest';
import { renderJoinedList, renderList } from '../../generator/core/envelope.ts';
import { bytePiece } from '../../generator/core/list-bytes.ts';
import { textPiece } from '../../generator/core/router.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const record = (date: string, id: number) => `{"drtID":${id},"drtDate":"${date}","drtUnit":"gram","note":"é ص"}`;
const whole = { path: 'x', from: '0000-01-01', to: '9999-12-31' };

describe('bytePiece', () => {
  it.each([1, 2, 3, 12, 1234])('equals the text piece of a whole file of %i records', (n) => {
    const file = renderList(Array.from({ length: n }, (_, i) => record(`2024-01-${String((i % 28) + 1).padStart(2, '0')}`, i + 1)));
    const text = textPiece(file, whole);
    const bytes = bytePiece(encode(file), decode)!;
    expect({ body: decode(bytes.body), count: bytes.count, first: bytes.first, last: bytes.last }).toEqual({
      body: text.body,
      count: n,
      first: text.first,
      last: text.last,
    });
  });

  it('reads the empty list as no records, and refuses what is not a list file', () => {
    expect(bytePiece(encode(renderJoinedList('', 0)), decode)).toMatchObject({ count: 0, first: '', last: '' });
    expect(bytePiece(encode('{"success":true,"data":{}}\n'), decode)).toBeNull();
    expect(bytePiece(encode('{"success":true,"data":[\n{"a":1}'), decode)).toBeNull();
  });
});
