/**
 * Drawing aids of the plan editor (app.md): points snap to a 0.05 m grid, and a segment from the previous
 * point snaps to the nearest multiple of 45° when it is within a few degrees of it (its length still on the
 * grid step). Pure functions: the plan view passes the cursor in metres and draws what comes back.
 */
export const GRID = 0.05;
const ANGLE_TOLERANCE = 6; // degrees

export type Pt = [number, number];

export const snapToGrid = (v: number, step = GRID): number => Math.round(v / step) * step;

const tidy = (v: number): number => Math.round(v * 1e6) / 1e6;

export function snapPoint(cursor: Pt, previous: Pt | null, step = GRID): Pt {
  if (previous) {
    const dx = cursor[0] - previous[0],
      dy = cursor[1] - previous[1];
    const len = Math.hypot(dx, dy);
    if (len > 0) {
      const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
      const snapped = Math.round(angle / 45) * 45;
      if (Math.abs(angle - snapped) <= ANGLE_TOLERANCE) {
        const a = (snapped * Math.PI) / 180;
        const l = snapToGrid(len, step);
        return [tidy(previous[0] + l * Math.cos(a)), tidy(previous[1] + l * Math.sin(a))];
      }
    }
  }
  return [tidy(snapToGrid(cursor[0], step)), tidy(snapToGrid(cursor[1], step))];
}

/** Index of the vertex within `radius` of p (the nearest), or -1. */
export function nearVertex(points: readonly Pt[], p: Pt, radius: number): number {
  let best = -1,
    bestD = radius;
  points.forEach((q, i) => {
    const d = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (d <= bestD) {
      best = i;
      bestD = d;
    }
  });
  return best;
}

/** Nearest outline edge to p within `radius`: its index and the distance along it from its start. */
export function nearEdge(
  outline: readonly Pt[],
  p: Pt,
  radius: number,
): { edge: number; along: number; distance: number } | null {
  let best: { edge: number; along: number; distance: number } | null = null;
  for (let i = 0; i < outline.length; i++) {
    const a = outline[i]!,
      b = outline[(i + 1) % outline.length]!;
    const ex = b[0] - a[0],
      ey = b[1] - a[1];
    const L2 = ex * ex + ey * ey;
    if (L2 === 0) continue;
    const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / L2));
    const d = Math.hypot(a[0] + t * ex - p[0], a[1] + t * ey - p[1]);
    if (d <= radius && (!best || d < best.distance))
      best = { edge: i, along: t * Math.sqrt(L2), distance: d };
  }
  return best;
}
