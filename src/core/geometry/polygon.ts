import { closestOnSegment, segmentsIntersect, type Vec2 } from './vec';

/** A room outline: interior wall faces in plan, implicitly closed, either winding. */
export type Polygon = readonly Vec2[];

export interface Edge {
  index: number;
  a: Vec2;
  b: Vec2;
}

export function edges(poly: Polygon): Edge[] {
  return poly.map((a, index) => ({ index, a, b: poly[(index + 1) % poly.length]! }));
}

/** Shoelace area, positive for counter-clockwise winding. */
export function signedArea(poly: Polygon): number {
  let s = 0;
  for (const { a, b } of edges(poly)) s += a[0] * b[1] - b[0] * a[1];
  return s / 2;
}

/** Drops a repeated closing point (`[..., p0]`), which api.md accepts. */
export function dropClosingPoint(points: Vec2[]): Vec2[] {
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) {
    return points.slice(0, -1);
  }
  return points;
}

/** Reasons a polygon is not simple, or null. Quadratic in vertices: rooms have tens of them. */
export function polygonDefect(poly: Polygon): string | null {
  const n = poly.length;
  if (n < 3) return `must have at least 3 points, got ${n}`;
  const es = edges(poly);
  for (const e of es) {
    if (e.a[0] === e.b[0] && e.a[1] === e.b[1]) return `has a repeated point at index ${(e.index + 1) % n}`;
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const ei = es[i]!;
      const ej = es[j]!;
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // Neighbours share one vertex; they may only overlap if they fold back onto each other.
        const shared = j === i + 1 ? ei.b : ei.a;
        const far1 = j === i + 1 ? ei.a : ei.b;
        const far2 = j === i + 1 ? ej.b : ej.a;
        const c =
          (shared[0] - far1[0]) * (far2[1] - shared[1]) - (shared[1] - far1[1]) * (far2[0] - shared[0]);
        const d =
          (shared[0] - far1[0]) * (far2[0] - shared[0]) + (shared[1] - far1[1]) * (far2[1] - shared[1]);
        if (c === 0 && d < 0) return `folds back on itself at point ${j === i + 1 ? j : 0}`;
        continue;
      }
      if (segmentsIntersect(ei.a, ei.b, ej.a, ej.b))
        return `is self-intersecting (edges ${i} and ${j} cross)`;
    }
  }
  if (Math.abs(signedArea(poly)) < 1e-9) return 'has zero area';
  return null;
}

/** Even-odd point-in-polygon. Points exactly on the boundary may go either way; callers avoid them. */
export function containsPoint(poly: Polygon, p: Vec2): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Nearest boundary point to `p`; on equal distances the earliest edge wins (conventions.md). */
export function nearestBoundaryPoint(poly: Polygon, p: Vec2): { point: Vec2; edge: Edge; distance: number } {
  let best: { point: Vec2; edge: Edge; dist2: number } | null = null;
  for (const e of edges(poly)) {
    const c = closestOnSegment(p, e.a, e.b);
    if (!best || c.dist2 < best.dist2) best = { point: c.point, edge: e, dist2: c.dist2 };
  }
  if (!best) throw new Error('nearestBoundaryPoint: empty polygon');
  return { point: best.point, edge: best.edge, distance: Math.sqrt(best.dist2) };
}

/** Axis-aligned bounds of a polygon. */
export function bounds(poly: Polygon): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of poly) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}
