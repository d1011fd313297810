/**
 * A sky split into channels (sky patches) of unit luminance: the input of the daylight coefficients
 * (engine/dc). Where the daylight factor asks its `Sky` for a luminance, the coefficients ask which channel
 * a direction falls in; where it asks for the unobstructed illuminance on a plane, they ask it per channel.
 * Every quantity the engine computes is linear in the sky, so the answer under any sky that is constant
 * over each channel is the coefficients times that sky's channel luminances.
 */
export interface SkyBasis {
  /** Channels (a daylight coefficient per channel and sensor). */
  readonly count: number;
  /** The channel an upward unit direction (world frame: x east, y north, z up) falls in. */
  channelOf(dx: number, dy: number, dz: number): number;
  /**
   * Each channel's illuminance on a plane of unit normal (nx, ny, nz) at unit luminance, from the whole
   * unobstructed sky above the horizon, written to `out` (length `count`).
   */
  onPlane(nx: number, ny: number, nz: number, out: Float64Array): void;
  /**
   * A direction in channel `channel` (≥ 1) at (u, v) ∈ [0, 1)² of it, uniform in solid angle: where a
   * shadow ray towards that channel goes. Written to `out` as x, y, z.
   */
  direction(channel: number, u: number, v: number, out: Float64Array): void;
}
