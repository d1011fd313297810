import { describe, expect, it } from 'vitest';
import { OPEN_CONTEXT } from '../../src/core/api/result';
import { simulate } from '../../src/core/api/simulateOps';

/**
 * A mesh that holds the room's own facade (a client sending its whole model): flush with the wall's outer
 * face it is harmless; without openings and a few centimetres proud of it (cladding) it seals the window,
 * and the answer says so rather than give 0 % DF as if that were the room's light.
 */
const params = {
  height_roof_over_floor: 2.8,
  floor_height_above_terrain: 0,
  room_polygon: [
    [0, 0],
    [5, 0],
    [5, 4],
    [0, 4],
  ],
  windows: { w: { x1: 1.5, y1: 0, z1: 0.9, x2: 3.5, y2: -0.3, z2: 2.4, window_frame_ratio: 0.1 } },
};
const quad = (a: number[], b: number[], c: number[], d: number[]) => [a, b, c, a, c, d];
/** A block across the street, 30 m out. */
const street = quad([-20, -30, 0], [20, -30, 0], [20, -30, 12], [-20, -30, 12]);
/** The facade at y (the wall's outer face is at −0.3), with or without an opening at the window. */
function facade(y: number, opening: boolean): number[][] {
  if (!opening) return quad([-0.3, y, 0], [5.3, y, 0], [5.3, y, 2.8], [-0.3, y, 2.8]);
  return [
    ...quad([-0.3, y, 0], [1.5, y, 0], [1.5, y, 2.8], [-0.3, y, 2.8]),
    ...quad([3.5, y, 0], [5.3, y, 0], [5.3, y, 2.8], [3.5, y, 2.8]),
    ...quad([1.5, y, 0], [3.5, y, 0], [3.5, y, 0.9], [1.5, y, 0.9]),
    ...quad([1.5, y, 2.4], [3.5, y, 2.4], [3.5, y, 2.8], [1.5, y, 2.8]),
  ];
}

function answer(mesh: number[][]) {
  const r = simulate({ model_type: 'df_default', parameters: params, mesh, quality: 'draft' }, OPEN_CONTEXT);
  if (r.kind !== 'json') throw new Error('expected JSON');
  const v = r.value as { result: number[][]; mask: boolean[][]; warnings: string[] };
  const cells = v.result.flat().filter((_, i) => v.mask.flat()[i]);
  return {
    mean: cells.reduce((a, x) => a + x, 0) / cells.length,
    min: Math.min(...cells),
    warnings: v.warnings,
  };
}

describe('a window the mesh covers', () => {
  it('is named when the facade seals it, and only then', () => {
    const open = answer(street);
    expect(open.mean).toBeGreaterThan(2);
    expect(open.warnings).toEqual([]);
    // Flush with the wall's outer face, whole or with an opening: the room's light as without it.
    for (const f of [facade(-0.3, false), facade(-0.3, true)]) {
      const a = answer([...street, ...f]);
      expect(a.warnings).toEqual([]);
      expect(a.mean).toBeCloseTo(open.mean, 1);
    }
    // 5 cm proud of the wall without an opening: no daylight, and the answer says why.
    const sealed = answer([...street, ...facade(-0.35, false)]);
    expect(sealed.mean).toBeLessThan(0.01);
    // The engine's estimate there is a hair either side of 0 (unbiased); the answer never says below.
    expect(sealed.min).toBe(0);
    expect(sealed.warnings).toEqual([
      "window 'w' is covered by the mesh right in front of it (within 0.5 m of the wall's outer face, every way out): no daylight reaches it; if the mesh holds the building's own facade, give it openings at the windows",
    ]);
    // With an opening, or a wall 0.7 m out that light passes around: the room's own light, no warning.
    expect(answer([...street, ...facade(-0.35, true)]).warnings).toEqual([]);
    const wall = answer([...street, ...facade(-1.0, false)]);
    expect(wall.warnings).toEqual([]);
    expect(wall.mean).toBeGreaterThan(0.3);
  });
});
