// The chart's gaps, by hand: monthly figures stay joined, a daily series
// breaks where days are missing (a null the chart draws as a gap).
import { describe, expect, it } from 'vitest';
import { withGaps } from '../../generator/site/page/gaps.ts';

const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

describe('withGaps', () => {
  it('joins monthly figures, breaks a daily series where days are missing, and marks a missing month', () => {
    const dates = ['2025-05-31', '2025-06-30', '2025-08-31', '2025-09-01', '2025-09-10', '2025-09-11', '2025-09-15', '2025-09-21', '2025-09-22'];
    const [xs, ys] = withGaps(
      dates.map(day),
      dates.map((_, i) => i + 1),
    );
    // Nulls after 2025-06-30 (July is missing: 62 days against 30), 2025-09-01 (2 to 9 September),
    // 2025-09-11 (12 to 14) and 2025-09-15 (16 to 20); 2025-08-31 to 2025-09-01 is one day.
    expect(ys).toEqual([1, 2, null, 3, 4, null, 5, 6, null, 7, null, 8, 9]);
    expect(xs[2]).toBe(day('2025-07-01'));
    expect(xs[5]).toBe(day('2025-09-02'));
  });

  it('leaves an unbroken daily series and an empty one alone', () => {
    const dates = ['2025-09-01', '2025-09-02', '2025-09-03'];
    expect(withGaps(dates.map(day), [1, 2, 3])).toEqual([dates.map(day), [1, 2, 3]]);
    expect(withGaps([], [])).toEqual([[], []]);
  });
});
