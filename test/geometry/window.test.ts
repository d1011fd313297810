import { describe, expect, it } from 'vitest';
import { roundPoint, windowGeometry } from '../../src/core/geometry/window';
import { polygonDefect } from '../../src/core/geometry/polygon';

// The worked examples of conventions.md, verbatim.
const examples = [
  {
    poly: [
      [0, 0],
      [0, 7],
      [-3, 7],
      [-3, 0],
    ],
    w: { x1: -0.4, y1: 7, z1: 2.8, x2: -2, y2: 7.3, z2: 5.4 },
    dir: 90,
    ref: { x: -1.2, y: 7, z: 4.1 },
    ext: { x: -1.2, y: 7.3, z: 4.1 },
  },
  {
    poly: [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ],
    w: { x1: 4, y1: 0, z1: 1, x2: 6, y2: -0.3, z2: 2.5 },
    dir: 270,
    ref: { x: 5, y: 0, z: 1.75 },
    ext: { x: 5, y: -0.3, z: 1.75 },
  },
  {
    poly: [
      [0, 0],
      [5, 0],
      [5, 4],
      [0, 4],
    ],
    w: { x1: 1, y1: 0, z1: 0.9, x2: 2, y2: 0, z2: 2.4 },
    dir: 270,
    ref: { x: 1.5, y: 0, z: 1.65 },
    ext: { x: 1.5, y: 0, z: 1.65 },
  },
] as const;

describe('windowGeometry (conventions.md worked examples)', () => {
  for (const [i, ex] of examples.entries()) {
    it(`example ${i + 1}`, () => {
      const g = windowGeometry(ex.poly, ex.w);
      expect(g.directionAngle).toBeCloseTo(ex.dir, 9);
      expect(roundPoint(g.referencePoint)).toEqual(ex.ref);
      expect(roundPoint(g.externalReferencePoint)).toEqual(ex.ext);
    });
  }

  it('gives east/north/west/south for the four walls of a clockwise square', () => {
    const cw = [
      [0, 0],
      [0, 4],
      [4, 4],
      [4, 0],
    ] as const;
    const on = (x1: number, y1: number, x2: number, y2: number) =>
      windowGeometry(cw, { x1, y1, z1: 1, x2, y2, z2: 2 }).directionAngle;
    expect(on(4, 1, 4.2, 2)).toBeCloseTo(0, 9);
    expect(on(1, 4, 2, 4.2)).toBeCloseTo(90, 9);
    expect(on(0, 1, -0.2, 2)).toBeCloseTo(180, 9);
    expect(on(1, 0, 2, -0.2)).toBeCloseTo(270, 9);
  });

  it('measures width along and thickness across a diagonal wall', () => {
    const tri = [
      [0, 0],
      [4, 0],
      [0, 4],
    ] as const; // hypotenuse faces 45°
    const s = Math.SQRT1_2;
    // a 1 m wide, 0.3 m thick window centred on the hypotenuse midpoint (2, 2)
    const c = [2, 2];
    const u = [-s, s]; // along
    const n = [s, s]; // out
    const p1 = [c[0]! - 0.5 * u[0]!, c[1]! - 0.5 * u[1]!];
    const p2 = [c[0]! + 0.5 * u[0]! + 0.3 * n[0]!, c[1]! + 0.5 * u[1]! + 0.3 * n[1]!];
    const g = windowGeometry(tri, { x1: p1[0]!, y1: p1[1]!, z1: 1, x2: p2[0]!, y2: p2[1]!, z2: 2 });
    expect(g.directionAngle).toBeCloseTo(45, 9);
    expect(g.width).toBeCloseTo(1, 9);
    expect(g.wallThickness).toBeCloseTo(0.3, 9);
  });

  it('breaks a tie between two edges in favour of the earlier one', () => {
    const sq = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ] as const;
    // centre exactly at the corner (4, 0): edges 0 and 1 are both at distance 0
    expect(windowGeometry(sq, { x1: 3.9, y1: -0.1, z1: 1, x2: 4.1, y2: 0.1, z2: 2 }).hostEdge).toBe(0);
  });
});

describe('polygonDefect', () => {
  it('accepts simple polygons of either winding', () => {
    expect(
      polygonDefect([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ]),
    ).toBeNull();
    expect(
      polygonDefect([
        [0, 0],
        [0, 1],
        [1, 1],
        [1, 0],
      ]),
    ).toBeNull();
    expect(
      polygonDefect([
        [0, 0],
        [4, 0],
        [4, 1],
        [1, 1],
        [1, 4],
        [0, 4],
      ]),
    ).toBeNull();
  });
  it('rejects bow-ties, folds, repeated points and zero area', () => {
    expect(
      polygonDefect([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    ).toMatch(/self-intersecting/);
    expect(
      polygonDefect([
        [0, 0],
        [2, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toMatch(/folds back/);
    expect(
      polygonDefect([
        [0, 0],
        [1, 0],
        [1, 0],
        [0, 1],
      ]),
    ).toMatch(/repeated point/);
    expect(
      polygonDefect([
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
    ).toMatch(/zero area|folds/);
  });
});
