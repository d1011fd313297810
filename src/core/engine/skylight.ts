import type { Vec2 } from '../geometry/vec';
import type { SkylightSpec } from '../types';
import { glazingFor, type Glazing } from './glazing';
import { offsetPolygon, signedArea2 } from './polygon2d';

/**
 * A skylight in the room model: a convex opening through the roof slab. Its inner edge is in the ceiling
 * plane that holds it (the flat ceiling, or a sloped ceiling's plane: a roof window), its glass in the roof's
 * top face, the same plane the slab's 0.3 m higher (where a flat rooflight or a roof window's pane sits),
 * the slab's depth between them a well whose sides, vertical in plan, reflect like the walls. The frame is a
 * band of even width (in plan) inside the opening, at the glass.
 */
export interface SkylightModel {
  id: string;
  /** Its number among the room's openings (windows first): the `tunnel` of the patches in its well. */
  index: number;
  /** The opening's corners in plan, counter-clockwise. */
  polygon: Vec2[];
  /** The glass: the opening less the frame band. */
  glass: Vec2[];
  frame: number;
  /**
   * The ceiling plane the opening is cut in, z = a·x + b·y + c (a = b = 0: a flat ceiling), and the slab's
   * depth above it, measured vertically, where the glass lies (innerAt, glassAt).
   */
  plane: readonly [number, number, number];
  roof: number;
  /** The glass's unit normal, up and out of the room ((0, 0, 1) in a flat ceiling). */
  normal: readonly [number, number, number];
  /** A plan area's true area in the plane: √(1 + a² + b²). */
  areaScale: number;
  glazing: Glazing;
  /** Centroid of the opening in plan. */
  cx: number;
  cy: number;
  /** Outward normal of each edge (plan), for the well's sides and containment tests. */
  edgeNormals: Vec2[];
}

/**
 * `roof`: the slab's depth above the ceiling, where the glass lies (model.ts: ROOF_ABOVE_CEILING). Under a
 * sloped ceiling each skylight lies in the surface (the flat top or a plane) lowest over its centre: the
 * request's check (validation/ceiling.ts) has made sure that one holds the whole opening.
 */
export function buildSkylights(
  specs: readonly SkylightSpec[],
  ceiling: number,
  planes: readonly (readonly [number, number, number])[],
  roof: number,
  firstIndex: number,
): SkylightModel[] {
  const out: SkylightModel[] = [];
  for (const s of specs) {
    const poly = s.polygon.map((p): Vec2 => [p[0], p[1]]);
    if (signedArea2(poly) < 0) poly.reverse();
    const area = signedArea2(poly);
    if (!(area > 1e-6)) continue;
    const edgeNormals = normalsOf(poly);
    const frame = frameInset(poly, edgeNormals, s.window_frame_ratio ?? 0);
    const glass = frame > 0 ? offsetPolygon(poly, edgeNormals, -frame) : poly;
    const [cx, cy] = vertexMean(poly);
    const plane = hostPlane(planes, ceiling, cx, cy);
    const areaScale = Math.hypot(plane[0], plane[1], 1);
    out.push({
      id: s.id,
      index: firstIndex + out.length,
      polygon: poly,
      glass,
      frame,
      plane,
      roof,
      normal: [-plane[0] / areaScale, -plane[1] / areaScale, 1 / areaScale],
      areaScale,
      glazing: glazingFor(s.glass_transmittance),
      cx,
      cy,
      edgeNormals,
    });
  }
  return out;
}

/** The mean of an opening's corners: the point whose host surface holds it (hostPlane). */
export function vertexMean(polygon: readonly (readonly number[])[]): Vec2 {
  let cx = 0,
    cy = 0;
  for (const p of polygon) {
    cx += p[0]! / polygon.length;
    cy += p[1]! / polygon.length;
  }
  return [cx, cy];
}

/** The surface lowest over (x, y): the flat top (as 0·x + 0·y + top) or one of the sloped planes. */
export function hostPlane(
  planes: readonly (readonly [number, number, number])[],
  top: number,
  x: number,
  y: number,
): readonly [number, number, number] {
  let best: readonly [number, number, number] = [0, 0, top];
  for (const p of planes) if (p[0] * x + p[1] * y + p[2] < best[0] * x + best[1] * y + best[2]) best = p;
  return best;
}

/** The height of the opening's inner face (the ceiling) over (x, y). */
export function innerAt(s: SkylightModel, x: number, y: number): number {
  return s.plane[0] * x + s.plane[1] * y + s.plane[2];
}

/** The height of the glass (the roof's top face) over (x, y). */
export function glassAt(s: SkylightModel, x: number, y: number): number {
  return innerAt(s, x, y) + s.roof;
}

/**
 * Where the ray (x, y, z) + t·(dx, dy, dz) crosses the skylight's plane lifted by `lift` (0: the inner face,
 * s.roof: the glass): t, Infinity when it runs parallel.
 */
export function crossing(
  s: SkylightModel,
  lift: number,
  x: number,
  y: number,
  z: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  const [a, b, c] = s.plane;
  const den = dz - a * dx - b * dy;
  return Math.abs(den) < 1e-12 ? Infinity : (a * x + b * y + c + lift - z) / den;
}

/** Outward unit normals of a counter-clockwise polygon's edges. */
function normalsOf(poly: readonly Vec2[]): Vec2[] {
  return poly.map((a, i): Vec2 => {
    const b = poly[(i + 1) % poly.length]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    return [(b[1] - a[1]) / len, -(b[0] - a[0]) / len];
  });
}

/**
 * The frame band's width b: the opening inset by b keeps (1 − ratio) of its area (for a rectangle the
 * window's (w − 2b)(h − 2b) = (1 − ratio)·w·h). Bisection: the inset area falls monotonically with b.
 */
function frameInset(poly: readonly Vec2[], normals: readonly Vec2[], ratio: number): number {
  const r = Math.min(1, Math.max(0, ratio));
  if (r <= 0) return 0;
  const area = signedArea2(poly);
  const target = (1 - r) * area;
  // The inradius bounds b: beyond it the inset polygon turns inside out.
  let lo = 0,
    hi = Math.sqrt(area);
  const insetArea = (b: number): number => {
    const q = offsetPolygon(poly, normals, -b);
    const a = signedArea2(q);
    return a > 0 && convexSame(poly, q) ? a : 0;
  };
  for (let k = 0; k < 60; k++) {
    const mid = (lo + hi) / 2;
    if (insetArea(mid) > target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Whether the inset polygon's edges still run the way the opening's do (not turned inside out). */
function convexSame(a: readonly Vec2[], b: readonly Vec2[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const j = (i + 1) % a.length;
    const da = [a[j]![0] - a[i]![0], a[j]![1] - a[i]![1]];
    const db = [b[j]![0] - b[i]![0], b[j]![1] - b[i]![1]];
    if (da[0]! * db[0]! + da[1]! * db[1]! <= 0) return false;
  }
  return true;
}

/** Whether (x, y) lies inside the skylight's opening (in plan). */
export function inOpening(s: SkylightModel, x: number, y: number): boolean {
  const p = s.polygon;
  for (let i = 0; i < p.length; i++) {
    const [nx, ny] = s.edgeNormals[i]!;
    if ((x - p[i]![0]) * nx + (y - p[i]![1]) * ny > 0) return false;
  }
  return true;
}
