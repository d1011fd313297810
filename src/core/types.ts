import type { WindowCorners, WindowGeometry } from './geometry/window';
import type { Vec2 } from './geometry/vec';

/**
 * Validated request shapes of api.md, after parsing. Field names follow the wire format so that a request
 * can be read beside api.md. Angles are degrees. Windows are kept as an ordered list: a JS object would
 * reorder integer-like ids ("1", "2") ahead of the others, and request order is part of the contract.
 */
export interface WindowSpec extends WindowCorners {
  id: string;
  /** Opaque share of the opening, 0–1. Required by /run, /encode; optional elsewhere. */
  window_frame_ratio?: number;
  /** Normal-incidence light transmittance of the glass, 0.40–0.90 (default 0.70): /run and /simulate. */
  glass_transmittance?: number;
  /** Outward normal in degrees; derived from the geometry when absent (required by /encode_raw). */
  direction_angle?: number;
  /** 64 values each, degrees. */
  horizon?: number[];
  zenith?: number[];
  /** Compatibility overrides of the original encoder (metres); derived from z and the floor when absent. */
  window_sill_height?: number;
  window_height?: number;
}

export interface Reflectances {
  ceiling_reflectance: number;
  horizontal_reflectance: number;
  vertical_reflectance: number;
  facade_reflectance: number;
  terrain_reflectance: number;
}

export const DEFAULT_REFLECTANCES: Readonly<Reflectances> = {
  ceiling_reflectance: 0.8,
  horizontal_reflectance: 0.3,
  vertical_reflectance: 0.7,
  facade_reflectance: 0.3,
  terrain_reflectance: 0.2,
};

export interface RoomParameters extends Partial<Reflectances> {
  height_roof_over_floor: number;
  floor_height_above_terrain: number;
  /** Closing point already dropped; simple polygon, ≥ 3 points. */
  room_polygon: Vec2[];
  /** ≥ 1 window, request order (a room lit by skylights alone may have none: the engine's answer only). */
  windows: WindowSpec[];
  /** Openings in the roof above the room (Lux's extension of the interface): the engine lights through them. */
  skylights?: SkylightSpec[];
  /**
   * A sloped ceiling (Lux's extension): planes z = a·x + b·y + c (absolute z, m), each [a, b, c]; the
   * ceiling over a point is the lowest of them and of the flat top (floor + height_roof_over_floor). A
   * pitched roof's two slopes, a lean-to's one. The engine only.
   */
  ceiling_planes?: [number, number, number][];
}

/**
 * A roof window or skylight: a convex opening in the roof slab over the room, given by its corners in plan
 * (inside the room's polygon). Its glass lies in the roof's top face, 0.3 m above the ceiling (physics.md's
 * roof slab), with the slab's depth as a well lined like the walls; under a sloped ceiling, in the plane that
 * holds it (a roof window: tilted with the roof).
 */
export interface SkylightSpec {
  id: string;
  polygon: Vec2[];
  /** Opaque share of the opening, 0–1 (default 0). */
  window_frame_ratio?: number;
  /** Normal-incidence light transmittance of the glass, 0.40–0.90 (default 0.70). */
  glass_transmittance?: number;
}

export type ModelType = 'df_default' | 'df_custom' | 'da_default' | 'da_custom';
export type EncodingScheme = 'v1' | 'v2';

/** A triangle soup: 9 floats per triangle (three [x, y, z] vertices). */
export interface TriangleSoup {
  positions: Float32Array;
  /**
   * Set on a mesh that arrived in single precision (an NPY upload, a stored mesh) and was moved about a room
   * far from the origin (validation/aboutRoom.ts): the step (m) its points were rounded to where it was sent.
   */
  singleStep?: number;
  /**
   * Set on a stored context's copy moved about a far room (validation/mesh.ts movedSoup), which a thread
   * keeps for the next rooms: worth the obstruction tree a scan would spare a single request (fans.ts).
   */
  reused?: boolean;
}

/**
 * Tree crowns that let part of the light through (Lux's extension, the request's `crowns`): each tree's
 * triangles (the cards or solid an export draws its crown as) and the share of what lies behind a crown
 * that is seen through it, as daylight guides tabulate it by species and season (docs/engine.md, "Tree
 * crowns"). Apart from the mesh: a crown is not a wall.
 */
export interface Crowns {
  /** 9 floats per triangle, each tree's triangles in turn. */
  positions: Float32Array;
  /** Per triangle, its tree's number (1, 2, …): a ray passes through a tree's crown once, not per card. */
  tree: Uint16Array;
  /** Share of the light from behind a crown that passes it, 0–1. */
  transmittance: number;
}

export function triangleCount(mesh: TriangleSoup): number {
  return mesh.positions.length / 9;
}

/**
 * A room whose windows have been checked against it, with their derived geometry (same order): what the
 * engine and the model take. Validation (validation/requests.ts) makes one from a request; the engine and
 * the model import it from here, not from the validation of the wire.
 */
export interface ResolvedRoom {
  parameters: RoomParameters;
  geometry: WindowGeometry[];
}
