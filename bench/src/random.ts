/**
 * Seeded pseudo-random numbers (mulberry32), so every machine generates the same catalogue and
 * benchmark figures stay comparable between runs. Not for anything secret.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `length` lowercase hex characters (at most 8). */
  hex(length: number): string;
  /** A version-4-shaped UUID drawn from this generator. */
  uuid(): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const hex8 = (): string => nextUint32().toString(16).padStart(8, '0');
  const random: Random = {
    next: () => nextUint32() / 4294967296,
    int: (min, max) => min + Math.floor(random.next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(random.next() * items.length)] as (typeof items)[number];
    },
    hex: (length) => hex8().slice(0, length),
    uuid: () => {
      const a = hex8();
      const b = hex8();
      const c = hex8();
      const d = hex8();
      const variant = '89ab'[nextUint32() & 3] ?? '8';
      return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
    },
  };
  return random;
}
