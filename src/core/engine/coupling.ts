import { clipByPlane } from './clipPolygon';
import { NEAR_FACTOR, pointToPatch, pointToPolygon } from './formFactor';
import type { RoomModel } from './model';
import { innerOpenings, type InnerOpening } from './opening';
import type { Patches } from './patches';
import { INSET, type PlanVisibility } from './visibility';

/**
 * Form factors between room receivers and patches, with what each can see of the other:
 * - between a point in the room and a patch inside a window opening (reveal, frame, glass), the patch is
 *   clipped to the pyramid from the point through the opening's inner face — the exact visible part, so a
 *   reveal half hidden behind the wall counts by half;
 * - in a non-convex room, the share of a patch hidden behind a wall corner is estimated from its sample
 *   points (tested only when its corners disagree);
 * - a patch receiver averages over its sample points where the emitter is near (the form factor to a
 *   neighbour varies steeply across the receiver), and uses its centroid otherwise.
 */
export class Coupling {
  private readonly a = new Float64Array(3 * 96);
  private readonly b = new Float64Array(3 * 96);
  /** The openings' inner faces by tunnel number (windows, then skylights). */
  private readonly openings: InnerOpening[];

  constructor(
    private readonly p: Patches,
    model: RoomModel,
    private readonly plan: PlanVisibility | null,
  ) {
    this.openings = innerOpenings(model);
  }

  /**
   * Rows start..end of the patch-to-patch matrix (row = receiver), filling each pair (i, j > i) both ways:
   * a far pair costs one point-to-point evaluation for both directions (exact reciprocity), a near pair
   * or one inside an opening gets the full treatment each way.
   */
  fillRows(F: Float32Array, start: number, end: number): void {
    const p = this.p;
    const N = p.count;
    const { cx, cy, cz, nx, ny, nz, area, radius, tunnel } = p;
    const near2 = PATCH_NEAR * PATCH_NEAR;
    for (let i = start; i < end; i++) {
      const xi = cx[i]!,
        yi = cy[i]!,
        zi = cz[i]!,
        ai = nx[i]!,
        bi = ny[i]!,
        ci = nz[i]!,
        ri = radius[i]!,
        ti = tunnel[i]!;
      for (let j = i + 1; j < N; j++) {
        const dx = cx[j]! - xi,
          dy = cy[j]! - yi,
          dz = cz[j]! - zi;
        const d2 = dx * dx + dy * dy + dz * dz;
        const rr = ri + radius[j]!;
        if (ti < 0 && tunnel[j]! < 0 && d2 > near2 * rr * rr) {
          const inv = 1 / Math.sqrt(d2);
          const cI = (dx * ai + dy * bi + dz * ci) * inv;
          if (cI <= 0) continue;
          const cJ = -(dx * nx[j]! + dy * ny[j]! + dz * nz[j]!) * inv;
          if (cJ <= 0) continue;
          let g = (cI * cJ) / (Math.PI * d2);
          if (this.plan !== null) g *= this.planFraction(xi + ai * INSET, yi + bi * INSET, -1, j);
          F[i * N + j] = g * area[j]!;
          F[j * N + i] = g * area[i]!;
        } else {
          F[i * N + j] = this.patchToPatch(i, j);
          F[j * N + i] = this.patchToPatch(j, i);
        }
      }
    }
  }

  /**
   * Adds to out[v][r] the light patches' exitance B[v] sends to an upward work-plane point r, for receivers
   * start..end: far room patches inline (point-to-point), the rest through pointToPatch.
   */
  gatherUp(
    xs: Float64Array,
    ys: Float64Array,
    z: number,
    start: number,
    end: number,
    above: Int32Array,
    B: Float64Array[],
    out: Float64Array[],
  ): void {
    const nW = B.length;
    const f =
      this.factors.length >= above.length ? this.factors : (this.factors = new Float64Array(above.length));
    for (let r = start; r < end; r++) {
      this.gatherFactors(xs[r]!, ys[r]!, z, above, f);
      for (let a = 0; a < above.length; a++) {
        const fa = f[a]!;
        if (fa <= 0) continue;
        const j = above[a]!;
        for (let v = 0; v < nW; v++) out[v]![r] = out[v]![r]! + fa * B[v]![j]!;
      }
    }
  }

  private factors = new Float64Array(0);

  /**
   * Form factors from an upward-facing work-plane point (x, y, z) to each patch of `above`, into `f`
   * (0 for a patch it does not see): what gatherUp weighs the patches' exitance by, and the daylight
   * coefficients' gather too (engine/dc).
   */
  gatherFactors(x: number, y: number, z: number, above: Int32Array, f: Float64Array): void {
    const p = this.p;
    const { cx, cy, cz, nx, ny, nz, area, radius, tunnel } = p;
    const near2 = NEAR_FACTOR * NEAR_FACTOR;
    for (let a = 0; a < above.length; a++) {
      const j = above[a]!;
      f[a] = 0;
      const dx = cx[j]! - x,
        dy = cy[j]! - y,
        dz = cz[j]! - z;
      const d2 = dx * dx + dy * dy + dz * dz;
      const rj = radius[j]!;
      if (tunnel[j]! < 0 && d2 > near2 * rj * rj) {
        if (dz <= 0) continue;
        const cJ = -(dx * nx[j]! + dy * ny[j]! + dz * nz[j]!);
        if (cJ <= 0) continue;
        let v = (dz * cJ * area[j]!) / (Math.PI * d2 * d2);
        if (this.plan !== null) v *= this.planFraction(x, y, -1, j);
        f[a] = v;
      } else {
        f[a] = this.pointToPatch(x, y, z, 0, 0, 1, -1, j);
      }
    }
  }

  /** Form factor from patch i (area average) to patch j. */
  patchToPatch(i: number, j: number): number {
    const p = this.p;
    const dx = p.cx[j]! - p.cx[i]!,
      dy = p.cy[j]! - p.cy[i]!,
      dz = p.cz[j]! - p.cz[i]!;
    const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (!facing(p, i, j) || !facing(p, j, i)) return 0;
    const nx = p.nx[i]!,
      ny = p.ny[i]!,
      nz = p.nz[i]!;
    const ti = p.tunnel[i]!;
    if (d > SUBPOINT_NEAR * (p.radius[i]! + p.radius[j]!))
      return this.pointToPatch(p.cx[i]!, p.cy[i]!, p.cz[i]!, nx, ny, nz, ti, j);
    let f = 0;
    for (let k = p.subStart[i]!, end = p.subStart[i + 1]!; k < end; k++) {
      f += p.subW[k]! * this.pointToPatch(p.subX[k]!, p.subY[k]!, p.subZ[k]!, nx, ny, nz, ti, j);
    }
    return f;
  }

  /** Form factor from a receiver point (normal n; inside window `tp`'s opening, or -1) to patch j. */
  pointToPatch(
    px: number,
    py: number,
    pz: number,
    nx: number,
    ny: number,
    nz: number,
    tp: number,
    j: number,
  ): number {
    const p = this.p;
    const tj = p.tunnel[j]!;
    if (tp === tj) {
      const f = pointToPatch(
        px,
        py,
        pz,
        nx,
        ny,
        nz,
        p.cx[j]!,
        p.cy[j]!,
        p.cz[j]!,
        p.nx[j]!,
        p.ny[j]!,
        p.nz[j]!,
        p.area[j]!,
        p.radius[j]!,
        p.verts[j]!,
      );
      if (f <= 0 || tp >= 0 || this.plan === null) return f;
      return f * this.planFraction(px + nx * INSET, py + ny * INSET, -1, j);
    }
    // Emitter on the other side of an opening: keep only what the pyramid(s) through it let through.
    if ((p.cx[j]! - px) * p.nx[j]! + (p.cy[j]! - py) * p.ny[j]! + (p.cz[j]! - pz) * p.nz[j]! >= 0) return 0;
    let poly: Float64Array = p.verts[j]!;
    let n = poly.length / 3;
    if (tj >= 0 && tp < 0) {
      // A far patch wholly inside (or wholly outside) the pyramid needs no clipping: the point-to-point
      // form factor, which far room patches use too (NEAR_FACTOR), is then as good as the exact integral.
      // Half the engine's time went to clipping reveal patches that every receiver sees whole or not at all.
      const dx = p.cx[j]! - px,
        dy = p.cy[j]! - py,
        dz = p.cz[j]! - pz;
      const d2 = dx * dx + dy * dy + dz * dz;
      const rj = p.radius[j]!;
      if (d2 > NEAR_FACTOR * NEAR_FACTOR * rj * rj) {
        const side = pyramidSide(this.openings[tj]!, px, py, pz, poly, n);
        if (side < 0) return 0;
        if (side > 0) {
          const inv = 1 / Math.sqrt(d2);
          const cr = (dx * nx + dy * ny + dz * nz) * inv;
          const ce = -(dx * p.nx[j]! + dy * p.ny[j]! + dz * p.nz[j]!) * inv;
          if (cr <= 0 || ce <= 0) return 0;
          const f = (cr * ce * p.area[j]!) / (Math.PI * d2);
          return this.plan === null ? f : f * this.planFraction(px + nx * INSET, py + ny * INSET, tp, j);
        }
      }
    }
    if (tj >= 0) {
      n = clipToOpening(this.openings[tj]!, px, py, pz, poly, n, this.a);
      poly = this.a;
    }
    if (n >= 3 && tp >= 0) {
      n = clipToOpening(this.openings[tp]!, px, py, pz, poly, n, this.b);
      poly = this.b;
    }
    if (n < 3) return 0;
    const f = pointToPolygon(px, py, pz, nx, ny, nz, poly, n);
    if (f <= 0 || this.plan === null) return f;
    return f * this.planFraction(px + nx * INSET, py + ny * INSET, tp, j);
  }

  /**
   * Share of patch j that a point sees around the walls of a non-convex room (plan test from a point
   * strictly inside; a point inside an opening looks from the opening's inner face, a patch inside one is
   * seen there). The centroid decides unless a reflex corner is near the line of sight, when the patch's
   * sample points are tested.
   */
  private planFraction(px: number, py: number, tp: number, j: number): number {
    const plan = this.plan!;
    const p = this.p;
    let ax = px,
      ay = py;
    if (tp >= 0) [ax, ay] = openingCentre(this.openings[tp]!, INSET);
    const tj = p.tunnel[j]!;
    if (tj >= 0) {
      const [bx, by] = openingCentre(this.openings[tj]!, INSET);
      return plan.visible(ax, ay, bx, by) ? 1 : 0;
    }
    if (!plan.nearReflex(ax, ay, p.cx[j]!, p.cy[j]!, p.radius[j]!))
      return plan.visible(ax, ay, p.cx[j]!, p.cy[j]!) ? 1 : 0;
    let f = 0;
    for (let k = p.subStart[j]!, end = p.subStart[j + 1]!; k < end; k++)
      if (plan.visible(ax, ay, p.subX[k]!, p.subY[k]!)) f += p.subW[k]!;
    return f;
  }
}

/**
 * Patch pairs farther apart than PATCH_NEAR × (sum of their bounding radii) use the point-to-point form
 * factor both ways (error < 1 % there, measured on a room mesh); within SUBPOINT_NEAR × that, the receiver
 * is averaged over its sample points; in between, the exact polygon integral from its centroid.
 */
const PATCH_NEAR = 3;
const SUBPOINT_NEAR = 2;

/** Whether any part of patch j lies in front of patch i's plane. */
function facing(p: Patches, i: number, j: number): boolean {
  const v = p.verts[j]!;
  const cx = p.cx[i]!,
    cy = p.cy[i]!,
    cz = p.cz[i]!;
  const nx = p.nx[i]!,
    ny = p.ny[i]!,
    nz = p.nz[i]!;
  for (let k = 0; k < v.length; k += 3)
    if ((v[k]! - cx) * nx + (v[k + 1]! - cy) * ny + (v[k + 2]! - cz) * nz > 1e-9) return true;
  return false;
}

/** Centre of an opening's inner face in plan, moved `inset` into the room (a skylight's is the room's). */
function openingCentre(o: InnerOpening, inset: number): [number, number] {
  return [o.cx - inset * o.nx, o.cy - inset * o.ny];
}

const scratchA = new Float64Array(3 * 96);
const scratchB = new Float64Array(3 * 96);
const PLANES = new Float64Array(3 * 16);

/**
 * Inward normals (unnormalised) of the planes through apex p and the edges of an opening's inner face, in a
 * shared buffer: a point q is inside the pyramid when (q − p)·n ≥ 0 for all of them.
 */
function pyramidPlanes(o: InnerOpening, px: number, py: number, pz: number): Float64Array {
  const c = o.corners;
  const k = o.count;
  for (let e = 0; e < k; e++) {
    const ax = c[3 * e]! - px,
      ay = c[3 * e + 1]! - py,
      az = c[3 * e + 2]! - pz;
    const e2 = (e + 1) % k;
    const bx = c[3 * e2]! - px,
      by = c[3 * e2 + 1]! - py,
      bz = c[3 * e2 + 2]! - pz;
    let nx = ay * bz - az * by,
      ny = az * bx - ax * bz,
      nz = ax * by - ay * bx;
    if ((o.cx - px) * nx + (o.cy - py) * ny + (o.cz - pz) * nz < 0) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
    }
    PLANES[3 * e] = nx;
    PLANES[3 * e + 1] = ny;
    PLANES[3 * e + 2] = nz;
  }
  return PLANES;
}

/** Signed distance of p from the opening's plane (positive inside the opening). */
const planeDistance = (o: InnerOpening, px: number, py: number, pz: number): number =>
  (px - o.cx) * o.nx + (py - o.cy) * o.ny + (pz - o.cz) * o.nz;

/**
 * Where polygon `v` (n vertices) lies against the pyramid from p through window w's inner opening:
 * 1 wholly inside (clipping would return it unchanged), −1 wholly outside one face (nothing visible), 0
 * when it straddles a face (or p is on the opening's plane, where clipToOpening does not clip).
 */
export function pyramidSide(
  o: InnerOpening,
  px: number,
  py: number,
  pz: number,
  v: Float64Array,
  n: number,
): number {
  if (Math.abs(planeDistance(o, px, py, pz)) < 1e-9 || n > 40) return 0;
  const planes = pyramidPlanes(o, px, py, pz);
  let inside = true;
  for (let e = 0; e < o.count; e++) {
    const nx = planes[3 * e]!,
      ny = planes[3 * e + 1]!,
      nz = planes[3 * e + 2]!;
    let pos = 0;
    for (let k = 0; k < n; k++) {
      if ((v[3 * k]! - px) * nx + (v[3 * k + 1]! - py) * ny + (v[3 * k + 2]! - pz) * nz >= 0) pos++;
    }
    if (pos === 0) return -1;
    if (pos < n) inside = false;
  }
  return inside ? 1 : 0;
}

/**
 * Clips polygon `src` (n vertices) to the pyramid with apex p through window w's inner opening (the
 * rectangle at d = 0) and writes it to `dst` (which must not be `src`). Returns the vertex count (0 when
 * nothing is visible). A point on the opening's plane sees no pyramid; the polygon is then copied unclipped.
 */
export function clipToOpening(
  o: InnerOpening,
  px: number,
  py: number,
  pz: number,
  src: Float64Array,
  n: number,
  dst: Float64Array,
): number {
  if (Math.abs(planeDistance(o, px, py, pz)) < 1e-9 || n > 40) return copyVerts(src, n, dst);
  const planes = pyramidPlanes(o, px, py, pz);
  // The first plane reads `src` itself; then the two scratch buffers take turns.
  let inBuf = src;
  let outBuf = scratchA;
  let count = n;
  for (let e = 0; e < o.count; e++) {
    const nx = planes[3 * e]!,
      ny = planes[3 * e + 1]!,
      nz = planes[3 * e + 2]!;
    count = clipByPlane(inBuf, count, px, py, pz, nx, ny, nz, 0, outBuf);
    if (count < 3) return 0;
    inBuf = outBuf;
    outBuf = outBuf === scratchA ? scratchB : scratchA;
  }
  return copyVerts(inBuf, count, dst);
}

/**
 * Copies the first n vertices of `src` to `dst` and returns n: a loop, not `dst.set(src.subarray(…))`,
 * whose view object a form factor's inner loop made tens of thousands of times a solve.
 */
function copyVerts(src: Float64Array, n: number, dst: Float64Array): number {
  for (let k = 0; k < 3 * n; k++) dst[k] = src[k]!;
  return n;
}
