import { Exterior, SKY, newHit, type ExteriorHit } from './exterior';
import { cosineStrata, type HemisphereFrame } from './hemisphere';
import { FRAME_REFLECTANCE, type RoomModel, type WindowModel } from './model';
import { hash32, rng } from './random';
import { sectorObstruction, sectorSky, type SectorSky } from './sectors';
import { toWorldDir, toWorldPoint } from './windowFrame';

/**
 * What each window sees of the outside, tabulated once per window so that the thousands of receivers in
 * the room can look it up instead of tracing rays:
 *
 * - an **environment map** per patch of the outer opening: for directions leaving the outer wall face,
 *   parameterised by their components (ω_s, ω_z) in the window plane (an orthographic projection of the
 *   hemisphere: every cell carries the same projected solid angle, and the horizon ω_z = 0 is a cell
 *   boundary, so the sky/ground edge is never blurred). A cell stores whether the sky is seen, else the
 *   luminance of what is (by reflection order). One ray per cell and opening patch, jittered in direction
 *   and position: unbiased, and the receivers average many cells.
 * - the luminance of the four **outer reveals** (between the glass and the outer wall face), which rays
 *   leaving the glass obliquely meet in a thick wall.
 */
export interface WindowView {
  w: WindowModel;
  /** Wall thickness; glass at T/2. */
  T: number;
  /** Opening patches along s and z, and their sizes. */
  ms: number;
  mz: number;
  cellS: number;
  cellZ: number;
  /** Directional resolution: K × K cells over the unit square of (ω_s, ω_z). */
  K: number;
  /**
   * Sky seen in 4 × 4 sub-cells of each cell, one bit each (bit 4·row + column): SKY_ALL where only sky is
   * seen, 0 where none. Cells on a skyline are sampled in all 16 sub-cells; the others once.
   */
  sky: Uint16Array;
  /** Luminance (orders 1 and 2) of what is seen where it is not sky. */
  lum: Float32Array;
  /**
   * For skyline cells: the mean distance to what blocks the sky, 0 elsewhere. Their 16 sub-cells are seen
   * from the opening patch's centre, and a ray from elsewhere on the patch is re-aimed at the point at
   * that distance as seen from the centre (parallax correction): without it, a receiver whose rays cross a
   * patch low and steep or high and shallow gets the skyline of the patch average, a bias of a few % in a
   * street canyon.
   */
  depth: Float32Array;
  /**
   * 1 where something blocks the view so close (distance < patch size · K/8: a balcony, a wall across a
   * courtyard) that its parallax across an opening patch spans several direction cells, and every cell it
   * can move into: there the view changes across the patch more than the table resolves, and the
   * receivers trace the actual ray.
   */
  near: Uint8Array;
  ext: Exterior;
  sector: SectorSky | null;
  reveal: RevealTable | null;
}

export interface RevealTable {
  /** Per face (0 sill, 1 head, 2 left jamb s = s0, 3 right jamb s = s1): points along its length. */
  na: number[];
  nd: number;
  /** Luminance, orders 1 and 2, per face, along-length index, depth index. */
  lum: Float32Array[];
}

export interface ViewQuality {
  K: number;
  /** Target size of an opening patch (m), and the most patches per axis. */
  patch: number;
  maxPatches: number;
  /** Hemisphere strata per axis for the reveal points. */
  revealStrata: number;
}

export const SKY_ALL = 0xffff;

/** Whether direction cell (i, j) of a K × K view table reaches into the unit disc of directions. */
export function inDisc(i: number, j: number, K: number): boolean {
  const x0 = -1 + (2 * i) / K,
    y0 = -1 + (2 * j) / K;
  const nx = x0 > 0 ? x0 : x0 + 2 / K < 0 ? x0 + 2 / K : 0;
  const ny = y0 > 0 ? y0 : y0 + 2 / K < 0 ? y0 + 2 / K : 0;
  return nx * nx + ny * ny < 1;
}
const SUB = 4;

export const DEFAULT_VIEW_QUALITY: ViewQuality = { K: 48, patch: 0.5, maxPatches: 4, revealStrata: 8 };

/**
 * Radiance (orders 0, 1, 2) arriving at world point o from world direction −d, d leaving the building.
 * Returns true when it is the sky.
 */
export function outsideRadiance(
  ext: Exterior,
  sector: SectorSky | null,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  hit: ExteriorHit,
  out: Float64Array,
): boolean {
  const kind = ext.trace(ox, oy, oz, dx, dy, dz, hit);
  if (kind !== SKY) {
    ext.surfaceLuminance(hit, hit.t, out);
    return false;
  }
  const obs = sector === null ? 0 : sectorObstruction(sector, dx, dy, dz);
  if (obs !== 0 && sector !== null) {
    const l = obs === 1 ? sector.lowLum : sector.highLum;
    out[0] = 0;
    out[1] = l[1];
    out[2] = l[2];
    return false;
  }
  out[0] = ext.sky.luminance(dx, dy, dz);
  out[1] = 0;
  out[2] = 0;
  return true;
}

export function buildWindowView(
  model: RoomModel,
  w: WindowModel,
  ext: Exterior,
  seed: number,
  q: ViewQuality = DEFAULT_VIEW_QUALITY,
): WindowView {
  const steps = windowViewSteps(model, w, ext, seed, q);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
  }
}

/** buildWindowView in steps, yielding the finished fraction after each opening patch (for progress/cancel). */
export function* windowViewSteps(
  model: RoomModel,
  w: WindowModel,
  ext: Exterior,
  seed: number,
  q: ViewQuality = DEFAULT_VIEW_QUALITY,
): Generator<number, WindowView> {
  const T = model.thickness;
  const width = w.s1 - w.s0;
  const height = w.z1 - w.z0;
  const ms = Math.min(q.maxPatches, Math.max(1, Math.round(width / q.patch)));
  const mz = Math.min(q.maxPatches, Math.max(1, Math.round(height / q.patch)));
  const K = q.K;
  const bins = K * K;
  const sky = new Uint16Array(ms * mz * bins);
  const lum = new Float32Array(ms * mz * bins * 2);
  const depth = new Float32Array(ms * mz * bins);
  const near = new Uint8Array(ms * mz * bins);
  const patchSize = Math.max(width / ms, height / mz);
  // Beyond this, parallax across a patch is under 4 direction cells, which the skyline refinement and the
  // re-aiming at the blocker's depth absorb (measured against brute force: a balcony, a 12 m canyon).
  const nearDist = (patchSize * K) / 8;
  const sector = model.mesh === null ? sectorSky(w, model.reflectance.terrain, ext.sky) : null;
  const hit = newHit();
  const L = new Float64Array(3);
  const dOut = T + 1e-4;
  /**
   * One ray through sub-area [fx0, fx1] × [fy0, fy1] of direction cell (i, j) from opening patch (cs, cz):
   * from a random point of the patch, or from its centre (`centre`).
   */
  const sample = (
    cs: number,
    cz: number,
    i: number,
    j: number,
    fx0: number,
    fx1: number,
    fy0: number,
    fy1: number,
    r: () => number,
    centre = false,
  ): boolean => {
    let x = 0,
      y = 0;
    for (let tries = 0; tries < 16; tries++) {
      x = -1 + (2 * (i + fx0 + r() * (fx1 - fx0))) / K;
      y = -1 + (2 * (j + fy0 + r() * (fy1 - fy0))) / K;
      if (x * x + y * y < 1) break;
    }
    const rr = x * x + y * y;
    if (rr >= 1) {
      const k = 0.99999 / Math.sqrt(rr);
      x *= k;
      y *= k;
    }
    const dd = Math.sqrt(Math.max(0, 1 - x * x - y * y));
    const s = w.s0 + ((cs + (centre ? 0.5 : r())) / ms) * width;
    const z = w.z0 + ((cz + (centre ? 0.5 : r())) / mz) * height;
    const [px, py] = toWorldPoint(w, s, dOut);
    const [dx, dy] = toWorldDir(w, x, dd);
    return outsideRadiance(ext, sector, px, py, z, dx, dy, y, hit, L);
  };
  const refine = new Uint8Array(bins);
  // The direction cells inside the unit disc, shuffled (Fisher–Yates, seeded).
  const order: number[] = [];
  for (let j = 0; j < K; j++) for (let i = 0; i < K; i++) if (inDisc(i, j, K)) order.push(j * K + i);
  const shuffle = rng(hash32(seed, w.index, 0x5f1e));
  for (let k = order.length - 1; k > 0; k--) {
    const m = Math.floor(shuffle() * (k + 1));
    const t = order[k]!;
    order[k] = order[m]!;
    order[m] = t;
  }
  for (let cz = 0; cz < mz; cz++) {
    for (let cs = 0; cs < ms; cs++) {
      const cell = cz * ms + cs;
      const base = cell * bins;
      const r = rng(hash32(seed, w.index, cell, 0x5eed));
      // First pass: one ray per direction cell, in a shuffled order. The exterior caches keep the value
      // computed at the first point that reaches a cell; visiting directions in order would make that the
      // lowest point of every facade cell (darkest in a canyon), a bias.
      for (let q = 0; q < order.length; q++) {
        const ij = order[q]!;
        const i = ij % K,
          j = (ij / K) | 0;
        const idx = base + ij;
        if (sample(cs, cz, i, j, 0, 1, 0, 1, r)) sky[idx] = SKY_ALL;
        else {
          lum[idx * 2] = L[1]!;
          lum[idx * 2 + 1] = L[2]!;
          if (hit.t < nearDist) {
            // Seen from elsewhere on the patch this blocker moves by up to `reach` cells: every cell it
            // can move into is near too.
            const reach = Math.min(K, Math.ceil((patchSize * K) / (2 * Math.max(hit.t, 1e-6))));
            for (let jj = Math.max(0, j - reach); jj <= Math.min(K - 1, j + reach); jj++) {
              near.fill(
                1,
                base + jj * K + Math.max(0, i - reach),
                base + jj * K + Math.min(K - 1, i + reach) + 1,
              );
            }
          }
        }
      }
      // Skyline cells (a neighbour disagrees about the sky) are resampled in all 16 sub-cells: one ray per
      // cell blurs the skyline by a whole cell, which biases receivers whose view through the opening is cut
      // just below or above it.
      refine.fill(0);
      for (let j = 0; j < K; j++) {
        for (let i = 0; i < K; i++) {
          if (!inDisc(i, j, K)) continue;
          const v = sky[base + j * K + i]!;
          for (let dj = -1; dj <= 1 && !refine[j * K + i]; dj++) {
            for (let di = -1; di <= 1; di++) {
              const ii = i + di,
                jj = j + dj;
              if (ii < 0 || jj < 0 || ii >= K || jj >= K || !inDisc(ii, jj, K)) continue;
              if (sky[base + jj * K + ii] !== v) {
                refine[j * K + i] = 1;
                break;
              }
            }
          }
        }
      }
      for (let q = 0; q < order.length; q++) {
        const ij = order[q]!;
        const i = ij % K,
          j = (ij / K) | 0;
        {
          if (!refine[ij]) continue;
          const idx = base + ij;
          let mask = 0,
            l1 = 0,
            l2 = 0,
            n = 0,
            t = 0,
            nt = 0;
          for (let sj = 0; sj < SUB; sj++) {
            for (let si = 0; si < SUB; si++) {
              if (sample(cs, cz, i, j, si / SUB, (si + 1) / SUB, sj / SUB, (sj + 1) / SUB, r, true))
                mask |= 1 << (sj * SUB + si);
              else {
                l1 += L[1]!;
                l2 += L[2]!;
                n++;
                if (Number.isFinite(hit.t)) {
                  // The farthest blocked ray: the skyline is the far edge of what blocks (a slab seen from
                  // below, a facade's top), which is where the sky begins.
                  t = Math.max(t, hit.t);
                  nt = 1;
                }
              }
            }
          }
          sky[idx] = mask;
          lum[idx * 2] = n > 0 ? l1 / n : 0;
          lum[idx * 2 + 1] = n > 0 ? l2 / n : 0;
          depth[idx] = mask !== 0 && nt > 0 ? t : 0;
        }
      }
      yield (cell + 1) / (ms * mz + 1);
    }
  }
  // revealStrata 0: no reveal table (windowFlux.ts summarises the view alone).
  const reveal =
    T > 0 && q.revealStrata > 0 ? buildRevealTable(model, w, ext, sector, seed, q.revealStrata) : null;
  return {
    w,
    T,
    ms,
    mz,
    cellS: width / ms,
    cellZ: height / mz,
    K,
    sky,
    lum,
    depth,
    near,
    ext,
    sector,
    reveal,
  };
}

/** Length of face f of the reveal, and the local (s, z) of a point a along it. */
function facePoint(w: WindowModel, f: number, a: number): [number, number] {
  if (f === 0) return [w.s0 + a, w.z0];
  if (f === 1) return [w.s0 + a, w.z1];
  if (f === 2) return [w.s0, w.z0 + a];
  return [w.s1, w.z0 + a];
}

function faceLength(w: WindowModel, f: number): number {
  return f < 2 ? w.s1 - w.s0 : w.z1 - w.z0;
}

/** Local inward normal (s, d, z) of reveal face f. */
const FACE_NORMAL: [number, number, number][] = [
  [0, 0, 1],
  [0, 0, -1],
  [1, 0, 0],
  [-1, 0, 0],
];

/**
 * The outer reveals' sample points and their rays (cosine strata at each point): per face, `na[face]`
 * points along its length by `nd` in depth. `outside(face, point, …)` is called for every ray that leaves
 * the opening (world origin and direction), `done(face, point)` after each point's rays; the answer holds
 * each point's share of rays that meet a reveal and the frame (per face, two a point). The daylight factor
 * (buildRevealTable) and the daylight coefficients (engine/dc) add up what the rays see differently.
 */
export function revealRays(
  model: RoomModel,
  w: WindowModel,
  seed: number,
  strata: number,
  outside: (
    face: number,
    point: number,
    px: number,
    py: number,
    pz: number,
    dx: number,
    dy: number,
    dz: number,
  ) => void,
  done: (face: number, point: number) => void,
): { na: number[]; nd: number; fractions: Float64Array[] } {
  const T = model.thickness;
  const dg = T / 2;
  const nd = 2;
  const na: number[] = [];
  const fractions: Float64Array[] = [];
  const rays = strata * strata;
  const b = w.frame;
  for (let f = 0; f < 4; f++) {
    const len = faceLength(w, f);
    const n = Math.min(12, Math.max(2, Math.ceil(len / 0.2)));
    na.push(n);
    // Per point: the share of rays meeting a reveal, and the frame.
    const frac = new Float64Array(n * nd * 2);
    const [fs, fd, fz] = FACE_NORMAL[f]!;
    // Tangents of the face in local coordinates: along its length, and along the depth.
    const frame: HemisphereFrame =
      f < 2
        ? { tx: 1, ty: 0, tz: 0, bx: 0, by: 1, bz: 0, nx: fs, ny: fd, nz: fz }
        : { tx: 0, ty: 0, tz: 1, bx: 0, by: 1, bz: 0, nx: fs, ny: fd, nz: fz };
    for (let ia = 0; ia < n; ia++) {
      for (let id = 0; id < nd; id++) {
        const r = rng(hash32(seed, w.index, f * 1000 + ia * 10 + id, 0x7e7e));
        const [s, z] = facePoint(w, f, ((ia + 0.5) / n) * len);
        const d = dg + ((id + 0.5) / nd) * (T - dg);
        const point = ia * nd + id;
        cosineStrata(strata, r, frame, (ws, wd, wz) => {
          // Exit of the outer half of the opening (a box) along this ray.
          let tMin = Infinity;
          let exit = -1;
          if (wd > 1e-12) {
            const t = (T - d) / wd;
            if (t < tMin) {
              tMin = t;
              exit = 0;
            }
          }
          if (wd < -1e-12) {
            const t = (dg - d) / wd;
            if (t < tMin) {
              tMin = t;
              exit = 1;
            }
          }
          if (ws < -1e-12 && f !== 2) {
            const t = (w.s0 - s) / ws;
            if (t < tMin) {
              tMin = t;
              exit = 2;
            }
          }
          if (ws > 1e-12 && f !== 3) {
            const t = (w.s1 - s) / ws;
            if (t < tMin) {
              tMin = t;
              exit = 2;
            }
          }
          if (wz < -1e-12 && f !== 0) {
            const t = (w.z0 - z) / wz;
            if (t < tMin) {
              tMin = t;
              exit = 2;
            }
          }
          if (wz > 1e-12 && f !== 1) {
            const t = (w.z1 - z) / wz;
            if (t < tMin) {
              tMin = t;
              exit = 2;
            }
          }
          if (exit === 0) {
            const [px, py] = toWorldPoint(w, s + ws * tMin, T + 1e-4);
            const [dx, dy] = toWorldDir(w, ws, wd);
            outside(f, point, px, py, z + wz * tMin, dx, dy, wz);
          } else if (exit === 1) {
            const gs = s + ws * tMin;
            const gz = z + wz * tMin;
            const onGlass = gs > w.s0 + b && gs < w.s1 - b && gz > w.z0 + b && gz < w.z1 - b;
            if (!onGlass) frac[point * 2 + 1] = frac[point * 2 + 1]! + 1 / rays;
          } else if (exit === 2) {
            frac[point * 2] = frac[point * 2]! + 1 / rays;
          }
        });
        done(f, point);
      }
    }
    fractions.push(frac);
  }
  return { na, nd, fractions };
}

function buildRevealTable(
  model: RoomModel,
  w: WindowModel,
  ext: Exterior,
  sector: SectorSky | null,
  seed: number,
  strata: number,
): RevealTable {
  const hit = newHit();
  const L = new Float64Array(3);
  const wgt = Math.PI / (strata * strata);
  // Per face and point: E0, E1, E2 by the order of the arriving light.
  const acc: Float64Array[] = [];
  let eSum = 0;
  let eCount = 0;
  const { na, nd, fractions } = revealRays(
    model,
    w,
    seed,
    strata,
    (f, point, px, py, pz, dx, dy, dz) => {
      const a = (acc[f] ??= new Float64Array(24 * 3));
      outsideRadiance(ext, sector, px, py, pz, dx, dy, dz, hit, L);
      const o = point * 3;
      a[o] = a[o]! + L[0]! * wgt;
      a[o + 1] = a[o + 1]! + L[1]! * wgt;
      a[o + 2] = a[o + 2]! + L[2]! * wgt;
    },
    (f, point) => {
      const a = (acc[f] ??= new Float64Array(24 * 3));
      const o = point * 3;
      eSum += a[o]! + a[o + 1]! + a[o + 2]!;
      eCount++;
    },
  );
  // One more bounce inside the outer tunnel, with the mean exterior illuminance of the reveals.
  const eMean = eCount > 0 ? eSum / eCount : 0;
  const rhoW = model.reflectance.wall;
  const k = rhoW / Math.PI;
  const lum = fractions.map((frac, f) => {
    const a = acc[f]!;
    const n = na[f]! * nd;
    const out = new Float32Array(n * 2);
    for (let i = 0; i < n; i++) {
      const e0 = a[i * 3]!;
      const eRest =
        a[i * 3 + 1]! + a[i * 3 + 2]! + (frac[i * 2]! * rhoW + frac[i * 2 + 1]! * FRAME_REFLECTANCE) * eMean;
      out[i * 2] = k * e0;
      out[i * 2 + 1] = k * eRest;
    }
    return out;
  });
  return { na, nd, lum };
}
