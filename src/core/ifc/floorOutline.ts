import type { Vec2 } from '../geometry/vec';
import { containsPoint, signedArea } from '../geometry/polygon';

/**
 * A space's floor outline from its triangles: its level faces in the lower part of the space (the floor,
 * and the upper floor of a split level; either winding, as exports differ), their boundary edges in plan
 * (used by one triangle only, vertices welded at 1 mm) chained into loops, the largest loop kept,
 * counter-clockwise, with collinear and repeated points dropped. Null when there is no such face or its
 * boundary does not close.
 *
 * IfcSpace geometry is nearly always an extruded floor profile. A stepped floor gives the whole outline
 * at its lowest level; `flatShare` says how much of the floor is at that level, for the caller to note.
 */
export interface FloorOutline {
  polygon: Vec2[];
  /** z of the floor face (m). */
  z: number;
  /** Highest z of the space (m): its ceiling, or the top of a sloped one. */
  top: number;
  /** Share of the floor's area at its lowest level: < 1 for a stepped floor. */
  flatShare: number;
  /**
   * Area of the holes in the floor inside the outline (m²): a light well, a shaft, a courtyard or a column
   * the space is cut around (IfcArbitraryProfileDefWithVoids). The outline has none (the API takes none).
   */
  holeArea: number;
  /**
   * The space's upper faces (every face above the floor band that is not vertical): the lowest z they reach
   * and the share of their plan area at the top (within 2 cm). A flat ceiling: 1; under a pitched roof, less.
   */
  ceiling: { low: number; topShare: number; planes: [number, number, number][] | null };
}

const WELD = 1e-3;

export function floorOutline(positions: Float32Array): FloorOutline | null {
  const n = positions.length / 9;
  if (n === 0) return null;
  let zmin = Infinity,
    zmax = -Infinity;
  for (let i = 2; i < positions.length; i += 3) {
    zmin = Math.min(zmin, positions[i]!);
    zmax = Math.max(zmax, positions[i]!);
  }
  const floorBand = zmin + Math.min(1, 0.4 * (zmax - zmin));
  let lowestArea = 0;
  const key = (x: number, y: number): string => `${Math.round(x / WELD)},${Math.round(y / WELD)}`;
  const point = new Map<string, Vec2>();
  const edgeCount = new Map<string, { a: string; b: string; n: number }>();
  let faceArea = 0;
  let ceilingLow = Infinity,
    ceilingArea = 0,
    ceilingTop = 0;
  const slopes = new Map<string, { plane: [number, number, number]; area: number }>();
  const upper: number[] = [];
  for (let t = 0; t < n; t++) {
    const b = t * 9;
    const z0 = positions[b + 2]!,
      z1 = positions[b + 5]!,
      z2 = positions[b + 8]!;
    const plan =
      Math.abs(
        (positions[b + 3]! - positions[b]!) * (positions[b + 7]! - positions[b + 1]!) -
          (positions[b + 6]! - positions[b]!) * (positions[b + 4]! - positions[b + 1]!),
      ) / 2;
    if (Math.min(z0, z1, z2) > floorBand && plan > 1e-6) {
      ceilingLow = Math.min(ceilingLow, z0, z1, z2);
      ceilingArea += plan;
      if (Math.min(z0, z1, z2) >= zmax - 0.02) ceilingTop += plan;
      for (let k = 0; k < 9; k++) upper.push(positions[b + k]!);
      const plane = planeOf(positions, b);
      if (plane && (Math.abs(plane[0]) > 1e-3 || Math.abs(plane[1]) > 1e-3)) {
        const key = plane.map((v) => Math.round(v * 200)).join(',');
        const e = slopes.get(key);
        if (e) e.area += plan;
        else slopes.set(key, { plane, area: plan });
      }
    }
    // A floor face: level (to 1 mm), in the lower part of the space; a split level's upper floor too.
    if (Math.max(z0, z1, z2) - Math.min(z0, z1, z2) > 1e-3 || z0 > floorBand) continue;
    const ax = positions[b]!,
      ay = positions[b + 1]!;
    const bx = positions[b + 3]!,
      by = positions[b + 4]!;
    const cx = positions[b + 6]!,
      cy = positions[b + 7]!;
    const area2 = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
    if (Math.abs(area2) < 1e-9) continue;
    faceArea += Math.abs(area2) / 2;
    if (z0 <= zmin + 0.02) lowestArea += Math.abs(area2) / 2;
    const ks = [key(ax, ay), key(bx, by), key(cx, cy)];
    point.set(ks[0]!, [ax, ay]);
    point.set(ks[1]!, [bx, by]);
    point.set(ks[2]!, [cx, cy]);
    for (let e = 0; e < 3; e++) {
      const a = ks[e]!,
        c = ks[(e + 1) % 3]!;
      if (a === c) continue;
      const k = a < c ? `${a}|${c}` : `${c}|${a}`;
      const known = edgeCount.get(k);
      if (known) known.n++;
      else edgeCount.set(k, { a, b: c, n: 1 });
    }
  }
  // Boundary edges: on one triangle only. Each boundary vertex then has two of them (a simple outline).
  const next = new Map<string, string[]>();
  for (const { a, b, n: count } of edgeCount.values()) {
    if (count !== 1) continue;
    next.set(a, [...(next.get(a) ?? []), b]);
    next.set(b, [...(next.get(b) ?? []), a]);
  }
  const seen = new Set<string>();
  let best: Vec2[] | null = null;
  const loops: Vec2[][] = [];
  for (const start of next.keys()) {
    if (seen.has(start)) continue;
    const loop: string[] = [start];
    seen.add(start);
    let prev = start,
      cur = next.get(start)![0]!;
    let closed = false;
    for (let guard = 0; guard < next.size + 1; guard++) {
      if (cur === start) {
        closed = true;
        break;
      }
      if (seen.has(cur)) break;
      seen.add(cur);
      loop.push(cur);
      const options = next.get(cur)!;
      const step = options.find((o) => o !== prev) ?? options[0]!;
      prev = cur;
      cur = step;
    }
    if (!closed || loop.length < 3) continue;
    const poly = loop.map((k) => point.get(k)!);
    loops.push(poly);
    if (!best || Math.abs(signedArea(poly)) > Math.abs(signedArea(best))) best = poly;
  }
  if (!best) return null;
  const outer = best;
  const holeArea = loops
    .filter((l) => l !== outer && l.every((q) => containsPoint(outer, q)))
    .reduce((a, l) => a + Math.abs(signedArea(l)), 0);
  let polygon = simplify(best);
  if (polygon.length < 3) return null;
  if (signedArea(polygon) < 0) polygon = polygon.reverse();
  return {
    polygon,
    z: zmin,
    top: zmax,
    flatShare: faceArea > 0 ? Math.min(1, lowestArea / faceArea) : 0,
    holeArea,
    ceiling:
      ceilingArea > 0
        ? {
            low: ceilingLow,
            topShare: Math.min(1, ceilingTop / ceilingArea),
            planes: slopedPlanes([...slopes.values()], upper, zmax),
          }
        : { low: zmax, topShare: 1, planes: null },
  };
}

/** Drops points within 1 mm of the previous one and points on a straight line between their neighbours. */
export function simplify(poly: Vec2[]): Vec2[] {
  let pts = poly.filter((p, i) => {
    const q = poly[(i + poly.length - 1) % poly.length]!;
    return Math.hypot(p[0] - q[0], p[1] - q[1]) > WELD;
  });
  let changed = true;
  while (changed && pts.length > 3) {
    changed = false;
    for (let i = 0; i < pts.length; i++) {
      const a = pts[(i + pts.length - 1) % pts.length]!,
        p = pts[i]!,
        b = pts[(i + 1) % pts.length]!;
      const cross = (p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0]);
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      // p within 1 mm of the line a–b, and between them.
      const dot = (p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1]);
      if (len > 0 && Math.abs(cross) / len < WELD && dot > 0 && dot < len * len) {
        pts = pts.filter((_, k) => k !== i);
        changed = true;
        break;
      }
    }
  }
  return pts;
}

/** The plane z = a·x + b·y + c through triangle b's corners, or null for one standing on edge. */
function planeOf(p: Float32Array, b: number): [number, number, number] | null {
  const x0 = p[b]!,
    y0 = p[b + 1]!,
    z0 = p[b + 2]!;
  const ux = p[b + 3]! - x0,
    uy = p[b + 4]! - y0,
    uz = p[b + 5]! - z0;
  const vx = p[b + 6]! - x0,
    vy = p[b + 7]! - y0,
    vz = p[b + 8]! - z0;
  const nx = uy * vz - uz * vy,
    ny = uz * vx - ux * vz,
    nz = ux * vy - uy * vx;
  // Steeper than 76° is a wall, not a ceiling.
  if (Math.abs(nz) < 0.24 * Math.hypot(nx, ny, nz)) return null;
  const a = -nx / nz,
    b2 = -ny / nz;
  return [a, b2, z0 - a * x0 - b2 * y0];
}

/**
 * A sloped ceiling as the engine takes it (the lowest of planes and the flat top), when the space's upper
 * faces are that: its slopes of at least 0.25 m² each, and every corner of its upper faces within 5 cm of
 * the lowest of them. A vault, or a dormer cut into a slope (not the lowest of planes there), gives null.
 */
function slopedPlanes(
  found: { plane: [number, number, number]; area: number }[],
  upper: number[],
  top: number,
): [number, number, number][] | null {
  const planes = found.filter((f) => f.area >= 0.25).map((f) => f.plane);
  if (planes.length === 0 || planes.length > 8) return null;
  for (let i = 0; i < upper.length; i += 3) {
    let z = top;
    for (const [a, b, c] of planes) z = Math.min(z, a * upper[i]! + b * upper[i + 1]! + c);
    if (Math.abs(z - upper[i + 2]!) > 0.05) return null;
  }
  return planes;
}
