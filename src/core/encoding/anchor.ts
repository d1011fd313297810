/**
 * The room anchor (encoder.md §4.4): the world point, in the window's frame, that maps to pixel (FX, 64).
 * The original tests the four edges of the window's plan rectangle against the room boundary and takes
 * the midpoint of the first one lying on it, rounded to the centimetre. A zero-thickness window that
 * overhangs the end of its wall fails both faces, so one degenerate side (an end point) wins: the README
 * example's room is then shifted by half a window width against the stripe. This is reproduced.
 */
import { nearestBoundaryPoint, type Polygon } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import { segmentNearBoundary } from './boundaryBuffer';
import { planCentre, TOLERANCE } from './direction';
import { rint2 } from './pythonRound';
import { thickness, width3d, type PlanCorners } from './windowFrame';

type Segment = readonly [Vec2, Vec2];

/** Interior face, exterior face, then the two sides, in the original's order. */
export function candidateEdges(c: PlanCorners, a: number): Segment[] {
  const [cx, cy] = planCentre(c);
  const wa = a + Math.PI * 0.5;
  const [wdx, wdy] = [Math.cos(wa), Math.sin(wa)];
  const [ndx, ndy] = [Math.cos(a), Math.sin(a)];
  const hw = width3d(c, a) * 0.5;
  const ht = thickness(c, a) * 0.5;
  const corner = (u: number, r: number): Vec2 => [
    cx + u * hw * wdx + r * ht * ndx,
    cy + u * hw * wdy + r * ht * ndy,
  ];
  const [c1, c2, c3, c4] = [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)];
  return [
    [c1, c2],
    [c3, c4],
    [c1, c4],
    [c2, c3],
  ];
}

export function roomAnchor(poly: Polygon, c: PlanCorners, a: number): Vec2 {
  const onBorder = candidateEdges(c, a).find(([p0, p1]) => segmentNearBoundary(poly, p0, p1, TOLERANCE));
  if (!onBorder) return nearestBoundaryPoint(poly, planCentre(c)).point;
  const [p0, p1] = onBorder;
  return [rint2((p0[0] + p1[0]) * 0.5), rint2((p0[1] + p1[1]) * 0.5)];
}
