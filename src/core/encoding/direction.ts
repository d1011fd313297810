/**
 * The original's outward normal of a window (encoder.md §4.2), in radians exactly as it computed them:
 * atan2 of the host edge ± π·0.5, then normalised to [0, 2π). Lux's conventions-based geometry
 * (geometry/window.ts) picks the host edge differently near corners (nearest edge vs. first edge within
 * 5 cm of the nearest boundary point) and works in degrees; the encoder needs the original's bits.
 */
import { containsPoint, edges, nearestBoundaryPoint, type Polygon } from '../geometry/polygon';
import { closestOnSegment, type Vec2 } from '../geometry/vec';
import type { PlanCorners } from './windowFrame';

/** Metres: "on the edge" for the host-edge search, and the border tolerance of the anchor search. */
export const TOLERANCE = 0.05;
const TEST_POINT_OFFSET = 0.1;
const TWO_PI = 2 * Math.PI;

export function planCentre(c: PlanCorners): Vec2 {
  return [(c.p1[0] + c.p2[0]) * 0.5, (c.p1[1] + c.p2[1]) * 0.5];
}

/** Index of the first edge (in polygon order) within the tolerance of the boundary point nearest to C. */
function hostEdgeIndex(poly: Polygon, c: Vec2): number {
  const p = nearestBoundaryPoint(poly, c).point;
  const index = edges(poly).findIndex((e) => Math.sqrt(closestOnSegment(p, e.a, e.b).dist2) < TOLERANCE);
  return index < 0 ? 0 : index; // unreachable: p lies on an edge
}

export function normalizeRadians(angle: number): number {
  let a = angle;
  while (a < 0) a += TWO_PI;
  while (a >= TWO_PI) a -= TWO_PI;
  return a;
}

/** Outward normal (radians, [0, 2π)) of the window's host edge. */
export function originalDirection(poly: Polygon, corners: PlanCorners): number {
  const k = hostEdgeIndex(poly, planCentre(corners));
  const a = poly[k]!;
  const b = poly[(k + 1) % poly.length]!;
  const along = Math.atan2(b[1] - a[1], b[0] - a[0]);
  const mid: Vec2 = [(a[0] + b[0]) * 0.5, (a[1] + b[1]) * 0.5];
  const candidates = [along + Math.PI * 0.5, along - Math.PI * 0.5] as const;
  const outside = candidates.find(
    (p) =>
      !containsPoint(poly, [
        mid[0] + TEST_POINT_OFFSET * Math.cos(p),
        mid[1] + TEST_POINT_OFFSET * Math.sin(p),
      ]),
  );
  return normalizeRadians(outside ?? candidates[0]);
}
