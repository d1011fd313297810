import { containsPoint, nearestBoundaryPoint, signedArea } from '../geometry/polygon';
import { convexHull, convexOverlap } from '../geometry/convex';
import type { Vec2 } from '../geometry/vec';
import type { IfcWindowData } from './source';

/**
 * Roof windows and skylights from IFC (issue 33): a window in a roof or a slab (its opening voids an
 * IfcRoof or IfcSlab), or one lying flat, lights the room below it through the ceiling. It goes into the
 * room whose outline holds its plan centre and whose floor is the highest below it, as the convex outline
 * of its plan footprint (engine: a level opening in the roof, docs/engine.md#skylights).
 */
export interface IfcRoomSkylight {
  /** Its id in the room's request: s1, s2… */
  id: string;
  ifcId: number;
  name: string;
  /** Its plan outline (convex, counter-clockwise, inside the room's). */
  polygon: [number, number][];
  /** Plan area of the opening (m²). */
  area: number;
  window_frame_ratio: number;
  frameFrom: 'glass' | 'default';
  /** A roof window in a slope (its outline more than 0.2 m high): lit as its plan outline. */
  tilted: boolean;
}

/** What placing a skylight needs of a room (building.ts's IfcRoom). */
interface RoomBelow {
  number: string;
  name: string;
  room_polygon: readonly (readonly [number, number])[];
  floor_height_above_terrain: number;
  height_roof_over_floor: number;
  skylights: IfcRoomSkylight[];
}

/** A window less than this above a room's floor is in that floor, not its roof (m). */
const IN_FLOOR = 1.0;
/** How far above a room's ceiling a skylight may sit and still light it (a roof's build-up, m). */
const ABOVE_CEILING = 1.5;

/** Whether a window is one in a roof: its host says so, or, without a host wall, it lies flat. */
export function isRoofWindow(w: IfcWindowData, hostType: string | undefined): boolean {
  if (hostType === 'IFCROOF' || hostType === 'IFCSLAB') return true;
  if (hostType !== undefined || w.positions.length === 0) return false;
  const { zmin, zmax } = heights(w.positions);
  const hull = planHull(w.positions);
  const span = Math.sqrt(Math.abs(signedArea(hull)));
  return span > 0.2 && zmax - zmin < 0.25 * span;
}

/**
 * Puts a roof window into the room below it; the reason when it cannot. `rooms` are the building's, with
 * z measured from the terrain; the window's positions are in the file's frame (terrainZ its terrain).
 */
export function placeSkylight(
  w: IfcWindowData,
  rooms: readonly RoomBelow[],
  terrainZ: number,
  defaultFrame: number,
): true | string {
  const p = w.positions;
  if (p.length === 0) return 'It has no geometry.';
  const { zmin: z0, zmax: z1 } = heights(p);
  const zmin = z0 - terrainZ,
    zmax = z1 - terrainZ;
  const hull = planHull(p);
  const area = Math.abs(signedArea(hull));
  if (hull.length < 3 || area < 0.01) return 'Its outline in plan is too small to be an opening.';
  const centre: Vec2 = [
    hull.reduce((s, q) => s + q[0], 0) / hull.length,
    hull.reduce((s, q) => s + q[1], 0) / hull.length,
  ];
  const below = rooms
    .filter((r) => r.room_polygon.length >= 3 && containsPoint(r.room_polygon, centre))
    // In a room's roof, not its floor: a space drawn on top of the roof (a roof deck) holds the skylight in
    // its floor, and the room below is lit.
    .filter((r) => r.floor_height_above_terrain + IN_FLOOR < zmin)
    .sort((a, b) => b.floor_height_above_terrain - a.floor_height_above_terrain)[0];
  if (!below) return 'It is in the roof over no room (IfcSpace) of the file.';
  const ceiling = below.floor_height_above_terrain + below.height_roof_over_floor;
  if (zmin > ceiling + ABOVE_CEILING)
    return `It is ${(zmin - ceiling).toFixed(2)} m above the ceiling of ${label(below)}, the room below: light wells are not analysed.`;
  const outside = hull.find(
    (q) =>
      !containsPoint(below.room_polygon, q) && nearestBoundaryPoint(below.room_polygon, q).distance > 0.02,
  );
  if (outside)
    return `It reaches beyond the outline of ${label(below)}, the room below (at [${outside.map((v) => v.toFixed(2)).join(', ')}]).`;
  const own = below.skylights.find((s) => convexOverlap(s.polygon, hull));
  if (own) return `It overlaps ${own.name} over ${label(below)}.`;
  // Glass drawn as a thin solid shows both faces from above: half its plan area is the pane's.
  const glass = planArea(w.glass) / 2;
  const fromGlass = w.glass.length > 0;
  const frame = fromGlass ? Math.min(0.95, Math.max(0, 1 - glass / area)) : defaultFrame;
  below.skylights.push({
    id: '',
    ifcId: w.id,
    name: w.name,
    polygon: hull.map(([x, y]) => [round(x), round(y)]),
    area: round(area),
    window_frame_ratio: round(frame),
    frameFrom: fromGlass ? 'glass' : 'default',
    tilted: zmax - zmin > 0.2,
  });
  return true;
}

const label = (r: RoomBelow): string => r.number || r.name || 'the room';

function heights(p: Float32Array): { zmin: number; zmax: number } {
  let zmin = Infinity,
    zmax = -Infinity;
  for (let i = 2; i < p.length; i += 3) {
    zmin = Math.min(zmin, p[i]!);
    zmax = Math.max(zmax, p[i]!);
  }
  return { zmin, zmax };
}

/** The convex hull of the points' plan positions, counter-clockwise. */
export function planHull(p: Float32Array): Vec2[] {
  const pts: Vec2[] = [];
  for (let i = 0; i < p.length; i += 3) pts.push([p[i]!, p[i + 1]!]);
  return convexHull(pts);
}

/** Plan area of triangles (9 floats each). */
function planArea(p: Float32Array): number {
  let a = 0;
  for (let i = 0; i < p.length; i += 9)
    a +=
      Math.abs(
        (p[i + 3]! - p[i]!) * (p[i + 7]! - p[i + 1]!) - (p[i + 4]! - p[i + 1]!) * (p[i + 6]! - p[i]!),
      ) / 2;
  return a;
}

const round = (v: number): number => Math.round(v * 1e4) / 1e4;
