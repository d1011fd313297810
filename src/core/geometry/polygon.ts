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

/**
 * A room's floor area (m²) as every face states it: |signedArea| to a millionth of a square metre, so that the
 * same outline in either winding or from another corner gives the same number to the last bit (the sums'
 * rounding differs by ~1e-15), and an area printed to 0.01 m² reads the same in a building's table and in
 * the editor (12.985 read 12.99 in one and 12.98 in the other).
 */
export function floorArea(poly: Polygon): number {
  return Math.round(Math.abs(signedArea(poly)) * 1e6) / 1e6;
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

/**
 * The outline without the corners that lie on a straight wall: a point within `tolerance` (m) of the line
 * through its neighbours, between them. CAD and IFC outlines often split a wall where another meets it,
 * and a window across such a point was cut to the half its wall ended at (the engine clips an opening to
 * its wall): one wall, one edge. The same region to the tolerance; the same array when nothing is dropped.
 */
export function straightWalls(poly: Polygon, tolerance = 1e-3): Polygon {
  const n = poly.length;
  // Start at the corner that bends the most: it stays (unless the outline has no corner at all).
  let start = 0,
    most = -1;
  for (let i = 0; i < n; i++) {
    const off = offLine(poly[(i + n - 1) % n]!, poly[(i + 1) % n]!, [poly[i]!]);
    if (off > most) [start, most] = [i, off];
  }
  if (most <= tolerance) return poly;
  const at = (i: number) => poly[(start + i) % n]!;
  const kept: number[] = [0];
  // Each wall runs from the last corner kept as far as every point between stays on its line, so that a
  // gently curved wall of many short pieces keeps its shape (each point is checked against the wall it
  // would be dropped into, not only its neighbours).
  let from = 0;
  for (let j = 2; j <= n; j++) {
    const between = Array.from({ length: j - from - 1 }, (_, k) => at(from + 1 + k));
    if (offLine(at(from), at(j), between) > tolerance) {
      kept.push(j - 1);
      from = j - 1;
    }
  }
  if (kept.length === n) return poly;
  // In the order given, from the first corner kept: the same room listed the same way.
  const indices = kept.map((i) => (start + i) % n).sort((a, b) => a - b);
  return indices.map((i) => poly[i]!);
}

/** The farthest of `points` from segment a–b (m); Infinity for one not between a and b along it. */
function offLine(a: Vec2, b: Vec2, points: readonly Vec2[]): number {
  const ex = b[0] - a[0],
    ey = b[1] - a[1];
  const len2 = ex * ex + ey * ey;
  if (len2 === 0) return Infinity;
  let worst = 0;
  for (const p of points) {
    const t = ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / len2;
    if (!(t > 0 && t < 1)) return Infinity;
    worst = Math.max(worst, Math.abs((p[0] - a[0]) * ey - (p[1] - a[1]) * ex) / Math.sqrt(len2));
  }
  return worst;
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
  const px = p[0],
    py = p[1];
  // Indexed, not destructured: destructured, the vertices went through the iterator protocol in the
  // work-plane grid's loop (V8 kept it off its fast path: ~1 kB of garbage a call, measured 2026-12-05).
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!,
      b = poly[j]!;
    const xi = a[0],
      yi = a[1],
      xj = b[0],
      yj = b[1];
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
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
