import type { SkyBasis } from '../engine/skyBasis';
import { flatSamples, patchBounds, type SkyPatches } from './patches';

/** Samples per patch side for the per-patch plane illuminance (n² equal-area samples, ~2° apart at MF 1). */
const SIDE = 6;

/**
 * Reinhart sky patches as the engine's channels: channel k is patch k (the ground, channel 0, gets no
 * light from the sky: the engine's terrain reflects the sky patches themselves). A patch's illuminance on
 * a plane is ∫ max(0, n·d) dω over the patch, on n² equal-area samples; memoised per normal, since
 * exterior surfaces share a few orientations.
 */
export function patchBasis(patches: SkyPatches): SkyBasis {
  const P = patches.count;
  // Every patch's samples, flattened: direction and the sample's solid angle.
  const { dirs: D, owner: O, dOmega: W } = flatSamples(patches, SIDE);
  const memo = new Map<string, Float64Array>();
  // Each patch's sin-altitude range and bearing range, for directions uniform in solid angle.
  const z0 = new Float64Array(P),
    z1 = new Float64Array(P),
    phi0 = new Float64Array(P),
    width = new Float64Array(P);
  for (let p = 1; p < P; p++) {
    const b = patchBounds(patches, p);
    z0[p] = Math.sin(b.altMin);
    z1[p] = Math.sin(b.altMax);
    width[p] = b.width;
    phi0[p] = b.bearing - (b.width === 2 * Math.PI ? 0 : b.width / 2);
  }
  return {
    count: P,
    channelOf: (dx, dy, dz) => patches.patchOf(dx, dy, dz),
    onPlane(nx, ny, nz, out) {
      const key = `${nx.toFixed(6)},${ny.toFixed(6)},${nz.toFixed(6)}`;
      let v = memo.get(key);
      if (!v) {
        v = new Float64Array(P);
        for (let i = 0; i < O.length; i++) {
          const c = nx * D[i * 3]! + ny * D[i * 3 + 1]! + nz * D[i * 3 + 2]!;
          if (c > 0) v[O[i]!] = v[O[i]!]! + c * W[i]!;
        }
        memo.set(key, v);
      }
      out.set(v);
    },
    direction(p, u, v, out) {
      const dz = z0[p]! + u * (z1[p]! - z0[p]!);
      const h = Math.sqrt(Math.max(0, 1 - dz * dz));
      const phi = phi0[p]! + v * width[p]!;
      out[0] = h * Math.sin(phi);
      out[1] = h * Math.cos(phi);
      out[2] = dz;
    },
  };
}
