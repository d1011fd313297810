/**
 * Validated ranges of api.md §Ranges, keyed by field name. Out of range is a 400, never a silent clip.
 * The same table feeds the error messages and the OpenAPI document.
 */
export interface Range {
  min: number;
  max: number;
  /** true when the minimum itself is not allowed (height_roof_over_floor must be > 0). */
  exclusiveMin?: boolean;
}

export const RANGES = {
  height_roof_over_floor: { min: 0, max: 30, exclusiveMin: true },
  floor_height_above_terrain: { min: 0, max: 10 },
  window_frame_ratio: { min: 0, max: 1 },
  glass_transmittance: { min: 0.4, max: 0.9 },
  ceiling_reflectance: { min: 0.5, max: 0.9 },
  horizontal_reflectance: { min: 0.05, max: 0.6 },
  vertical_reflectance: { min: 0.3, max: 0.9 },
  facade_reflectance: { min: 0.1, max: 0.6 },
  terrain_reflectance: { min: 0.05, max: 0.4 },
  direction_angle: { min: 0, max: 360 },
  horizon: { min: 0, max: 90 },
  zenith: { min: 0, max: 90 },
  // Encoder compatibility (/encode, /encode_raw): materials the original encoded that the seed does not
  // name. Accepted so that the original's requests encode identically; the engine ignores them.
  window_frame_reflectance: { min: 0, max: 1 },
  balcony_reflectance: { min: 0, max: 1 },
  context_reflectance: { min: 0.1, max: 0.6 },
  window_orientation: { min: 0, max: 2 * Math.PI },
  // Given window heights override the ones derived from z (encoder.md); the original checks them against
  // its encoder table, and so does Lux.
  window_sill_height: { min: 0, max: 5 },
  window_height: { min: 0.2, max: 5 },
  /** /simulate's engine seed: an unsigned 32-bit integer. */
  seed: { min: 0, max: 2 ** 32 - 1 },
  /**
   * /simulate's bounce limit, Radiance's -ab (absent: converged). Past ~30 even the brightest room has
   * converged; the bound only keeps an absurd number from costing an absurd loop.
   */
  ambient_bounces: { min: 1, max: 1000 },
  /** Climate-based runs (da_*): the occupied hours of each day, local standard time, and DA's threshold. */
  occupied_from: { min: 0, max: 23 },
  occupied_to: { min: 1, max: 24 },
  da_lux: { min: 50, max: 5000 },
  /** True north, degrees clockwise from the plan's +y (the app's and an IFC file's plan): the sun turns with it. */
  plan_north: { min: 0, max: 360 },
  room_polygon: { min: -1e7, max: 1e7 },
  x1: { min: -1e7, max: 1e7 },
  y1: { min: -1e7, max: 1e7 },
  z1: { min: -1e7, max: 1e7 },
  x2: { min: -1e7, max: 1e7 },
  y2: { min: -1e7, max: 1e7 },
  z2: { min: -1e7, max: 1e7 },
  x: { min: -1e7, max: 1e7 },
  y: { min: -1e7, max: 1e7 },
  z: { min: -1e7, max: 1e7 },
} as const satisfies Record<string, Range>;

export type RangedField = keyof typeof RANGES;

/**
 * Coordinates (m) must lie within ±10 000 km: projected national grids and UTM fit, while values near
 * the float64 limit (1e308) would overflow to Infinity in the geometry.
 */
export const MAX_COORDINATE = 1e7;
/** The largest room, across its bounding box (m): its 0.1 m grid then has at most 4·10⁶ cells. */
export const MAX_ROOM_EXTENT = 200;

/** The five optional reflectances, in the order of api.md's table. */
export const REFLECTANCE_FIELDS = [
  'ceiling_reflectance',
  'horizontal_reflectance',
  'vertical_reflectance',
  'facade_reflectance',
  'terrain_reflectance',
] as const;

/** Number of obstruction directions (conventions.md). */
export const DIRECTION_COUNT = 64;
