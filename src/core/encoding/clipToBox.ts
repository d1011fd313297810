/**
 * Sutherland–Hodgman clipping of the integer pixel polygon to the closed box x ∈ [0, 121], y ∈ [0, 128]
 * (encoder.md §4.7). Clip points are later truncated to integers, so they must come out exactly as GEOS
 * computes them: each crossing is computed once, from the integer end points of the ORIGINAL polygon
 * edge it lies on (one rounding, like GEOS's intersection of integer segments), never from an earlier
 * clip point. The result is one ring; a concave room cut into several parts comes back joined by
 * zero-area bridges along the box, which largestPart.ts separates.
 */
import type { Vec2 } from '../geometry/vec';

export interface Box {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** The room clip rectangle: the obstruction bar starts at column 124, 3 px of gap before it. */
export const ROOM_CLIP_BOX: Box = { minX: 0, minY: 0, maxX: 121, maxY: 128 };

/** The original edge a ring segment lies on, or null for a segment running along a clip line. */
type Support = readonly [Vec2, Vec2] | null;

interface Ring {
  points: Vec2[];
  /** supports[i] belongs to the segment points[i − 1] → points[i] (cyclic). */
  supports: Support[];
}

interface HalfPlane {
  axis: 0 | 1;
  value: number;
  keepBelow: boolean;
}

const other = (axis: 0 | 1): 0 | 1 => (axis === 0 ? 1 : 0);

/** Where segment p→q (on `support`) crosses the line coordinate[axis] = value. */
function crossing(p: Vec2, q: Vec2, support: Support, axis: 0 | 1, value: number): Vec2 {
  const o = other(axis);
  let t: number;
  if (support) {
    // Integer end points: exact numerator and denominator, a single correctly rounded division.
    const [a, b] = support;
    t = (a[o] * (b[axis] - a[axis]) + (b[o] - a[o]) * (value - a[axis])) / (b[axis] - a[axis]);
  } else {
    // A segment along an earlier clip line: its other coordinate is constant and stays exact.
    t = p[o] + ((q[o] - p[o]) * (value - p[axis])) / (q[axis] - p[axis]);
  }
  return axis === 0 ? [value, t] : [t, value];
}

function clipHalfPlane(ring: Ring, h: HalfPlane): Ring {
  const inside = (p: Vec2): boolean => (h.keepBelow ? p[h.axis] <= h.value : p[h.axis] >= h.value);
  const out: Ring = { points: [], supports: [] };
  const push = (p: Vec2, s: Support): void => {
    out.points.push(p);
    out.supports.push(s);
  };
  const n = ring.points.length;
  for (let i = 0; i < n; i++) {
    const prev = ring.points[(i - 1 + n) % n]!;
    const cur = ring.points[i]!;
    const s = ring.supports[i] ?? null;
    if (inside(cur)) {
      if (!inside(prev)) push(crossing(prev, cur, s, h.axis, h.value), null);
      push(cur, s);
    } else if (inside(prev)) {
      push(crossing(prev, cur, s, h.axis, h.value), s);
    }
  }
  return out;
}

/** The clipped ring (float coordinates, possibly with bridges); empty when nothing is inside. */
export function clipRingToBox(polygon: readonly Vec2[], box: Box): Vec2[] {
  const n = polygon.length;
  let ring: Ring = {
    points: [...polygon],
    supports: polygon.map((p, i) => [polygon[(i - 1 + n) % n]!, p] as const),
  };
  const planes: HalfPlane[] = [
    { axis: 0, value: box.minX, keepBelow: false },
    { axis: 0, value: box.maxX, keepBelow: true },
    { axis: 1, value: box.minY, keepBelow: false },
    { axis: 1, value: box.maxY, keepBelow: true },
  ];
  for (const h of planes) ring = clipHalfPlane(ring, h);
  return ring.points;
}
