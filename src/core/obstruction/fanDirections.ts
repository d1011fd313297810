import { normalizeDegrees, type Degrees } from '../units';

/** Number of azimuths sampled in front of a facade (conventions.md §The 64 obstruction directions). */
export const FAN_SIZE = 64;
/** The fan spans ±72.5° around the outward normal; the normal itself is never sampled. */
export const FAN_HALF_SPAN_DEG = 72.5;
const FAN_STEP_NUMERATOR = 2 * FAN_HALF_SPAN_DEG; // 145°, divided by 63 below

/**
 * The 64 azimuths for a facade whose outward normal is `direction`: `d − 72.5° + i·145°/63`, normalised
 * to [0, 360). Index 0 is the right-hand end looking out (clockwise from the normal), index 63 the left.
 * `i·145/63` is formed before the addition so the two ends are exactly d ∓ 72.5 before normalisation.
 */
export function fanDirections(direction: Degrees): Degrees[] {
  const start = direction - FAN_HALF_SPAN_DEG;
  const out: Degrees[] = new Array<Degrees>(FAN_SIZE);
  for (let i = 0; i < FAN_SIZE; i++) {
    out[i] = normalizeDegrees(start + (i * FAN_STEP_NUMERATOR) / (FAN_SIZE - 1));
  }
  return out;
}
