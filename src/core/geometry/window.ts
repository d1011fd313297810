import { metres, normalizeDegrees, type Degrees, type Metres } from '../units';
import { containsPoint, edges, nearestBoundaryPoint, signedArea, type Edge, type Polygon } from './polygon';
import { segmentDistance, type Point3, type Vec2 } from './vec';

/** The two opposite corners of a window opening (conventions.md §Windows). z is absolute. */
export interface WindowCorners {
  x1: number;
  y1: number;
  z1: number;
  x2: number;
  y2: number;
  z2: number;
}

/** Everything conventions.md derives from a window and its room. */
export interface WindowGeometry {
  /** Index of the host edge (polygon[i] → polygon[i+1]). */
  hostEdge: number;
  /** Outward normal, degrees in [0, 360). */
  directionAngle: Degrees;
  /** Nearest boundary point to the plan centre, z at window mid-height. */
  referencePoint: Point3;
  /** Reference point moved out by the wall thickness: origin of obstruction rays. */
  externalReferencePoint: Point3;
  /** Extent across the wall (0 for a window drawn on the wall line). */
  wallThickness: Metres;
  /** Extent along the wall. */
  width: Metres;
  /** Absolute z of the opening's bottom and top. */
  bottom: number;
  top: number;
}

/** Distance from the window's plan rectangle to the polygon boundary within which it counts as on the room. */
export const ON_WALL_TOLERANCE = 0.05;
const TEST_POINT_OFFSET = 0.1;

export function planCentre(w: WindowCorners): Vec2 {
  return [(w.x1 + w.x2) / 2, (w.y1 + w.y2) / 2];
}

/**
 * Outward normal of edge `e`: of the two perpendiculars, the one whose test point 0.1 m from the edge
 * midpoint lies outside. If both or neither do (a sliver narrower than 0.2 m), the winding decides.
 */
export function outwardNormalAngle(poly: Polygon, e: Edge): Degrees {
  const along = Math.atan2(e.b[1] - e.a[1], e.b[0] - e.a[0]);
  const mid: Vec2 = [(e.a[0] + e.b[0]) / 2, (e.a[1] + e.b[1]) / 2];
  const candidates = [along + Math.PI / 2, along - Math.PI / 2];
  const outside = candidates.map(
    (a) =>
      !containsPoint(poly, [
        mid[0] + TEST_POINT_OFFSET * Math.cos(a),
        mid[1] + TEST_POINT_OFFSET * Math.sin(a),
      ]),
  );
  let chosen: number;
  if (outside[0] !== outside[1]) chosen = outside[0] ? candidates[0]! : candidates[1]!;
  else chosen = signedArea(poly) > 0 ? candidates[1]! : candidates[0]!; // CCW: outside is to the right
  return normalizeDegrees((chosen * 180) / Math.PI);
}

/**
 * The window's plan rectangle: diagonal corners p1, p2, sides parallel and perpendicular to the host edge.
 * Returned as its four corners in order.
 */
function planRectangle(w: WindowCorners, normalRad: number): Vec2[] {
  const n: Vec2 = [Math.cos(normalRad), Math.sin(normalRad)];
  const dx = w.x2 - w.x1;
  const dy = w.y2 - w.y1;
  const across = dx * n[0] + dy * n[1];
  const p1: Vec2 = [w.x1, w.y1];
  const p2: Vec2 = [w.x2, w.y2];
  const c1: Vec2 = [w.x1 + across * n[0], w.y1 + across * n[1]];
  const c2: Vec2 = [w.x2 - across * n[0], w.y2 - across * n[1]];
  return [p1, c1, p2, c2];
}

/** Smallest distance between the window's plan rectangle outline and the polygon boundary. */
export function distanceToBoundary(poly: Polygon, w: WindowCorners, normal: Degrees): number {
  const rect = planRectangle(w, (normal * Math.PI) / 180);
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const a = rect[i]!;
    const b = rect[(i + 1) % 4]!;
    for (const e of edges(poly)) best = Math.min(best, segmentDistance(a, b, e.a, e.b));
  }
  return best;
}

/**
 * Derives host wall, direction, reference points, thickness and width (conventions.md). Pure geometry:
 * validation (on-wall tolerance, height range) is done by the caller with these values.
 */
export function windowGeometry(poly: Polygon, w: WindowCorners): WindowGeometry {
  const c = planCentre(w);
  const nearest = nearestBoundaryPoint(poly, c);
  const direction = outwardNormalAngle(poly, nearest.edge);
  const a = (direction * Math.PI) / 180;
  const n: Vec2 = [Math.cos(a), Math.sin(a)];
  const dx = w.x2 - w.x1;
  const dy = w.y2 - w.y1;
  const t = Math.abs(dx * n[0] + dy * n[1]);
  const width = Math.abs(-dx * n[1] + dy * n[0]);
  const zMid = (w.z1 + w.z2) / 2;
  const ref: Point3 = { x: nearest.point[0], y: nearest.point[1], z: zMid };
  return {
    hostEdge: nearest.edge.index,
    directionAngle: direction,
    referencePoint: ref,
    externalReferencePoint: { x: ref.x + t * n[0], y: ref.y + t * n[1], z: zMid },
    wallThickness: metres(t),
    width: metres(width),
    bottom: Math.min(w.z1, w.z2),
    top: Math.max(w.z1, w.z2),
  };
}

/** Rounds to 4 decimals for responses (and never prints -0). */
export function round4(v: number): number {
  const r = Math.round(v * 1e4) / 1e4;
  return r === 0 ? 0 : r;
}

export function roundPoint(p: Point3): Point3 {
  return { x: round4(p.x), y: round4(p.y), z: round4(p.z) };
}
