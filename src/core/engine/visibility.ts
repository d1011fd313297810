import type { RoomModel } from './model';

/**
 * Plan visibility in a non-convex room. Walls are full height, so two room points see each other exactly
 * when the plan segment between them stays inside the polygon; in a convex room that always holds and the
 * engine skips the test (planVisibility returns null).
 *
 * A segment whose first point is strictly inside the room is blocked exactly when it properly crosses an
 * edge (a point on a wall is first moved a hair into the room along its normal). Occlusion only happens
 * around reflex corners, so a caller can ask whether a segment passes near one before testing a patch's
 * corners one by one.
 */
export class PlanVisibility {
  private readonly ax: Float64Array;
  private readonly ay: Float64Array;
  private readonly bx: Float64Array;
  private readonly by: Float64Array;
  /** Reflex vertices (x, y pairs). */
  readonly reflex: Float64Array;

  constructor(model: RoomModel) {
    const poly = model.polygon;
    const n = poly.length;
    this.ax = new Float64Array(n);
    this.ay = new Float64Array(n);
    this.bx = new Float64Array(n);
    this.by = new Float64Array(n);
    let area = 0;
    for (let i = 0; i < n; i++) {
      const a = poly[i]!,
        b = poly[(i + 1) % n]!;
      this.ax[i] = a[0];
      this.ay[i] = a[1];
      this.bx[i] = b[0];
      this.by[i] = b[1];
      area += a[0] * b[1] - b[0] * a[1];
    }
    const reflex: number[] = [];
    for (let i = 0; i < n; i++) {
      const a = poly[(i + n - 1) % n]!,
        b = poly[i]!,
        c = poly[(i + 1) % n]!;
      const cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
      if (cross * Math.sign(area) < -1e-12) reflex.push(b[0], b[1]);
    }
    this.reflex = Float64Array.from(reflex);
  }

  /** Whether the segment from (x0, y0), strictly inside, to (x1, y1) stays in the room. */
  visible(x0: number, y0: number, x1: number, y1: number): boolean {
    const eps = 1e-9;
    const minX = Math.min(x0, x1),
      maxX = Math.max(x0, x1),
      minY = Math.min(y0, y1),
      maxY = Math.max(y0, y1);
    const { ax, ay, bx, by } = this;
    for (let i = 0; i < ax.length; i++) {
      const px = ax[i]!,
        py = ay[i]!,
        qx = bx[i]!,
        qy = by[i]!;
      if (
        Math.max(px, qx) < minX ||
        Math.min(px, qx) > maxX ||
        Math.max(py, qy) < minY ||
        Math.min(py, qy) > maxY
      )
        continue;
      const o1 = (qx - px) * (y0 - py) - (qy - py) * (x0 - px);
      const o2 = (qx - px) * (y1 - py) - (qy - py) * (x1 - px);
      if (!((o1 > eps && o2 < -eps) || (o1 < -eps && o2 > eps))) continue;
      const o3 = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0);
      const o4 = (x1 - x0) * (qy - y0) - (y1 - y0) * (qx - x0);
      if ((o3 > eps && o4 < -eps) || (o3 < -eps && o4 > eps)) return false;
    }
    return true;
  }

  /** Whether a reflex corner lies within `r` of the segment (a patch there may be partly hidden). */
  nearReflex(x0: number, y0: number, x1: number, y1: number, r: number): boolean {
    const rf = this.reflex;
    const dx = x1 - x0,
      dy = y1 - y0;
    const l2 = dx * dx + dy * dy;
    for (let k = 0; k < rf.length; k += 2) {
      const t = l2 > 0 ? Math.max(0, Math.min(1, ((rf[k]! - x0) * dx + (rf[k + 1]! - y0) * dy) / l2)) : 0;
      const ex = x0 + t * dx - rf[k]!,
        ey = y0 + t * dy - rf[k + 1]!;
      if (ex * ex + ey * ey < r * r) return true;
    }
    return false;
  }
}

export function planVisibility(model: RoomModel): PlanVisibility | null {
  return model.convex ? null : new PlanVisibility(model);
}

/** A hair, in metres: how far a point on a wall is moved into the room before a plan test. */
export const INSET = 1e-6;
