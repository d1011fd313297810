import { clipByPlane } from './clipPolygon';

/**
 * Form factor from a differential receiver (point p, unit normal n) to a planar polygon, exactly: the
 * contour integral F = (1/2π) Σ_edges θ_k · n·(a_k × a_{k+1})/|a_k × a_{k+1}| (Lambert), after clipping the
 * polygon to the receiver's front half-space. Exact at any distance, so patches touching the receiver's
 * patch (wall–floor corners) get the right share; the point approximation is used only where its error is
 * negligible (`nearFactor`).
 */
const MAX_VERTS = 64;
const clipBuf = new Float64Array(MAX_VERTS * 3);

/** `m0`: the polygon's first vertices that count (all of `v` by default), so callers pass buffers, not views. */
export function pointToPolygon(
  px: number,
  py: number,
  pz: number,
  nx: number,
  ny: number,
  nz: number,
  v: Float64Array,
  m0 = v.length / 3,
): number {
  if (m0 > MAX_VERTS / 2) throw new RangeError('pointToPolygon: polygon has too many vertices');
  const eps = 1e-9;
  let above = 0;
  let below = 0;
  for (let k = 0; k < m0; k++) {
    const h = (v[3 * k]! - px) * nx + (v[3 * k + 1]! - py) * ny + (v[3 * k + 2]! - pz) * nz;
    if (h > eps) above++;
    else below++;
  }
  if (above === 0) return 0;
  let poly: Float64Array = v;
  let m = m0;
  if (below > 0) {
    // Clip to h ≥ eps.
    m = clipByPlane(v, m0, px, py, pz, nx, ny, nz, eps, clipBuf);
    if (m < 3) return 0;
    poly = clipBuf;
  }
  let sum = 0;
  let ax = poly[0]! - px,
    ay = poly[1]! - py,
    az = poly[2]! - pz;
  let la = Math.sqrt(ax * ax + ay * ay + az * az);
  ax /= la;
  ay /= la;
  az /= la;
  const fx = ax,
    fy = ay,
    fz = az;
  for (let k = 0; k < m; k++) {
    let bx: number, by: number, bz: number;
    if (k + 1 < m) {
      bx = poly[3 * k + 3]! - px;
      by = poly[3 * k + 4]! - py;
      bz = poly[3 * k + 5]! - pz;
      const lb = Math.sqrt(bx * bx + by * by + bz * bz);
      bx /= lb;
      by /= lb;
      bz /= lb;
    } else {
      bx = fx;
      by = fy;
      bz = fz;
    }
    const cx = ay * bz - az * by,
      cy = az * bx - ax * bz,
      cz = ax * by - ay * bx;
    const s = Math.sqrt(cx * cx + cy * cy + cz * cz);
    if (s > 1e-15) {
      const theta = Math.atan2(s, ax * bx + ay * by + az * bz);
      sum += (theta * (cx * nx + cy * ny + cz * nz)) / s;
    }
    ax = bx;
    ay = by;
    az = bz;
  }
  la = Math.abs(sum) / (2 * Math.PI);
  return la;
}

/** Distance, in bounding radii of the emitter, beyond which the point-to-point approximation is used. */
export const NEAR_FACTOR = 4;

/**
 * Form factor from a receiver point to a patch (centroid c, normal m, area A, bounding radius r):
 * exact polygon integral when near, cos·cos·A/(π d²) when far. Returns 0 when either faces away.
 */
export function pointToPatch(
  px: number,
  py: number,
  pz: number,
  nx: number,
  ny: number,
  nz: number,
  cx: number,
  cy: number,
  cz: number,
  mx: number,
  my: number,
  mz: number,
  area: number,
  radius: number,
  verts: Float64Array,
): number {
  const dx = cx - px,
    dy = cy - py,
    dz = cz - pz;
  const d2 = dx * dx + dy * dy + dz * dz;
  if (d2 > NEAR_FACTOR * NEAR_FACTOR * radius * radius) {
    const inv = 1 / Math.sqrt(d2);
    const cr = (dx * nx + dy * ny + dz * nz) * inv;
    const ce = -(dx * mx + dy * my + dz * mz) * inv;
    if (cr <= 0 || ce <= 0) return 0;
    return (cr * ce * area) / (Math.PI * d2);
  }
  // The emitter must face the receiver somewhere: its plane must have p in front.
  if (-(dx * mx + dy * my + dz * mz) <= 1e-12) return 0;
  return pointToPolygon(px, py, pz, nx, ny, nz, verts);
}
