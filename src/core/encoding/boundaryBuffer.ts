/**
 * "Does this segment lie entirely within 0.05 m of the polygon boundary?" (GEOS
 * `boundary.buffer(0.05).contains(segment)`, encoder.md §4.4 step 2), computed exactly instead of with a
 * polygonal buffer: for each boundary edge, the parameter range of the segment inside that edge's
 * capsule (two disks and a rectangle) is an interval; the segment passes when the intervals cover [0, 1].
 */
import { edges, type Polygon } from '../geometry/polygon';
import { closestOnSegment, cross2, dot2, sub2, type Vec2 } from '../geometry/vec';

type Interval = readonly [number, number];

const EPS_T = 1e-9;
const ZERO_LENGTH = 1e-12;

/** Range of t where p0 + t·d lies strictly inside the disk (c, r). */
function diskInterval(p0: Vec2, d: Vec2, c: Vec2, r: number): Interval | null {
  const f = sub2(p0, c);
  const a = dot2(d, d);
  const b = 2 * dot2(d, f);
  const disc = b * b - 4 * a * (dot2(f, f) - r * r);
  if (disc <= 0) return null;
  const s = Math.sqrt(disc);
  return [(-b - s) / (2 * a), (-b + s) / (2 * a)];
}

/** Range of t where lo < alpha + beta·t < hi. */
function slabInterval(alpha: number, beta: number, lo: number, hi: number): Interval | null {
  if (beta === 0) return alpha > lo && alpha < hi ? [-Infinity, Infinity] : null;
  const t1 = (lo - alpha) / beta;
  const t2 = (hi - alpha) / beta;
  return [Math.min(t1, t2), Math.max(t1, t2)];
}

function intersect(x: Interval | null, y: Interval | null): Interval | null {
  if (!x || !y) return null;
  const lo = Math.max(x[0], y[0]);
  const hi = Math.min(x[1], y[1]);
  return lo < hi ? [lo, hi] : null;
}

/** Parameter ranges of p0 + t·d within distance r of segment ab (a capsule is two disks and a band). */
function capsuleIntervals(p0: Vec2, d: Vec2, a: Vec2, b: Vec2, r: number): Interval[] {
  const out = [diskInterval(p0, d, a, r), diskInterval(p0, d, b, r)];
  const e = sub2(b, a);
  const l2 = dot2(e, e);
  if (l2 > 0) {
    const rel = sub2(p0, a);
    const along = slabInterval(dot2(rel, e), dot2(d, e), 0, l2);
    const halfWidth = r * Math.sqrt(l2);
    const across = slabInterval(cross2(e, rel), cross2(e, d), -halfWidth, halfWidth);
    out.push(intersect(along, across));
  }
  return out.filter((iv): iv is Interval => iv !== null);
}

function coversUnitInterval(intervals: Interval[]): boolean {
  const sorted = [...intervals].sort((x, y) => x[0] - y[0]);
  let reached = 0;
  for (const [lo, hi] of sorted) {
    if (lo > reached + EPS_T) return false;
    reached = Math.max(reached, hi);
    if (reached >= 1 - EPS_T) return true;
  }
  return false;
}

/** Whether every point of segment p0p1 is closer than r to the polygon boundary. */
export function segmentNearBoundary(poly: Polygon, p0: Vec2, p1: Vec2, r: number): boolean {
  const d = sub2(p1, p0);
  const es = edges(poly);
  if (Math.hypot(d[0], d[1]) < ZERO_LENGTH) {
    return es.some((e) => Math.sqrt(closestOnSegment(p0, e.a, e.b).dist2) < r);
  }
  return coversUnitInterval(es.flatMap((e) => capsuleIntervals(p0, d, e.a, e.b, r)));
}
