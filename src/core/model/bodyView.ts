import type { RoomModel } from '../engine/model';
import { ROOF_ABOVE_CEILING } from '../engine/model';
import { offsetPolygon } from '../engine/polygon2d';
import type { Vec2 } from '../geometry/vec';

/**
 * The building's own body as seen from a window (issue 35 §3): the room's outline offset by the walls, up
 * to the roof 0.3 m over the ceiling (the engine's body.ts). Only a room that is not convex can see it —
 * its other wing, raised in front of a window, hides the sky below the line over its roof. A convex room's
 * body is behind every window: `bodyView` gives null.
 */
export interface BodyView {
  ring: readonly Vec2[];
  /** The roof's height over (x, y), following a sloped ceiling's planes. */
  roofAt(x: number, y: number): number;
}

export function bodyView(model: RoomModel): BodyView | null {
  if (model.convex) return null;
  return {
    ring: offsetPolygon(model.polygon, model.edgeNormals, model.thickness),
    roofAt: (x, y) =>
      model.ceilingPlanes.reduce((m, [a, b, c]) => Math.min(m, a * x + b * y + c), model.ceiling) +
      ROOF_ABOVE_CEILING,
  };
}

/**
 * The slope (rise over run) of the steepest line from (x, y, z), inside the body, in the unit plan direction
 * (dx, dy) over the body's roof where the line of sight, having left the body, meets it again; −Infinity
 * where it does not. The roof is sampled along the wing (a sloped roof's ridge may lie inside it), up to
 * 50 m into it.
 */
export function bodyRise(body: BodyView, x: number, y: number, z: number, dx: number, dy: number): number {
  const [tin, tout] = bodySpan(body.ring, x, y, dx, dy);
  if (tin === Infinity) return -Infinity;
  const end = Math.min(tout, tin + 50);
  let steepest = -Infinity;
  for (let q = 0; q <= 4; q++) {
    const t = tin + ((end - tin) * q) / 4;
    steepest = Math.max(steepest, (body.roofAt(x + dx * t, y + dy * t) - z) / t);
  }
  return steepest;
}

/**
 * Where the line of sight from (x, y) in the unit plan direction (dx, dy) is inside the body's ring again
 * after leaving it: the distances of its second and third crossings of the ring's edges ([Infinity,
 * Infinity]: it does not come back; the third Infinity: it stays inside past the last edge).
 */
function bodySpan(ring: readonly Vec2[], x: number, y: number, dx: number, dy: number): [number, number] {
  const ts: number[] = [];
  for (let i = 0; i < ring.length; i++) {
    const [ax, ay] = ring[i]!,
      [bx, by] = ring[(i + 1) % ring.length]!;
    const ex = bx - ax,
      ey = by - ay;
    const den = dx * ey - dy * ex;
    if (Math.abs(den) < 1e-12) continue;
    const t = ((ax - x) * ey - (ay - y) * ex) / den;
    const v = ((ax - x) * dy - (ay - y) * dx) / den;
    if (t > 1e-9 && v >= 0 && v <= 1) ts.push(t);
  }
  ts.sort((a, b) => a - b);
  return [ts[1] ?? Infinity, ts[2] ?? Infinity];
}
