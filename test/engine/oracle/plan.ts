/**
 * Plan geometry for the oracle scene, written from conventions.md and physics.md on their own (it shares no
 * code with the engine's polygon helpers): orientation, point in polygon, host wall of a window, the
 * mitred outward offset of the building body and an ear-clipping triangulation.
 */
export type P2 = [number, number];

export function signedArea(poly: readonly P2[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x0, y0] = poly[i]!;
    const [x1, y1] = poly[(i + 1) % poly.length]!;
    s += x0 * y1 - x1 * y0;
  }
  return s / 2;
}

/** Even–odd crossing test. */
export function insidePolygon(poly: readonly P2[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Unit outward normal of edge e (conventions.md: of the two perpendiculars, the one whose test point 0.1 m
 * from the edge midpoint lies outside the polygon).
 */
export function outwardNormal(poly: readonly P2[], e: number): P2 {
  const [ax, ay] = poly[e]!;
  const [bx, by] = poly[(e + 1) % poly.length]!;
  const len = Math.hypot(bx - ax, by - ay);
  const n: P2 = [(by - ay) / len, -(bx - ax) / len];
  const mx = (ax + bx) / 2,
    my = (ay + by) / 2;
  return insidePolygon(poly, mx + 0.1 * n[0], my + 0.1 * n[1]) ? [-n[0], -n[1]] : n;
}

/** Host wall of a point (conventions.md): the nearest edge; on a tie the earlier one. */
export function nearestEdge(poly: readonly P2[], x: number, y: number): number {
  let best = -1;
  let bestD = Infinity;
  for (let e = 0; e < poly.length; e++) {
    const [ax, ay] = poly[e]!;
    const [bx, by] = poly[(e + 1) % poly.length]!;
    const dx = bx - ax,
      dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    const d = Math.hypot(ax + t * dx - x, ay + t * dy - y);
    if (d < bestD - 1e-12) {
      bestD = d;
      best = e;
    }
  }
  return best;
}

/**
 * The outline moved outward by t with mitred corners: vertex i goes to the meeting point of the offset
 * lines of its two edges, v + t·(n₁ + n₂)/(1 + n₁·n₂).
 */
export function mitredOffset(poly: readonly P2[], normals: readonly P2[], t: number): P2[] {
  const n = poly.length;
  return poly.map(([x, y], i) => {
    const [ax, ay] = normals[(i + n - 1) % n]!;
    const [bx, by] = normals[i]!;
    const k = t / (1 + ax * bx + ay * by);
    return [x + k * (ax + bx), y + k * (ay + by)];
  });
}

/** Ear clipping of a simple polygon (either winding) into index triples. */
export function earClip(poly: readonly P2[]): [number, number, number][] {
  const idx = poly.map((_, i) => i);
  if (signedArea(poly) < 0) idx.reverse();
  const out: [number, number, number][] = [];
  const cross = (o: P2, a: P2, b: P2): number =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  while (idx.length > 3) {
    let cut = false;
    for (let k = 0; k < idx.length; k++) {
      const i = idx[(k + idx.length - 1) % idx.length]!,
        j = idx[k]!,
        l = idx[(k + 1) % idx.length]!;
      const a = poly[i]!,
        b = poly[j]!,
        c = poly[l]!;
      if (cross(a, b, c) <= 1e-14) continue;
      const blocked = idx.some((m) => {
        if (m === i || m === j || m === l) return false;
        const p = poly[m]!;
        return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
      });
      if (blocked) continue;
      out.push([i, j, l]);
      idx.splice(k, 1);
      cut = true;
      break;
    }
    if (!cut) {
      // Only collinear vertices left to cut: drop one (a zero-area triangle).
      const k = idx.findIndex((j, k) => {
        const a = poly[idx[(k + idx.length - 1) % idx.length]!]!,
          c = poly[idx[(k + 1) % idx.length]!]!;
        return Math.abs(cross(a, poly[j]!, c)) <= 1e-14;
      });
      if (k < 0) throw new Error('earClip: no ear (the polygon is not simple)');
      idx.splice(k, 1);
    }
  }
  out.push([idx[0]!, idx[1]!, idx[2]!]);
  return out;
}

/**
 * The part of a polygon where A·x + B·y + C ≤ 0: walks the ring, keeping the corners on that side and the
 * crossing of every edge that changes side (a convex piece stays convex).
 */
export function keepBelow(poly: readonly P2[], A: number, B: number, C: number): P2[] {
  const f = (p: P2): number => A * p[0] + B * p[1] + C;
  const out: P2[] = [];
  poly.forEach((p, i) => {
    const q = poly[(i + 1) % poly.length]!;
    const fp = f(p),
      fq = f(q);
    if (fp <= 0) out.push(p);
    if (fp * fq < 0) {
      const t = fp / (fp - fq);
      out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]);
    }
  });
  return out;
}
