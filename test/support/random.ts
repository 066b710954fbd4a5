// A fixed pseudo-random sequence (mulberry32): the same cases every run, so a
// failure names the same request again. Used by the differential suites and by
// scripts/adversarial.ts.
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
