import { describe, expect, it } from 'vitest';
import { cacheKey, CellMap } from '../../src/core/engine/cellMap';
import { newHit, SURFACE, TERRAIN, type ExteriorHit } from '../../src/core/engine/exteriorHit';
import { rng } from '../../src/core/engine/random';

function hit(kind: number, tri: number, side: number, x: number, y: number, z: number): ExteriorHit {
  return { ...newHit(), kind, tri, side, x, y, z };
}

/**
 * The exterior caches key cells by their numbers rather than by `cacheKey`'s string (cellMap.ts); the seed of
 * a cell's rays is still its string's hash, so the two must name exactly the same cells, or answers change.
 */
describe('CellMap', () => {
  it('holds one entry per cacheKey string, as a Map of the strings does', () => {
    const r = rng(5);
    const cells = new CellMap<number>();
    const strings = new Map<string, number>();
    // Few distinct numbers, so that cells repeat and neighbours of every kind meet: the two faces of a
    // triangle, the same indices at two cell sizes, the terrain under a triangle, ±0, far points.
    const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)]!;
    const coords = [-3e10, -1.5, -0.25, -0, 0, 0.1, 0.125, 0.5, 1, 7.9, 8, 3e10];
    for (let n = 0; n < 20_000; n++) {
      const h = hit(
        pick([TERRAIN, SURFACE]),
        pick([0, 1, 2, 70_000]),
        pick([0, 1]),
        pick(coords),
        pick(coords),
        pick(coords),
      );
      const cell = pick([0.125, 0.25, 1, 2, 16]);
      const key = cacheKey(h, cell);
      expect(cells.get(h, cell)).toBe(strings.get(key));
      if (r() < 0.5) {
        cells.set(h, cell, n);
        strings.set(key, n);
      }
    }
    expect(strings.size).toBeGreaterThan(2000); // past the first table's size: growing keeps every cell
    expect(cells.size).toBe(strings.size);
  });

  it('tells apart what the string tells apart', () => {
    const cells = new CellMap<string>();
    const ground = hit(TERRAIN, -1, 1, 0.3, 0.3, 0);
    const cases: [ExteriorHit, number][] = [
      [hit(SURFACE, 3, 1, 0.3, 0.3, 0.3), 0.25],
      [hit(SURFACE, 3, 0, 0.3, 0.3, 0.3), 0.25], // the other face
      [hit(SURFACE, 4, 1, 0.3, 0.3, 0.3), 0.25], // another triangle
      [hit(SURFACE, 3, 1, 0.6, 0.6, 0.6), 0.5], // the same indices (1, 1, 1) in a coarser cell
      // Indices (1, 1, 1) again in two cells under a millimetre, which the table's hash does not tell apart.
      [hit(SURFACE, 3, 1, 1.5 / 4096, 1.5 / 4096, 1.5 / 4096), 1 / 4096],
      [hit(SURFACE, 3, 1, 1.5 / 2048, 1.5 / 2048, 1.5 / 2048), 1 / 2048],
      [hit(SURFACE, 3, 1, 0.3, 0.3, 0.6), 0.25], // another height
      [ground, 0.25], // the terrain below
    ];
    for (const [h, cell] of cases) cells.set(h, cell, cacheKey(h, cell));
    expect(cells.size).toBe(new Set(cases.map(([h, cell]) => cacheKey(h, cell))).size);
    for (const [h, cell] of cases) expect(cells.get(h, cell)).toBe(cacheKey(h, cell));
    // The terrain's cells have neither triangle, side nor height, as its string has none.
    expect(cells.get(hit(TERRAIN, 9, 0, 0.3, 0.3, 5), 0.25)).toBe(cacheKey(ground, 0.25));
  });
});
