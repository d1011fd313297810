import { glazingFor, type Glazing } from './glazing';
import { buildSkylights, type SkylightModel } from './skylight';
import { ceilingAt } from '../geometry/ceiling';
import { signedArea } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import {
  DEFAULT_REFLECTANCES,
  type Crowns,
  type ModelType,
  type ResolvedRoom,
  type TriangleSoup,
} from '../types';

/**
 * The physical scene of physics.md derived from a validated request: the room solid, the wall thickness,
 * each window's opening, frame and glass in a local frame, and the surface reflectances. Everything later
 * stages need is computed here once, so that they never re-derive conventions.
 */
export interface EngineRoom extends ResolvedRoom {
  mesh: TriangleSoup | null;
  /** Tree crowns that let part of the light through; none when absent. */
  crowns?: Crowns | null;
  modelType: ModelType;
}

export interface Reflectance {
  floor: number;
  wall: number;
  ceiling: number;
  facade: number;
  terrain: number;
}

/** Fixed by physics.md. */
export const FRAME_REFLECTANCE = 0.5;
export const CONTEXT_REFLECTANCE = 0.3;
export const WORK_PLANE_HEIGHT = 0.8;
/** The building body rises 0.3 m above the ceiling (physics.md: the roof slab; skylights go through it). */
export const ROOF_ABOVE_CEILING = 0.3;

/**
 * A floor this close to z = 0 lies on the terrain plane, which physics.md makes unbounded: the two
 * surfaces coincide there, and the reference (Radiance) sees the terrain — measured against the Radiance
 * scene R07 and an independent path tracer (docs/engine.md, "A floor on the terrain"). The floor then
 * reflects with the terrain's reflectance. Any floor above the terrain keeps its own.
 */
export const FLOOR_ON_TERRAIN = 1e-6;

/** Whether a floor at this height above terrain lies on the terrain (and reflects as the terrain does). */
export const floorOnTerrainAt = (floor: number): boolean => floor <= FLOOR_ON_TERRAIN;

/**
 * A window in its local frame: a point X is o + s·u + d·n at height z, with u along the host edge, n the
 * outward normal. The inner wall face is d = 0, the glass and frame d = T/2, the outer face d = T.
 */
export interface WindowModel {
  id: string;
  /** Position in RoomModel.windows. */
  index: number;
  edge: number;
  ox: number;
  oy: number;
  ux: number;
  uy: number;
  nx: number;
  ny: number;
  /** Opening along the edge (s) and in height (absolute z), clipped to the wall. */
  s0: number;
  s1: number;
  z0: number;
  z1: number;
  /** Frame width b: (w − 2b)(h − 2b) = (1 − ratio)·w·h. */
  frame: number;
  /** The pane (its transmittance by incidence, its reflectance): the window's glass_transmittance. */
  glazing: Glazing;
  /** Outward normal, degrees (conventions.md). */
  direction: number;
  /** Obstruction arrays used when the request has no mesh (64 each, conventions.md order). */
  horizon: number[] | null;
  zenith: number[] | null;
}

export interface RoomModel {
  polygon: Vec2[];
  /** Outward unit normal of each edge polygon[i] → polygon[i+1]. */
  edgeNormals: Vec2[];
  convex: boolean;
  floor: number;
  /** The ceiling's top (floor + height): all of it when it is flat. */
  ceiling: number;
  /**
   * A sloped ceiling: planes z = a·x + b·y + c, the ceiling over a point the lowest of them and the top
   * (ceilingAt); empty for a flat ceiling.
   */
  ceilingPlanes: [number, number, number][];
  /** Wall thickness T of the scene (largest window extent across its wall). */
  thickness: number;
  reflectance: Reflectance;
  windows: WindowModel[];
  /** Openings in the roof, numbered after the windows (skylight.ts). */
  skylights: SkylightModel[];
  workPlane: number;
  mesh: TriangleSoup | null;
  crowns: Crowns | null;
}

/** Frame width b solving (w − 2b)(h − 2b) = (1 − r)·w·h, the smaller root. */
export function frameWidth(w: number, h: number, ratio: number): number {
  const r = Math.min(1, Math.max(0, ratio));
  const disc = Math.max(0, (w + h) * (w + h) - 4 * r * w * h);
  return (w + h - Math.sqrt(disc)) / 4;
}

function isConvex(poly: readonly Vec2[]): boolean {
  const n = poly.length;
  let sign = 0;
  for (let i = 0; i < n; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % n]!;
    const c = poly[(i + 2) % n]!;
    const cr = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (Math.abs(cr) < 1e-12) continue;
    const s = Math.sign(cr);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

function reflectancesOf(room: EngineRoom): Reflectance {
  const p =
    room.modelType === 'df_custom'
      ? { ...DEFAULT_REFLECTANCES, ...definedOnly(room.parameters) }
      : DEFAULT_REFLECTANCES;
  return {
    floor: p.horizontal_reflectance,
    wall: p.vertical_reflectance,
    ceiling: p.ceiling_reflectance,
    facade: p.facade_reflectance,
    terrain: p.terrain_reflectance,
  };
}

function floorOnTerrain(r: Reflectance, floor: number): Reflectance {
  return floorOnTerrainAt(floor) ? { ...r, floor: r.terrain } : r;
}

function definedOnly(p: EngineRoom['parameters']): Partial<typeof DEFAULT_REFLECTANCES> {
  const out: Partial<Record<keyof typeof DEFAULT_REFLECTANCES, number>> = {};
  for (const k of Object.keys(DEFAULT_REFLECTANCES) as (keyof typeof DEFAULT_REFLECTANCES)[]) {
    const v = p[k];
    if (typeof v === 'number') out[k] = v;
  }
  return out;
}

/** Each edge's outward unit normal (edge i from point i to i + 1), for either winding. */
export function outwardNormals(polygon: readonly Vec2[]): Vec2[] {
  const ccw = signedArea(polygon) > 0;
  return polygon.map((a, i): Vec2 => {
    const b = polygon[(i + 1) % polygon.length]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const ex = (b[0] - a[0]) / len;
    const ey = (b[1] - a[1]) / len;
    // The outside of a counter-clockwise polygon is on the right of each edge.
    return ccw ? [ey, -ex] : [-ey, ex];
  });
}

export function buildRoomModel(room: EngineRoom): RoomModel {
  const polygon = room.parameters.room_polygon.map((p): Vec2 => [p[0], p[1]]);
  const n = polygon.length;
  const edgeNormals = outwardNormals(polygon);
  const floor = room.parameters.floor_height_above_terrain;
  const ceiling = floor + room.parameters.height_roof_over_floor;
  const thickness = Math.max(0, ...room.geometry.map((g) => g.wallThickness));
  const planes = (room.parameters.ceiling_planes ?? []).map(([a, b, c]): [number, number, number] => [
    a,
    b,
    c,
  ]);
  const all = room.parameters.windows.map((w, index): WindowModel => {
    const g = room.geometry[index]!;
    const a = polygon[g.hostEdge]!;
    const b = polygon[(g.hostEdge + 1) % n]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    const [nx, ny] = edgeNormals[g.hostEdge]!;
    const sA = (w.x1 - a[0]) * ux + (w.y1 - a[1]) * uy;
    const sB = (w.x2 - a[0]) * ux + (w.y2 - a[1]) * uy;
    const s0 = Math.max(0, Math.min(sA, sB));
    const s1 = Math.min(len, Math.max(sA, sB));
    const z0 = Math.max(floor, g.bottom);
    // Under a sloped ceiling, no higher than the ceiling at either end of the opening.
    const at = (sv: number): number =>
      ceilingAt(
        planes,
        ceiling,
        a[0] + Math.min(len, Math.max(0, sv)) * ux,
        a[1] + Math.min(len, Math.max(0, sv)) * uy,
      );
    const z1 = Math.min(ceiling, g.top, at(sA), at(sB));
    return {
      id: w.id,
      index,
      edge: g.hostEdge,
      ox: a[0],
      oy: a[1],
      ux,
      uy,
      nx,
      ny,
      s0,
      s1,
      z0,
      z1,
      frame: frameWidth(Math.max(0, s1 - s0), Math.max(0, z1 - z0), w.window_frame_ratio ?? 0),
      glazing: glazingFor(w.glass_transmittance),
      direction: g.directionAngle,
      horizon: w.horizon ?? null,
      zenith: w.zenith ?? null,
    };
  });
  // Openings that vanish once clipped to their wall admit no light; indices are positions in this list.
  const windows = all
    .filter((w) => w.s1 - w.s0 > 1e-6 && w.z1 - w.z0 > 1e-6)
    .map((w, index) => ({ ...w, index }));
  return {
    polygon,
    edgeNormals,
    convex: isConvex(polygon),
    floor,
    ceiling,
    ceilingPlanes: planes,
    thickness,
    reflectance: floorOnTerrain(reflectancesOf(room), floor),
    windows,
    skylights: buildSkylights(
      room.parameters.skylights ?? [],
      ceiling,
      planes,
      ROOF_ABOVE_CEILING,
      windows.length,
    ),
    workPlane: floor + WORK_PLANE_HEIGHT,
    mesh: room.mesh,
    crowns: room.crowns ?? null,
  };
}
