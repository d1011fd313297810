/**
 * Sutherland–Hodgman clipping of a planar 3D polygon by one plane, on flat coordinate buffers (x, y, z per
 * vertex) so that the form-factor loops allocate nothing. The half-space kept is
 * h(q) = (q − p)·n − offset ≥ 0 (n need not be unit length; `offset` is then in the same scale).
 */

/**
 * Writes the part of polygon `src` (its first n vertices) where h ≥ 0 to `dst` (not `src`; room for
 * 2n vertices) and returns its vertex count: n when it is wholly kept, less
 * than 3 when nothing of area is left. Vertices with h = 0 are kept; a cut edge gets the vertex where h
 * crosses 0, interpolated from the edge's end that is kept.
 */
export function clipByPlane(
  src: Float64Array,
  n: number,
  px: number,
  py: number,
  pz: number,
  nx: number,
  ny: number,
  nz: number,
  offset: number,
  dst: Float64Array,
): number {
  let m = 0;
  for (let k = 0; k < n; k++) {
    const j = (k + 1) % n;
    const ax = src[3 * k]!,
      ay = src[3 * k + 1]!,
      az = src[3 * k + 2]!;
    const bx = src[3 * j]!,
      by = src[3 * j + 1]!,
      bz = src[3 * j + 2]!;
    const ha = (ax - px) * nx + (ay - py) * ny + (az - pz) * nz - offset;
    const hb = (bx - px) * nx + (by - py) * ny + (bz - pz) * nz - offset;
    if (ha >= 0) {
      dst[3 * m] = ax;
      dst[3 * m + 1] = ay;
      dst[3 * m + 2] = az;
      m++;
    }
    if (ha >= 0 !== hb >= 0) {
      const t = ha / (ha - hb);
      dst[3 * m] = ax + t * (bx - ax);
      dst[3 * m + 1] = ay + t * (by - ay);
      dst[3 * m + 2] = az + t * (bz - az);
      m++;
    }
  }
  return m;
}
