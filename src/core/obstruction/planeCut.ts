import { segmentDistSqToOrigin } from '../geometry/vec';
import type { CutBuffer } from './cutBuffer';
import type { HalfPlane } from './halfPlane';

const RAD_TO_DEG = 180 / Math.PI;

/**
 * Cuts triangle `tri` of a flat position array with the vertical plane of `hp` and adds what lies in the
 * front-above quadrant (f ≥ 0, h ≥ 0) to `out`.
 *
 * Signs of the vertex distances d are tested exactly (no tolerance): a shared edge gives the same d values
 * in both of its triangles, so neighbours always agree about it. The cases:
 * - all d of one strict sign: no cut;
 * - all d = 0 (the triangle lies in the plane, e.g. a wall seen exactly edge-on): its three edges, whose
 *   elevations span what the filled triangle spans;
 * - otherwise one segment (or one point) joining the vertices with d = 0 and the edge crossings.
 * Arithmetic is float64 relative to P.
 */
export function cutTriangle(pos: Float32Array, tri: number, hp: HalfPlane, out: CutBuffer): void {
  const b = tri * 9;
  const { px, py, pz, ux, uy, wx, wy } = hp;
  const h0 = pos[b + 2]! - pz;
  const h1 = pos[b + 5]! - pz;
  const h2 = pos[b + 8]! - pz;
  if (h0 < 0 && h1 < 0 && h2 < 0) return; // wholly below P
  const x0 = pos[b]! - px;
  const y0 = pos[b + 1]! - py;
  const x1 = pos[b + 3]! - px;
  const y1 = pos[b + 4]! - py;
  const x2 = pos[b + 6]! - px;
  const y2 = pos[b + 7]! - py;
  const d0 = x0 * wx + y0 * wy;
  const d1 = x1 * wx + y1 * wy;
  const d2 = x2 * wx + y2 * wy;
  if ((d0 > 0 && d1 > 0 && d2 > 0) || (d0 < 0 && d1 < 0 && d2 < 0)) return;
  const f0 = x0 * ux + y0 * uy;
  const f1 = x1 * ux + y1 * uy;
  const f2 = x2 * ux + y2 * uy;
  if (f0 < 0 && f1 < 0 && f2 < 0) return; // wholly behind P

  if (d0 === 0 && d1 === 0 && d2 === 0) {
    addPiece(f0, h0, f1, h1, 2, hp, out);
    addPiece(f1, h1, f2, h2, 2, hp, out);
    addPiece(f2, h2, f0, h0, 2, hp, out);
    return;
  }

  // At most two points: on-plane vertices and strict sign changes along edges.
  const pts = scratch;
  let n = 0;
  if (d0 === 0) n = put(pts, n, f0, h0);
  if (d1 === 0) n = put(pts, n, f1, h1);
  if (d2 === 0) n = put(pts, n, f2, h2);
  if (opposite(d0, d1)) n = crossing(pts, n, d0, f0, h0, d1, f1, h1);
  if (opposite(d1, d2)) n = crossing(pts, n, d1, f1, h1, d2, f2, h2);
  if (opposite(d2, d0)) n = crossing(pts, n, d2, f2, h2, d0, f0, h0);
  if (n === 1) addPiece(pts[0]!, pts[1]!, pts[0]!, pts[1]!, 1, hp, out);
  else if (n === 2) addPiece(pts[0]!, pts[1]!, pts[2]!, pts[3]!, 2, hp, out);
}

/** Room for the (at most two) cut points of one triangle; module-level so the hot loop allocates nothing. */
const scratch = new Float64Array(4);

/** Strictly opposite signs, tested without multiplying (a product of two tiny distances underflows to 0). */
const opposite = (a: number, b: number): boolean => (a < 0 && b > 0) || (a > 0 && b < 0);

function put(pts: Float64Array, n: number, f: number, h: number): number {
  pts[2 * n] = f;
  pts[2 * n + 1] = h;
  return n + 1;
}

/**
 * Where edge (a, b) crosses the plane. Always interpolated from the negative-d end so both triangles of a
 * shared edge compute the very same point whatever their winding.
 */
function crossing(
  pts: Float64Array,
  n: number,
  da: number,
  fa: number,
  ha: number,
  db: number,
  fb: number,
  hb: number,
): number {
  if (da > 0) return crossing(pts, n, db, fb, hb, da, fa, ha);
  const t = da / (da - db);
  return put(pts, n, fa + t * (fb - fa), ha + t * (hb - ha));
}

/**
 * Clips the in-plane segment (f0, h0)–(f1, h1) to the quadrant f ≥ 0, h ≥ 0 and stores the elevation
 * interval it hides. Elevation is monotonic along a straight segment seen from a point off its line, so
 * the clipped ends bound it. A piece passing within the near radius of P is the surface P stands on and
 * hides nothing; it is dropped before any angle is taken (atan2 at P would be meaningless). `points` is
 * what the piece adds to the cut-point count: 1 for a triangle touching the plane at a vertex, else 2
 * (counted by structure, not by comparing floats, so that rounding cannot change the count).
 */
export function addPiece(
  f0: number,
  h0: number,
  f1: number,
  h1: number,
  points: 1 | 2,
  hp: HalfPlane,
  out: CutBuffer,
): void {
  if (f0 < 0) {
    if (f1 < 0) return;
    const t = f0 / (f0 - f1);
    h0 = h0 + t * (h1 - h0);
    f0 = 0;
  } else if (f1 < 0) {
    const t = f1 / (f1 - f0);
    h1 = h1 + t * (h0 - h1);
    f1 = 0;
  }
  if (h0 < 0) {
    if (h1 < 0) return;
    const t = h0 / (h0 - h1);
    f0 = Math.max(0, f0 + t * (f1 - f0));
    h0 = 0;
  } else if (h1 < 0) {
    const t = h1 / (h1 - h0);
    f1 = Math.max(0, f1 + t * (f0 - f1));
    h1 = 0;
  }
  // P is the origin of the plane coordinates.
  if (segmentDistSqToOrigin(f0, h0, f1, h1) <= hp.nearSq) return;
  const e0 = Math.atan2(h0, f0) * RAD_TO_DEG;
  const e1 = Math.atan2(h1, f1) * RAD_TO_DEG;
  out.pointCount += points;
  if (e0 <= e1) out.push(e0, e1, f0, h0, f1, h1);
  else out.push(e1, e0, f1, h1, f0, h0);
}
