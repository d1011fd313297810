import { GLASS, type Patches } from './patches';

/**
 * Light on the room's patches by number of reflections, Radiance style: the window's light arrives with
 * 0, 1 or 2 exterior reflections (W[k][i]); each diffuse reflection in the room adds one. Returns the
 * patches' exitance summed over the orders a receiver may still see — light that has been reflected at most
 * `maxReflections` times (Radiance -ab N lets a sensor see light reflected N − 1 times). Infinity gives the
 * converged solution: the orders are summed until the last is under 1e-4 of the brightest, and the rest of
 * the series is added as a geometric tail (past a few orders each is the one before times the room's
 * dominant ratio, which the last two give). Summing to 1e-9 instead took 30–90 orders and up to five times
 * the form factors' time; with the tail no room mean of the ten reference scenes moves at its third decimal.
 *
 * The glass reflects specularly in Radiance, which costs no ambient bounce; here it is a diffuse reflector
 * of the pane's hemispherical reflectance whose reflection keeps the order of the light it reflects.
 */
export function solveRadiosity(
  p: Patches,
  F: Float32Array,
  W: Float64Array[],
  maxReflections: number,
): Float64Array {
  const N = p.count;
  const isGlass = new Uint8Array(N);
  for (let i = 0; i < N; i++) isGlass[i] = p.kind[i] === GLASS ? 1 : 0;
  const total = new Float64Array(N);
  let prev = new Float64Array(N);
  // Order 0: sky light mirrored by a pane (from another window).
  for (let i = 0; i < N; i++) if (isGlass[i]) prev[i] = p.rho[i]! * (W[0]?.[i] ?? 0);
  for (let i = 0; i < N; i++) total[i] = prev[i]!;
  const converge = !Number.isFinite(maxReflections);
  const limit = converge ? 10000 : maxReflections;
  let peak = 0;
  let lastMax = 0;
  for (let m = 1; m <= limit; m++) {
    const cur = new Float64Array(N);
    const wIn = W[m - 1];
    for (let i = 0; i < N; i++) {
      if (isGlass[i]) continue;
      let e = wIn?.[i] ?? 0;
      const row = i * N;
      for (let j = 0; j < N; j++) e += F[row + j]! * prev[j]!;
      cur[i] = p.rho[i]! * e;
    }
    const wSame = W[m];
    for (let i = 0; i < N; i++) {
      if (!isGlass[i]) continue;
      let e = wSame?.[i] ?? 0;
      const row = i * N;
      for (let j = 0; j < N; j++) if (!isGlass[j]) e += F[row + j]! * cur[j]!;
      cur[i] = p.rho[i]! * e;
    }
    let mx = 0;
    for (let i = 0; i < N; i++) {
      total[i] = total[i]! + cur[i]!;
      mx = Math.max(mx, cur[i]!);
    }
    peak = Math.max(peak, mx);
    prev = cur;
    if (converge && m >= 3 && mx <= 1e-4 * peak) {
      const ratio = lastMax > 0 ? Math.min(0.99, mx / lastMax) : 0;
      const tail = ratio / (1 - ratio);
      for (let i = 0; i < N; i++) total[i] = total[i]! + cur[i]! * tail;
      break;
    }
    lastMax = mx;
  }
  return total;
}
