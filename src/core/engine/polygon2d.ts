import type { Vec2 } from '../geometry/vec';

/**
 * Plan-polygon helpers the engine needs beyond src/core/geometry: the mitred outward offset of the room
 * (the building body), ear-clipping triangulation (its roof), and clipping against a convex cell (floor
 * and ceiling patches).
 */
export function signedArea2(poly: readonly Vec2[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

/**
 * Offsets every edge outward by `t` along its outward normal and joins neighbours at the intersection of the
 * offset lines (a mitre). Near-antiparallel neighbours (a hairpin) fall back to a plain normal offset.
 */
export function offsetPolygon(poly: readonly Vec2[], normals: readonly Vec2[], t: number): Vec2[] {
  const n = poly.length;
  if (t === 0) return poly.map((p): Vec2 => [p[0], p[1]]);
  return poly.map((p, i): Vec2 => {
    const a = normals[(i + n - 1) % n]!;
    const b = normals[i]!;
    const dot = a[0] * b[0] + a[1] * b[1];
    if (1 + dot < 1e-6) return [p[0] + t * b[0], p[1] + t * b[1]];
    const k = t / (1 + dot);
    return [p[0] + k * (a[0] + b[0]), p[1] + k * (a[1] + b[1])];
  });
}

/** Ear clipping of a simple polygon (either winding) into triangles of vertex indices. */
export function triangulate(poly: readonly Vec2[]): [number, number, number][] {
  const n = poly.length;
  const idx = Array.from({ length: n }, (_, i) => i);
  if (signedArea2(poly) < 0) idx.reverse();
  const out: [number, number, number][] = [];
  const cross = (o: Vec2, a: Vec2, b: Vec2): number =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const inTri = (p: Vec2, a: Vec2, b: Vec2, c: Vec2): boolean =>
    cross(a, b, p) >= -1e-12 && cross(b, c, p) >= -1e-12 && cross(c, a, p) >= -1e-12;
  let guard = 0;
  while (idx.length > 3 && guard++ < 10 * n * n) {
    let clipped = false;
    for (let i = 0; i < idx.length; i++) {
      const ia = idx[(i + idx.length - 1) % idx.length]!;
      const ib = idx[i]!;
      const ic = idx[(i + 1) % idx.length]!;
      const a = poly[ia]!;
      const b = poly[ib]!;
      const c = poly[ic]!;
      if (cross(a, b, c) <= 1e-12) continue;
      let ear = true;
      for (const j of idx) {
        if (j === ia || j === ib || j === ic) continue;
        if (inTri(poly[j]!, a, b, c)) {
          ear = false;
          break;
        }
      }
      if (!ear) continue;
      out.push([ia, ib, ic]);
      idx.splice(i, 1);
      clipped = true;
      break;
    }
    if (!clipped) break;
  }
  if (idx.length === 3) out.push([idx[0]!, idx[1]!, idx[2]!]);
  return out;
}

/** Sutherland–Hodgman clip of any simple polygon by an axis-aligned rectangle (a convex clip window). */
export function clipToRect(poly: readonly Vec2[], x0: number, y0: number, x1: number, y1: number): Vec2[] {
  let out: Vec2[] = poly.slice();
  const planes: [number, number, number][] = [
    [1, 0, -x0],
    [-1, 0, x1],
    [0, 1, -y0],
    [0, -1, y1],
  ];
  for (const [a, b, c] of planes) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const p = input[i]!;
      const q = input[(i + 1) % input.length]!;
      const dp = a * p[0] + b * p[1] + c;
      const dq = a * q[0] + b * q[1] + c;
      if (dp >= 0) out.push(p);
      if (dp >= 0 !== dq >= 0) {
        const t = dp / (dp - dq);
        out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
      }
    }
    if (out.length === 0) break;
  }
  return out;
}

/** The part of `poly` where (q − a)·n ≤ 0 (Sutherland–Hodgman against one line). */
export function clipHalfPlane(poly: readonly Vec2[], a: Vec2, n: Vec2): Vec2[] {
  const out: Vec2[] = [];
  const side = (q: Vec2): number => (q[0] - a[0]) * n[0] + (q[1] - a[1]) * n[1];
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!,
      q = poly[(i + 1) % poly.length]!;
    const sp = side(p),
      sq = side(q);
    if (sp <= 0) out.push(p);
    if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) {
      const t = sp / (sp - sq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  }
  return out;
}

/**
 * `poly` less a convex polygon (its corners and outward edge normals): the pieces outside each of its
 * edges in turn, each kept inside the edges before it, so that they do not overlap.
 */
export function subtractConvex(
  poly: readonly Vec2[],
  hole: readonly Vec2[],
  normals: readonly Vec2[],
): Vec2[][] {
  const out: Vec2[][] = [];
  let rest: Vec2[] = [...poly];
  for (let i = 0; i < hole.length && rest.length >= 3; i++) {
    const a = hole[i]!,
      n = normals[i]!;
    const outside = clipHalfPlane(rest, a, [-n[0], -n[1]]);
    if (outside.length >= 3 && Math.abs(signedArea2(outside)) > 1e-9) out.push(outside);
    rest = clipHalfPlane(rest, a, n);
  }
  return out;
}
