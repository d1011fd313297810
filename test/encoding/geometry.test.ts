import { describe, expect, it } from 'vitest';
import { candidateEdges, roomAnchor } from '../../src/core/encoding/anchor';
import { segmentNearBoundary } from '../../src/core/encoding/boundaryBuffer';
import { originalDirection } from '../../src/core/encoding/direction';
import {
  frameRotationDeg,
  intoWindowFrame,
  rotatePoints,
  thickness,
  thicknessPx,
  width3d,
} from '../../src/core/encoding/windowFrame';
import { windowStripe } from '../../src/core/encoding/windowStripe';
import type { Vec2 } from '../../src/core/geometry/vec';

const corners = (x1: number, y1: number, x2: number, y2: number) => ({
  p1: [x1, y1] as Vec2,
  p2: [x2, y2] as Vec2,
});
const rect = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const DIAMOND: Vec2[] = [
  [0, 0],
  [4, 4],
  [0, 8],
  [-4, 4],
];
const SOUTH = 4.71238898038469;

describe('window direction (encoder.md §4.2)', () => {
  const room: Vec2[] = rect(0, 0, 5, 4);

  it('gives the original radians bit for bit', () => {
    expect(originalDirection(room, corners(5, 1, 5, 2))).toBe(0.0);
    expect(originalDirection(room, corners(1, 4, 2, 4))).toBe(1.5707963267948966);
    expect(originalDirection(room, corners(0, 1, 0, 3))).toBe(3.141592653589793);
    expect(originalDirection(room, corners(1, 0, 2, 0))).toBe(SOUTH);
    expect(originalDirection(DIAMOND, corners(1.5, 1.5, 2.5, 2.5))).toBe(5.497787143782138);
  });

  it('takes the first edge within 5 cm of the nearest boundary point, not the nearest edge', () => {
    // Centre (5, 0.03) lies on the east wall, but the south edge (index 0) is within 5 cm of it.
    expect(originalDirection(room, corners(5, -0.2, 5, 0.26))).toBe(SOUTH);
  });

  it('works for either winding', () => {
    expect(originalDirection([...room].reverse(), corners(1, 0, 2, 0))).toBe(SOUTH);
  });
});

describe('rotation into the window frame (encoder.md §4.3)', () => {
  it('rotates by −deg, except within 0.05° of east', () => {
    expect(frameRotationDeg(0)).toBeNull();
    expect(frameRotationDeg(0.0008)).toBeNull();
    expect(frameRotationDeg(SOUTH)).toBe(-270);
    expect(frameRotationDeg(6.2831)).toBeCloseTo(-359.995, 2);
  });

  it('snaps sin/cos so that right-angle rotations are exact', () => {
    const p: Vec2[] = [[1.25, -3.5]];
    expect(rotatePoints(p, -270)).toEqual([[3.5, 1.25]]); // south: (x, y) ↦ (−y, x)
    expect(rotatePoints(p, -90)).toEqual([[-3.5, -1.25]]); // north: (y, −x)
    expect(rotatePoints(p, -180)).toEqual([[-1.25, 3.5]]); // west: (−x, −y)
  });

  it('leaves the angle at 0.0 after rotating, or unchanged without rotation', () => {
    const room: Vec2[] = [
      [0, 0],
      [1, 0],
      [1, 1],
    ];
    expect(intoWindowFrame(room, corners(0, 0, 1, 0), SOUTH).angle).toBe(0.0);
    expect(intoWindowFrame(room, corners(0, 0, 1, 0), 0.0004).angle).toBe(0.0004);
  });
});

describe('float noise in the wall thickness (encoder.md §4.6)', () => {
  it('south window on y = 0: ≈ 2.2e-16 m, so 0 px', () => {
    const t = thickness(corners(-0.6, 0, 0.6, 0), SOUTH);
    expect(t).toBeGreaterThan(0);
    expect(t).toBeLessThan(1e-15);
    expect(thicknessPx(t)).toBe(0);
  });

  it('north window on y = 6 and west window at x = −3: exactly 0, so the default 3 px', () => {
    expect(thickness(corners(-1, 6, 0, 6), Math.PI / 2)).toBe(0);
    expect(thickness(corners(-3, 4, -3, 5), Math.PI)).toBe(0);
    expect(thicknessPx(0)).toBe(3);
  });

  it('measures thickness across and width along the wall', () => {
    const c = corners(-0.6, -0.3, 0.6, 0);
    expect(thicknessPx(thickness(c, SOUTH))).toBe(3);
    expect(width3d(c, SOUTH)).toBeCloseTo(1.2, 12);
  });
});

describe('window stripe (encoder.md §4.10)', () => {
  it('is centred on row 64 and ends at column 116', () => {
    const east = (w: number) => windowStripe(corners(0, -w / 2, 0, w / 2), 0.0);
    expect(east(1.2)).toEqual({ r0: 58, r1: 70, c0: 113, c1: 116 });
    expect(east(1.5)).toMatchObject({ r0: 57, r1: 72 });
    expect(east(2)).toMatchObject({ r0: 54, r1: 74 });
    expect(east(0.9)).toMatchObject({ r0: 60, r1: 69 });
  });

  it('is 0 px wide for a zero-thickness south window (the golden asset has no stripe)', () => {
    const s = windowStripe(corners(-0.6, 0, 0.6, 0), SOUTH);
    expect(s.c1 - s.c0).toBe(0);
  });

  it('is clamped to the 2-px border', () => {
    expect(windowStripe(corners(0, -10, 0, 10), 0.0)).toMatchObject({ r0: 2, r1: 126 });
  });
});

describe('boundary buffer test (encoder.md §4.4 step 2)', () => {
  const room: Vec2[] = [
    [0, 0],
    [2, 0],
    [4, 0],
    [4, 3],
    [0, 3],
  ]; // bottom wall split at x = 2
  const near = (a: Vec2, b: Vec2) => segmentNearBoundary(room, a, b, 0.05);

  it('accepts segments on the wall, across a collinear split and within 5 cm', () => {
    expect(near([0.5, 0], [1.5, 0])).toBe(true);
    expect(near([1.5, 0], [2.5, 0])).toBe(true);
    expect(near([0.5, 0.04], [1.5, -0.04])).toBe(true);
    expect(near([3.5, 0], [4.03, 0])).toBe(true); // past the corner, inside its round cap
  });

  it('rejects segments that leave the buffer anywhere', () => {
    expect(near([0.5, 0.06], [1.5, 0.06])).toBe(false);
    expect(near([-0.6, 0], [0.6, 0])).toBe(false);
    expect(near([1, 0], [1, 0.3])).toBe(false);
  });

  it('tests a zero-length segment as a point', () => {
    expect(near([1, 0.03], [1, 0.03])).toBe(true);
    expect(near([1, 0.07], [1, 0.07])).toBe(false);
  });
});

describe('room anchor (encoder.md §4.4)', () => {
  it('is the window centre rounded to the cm for a flush window', () => {
    const frame = intoWindowFrame(rect(-2, 0, 2, 5), corners(-0.6, 0, 0.6, 0), SOUTH);
    expect(roomAnchor(frame.polygon, frame.corners, frame.angle)).toEqual([0, 0]);
  });

  it('is the window END when a zero-thickness window overhangs its wall (README example)', () => {
    const frame = intoWindowFrame(rect(0, 0, 5, 4), corners(-0.6, 0, 0.6, 0), SOUTH);
    expect(roomAnchor(frame.polygon, frame.corners, frame.angle)).toEqual([0, 0.6]); // world (0.6, 0)
  });

  it('tests the interior face first, then the exterior face, then the sides', () => {
    const edges = candidateEdges(corners(0, -0.5, 0.3, 0.5), 0.0);
    // interior face, exterior face, then the two sides, as (x0, y0, x1, y1)
    const expected = [0, -0.5, 0, 0.5, 0.3, 0.5, 0.3, -0.5, 0, -0.5, 0.3, -0.5, 0, 0.5, 0.3, 0.5];
    edges.flat(2).forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 12));
  });
});
