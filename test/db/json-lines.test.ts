import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayElementLines } from '../../generator/db/json-lines.ts';

describe('arrayElementLines', () => {
  it('finds the line each element of a pretty-printed array starts on', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), (elements) => {
        const text = JSON.stringify(elements, null, 2);
        let line = 2;
        const expected = elements.map((element) => {
          const start = line;
          line += JSON.stringify(element, null, 2).split('\n').length;
          return start;
        });
        expect(arrayElementLines(text)).toEqual(expected);
      }),
    );
  });

  it('handles compact JSON, strings with brackets and escapes, and empty arrays', () => {
    expect(arrayElementLines('[]')).toEqual([]);
    expect(arrayElementLines('[{"a":"],[\\"{"},\n2,\n  [3, [4]]]')).toEqual([1, 2, 3]);
  });
});
