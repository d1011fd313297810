import type { Vec2 } from '../core/geometry/vec';

/**
 * A closed vertical prism over a convex quadrilateral (counter-clockwise seen from above), from z0 to
 * z1, as 12 triangles of [x, y, z] points appended to `out`: the one solid every synthetic scene is built
 * of (training rooms' surroundings, benchmark cities, engine test scenes).
 */
const FACES = [
  [0, 1, 5],
  [0, 5, 4],
  [1, 2, 6],
  [1, 6, 5],
  [2, 3, 7],
  [2, 7, 6],
  [3, 0, 4],
  [3, 4, 7],
  [4, 5, 6],
  [4, 6, 7],
  [0, 2, 1],
  [0, 3, 2],
] as const;

export function prism(out: number[][], quad: readonly Vec2[], z0: number, z1: number): void {
  const v = [...quad.map(([x, y]) => [x, y, z0]), ...quad.map(([x, y]) => [x, y, z1])];
  for (const f of FACES) for (const i of f) out.push(v[i]!);
}

/** An axis-aligned box on the ground: corner (x0, y0), opposite corner (x1, y1), height h. */
export function groundBox(out: number[][], x0: number, y0: number, x1: number, y1: number, h: number): void {
  prism(
    out,
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    0,
    h,
  );
}
