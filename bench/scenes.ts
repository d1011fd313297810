/**
 * Seeded synthetic scenes for benchmarks and load scripts: a city of box buildings around a room, as a
 * JSON mesh (the wire format) with a given number of triangles.
 */
import { rng as mulberry32 } from '../src/core/engine/random';
import { groundBox } from '../src/datagen/solids';

export { mulberry32 };

/** A box as 12 triangles (36 points): corner (x, y), size w × d × h. */
export function box(out: number[][], x: number, y: number, w: number, d: number, h: number): void {
  groundBox(out, x, y, x + w, y + d, h);
}

/** ~`triangles` triangles of buildings within 15–300 m of the origin, none over the room itself. */
export function cityMesh(triangles: number, seed = 1): number[][] {
  const rnd = mulberry32(seed);
  const pts: number[][] = [];
  while (pts.length / 3 < triangles) {
    const r = 15 + rnd() * 285;
    const a = rnd() * Math.PI * 2;
    box(pts, r * Math.cos(a), r * Math.sin(a), 4 + rnd() * 20, 4 + rnd() * 20, 3 + rnd() * 40);
  }
  return pts.slice(0, triangles * 3);
}

export { BENCH_ROOM } from '../src/evaluation/benchRoom';
