// The chart's series with its gaps marked: uPlot draws a null as a gap when
// spanGaps is false, so a stretch of days without a rate shows as a break in
// the line, never as a straight line across it.

const DAY = 86_400;

/**
 * xs (Unix seconds, ascending) and ys with a null after every rate that is
 * followed by a longer wait than the series' own rhythm: more than a day, and
 * more than 1.5 times the shortest of the (up to) three spacings before it (the
 * next one for the first). A daily series missing days gets a gap; the monthly
 * figures of the older history stay joined, and a missing month is a gap too.
 */
export function withGaps(xs: number[], ys: number[]): [number[], (number | null)[]] {
  const outX: number[] = [];
  const outY: (number | null)[] = [];
  for (let i = 0; i < xs.length; i++) {
    if (i > 0) {
      const spacing = xs[i]! - xs[i - 1]!;
      const before: number[] = [];
      for (let k = i - 1; k >= 1 && before.length < 3; k--) before.push(xs[k]! - xs[k - 1]!);
      const rhythm = before.length > 0 ? Math.min(...before) : i + 1 < xs.length ? xs[i + 1]! - xs[i]! : spacing;
      if (spacing > DAY && spacing > 1.5 * rhythm) {
        outX.push(xs[i - 1]! + DAY);
        outY.push(null);
      }
    }
    outX.push(xs[i]!);
    outY.push(ys[i]!);
  }
  return [outX, outY];
}
