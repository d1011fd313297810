import type { Vec2 } from './vec';

/** Convex plan polygons: skylights are one (validation/skylights.ts, ifc/skylights.ts). */

/** Whether a polygon turns one way at every corner (collinear corners allowed). */
export function isConvex(poly: readonly Vec2[]): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!,
      b = poly[(i + 1) % poly.length]!,
      c = poly[(i + 2) % poly.length]!;
    const cr = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (Math.abs(cr) < 1e-12) continue;
    if (sign === 0) sign = Math.sign(cr);
    else if (Math.sign(cr) !== sign) return false;
  }
  return true;
}

/**
 * Whether two convex polygons overlap by more than `tolerance` (m) across every edge normal of either
 * (the separating axis test): two that only share an edge or a corner do not.
 */
export function convexOverlap(a: readonly Vec2[], b: readonly Vec2[], tolerance = 1e-3): boolean {
  for (const poly of [a, b])
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!,
        q = poly[(i + 1) % poly.length]!;
      const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (len < 1e-12) continue;
      const nx = (q[1] - p[1]) / len,
        ny = -(q[0] - p[0]) / len;
      const [a0, a1] = extent(a, nx, ny),
        [b0, b1] = extent(b, nx, ny);
      if (a1 <= b0 + tolerance || b1 <= a0 + tolerance) return false;
    }
  return true;
}

function extent(poly: readonly Vec2[], nx: number, ny: number): [number, number] {
  let lo = Infinity,
    hi = -Infinity;
  for (const [x, y] of poly) {
    const v = x * nx + y * ny;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return [lo, hi];
}

/**
 * The convex hull of plan points, counter-clockwise, collinear points dropped (Andrew's monotone chain:
 * twenty lines; three.js's ConvexHull is 3-D and heavier than the need).
 */
export function convexHull(points: readonly Vec2[]): Vec2[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Vec2, a: Vec2, b: Vec2): number =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: readonly Vec2[]): Vec2[] => {
    const h: Vec2[] = [];
    for (const q of list) {
      while (h.length >= 2 && cross(h[h.length - 2]!, h[h.length - 1]!, q) <= 1e-9) h.pop();
      h.push(q);
    }
    return h;
  };
  const lower = half(pts),
    upper = half([...pts].reverse());
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}
