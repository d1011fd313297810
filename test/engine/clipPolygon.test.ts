import { describe, expect, it } from 'vitest';
import { clipByPlane } from '../../src/core/engine/clipPolygon';

const poly = (pts: number[][]): Float64Array => Float64Array.from(pts.flat());
const SQUARE = poly([
  [0, 0, 0],
  [1, 0, 0],
  [1, 1, 0],
  [0, 1, 0],
]);

function clip(src: Float64Array, p: number[], n: number[], offset = 0): number[] {
  const dst = new Float64Array(src.length * 2);
  const m = clipByPlane(src, src.length / 3, p[0]!, p[1]!, p[2]!, n[0]!, n[1]!, n[2]!, offset, dst);
  return Array.from(dst.subarray(0, 3 * m));
}

describe('clipByPlane (Sutherland–Hodgman, one plane)', () => {
  it('cuts the unit square at x = 0.5 exactly, keeping x ≥ 0.5', () => {
    expect(clip(SQUARE, [0.5, 0, 0], [1, 0, 0])).toEqual([0.5, 0, 0, 1, 0, 0, 1, 1, 0, 0.5, 1, 0]);
  });

  it('keeps the other side with the normal reversed', () => {
    expect(clip(SQUARE, [0.5, 0, 0], [-1, 0, 0])).toEqual([0, 0, 0, 0.5, 0, 0, 0.5, 1, 0, 0, 1, 0]);
  });

  it('copies a polygon wholly inside, and returns nothing for one wholly outside', () => {
    expect(clip(SQUARE, [0, 0, -1], [0, 0, 1])).toEqual(Array.from(SQUARE));
    expect(clip(SQUARE, [2, 0, 0], [1, 0, 0])).toEqual([]);
  });

  it('keeps vertices on the plane (h = 0) and adds none there', () => {
    // Plane x = 1 with normal −x: keeps the whole square (x ≤ 1), the edge on the plane included.
    expect(clip(SQUARE, [1, 0, 0], [-1, 0, 0])).toEqual(Array.from(SQUARE));
    // Plane x = 0, normal +x: the whole square again.
    expect(clip(SQUARE, [0, 0, 0], [1, 0, 0])).toEqual(Array.from(SQUARE));
  });

  it('cuts off a corner along a diagonal into a pentagon, and applies the offset in the normal’s scale', () => {
    // x + y ≥ 0.5 (unnormalised normal (1, 1, 0), offset 0.5 from the origin).
    const out = clip(SQUARE, [0, 0, 0], [1, 1, 0], 0.5);
    expect(out).toEqual([0.5, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0.5, 0]);
  });

  it('clips a tilted triangle in 3D to the part above z = 0.25 (exact area)', () => {
    const tri = poly([
      [0, 0, 0],
      [2, 0, 1],
      [0, 2, 1],
    ]);
    const out = clip(tri, [0, 0, 0.25], [0, 0, 1]);
    expect(out.length / 3).toBe(4);
    // Area of the kept part: the triangle minus the similar corner triangle of scale 1/4 → 15/16 of √(…).
    const pts = [0, 1, 2, 3].map((k) => out.slice(3 * k, 3 * k + 3));
    const area = (a: number[], b: number[], c: number[]): number => {
      const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
      const v = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
      return (
        Math.hypot(
          u[1]! * v[2]! - u[2]! * v[1]!,
          u[2]! * v[0]! - u[0]! * v[2]!,
          u[0]! * v[1]! - u[1]! * v[0]!,
        ) / 2
      );
    };
    const full = area([0, 0, 0], [2, 0, 1], [0, 2, 1]);
    expect(area(pts[0]!, pts[1]!, pts[2]!) + area(pts[0]!, pts[2]!, pts[3]!)).toBeCloseTo(
      (15 / 16) * full,
      12,
    );
    for (const q of pts) expect(q[2]!).toBeGreaterThanOrEqual(0.25 - 1e-15);
  });
});
