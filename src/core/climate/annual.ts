import type { DaylightCoefficients } from '../engine/dc/coefficients';
import type { Weather } from './epw';
import { hourSky } from './hourSky';
import type { SkyPatches } from './patches';
import { patchSampler } from './skyVector';
import type { SunPath } from './sun';
import type { WindowGroup } from './blinds';
import type { ClimateInput } from './metrics';

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
  /**
   * Per blind group (AnnualOptions.groups: the windows of one façade together; without it, each window its
   * own group): the group's light and direct sun (LM-83's blind rule closes a whole group).
   */
  groups: WindowGroup[];
}

/**
 * The sun directions to trace (every hour's with the sun up, whatever the weather says of it, so that the
 * traced sun depends on the site alone and a new weather file for the site reuses it), and each hour's
 * index into them (−1: sun down).
 */
export function sunDirections(w: Weather, sun: SunPath): { directions: Float64Array; index: Int32Array } {
  const index = new Int32Array(w.hours).fill(-1);
  const dirs: number[] = [];
  for (let k = 0; k < w.hours; k++) {
    if (sun.altitude[k]! <= 0) continue;
    index[k] = dirs.length / 3;
    dirs.push(sun.direction[k * 3]!, sun.direction[k * 3 + 1]!, sun.direction[k * 3 + 2]!);
  }
  return { directions: Float64Array.from(dirs), index };
}

/** The year's light as the metrics take it, with the weather year's occupied and daylight hours (0/1 each). */
export function climateInput(l: AnnualLight, occupied: Uint8Array, daylight: Uint8Array): ClimateInput {
  return {
    sensors: l.sensors,
    hours: l.hours.length,
    illuminance: l.illuminance,
    directSun: l.directSun,
    occupied: Uint8Array.from(l.hours, (k) => occupied[k]!),
    daylight: Uint8Array.from(l.hours, (k) => daylight[k]!),
    groups: l.groups,
  };
}

export interface AnnualOptions {
  /**
   * Which hours of the year to compute (1 = compute); default every hour with light. Every hour asked for
   * is kept, a dark one (no radiation in the file) as 0 lx at every sensor: the metrics count it in their
   * denominators (LM-83's 3650 occupied hours include the dark winter evenings).
   */
  hours?: Uint8Array;
  /**
   * The blind group of each of the coefficients' windows (same key, same group: LM-83 operates the blinds
   * of a façade together). Default: each window its own group.
   */
  groups?: readonly string[];
  /**
   * The ground patch's ρ (channel 0, ρ·E_global/π as gendaymtx's): its coefficients are zero, since the
   * engine's terrain reflects the sky and sun itself at the scene's reflectance, so it changes no light.
   */
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
    if (o.hours ? o.hours[k] === 1 : w.diffuseHorizontal[k]! > 0 || w.directNormal[k]! > 0) list.push(k);
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
  // The blind groups: windows with the same key together, in the order of their first window.
  const keys = dc.windows.map((win, wi) => o.groups?.[wi] ?? `window ${win.id}`);
  const order = [...new Set(keys)];
  const members = order.map((key) => dc.windows.filter((_, wi) => keys[wi] === key));
  // One group: its light is the room's (no copy).
  const groups: WindowGroup[] = members.map((wins) =>
    order.length === 1
      ? { id: wins.map((x) => x.id).join(' + '), total: illuminance, directSun }
      : {
          id: wins.map((x) => x.id).join(' + '),
          total: new Float32Array(H * S),
          directSun: new Float32Array(H * S),
        },
  );
  // A window's own light, before it is added to its group's (several windows in a group).
  const own =
    order.length < nW ? { total: new Float32Array(H * S), directSun: new Float32Array(H * S) } : null;
  // The sun's reflected light rides in its patch (5-phase): add it to the hour's vector once for every window;
  // each window then takes back its straight path through the patch, replaced by the exact sun below.
  for (let h = 0; h < H; h++) {
    const at = h * P + sunPatch[h]!;
    if (sunPatch[h]! > 0) V[at] = V[at]! + sunLum[h]!;
  }
  for (let wi = 0; wi < nW; wi++) {
    const win = dc.windows[wi]!;
    const group = groups[order.indexOf(keys[wi]!)]!;
    const g = own ?? group;
    if (own) own.directSun.fill(0);
    skyProduct(Float64Array.from(win.total), V, S, P, H, g.total);
    const directByPatch = transpose(win.direct, S, P);
    for (let h = 0; h < H; h++) {
      const row = h * S;
      const ks = sunPatch[h]!;
      if (ks > 0) {
        const l = sunLum[h]!;
        const col = ks * S;
        for (let i = 0; i < S; i++) g.total[row + i] = g.total[row + i]! - directByPatch[col + i]! * l;
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
    if (own)
      for (let x = 0; x < H * S; x++) {
        group.total[x] = group.total[x]! + own.total[x]!;
        group.directSun[x] = group.directSun[x]! + own.directSun[x]!;
      }
    o.onProgress?.(0.2 + (0.8 * (wi + 1)) / nW);
  }
  // Several groups: the room's light is their sum.
  if (order.length > 1)
    for (const g of groups)
      for (let x = 0; x < H * S; x++) {
        illuminance[x] = illuminance[x]! + g.total[x]!;
        directSun[x] = directSun[x]! + g.directSun[x]!;
      }
  return { sensors: S, hours, illuminance, directSun, groups };
}

/** A rows × cols matrix (row-major) as cols × rows. */
function transpose(m: Float32Array, rows: number, cols: number): Float32Array {
  const t = new Float32Array(m.length);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) t[c * rows + r] = m[r * cols + c]!;
  return t;
}

/**
 * out[h, i] = Σ_c dc[i, c] · V[h, c], the year's main cost: four sensors by four hours at a time, so that
 * each value read serves four products (sixteen sums in registers; 2.5× faster than one product at a
 * time in V8, the coefficients as doubles to spare a conversion per read). A hand-written kernel because
 * no maintained matrix library runs in both the browser's worker and Node without native code.
 */
// The kernel's sixteen sums are laid out as a 4 × 4 block, a line per sensor.
// prettier-ignore
function skyProduct(
  dc: Float64Array,
  V: Float64Array,
  S: number,
  P: number,
  H: number,
  out: Float32Array,
): void {
  const S4 = S - (S % 4),
    H4 = H - (H % 4);
  for (let h = 0; h < H4; h += 4) {
    const v0 = h * P, v1 = v0 + P, v2 = v1 + P, v3 = v2 + P;
    for (let i = 0; i < S4; i += 4) {
      let a0 = 0, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 0, b2 = 0, b3 = 0;
      let c0 = 0, c1 = 0, c2 = 0, c3 = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0;
      const o0 = i * P, o1 = o0 + P, o2 = o1 + P, o3 = o2 + P;
      for (let c = 0; c < P; c++) {
        const x0 = V[v0 + c]!, x1 = V[v1 + c]!, x2 = V[v2 + c]!, x3 = V[v3 + c]!;
        const y0 = dc[o0 + c]!, y1 = dc[o1 + c]!, y2 = dc[o2 + c]!, y3 = dc[o3 + c]!;
        a0 += y0 * x0; a1 += y0 * x1; a2 += y0 * x2; a3 += y0 * x3;
        b0 += y1 * x0; b1 += y1 * x1; b2 += y1 * x2; b3 += y1 * x3;
        c0 += y2 * x0; c1 += y2 * x1; c2 += y2 * x2; c3 += y2 * x3;
        d0 += y3 * x0; d1 += y3 * x1; d2 += y3 * x2; d3 += y3 * x3;
      }
      const r0 = h * S + i, r1 = r0 + S, r2 = r1 + S, r3 = r2 + S;
      out[r0] = a0; out[r1] = a1; out[r2] = a2; out[r3] = a3;
      out[r0 + 1] = b0; out[r1 + 1] = b1; out[r2 + 1] = b2; out[r3 + 1] = b3;
      out[r0 + 2] = c0; out[r1 + 2] = c1; out[r2 + 2] = c2; out[r3 + 2] = c3;
      out[r0 + 3] = d0; out[r1 + 3] = d1; out[r2 + 3] = d2; out[r3 + 3] = d3;
    }
    for (let i = S4; i < S; i++) for (let j = h; j < h + 4; j++) out[j * S + i] = dot(dc, i * P, V, j * P, P);
  }
  for (let h = H4; h < H; h++) for (let i = 0; i < S; i++) out[h * S + i] = dot(dc, i * P, V, h * P, P);
}

function dot(a: Float64Array, ao: number, b: Float64Array, bo: number, n: number): number {
  let s = 0;
  for (let c = 0; c < n; c++) s += a[ao + c]! * b[bo + c]!;
  return s;
}
