import { newHit, SKY } from '../exterior';
import type { ExteriorBasis } from '../exteriorBasis';
import { FRAME_REFLECTANCE, CONTEXT_REFLECTANCE, type RoomModel } from '../model';
import { hash32, rng } from '../random';
import { sectorObstruction, type SectorSky } from '../sectors';
import { toWorldDir, toWorldPoint } from '../windowFrame';
import { inDisc, revealRays, SKY_ALL, type WindowView } from '../windowView';

/**
 * A window's view of the outside per sky channel: for every direction cell of its view table that is not
 * all sky, the luminance of what it sees, as a vector over the channels (the daylight factor's table holds
 * one number there); the outer reveals' luminance likewise; and the angle-given obstruction's (no mesh).
 * The sky cells themselves need no table: a ray that sees sky adds to the channel of its own direction.
 */
export interface ViewBasis {
  view: WindowView;
  P: number;
  /** Per view-table cell: the start of its vector in `vec`, or −1 (all sky). */
  at: Int32Array;
  vec: Float32Array;
  /** Per reveal face: per point, a vector (the daylight factor's RevealTable.lum, summed over orders). */
  reveal: Float32Array[] | null;
  /** The angle-given obstruction below and above the sky band (sectors.ts), per channel. */
  sectorLow: Float64Array | null;
  sectorHigh: Float64Array | null;
  xb: ExteriorBasis;
}

/** Sub-rays per axis over a view cell: the vector is the mean over those that meet something. */
const SUB = 2;

export function buildViewBasis(
  model: RoomModel,
  view: WindowView,
  xb: ExteriorBasis,
  seed: number,
  strata: number,
): ViewBasis {
  const P = xb.P;
  const { w, K, ms, mz, T, sky, sector } = view;
  const bins = K * K;
  const width = w.s1 - w.s0,
    height = w.z1 - w.z0;
  const sectorLow = sector ? sectorVector(sector, xb, model, 'low') : null;
  const sectorHigh = sector ? sectorVector(sector, xb, model, 'high') : null;
  const vb: ViewBasis = {
    view,
    P,
    at: new Int32Array(sky.length).fill(-1),
    vec: new Float32Array(0),
    reveal: null,
    sectorLow,
    sectorHigh,
    xb,
  };
  let count = 0;
  for (let i = 0; i < sky.length; i++)
    if (sky[i] !== SKY_ALL && inDisc(i % K, ((i % bins) / K) | 0, K)) vb.at[i] = count++ * P;
  const vec = new Float32Array(count * P);
  const acc = new Float64Array(P);
  const dOut = T + 1e-4;
  // Cells in a shuffled order, as the view table's own pass: the exterior caches keep the value of the
  // first point that reaches a cache cell, and an ordered pass would make that the lowest point of every
  // facade cell (the darkest, in a canyon).
  const order = Int32Array.from({ length: sky.length }, (_, i) => i);
  const shuffle = rng(hash32(seed, w.index, 0xdc5f));
  for (let k = order.length - 1; k > 0; k--) {
    const m = Math.floor(shuffle() * (k + 1));
    const t = order[k]!;
    order[k] = order[m]!;
    order[m] = t;
  }
  for (const idx of order) {
    const o = vb.at[idx]!;
    if (o < 0) continue;
    const cell = (idx / bins) | 0;
    const ij = idx % bins;
    const i = ij % K,
      j = (ij / K) | 0;
    const cs = cell % ms,
      cz = (cell / ms) | 0;
    acc.fill(0);
    let n = 0;
    for (let round = 0; round < 2 && n === 0; round++) {
      // Sub-cell centres; a second, finer round when the first saw only sky (a thin skyline cell).
      const sub = round === 0 ? SUB : 4;
      for (let sj = 0; sj < sub; sj++) {
        for (let si = 0; si < sub; si++) {
          let x = -1 + (2 * (i + (si + 0.5) / sub)) / K;
          let y = -1 + (2 * (j + (sj + 0.5) / sub)) / K;
          const rr = x * x + y * y;
          if (rr >= 1) {
            const k = 0.99999 / Math.sqrt(rr);
            x *= k;
            y *= k;
          }
          const dd = Math.sqrt(Math.max(0, 1 - x * x - y * y));
          const [dx, dy] = toWorldDir(w, x, dd);
          // From across the opening patch, as the table's own rays come from anywhere on it (a Latin
          // square: the positions' strata are the directions' transposed).
          const s = w.s0 + ((cs + (sj + 0.5) / sub) / ms) * width;
          const z = w.z0 + ((cz + (si + 0.5) / sub) / mz) * height;
          const [px, py] = toWorldPoint(w, s, dOut);
          if (addOutside(vb, px, py, z, dx, dy, y, 1, acc, true)) n++;
        }
      }
    }
    if (n === 0) {
      // Seen as sky from the cell's centre in every sub-ray though the table says otherwise (its rays came
      // from elsewhere on the patch): the sky of the cell's centre direction.
      const x = -1 + (2 * (i + 0.5)) / K,
        y = -1 + (2 * (j + 0.5)) / K;
      const [dx, dy] = toWorldDir(w, x, Math.sqrt(Math.max(0, 1 - x * x - y * y)));
      const c = xb.basis.channelOf(dx, dy, Math.max(1e-9, y));
      vec[o + c] = 1;
      continue;
    }
    for (let c = 0; c < P; c++) vec[o + c] = acc[c]! / n;
  }
  vb.vec = vec;
  if (view.reveal !== null) vb.reveal = revealBasis(model, vb, seed, strata);
  return vb;
}

const hit = newHit();

/**
 * Adds to `out` (times `scale`) what a ray leaving the building sees, per channel: an exterior surface's
 * luminance, the angle-given obstruction's, or its own sky channel (unless `surfacesOnly`). Returns whether
 * it met something (not sky).
 */
export function addOutside(
  vb: ViewBasis,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  scale: number,
  out: Float64Array,
  surfacesOnly = false,
): boolean {
  const { xb } = vb;
  if (xb.ext.trace(ox, oy, oz, dx, dy, dz, hit) !== SKY) {
    xb.addSurfaceLuminance(hit, hit.t, scale, out);
    return true;
  }
  const sector = vb.view.sector;
  const obs = sector === null ? 0 : sectorObstruction(sector, dx, dy, dz);
  if (obs !== 0) {
    const l = obs === 1 ? vb.sectorLow! : vb.sectorHigh!;
    for (let c = 0; c < vb.P; c++) out[c] = out[c]! + scale * l[c]!;
    return true;
  }
  if (!surfacesOnly) {
    const c = xb.basis.channelOf(dx, dy, dz);
    out[c] = out[c]! + scale;
  }
  return false;
}

/** The angle-given obstruction's luminance per channel (sectors.ts, the same conventions). */
function sectorVector(
  s: SectorSky,
  xb: ExteriorBasis,
  model: RoomModel,
  which: 'low' | 'high',
): Float64Array {
  const k = CONTEXT_REFLECTANCE / Math.PI;
  const horizontal = new Float64Array(xb.P);
  xb.basis.onPlane(0, 0, 1, horizontal);
  const out = new Float64Array(xb.P);
  const rho = model.reflectance.terrain;
  if (which === 'low') {
    const vertical = new Float64Array(xb.P);
    xb.basis.onPlane(-Math.cos(s.dir), -Math.sin(s.dir), 0, vertical);
    for (let c = 0; c < xb.P; c++) out[c] = k * vertical[c]! + k * rho * 0.5 * horizontal[c]!;
  } else for (let c = 0; c < xb.P; c++) out[c] = k * rho * horizontal[c]!;
  return out;
}

/** The outer reveals' luminance per channel, as windowView.ts's buildRevealTable computes it per sky. */
function revealBasis(model: RoomModel, vb: ViewBasis, seed: number, strata: number): Float32Array[] {
  const P = vb.P;
  const wgt = Math.PI / (strata * strata);
  const acc: Float64Array[] = [];
  const eSum = new Float64Array(P);
  let eCount = 0;
  const { na, nd, fractions } = revealRays(
    model,
    vb.view.w,
    seed,
    strata,
    (f, point, px, py, pz, dx, dy, dz) => {
      const a = (acc[f] ??= new Float64Array(24 * P));
      addOutside(vb, px, py, pz, dx, dy, dz, wgt, a.subarray(point * P, point * P + P));
    },
    (f, point) => {
      const a = (acc[f] ??= new Float64Array(24 * P));
      for (let c = 0; c < P; c++) eSum[c] = eSum[c]! + a[point * P + c]!;
      eCount++;
    },
  );
  const rhoW = model.reflectance.wall;
  const k = rhoW / Math.PI;
  return fractions.map((frac, f) => {
    const a = acc[f]!;
    const n = na[f]! * nd;
    const out = new Float32Array(n * P);
    for (let i = 0; i < n; i++) {
      const bounce = (frac[i * 2]! * rhoW + frac[i * 2 + 1]! * FRAME_REFLECTANCE) / Math.max(1, eCount);
      for (let c = 0; c < P; c++) out[i * P + c] = k * (a[i * P + c]! + bounce * eSum[c]!);
    }
    return out;
  });
}
