import { rng as mulberry32 } from '../../src/core/engine/random';

/** mulberry32 with a few helpers: every generated case is reproducible from the seed in the test name. */
export interface Rng {
  (): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function seededRandom(seed: number): Rng {
  const next = mulberry32(seed);
  const rng = next as Rng;
  rng.int = (n) => Math.floor(next() * n);
  rng.pick = (items) => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(next() * items.length)]!;
  };
  rng.chance = (p) => next() < p;
  return rng;
}
