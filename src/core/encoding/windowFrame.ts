/**
 * Window measures along its direction and the rotation into the window's frame (encoder.md §4.2 derived
 * quantities, §4.3). Everything stays in the original's order of operations: a window on y = 0 facing
 * south has thickness |1.2 · cos(3π/2)| ≈ 2.2e-16, not 0, and that decides whether the stripe is drawn.
 */
import type { Vec2 } from '../geometry/vec';
import { px } from './pythonRound';

/** The two plan corners of a window opening. */
export interface PlanCorners {
  readonly p1: Vec2;
  readonly p2: Vec2;
}

const proj = (p: Vec2, cos: number, sin: number): number => p[0] * cos + p[1] * sin;

/** |proj_a(p2) − proj_a(p1)|: the extent of the window along direction `a` (radians). */
function extentAlong(c: PlanCorners, a: number): number {
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return Math.abs(proj(c.p2, cos, sin) - proj(c.p1, cos, sin));
}

/** Wall thickness: extent along the outward normal. */
export const thickness = (c: PlanCorners, a: number): number => extentAlong(c, a);

/** Window width: extent along the wall, the angle computed as `a + math.pi*0.5`. */
export const width3d = (c: PlanCorners, a: number): number => extentAlong(c, a + Math.PI * 0.5);

/** Wall thickness in pixels; only an exact 0.0 falls back to the default 0.3 m (3 px). */
export function thicknessPx(t: number): number {
  return px(t === 0 ? 0.3 : t);
}

/** Directions within this many degrees of east are not rotated at all. */
const NO_ROTATION_DEG = 0.05;
/** shapely snaps sin/cos this small to 0, which makes right-angle rotations exact. */
const SNAP = 2.5e-16;

/** The rotation that turns a window facing `a` (radians) to face +x, or null when none is applied. */
export function frameRotationDeg(a: number): number | null {
  const degrees = (a * 180) / Math.PI;
  return Math.abs(degrees) < NO_ROTATION_DEG ? null : -degrees;
}

/** shapely `rotate(geom, r, origin=(0, 0))` for degrees `r`, point by point. */
export function rotatePoints(points: readonly Vec2[], r: number): Vec2[] {
  const rad = (r * Math.PI) / 180.0;
  let c = Math.cos(rad);
  let s = Math.sin(rad);
  if (Math.abs(c) < SNAP) c = 0.0;
  if (Math.abs(s) < SNAP) s = 0.0;
  return points.map(([x, y]) => [c * x + -s * y + 0.0, s * x + c * y + 0.0] as const);
}

export interface WindowFrame {
  readonly polygon: readonly Vec2[];
  readonly corners: PlanCorners;
  /** 0.0 after a rotation; the original angle when none was applied. */
  readonly angle: number;
}

/** Room and window rotated about the world origin so that the window faces +x (image right). */
export function intoWindowFrame(polygon: readonly Vec2[], corners: PlanCorners, a: number): WindowFrame {
  const r = frameRotationDeg(a);
  if (r === null) return { polygon, corners, angle: a };
  const [p1, p2] = rotatePoints([corners.p1, corners.p2], r) as [Vec2, Vec2];
  return { polygon: rotatePoints(polygon, r), corners: { p1, p2 }, angle: 0.0 };
}
