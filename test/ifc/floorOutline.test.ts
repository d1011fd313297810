import { describe, expect, it } from 'vitest';
import { triangulate } from '../../src/core/engine/polygon2d';
import { signedArea } from '../../src/core/geometry/polygon';
import type { Vec2 } from '../../src/core/geometry/vec';
import { floorOutline } from '../../src/core/ifc/floorOutline';

/** A prism over `ring` from z0 to z1, as an exporter writes a space: floor, ceiling and sides. */
function prism(ring: Vec2[], z0: number, z1: number, clockwiseFloor = false): Float32Array {
  const out: number[] = [];
  for (const [i, j, k] of triangulate(ring)) {
    const [a, b, c] = [ring[i]!, ring[j]!, ring[k]!];
    if (clockwiseFloor) out.push(a[0], a[1], z0, c[0], c[1], z0, b[0], b[1], z0);
    else out.push(a[0], a[1], z0, b[0], b[1], z0, c[0], c[1], z0);
    out.push(a[0], a[1], z1, b[0], b[1], z1, c[0], c[1], z1);
  }
  ring.forEach((a, i) => {
    const b = ring[(i + 1) % ring.length]!;
    out.push(a[0], a[1], z0, b[0], b[1], z0, b[0], b[1], z1, a[0], a[1], z0, b[0], b[1], z1, a[0], a[1], z1);
  });
  return Float32Array.from(out);
}

const L: Vec2[] = [
  [0, 0],
  [6, 0],
  [6, 3],
  [2.5, 3],
  [2.5, 7],
  [0, 7],
];

const sameRing = (got: readonly Vec2[], want: readonly Vec2[]): void => {
  expect(got).toHaveLength(want.length);
  const start = got.findIndex((p) => Math.hypot(p[0] - want[0]![0], p[1] - want[0]![1]) < 1e-4);
  expect(start).toBeGreaterThanOrEqual(0);
  want.forEach((w, i) => {
    const g = got[(start + i) % got.length]!;
    expect(g[0]).toBeCloseTo(w[0], 4);
    expect(g[1]).toBeCloseTo(w[1], 4);
  });
};

describe('a space’s floor outline from its triangles', () => {
  it('is the L-shaped profile, counter-clockwise, whatever the floor faces’ winding', () => {
    for (const flip of [false, true]) {
      const f = floorOutline(prism(L, 3.1, 5.8, flip))!;
      sameRing(f.polygon, L);
      expect(signedArea(f.polygon)).toBeCloseTo(6 * 3 + 2.5 * 4, 4);
      expect(f.z).toBeCloseTo(3.1, 5);
      expect(f.top).toBeCloseTo(5.8, 5);
      expect(f.flatShare).toBeCloseTo(1, 4);
    }
  });

  it('drops points on straight runs and welds what the exporter split', () => {
    // The same room with an extra point halfway along the south wall and one along the west wall.
    const busy: Vec2[] = [
      [0, 0],
      [3, 0],
      [6, 0],
      [6, 3],
      [2.5, 3],
      [2.5, 7],
      [0, 7],
      [0, 3.5],
    ];
    sameRing(floorOutline(prism(busy, 0, 2.7))!.polygon, L);
  });

  it('keeps a clockwise profile counter-clockwise, and has nothing to give for an empty or wall-only mesh', () => {
    const cw = [...L].reverse();
    expect(signedArea(floorOutline(prism(cw, 0, 2.5))!.polygon)).toBeGreaterThan(0);
    expect(floorOutline(new Float32Array(0))).toBeNull();
    // A single vertical quad: no face at the lowest level.
    expect(
      floorOutline(Float32Array.from([0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1])),
    ).toBeNull();
  });

  it('a stepped floor gives the whole outline at its lowest level, and how much of it is there', () => {
    // Two boxes side by side, the second one 0.4 m higher: a split-level room.
    const low = prism(
      [
        [0, 0],
        [4, 0],
        [4, 3],
        [0, 3],
      ],
      0,
      2.6,
    );
    const high = prism(
      [
        [4, 0],
        [7, 0],
        [7, 3],
        [4, 3],
      ],
      0.4,
      2.6,
    );
    const both = new Float32Array(low.length + high.length);
    both.set(low);
    both.set(high, low.length);
    const f = floorOutline(both)!;
    // The whole outline, 7 × 3 m (the shared step edge is inside it), at the lower floor's level.
    sameRing(f.polygon, [
      [0, 0],
      [7, 0],
      [7, 3],
      [0, 3],
    ]);
    expect(f.z).toBeCloseTo(0, 5);
    expect(f.top).toBeCloseTo(2.6, 5);
    expect(f.flatShare).toBeCloseTo(12 / 21, 4);
  });
});
