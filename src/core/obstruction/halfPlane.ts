import type { Point3 } from '../geometry/vec';
import { normalizeDegrees } from '../units';

/**
 * The vertical half-plane from viewpoint P towards azimuth φ, as the numbers the cut needs. A point q of
 * the plane has in-plane coordinates f = (q − P)·u (horizontal distance ahead) and h = q.z − P.z (height
 * above P); d = (q − P)·w is the signed distance of any point from the plane.
 */
export interface HalfPlane {
  px: number;
  py: number;
  pz: number;
  /** Unit forward direction u = (cos φ, sin φ). */
  ux: number;
  uy: number;
  /** Unit plane normal w = (sin φ, −cos φ). */
  wx: number;
  wy: number;
  /** Squared radius around P within which geometry is "the surface P sits on" (see NEAR_VIEWPOINT_M). */
  nearSq: number;
}

/**
 * Geometry passing within this distance of P hides nothing. The external reference point lies on the
 * facade by construction, so the building's own wall passes through P; in float32 it misses P by a few
 * ulps, and without this tolerance a wall 1e-5 m in front of P would hide the whole sky at every oblique
 * azimuth. The floor of 1 mm is below anything an architect models; the relative term covers float32
 * rounding of coordinates far from the origin (2^-18 ≈ 16 float32 ulps).
 */
export const NEAR_VIEWPOINT_M = 1e-3;
const NEAR_VIEWPOINT_REL = 2 ** -18;

const R = Math.SQRT1_2;
/** (cos, sin) at 0°, 45°, …, 315°. */
const OCTANTS: readonly (readonly [number, number])[] = [
  [1, 0],
  [R, R],
  [0, 1],
  [-R, R],
  [-1, 0],
  [-R, -R],
  [0, -1],
  [R, -R],
];

/**
 * cos and sin of an angle in degrees, exact at multiples of 90° and equal in magnitude at odd multiples
 * of 45° (Math.cos(π/4) and Math.sin(π/4) differ by an ulp), so that axis-aligned and diagonal geometry
 * lies exactly in the planes it visibly lies in.
 */
export function cosSinDeg(azimuth: number): readonly [number, number] {
  const a = normalizeDegrees(azimuth);
  const octant = OCTANTS[a / 45];
  if (octant !== undefined) return octant;
  const r = (a * Math.PI) / 180;
  return [Math.cos(r), Math.sin(r)];
}

export function halfPlane(viewpoint: Point3, azimuth: number): HalfPlane {
  // Validation happens at the edges; a NaN here would silently turn every comparison false.
  if (![viewpoint.x, viewpoint.y, viewpoint.z, azimuth].every(Number.isFinite)) {
    throw new RangeError('Obstruction viewpoint and azimuth must be finite numbers');
  }
  const [c, s] = cosSinDeg(azimuth);
  const scale = Math.max(Math.abs(viewpoint.x), Math.abs(viewpoint.y), Math.abs(viewpoint.z));
  const near = Math.max(NEAR_VIEWPOINT_M, scale * NEAR_VIEWPOINT_REL);
  return {
    px: viewpoint.x,
    py: viewpoint.y,
    pz: viewpoint.z,
    ux: c,
    uy: s,
    wx: s,
    wy: -c,
    nearSq: near * near,
  };
}

/** The 3-D point of in-plane coordinates (f, h). */
export function planePoint(hp: HalfPlane, f: number, h: number): Point3 {
  return { x: hp.px + f * hp.ux, y: hp.py + f * hp.uy, z: hp.pz + h };
}
