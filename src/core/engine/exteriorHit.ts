/** What an exterior ray meets. */
export const SKY = 0;
export const TERRAIN = 1;
export const SURFACE = 2;

export interface ExteriorHit {
  kind: number;
  t: number;
  x: number;
  y: number;
  z: number;
  /** Unit normal on the side facing the ray's origin. */
  nx: number;
  ny: number;
  nz: number;
  rho: number;
  /** Triangle index, or -1 for the terrain. */
  tri: number;
  /** Which face of a double-sided triangle was hit (1 = the one its winding's normal points to). */
  side: number;
}

export function newHit(): ExteriorHit {
  return { kind: SKY, t: Infinity, x: 0, y: 0, z: 0, nx: 0, ny: 0, nz: 1, rho: 0, tri: -1, side: 1 };
}
