import { validationError } from '../errors';
import { ceilingAt } from '../geometry/ceiling';
import { containsPoint } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import type { SkylightSpec, WindowSpec } from '../types';
import { HEIGHT_TOLERANCE } from './room';

/** The steepest ceiling plane taken (|a| and |b| of z = a·x + b·y + c): 76°. */
const MAX_SLOPE = 4;
/**
 * The least headroom a sloped ceiling may leave over the floor at a corner (m): a knee wall. Where it is
 * lower than the work plane the engine analyses no cell (workplane.ts, underCeiling); somewhere over the
 * room it must clear the work plane by 0.1 m.
 */
export const MIN_KNEE_WALL = 0.1;
const MIN_HEADROOM = 0.9;

/**
 * A sloped ceiling checked against its room: planes no steeper than 76°, a knee wall of at least 0.1 m at
 * every corner of the outline (the ceiling is the lowest of planes, so its lowest point over the room is at a
 * corner), at least 0.9 m somewhere, every window's head under the ceiling where it stands (0.15 m
 * tolerance, as against a flat one), and every skylight (a roof window) in one surface: the plane or the
 * flat top that is lowest over all of its corners, not across a ridge or a bend.
 */
export function checkCeilingPlanes(
  planes: readonly [number, number, number][],
  room: readonly Vec2[],
  floor: number,
  top: number,
  windows: readonly WindowSpec[],
  skylights: readonly SkylightSpec[],
): void {
  planes.forEach(([a, b], i) => {
    if (Math.abs(a) > MAX_SLOPE || Math.abs(b) > MAX_SLOPE)
      throw validationError(
        `Parameter 'ceiling_planes[${i}]' is steeper than 76° (|a| and |b| at most ${MAX_SLOPE})`,
      );
  });
  let highest = -Infinity;
  for (const [x, y] of room) {
    const z = ceilingAt(planes, top, x, y);
    highest = Math.max(highest, z);
    if (z < floor + MIN_KNEE_WALL - 1e-9)
      throw validationError(
        `Parameter 'ceiling_planes' puts the ceiling ${(z - floor).toFixed(2)} m above the floor at the corner [${x}, ${y}]; at least ${MIN_KNEE_WALL} m is needed (a knee wall): end the room where the roof meets the floor`,
      );
  }
  // The ceiling is highest at a corner or along the top (it is the lowest of planes and the top).
  if (Math.min(top, Math.max(highest, ...ceilingSamples(planes, top, room))) < floor + MIN_HEADROOM)
    throw validationError(
      `Parameter 'ceiling_planes' leaves less than ${MIN_HEADROOM} m over the whole floor: no work plane (0.8 m) fits under it`,
    );
  for (const w of windows) {
    const head = Math.max(w.z1, w.z2);
    const under = Math.min(ceilingAt(planes, top, w.x1, w.y1), ceilingAt(planes, top, w.x2, w.y2));
    if (head > under + HEIGHT_TOLERANCE + 1e-9)
      throw validationError(
        `Parameter 'windows.${w.id}' ends at z ${head}, more than ${HEIGHT_TOLERANCE} m above the sloped ceiling where it stands (z ${+under.toFixed(3)})`,
      );
  }
  for (const s of skylights)
    if (!inOneSurface(planes, top, s.polygon))
      throw validationError(
        `Parameter 'skylights.${s.id}' crosses a ridge or bend of the sloped ceiling: a roof window lies in one of its planes (or in the flat part)`,
      );
}

/**
 * Whether a convex opening lies in one surface of the ceiling (a plane, or the flat top): one that is the
 * ceiling at every corner holds it all, the ceiling being the lowest of them.
 */
export function inOneSurface(
  planes: readonly (readonly [number, number, number])[],
  top: number,
  polygon: readonly Vec2[],
): boolean {
  const surfaces: (readonly [number, number, number])[] = [[0, 0, top], ...planes];
  return surfaces.some(([a, b, c]) =>
    polygon.every(([x, y]) => a * x + b * y + c <= ceilingAt(planes, top, x, y) + 1e-6),
  );
}

/**
 * The ceiling's height over points of the room (a 21 × 21 grid over its bounding box, those inside):
 * where a gable's ceiling is highest, along its ridge, no corner need be.
 */
function ceilingSamples(
  planes: readonly (readonly [number, number, number])[],
  top: number,
  room: readonly Vec2[],
): number[] {
  const xs = room.map((p) => p[0]),
    ys = room.map((p) => p[1]);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2,
    cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  // Sampled over the bounding box on a 21 × 21 grid: enough to know whether 0.9 m is reached anywhere.
  const out: number[] = [];
  const w = Math.max(...xs) - Math.min(...xs),
    h = Math.max(...ys) - Math.min(...ys);
  for (let i = 0; i <= 20; i++)
    for (let j = 0; j <= 20; j++) {
      const x = cx + (i / 20 - 0.5) * w,
        y = cy + (j / 20 - 0.5) * h;
      if (containsPoint(room, [x, y])) out.push(ceilingAt(planes, top, x, y));
    }
  return out;
}
