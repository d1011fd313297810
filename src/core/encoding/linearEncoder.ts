/**
 * Scalar → pixel encoding of every channel (encoder.md §2.2): clamp to the input range, map it linearly
 * onto an output range inside [0, 1], scale by 255 and truncate. Ranges may run backwards (window height,
 * frame ratio), and `b − a` / `oM − om` are computed as doubles exactly like the original, because
 * truncation turns float noise into whole pixel steps (frame ratio 0.8 → 50, not 51).
 */
import { trunc } from './pythonRound';

export interface LinearMap {
  /** Input value mapped to `om`. */
  readonly a: number;
  /** Input value mapped to `oM`. */
  readonly b: number;
  readonly om: number;
  readonly oM: number;
}

const UNIT: LinearMap = { a: 0, b: 1, om: 0, oM: 1 };

/**
 * The encoder table, keyed by Lux's parameter names. The original names differ in two places on purpose
 * (api.md): `vertical_reflectance` is its `wall_reflectance`, `horizontal_reflectance` its
 * `floor_reflectance`.
 */
export const LINEAR_MAPS = {
  floor_height_above_terrain: { a: 0, b: 10, om: 0.1, oM: 1.0 },
  height_roof_over_floor: { a: 0, b: 30, om: 0, oM: 1 },
  window_sill_height: { a: 0, b: 5, om: 0, oM: 1 },
  window_height: { a: 0.2, b: 5, om: 0.99, oM: 0.01 },
  window_frame_ratio: { a: 1.0, b: 0.0, om: 0, oM: 1 },
  facade_reflectance: UNIT,
  terrain_reflectance: UNIT,
  horizontal_reflectance: UNIT,
  vertical_reflectance: UNIT,
  window_frame_reflectance: UNIT,
  balcony_reflectance: UNIT,
  ceiling_reflectance: { a: 0.5, b: 1, om: 0, oM: 1 },
  context_reflectance: { a: 0.1, b: 0.6, om: 0, oM: 1 },
  /** Radians; 2π written as the original's `2 * math.pi`. */
  window_orientation: { a: 0, b: 2 * Math.PI, om: 0, oM: 1 },
  horizon: { a: 0, b: 90, om: 0, oM: 1 },
  zenith: { a: 0, b: 70, om: 0.2, oM: 0.8 },
} as const satisfies Record<string, LinearMap>;

export type EncodedParameter = keyof typeof LINEAR_MAPS;

const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(v, lo), hi);

export function encodeLinear(m: LinearMap, v: number): number {
  const c = clamp(v, Math.min(m.a, m.b), Math.max(m.a, m.b));
  const range = m.b - m.a;
  const n = range === 0 ? 0 : (c - m.a) / range;
  const o = m.om + n * (m.oM - m.om);
  return trunc(clamp(o * 255, 0, 255));
}

export function encodeParameter(name: EncodedParameter, v: number): number {
  return encodeLinear(LINEAR_MAPS[name], v);
}
