/** Plain 2-D / 3-D points. Tuples keep JSON shapes (`[x, y]`) and typed records (`{x, y, z}`) apart. */
export type Vec2 = readonly [number, number];
export interface Point3 {
  x: number;
  y: number;
  z: number;
}

export const sub2 = (a: Vec2, b: Vec2): Vec2 => [a[0] - b[0], a[1] - b[1]];
export const dot2 = (a: Vec2, b: Vec2): number => a[0] * b[0] + a[1] * b[1];
export const cross2 = (a: Vec2, b: Vec2): number => a[0] * b[1] - a[1] * b[0];
export const len2 = (a: Vec2): number => Math.hypot(a[0], a[1]);

/** Nearest point to `p` on segment ab and its squared distance. */
export function closestOnSegment(p: Vec2, a: Vec2, b: Vec2): { point: Vec2; dist2: number; t: number } {
  const ab = sub2(b, a);
  const l2 = dot2(ab, ab);
  let t = l2 === 0 ? 0 : dot2(sub2(p, a), ab) / l2;
  t = Math.max(0, Math.min(1, t));
  const point: Vec2 = [a[0] + t * ab[0], a[1] + t * ab[1]];
  const d = sub2(p, point);
  return { point, dist2: dot2(d, d), t };
}

/**
 * Squared distance from the origin to segment (ax, ay)–(bx, by): closestOnSegment without its tuples, for
 * loops over every triangle of a context.
 */
export function segmentDistSqToOrigin(ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  let t = l2 === 0 ? 0 : -(ax * dx + ay * dy) / l2;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const x = ax + t * dx;
  const y = ay + t * dy;
  return x * x + y * y;
}

function orient(a: Vec2, b: Vec2, c: Vec2): number {
  return cross2(sub2(b, a), sub2(c, a));
}

function onSegment(a: Vec2, b: Vec2, p: Vec2): boolean {
  return (
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

/** Whether closed segments ab and cd share a point (touching counts). */
export function segmentsIntersect(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return true;
  if (o1 === 0 && onSegment(a, b, c)) return true;
  if (o2 === 0 && onSegment(a, b, d)) return true;
  if (o3 === 0 && onSegment(c, d, a)) return true;
  if (o4 === 0 && onSegment(c, d, b)) return true;
  return false;
}

/** Shortest distance between closed segments ab and cd. */
export function segmentDistance(a: Vec2, b: Vec2, c: Vec2, d: Vec2): number {
  if (segmentsIntersect(a, b, c, d)) return 0;
  return Math.sqrt(
    Math.min(
      closestOnSegment(a, c, d).dist2,
      closestOnSegment(b, c, d).dist2,
      closestOnSegment(c, a, b).dist2,
      closestOnSegment(d, a, b).dist2,
    ),
  );
}
