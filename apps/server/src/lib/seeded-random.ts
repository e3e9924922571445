/**
 * A small, fast, seeded generator (mulberry32): the same seed gives the same numbers, so the demo
 * reader population is the same database on every run, and a test's generated catalogue or input
 * is the same on every run (or replays a failing run from its seed).
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  /** A number in [0, 1). */
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  /** An integer in [0, count). */
  const below = (count: number) => Math.floor(next() * count);
  return {
    next,
    below,
    /** An integer in [min, max]. */
    int: (min: number, max: number) => min + below(max - min + 1),
    pick: <T>(items: readonly T[]): T => items[below(items.length)] as T,
    /** True with probability `p`. */
    chance: (p: number) => next() < p,
    /** `count` distinct integers in [0, size) (all of them when count >= size). */
    distinct(count: number, size: number): number[] {
      if (count >= size) return Array.from({ length: size }, (_, i) => i);
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(below(size));
      return [...chosen];
    },
  };
}

export type SeededRandom = ReturnType<typeof seededRandom>;
