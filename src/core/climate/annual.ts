import type { DaylightCoefficients } from '../engine/dc/coefficients';
import type { Weather } from './epw';
import { hourSky } from './hourSky';
import type { SkyPatches } from './patches';
import { patchSampler } from './skyVector';
import type { SunPath } from './sun';
import type { WindowGroup } from './blinds';

/**
 * A year of light in a room from its daylight coefficients (docs/climate.md): for each hour asked for, the
 * hour's Perez sky as patch luminances times the coefficients, and the sun by the 5-phase method — in the
 * interreflected and exterior-reflected light through its patch (the coefficients' total less their
 * direct part), and straight through the glass exactly, traced for its own position (`DaylightCoefficients`'
 * `sun`, one direction per sunlit hour: `sunDirections`).
 */
export interface AnnualLight {
  /** Sensors: the coefficients' cells, in their order. */
  sensors: number;
  /** The hours computed (indices into the weather year), and their count H. */
  hours: Int32Array;
  /** H × S lux, hour-major: all light (blinds open). */
  illuminance: Float32Array;
  /** H × S lux from the direct sun alone (ASE, and the blind rule). */
  directSun: Float32Array;
  /** Per window: its own light and direct sun (LM-83's blind rule closes a window's group). */
  groups: WindowGroup[];
}

/** The sun directions to trace (the sunlit hours'), and each hour's index into them (−1: no sun). */
export function sunDirections(w: Weather, sun: SunPath): { directions: Float64Array; index: Int32Array } {
  const index = new Int32Array(w.hours).fill(-1);
  const dirs: number[] = [];
  for (let k = 0; k < w.hours; k++) {
    if (sun.altitude[k]! <= 0 || w.directNormal[k]! <= 0) continue;
    index[k] = dirs.length / 3;
    dirs.push(sun.direction[k * 3]!, sun.direction[k * 3 + 1]!, sun.direction[k * 3 + 2]!);
  }
  return { directions: Float64Array.from(dirs), index };
}

export interface AnnualOptions {
  /** Which hours of the year to compute (1 = compute); default every hour with light. */
  hours?: Uint8Array;
  groundReflectance?: number;
  /** Samples per patch side for the sky vectors (default 4; a preview takes 2). */
  skySamples?: number;
  /** Called with the finished fraction, every 200 hours. */
  onProgress?: (fraction: number) => void;
}

/**
 * The hourly light at every sensor. `sunIndex` maps an hour to its direction among those the coefficients
 * traced (sunDirections); the patches must be the basis the coefficients were computed on.
 */
export function annualLight(
  dc: DaylightCoefficients,
  w: Weather,
  sun: SunPath,
  sunIndex: Int32Array,
  patches: SkyPatches,
  o: AnnualOptions = {},
): AnnualLight {
  const S = dc.cells.length;
  const P = dc.P;
  const list: number[] = [];
  for (let k = 0; k < w.hours; k++) {
    const asked = o.hours ? o.hours[k] === 1 : true;
    if (asked && (w.diffuseHorizontal[k]! > 0 || w.directNormal[k]! > 0)) list.push(k);
  }
  const hours = Int32Array.from(list);
  const H = hours.length;
  // Every hour's sky as patch luminances (H × P), and its sun: the patch it is smeared into for the
  // reflected light (luminance E_dn / Ω there), and its direct-normal illuminance.
  const V = new Float64Array(H * P);
  const sunPatch = new Int32Array(H).fill(-1);
  const sunLum = new Float64Array(H);
  const sunLux = new Float64Array(H);
  const sampler = patchSampler(patches, o.skySamples);
  const rho = o.groundReflectance ?? 0.2;
  const v = new Float64Array(P);
  for (let h = 0; h < H; h++) {
    const k = hours[h]!;
    const sky = hourSky(w, sun, k);
    sampler.vector(sky, rho, v);
    V.set(v, h * P);
    const edn = sunIndex[k]! >= 0 ? sky.directNormalIlluminance : 0;
    if (edn > 0) {
      const ks = patches.patchOf(sky.sun.x, sky.sun.y, sky.sun.z);
      if (ks > 0) {
        sunPatch[h] = ks;
        sunLum[h] = edn / patches.solidAngle[ks]!;
      }
      sunLux[h] = edn;
    }
  }
  o.onProgress?.(0.2);
  const nW = dc.windows.length;
  const illuminance = new Float32Array(H * S);
  const directSun = new Float32Array(H * S);
  // One window: its own light is the room's (no copy).
  const groups: WindowGroup[] = dc.windows.map((win) =>
    nW === 1
      ? { id: win.id, total: illuminance, directSun }
      : { id: win.id, total: new Float32Array(H * S), directSun: new Float32Array(H * S) },
  );
  for (let wi = 0; wi < nW; wi++) {
    const win = dc.windows[wi]!;
    const g = groups[wi]!;
    skyProduct(win.total, V, S, P, H, g.total);
    for (let h = 0; h < H; h++) {
      const row = h * S;
      const ks = sunPatch[h]!;
      if (ks > 0) {
        // The sun through its patch for all but the straight path (5-phase), then the straight path exactly.
        const l = sunLum[h]!;
        for (let i = 0; i < S; i++)
          g.total[row + i] = g.total[row + i]! + (win.total[i * P + ks]! - win.direct[i * P + ks]!) * l;
      }
      const si = sunIndex[hours[h]!]!;
      const edn = sunLux[h]!;
      if (si >= 0 && edn > 0) {
        const s = win.sun;
        for (let e = s.offsets[si]!; e < s.offsets[si + 1]!; e++) {
          const i = s.cells[e]!;
          const d = edn * s.factors[e]!;
          g.directSun[row + i] = g.directSun[row + i]! + d;
          g.total[row + i] = g.total[row + i]! + d;
        }
      }
    }
    if (nW > 1)
      for (let x = 0; x < H * S; x++) {
        illuminance[x] = illuminance[x]! + g.total[x]!;
        directSun[x] = directSun[x]! + g.directSun[x]!;
      }
    o.onProgress?.(0.2 + (0.8 * (wi + 1)) / nW);
  }
  return { sensors: S, hours, illuminance, directSun, groups };
}

/**
 * out[h, i] = Σ_c dc[i, c] · V[h, c]: four hours at a time, so that each coefficient read serves four
 * products (twice as fast as one at a time here; the loop is the year's main cost).
 */
function skyProduct(
  dc: Float32Array,
  V: Float64Array,
  S: number,
  P: number,
  H: number,
  out: Float32Array,
): void {
  for (let h = 0; h < H; h += 4) {
    const n = Math.min(4, H - h);
    const v0 = h * P,
      v1 = n > 1 ? v0 + P : v0,
      v2 = n > 2 ? v0 + 2 * P : v0,
      v3 = n > 3 ? v0 + 3 * P : v0;
    for (let i = 0; i < S; i++) {
      let e0 = 0,
        e1 = 0,
        e2 = 0,
        e3 = 0;
      const o = i * P;
      for (let c = 0; c < P; c++) {
        const d = dc[o + c]!;
        e0 += d * V[v0 + c]!;
        e1 += d * V[v1 + c]!;
        e2 += d * V[v2 + c]!;
        e3 += d * V[v3 + c]!;
      }
      out[h * S + i] = e0;
      if (n > 1) out[(h + 1) * S + i] = e1;
      if (n > 2) out[(h + 2) * S + i] = e2;
      if (n > 3) out[(h + 3) * S + i] = e3;
    }
  }
}
