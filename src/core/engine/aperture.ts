import type { WindowModel } from './model';
import { toLocalPoint } from './windowFrame';
import { newHit, type ExteriorHit } from './exterior';
import { INSET, type PlanVisibility } from './visibility';
import { outsideRadiance, SKY_ALL, type WindowView } from './windowView';

const scratchHit = newHit();
const scratchRad = new Float64Array(3);

/**
 * Light arriving at a receiver (point + unit normal) through one window, split by reflection order
 * (0 = sky seen through the glass, 1, 2 = exterior surfaces). The part of the clear glass the receiver sees
 * through the inner opening is sampled on jittered grids (na × nb where the outer opening lets the rays
 * out, fewer where they meet an outer reveal); each sample's ray is continued through the glass to the outer
 * face and the window's tabulated view supplies the radiance. The glass transmits T(θ) of Radiance's
 * `glass`. (Light reaching the inner reveals is the room solution's business: they are patches.)
 *
 * `ownTunnel`: the receiver lies inside this window's opening (a reveal, the frame), so the inner opening
 * need not be crossed. `otherTunnel`: it lies inside another window's opening, which the ray must leave.
 * `plan` (non-convex rooms): plan visibility around the room's walls.
 */
export interface ReceiverContext {
  ownTunnel: boolean;
  otherTunnel: WindowModel | null;
  plan: PlanVisibility | null;
}

export function windowLight(
  view: WindowView,
  px: number,
  py: number,
  pz: number,
  qx: number,
  qy: number,
  qz: number,
  na: number,
  nb: number,
  rand: () => number,
  ctx: ReceiverContext,
  out: Float64Array,
): void {
  const L = sampleWindow(view, px, py, pz, qx, qy, qz, na, nb, rand, ctx, sampleRect);
  out[0] = L?.e0 ?? 0;
  out[1] = L?.e1 ?? 0;
  out[2] = L?.e2 ?? 0;
  // The exterior-reflected light by orders 1 and 2 that came down from above the horizon (labels' terms).
  if (out.length > 4) {
    out[3] = L?.e1up ?? 0;
    out[4] = L?.e2up ?? 0;
  }
}

/** Samples glass rectangle [s0, s1] × [z0, z1] with na × nb jittered samples, adding to L. */
export type RectSampler = (
  L: Local,
  s0: number,
  s1: number,
  z0: number,
  z1: number,
  na: number,
  nb: number,
  rand: () => number,
) => void;

/**
 * The glass a receiver sees through the opening, split into the rectangles `sample` is called on (see
 * windowLight); null when the receiver sees none of it. The daylight factor's sampler adds luminances
 * (sampleRect); the daylight coefficients' adds per sky channel (engine/dc).
 */
export function sampleWindow(
  view: WindowView,
  px: number,
  py: number,
  pz: number,
  qx: number,
  qy: number,
  qz: number,
  na: number,
  nb: number,
  rand: () => number,
  ctx: ReceiverContext,
  sample: RectSampler,
): Local | null {
  const w = view.w;
  const T = view.T;
  const b = w.frame;
  const [ps, pd] = toLocalPoint(w, px, py);
  const gd = T / 2;
  if (pd >= gd - 1e-9 || (!ctx.ownTunnel && pd > 1e-9)) return null;
  // The clear glass, and in it the part seen from p through the inner opening (A) and, of that, the part
  // whose rays also leave through the outer opening (V): the opening's planes are parallel to the glass, so
  // each is the opening rectangle projected from p — both are axis-aligned rectangles, A ∖ V sees the outer
  // reveals. Sampling V and A ∖ V separately leaves no hard visibility edge inside a sampling domain.
  let as0 = w.s0 + b,
    as1 = w.s1 - b,
    az0 = w.z0 + b,
    az1 = w.z1 - b;
  if (!ctx.ownTunnel && pd < -1e-12) {
    const k = (gd - pd) / -pd;
    as0 = Math.max(as0, ps + (w.s0 - ps) * k);
    as1 = Math.min(as1, ps + (w.s1 - ps) * k);
    az0 = Math.max(az0, pz + (w.z0 - pz) * k);
    az1 = Math.min(az1, pz + (w.z1 - pz) * k);
  }
  if (as1 - as0 <= 1e-9 || az1 - az0 <= 1e-9) return null;
  const ko = (gd - pd) / (T - pd);
  const vs0 = Math.max(as0, ps + (w.s0 - ps) * ko),
    vs1 = Math.min(as1, ps + (w.s1 - ps) * ko);
  const vz0 = Math.max(az0, pz + (w.z0 - pz) * ko),
    vz1 = Math.min(az1, pz + (w.z1 - pz) * ko);
  // A receiver on a wall is moved a hair into the room for the plan test.
  const local: Local = {
    view,
    ps,
    pd,
    pz,
    ns: qx * w.ux + qy * w.uy,
    nd: qx * w.nx + qy * w.ny,
    nz: qz,
    px: px + qx * INSET,
    py: py + qy * INSET,
    ctx,
    e0: 0,
    e1: 0,
    e2: 0,
    e1up: 0,
    e2up: 0,
    hit: scratchHit,
    rad: scratchRad,
  };
  const vOk = vs1 - vs0 > 1e-9 && vz1 - vz0 > 1e-9;
  if (vOk) sample(local, vs0, vs1, vz0, vz1, na, nb, rand);
  if (view.reveal !== null) {
    // A ∖ V as up to four rectangles: below and above V across A's width, left and right of V between.
    const aArea = (as1 - as0) * (az1 - az0);
    const pieces: [number, number, number, number][] = vOk
      ? [
          [as0, as1, az0, vz0],
          [as0, as1, vz1, az1],
          [as0, vs0, vz0, vz1],
          [vs1, as1, vz0, vz1],
        ]
      : [[as0, as1, az0, az1]];
    for (const [s0, s1, z0, z1] of pieces) {
      if (s1 - s0 <= 1e-9 || z1 - z0 <= 1e-9) continue;
      // Reveals are dim and smooth: fewer samples, in proportion to the piece's share of A.
      const share = ((s1 - s0) * (z1 - z0)) / aArea;
      const n = Math.max(2, Math.ceil(Math.sqrt(share * na * nb) / 2));
      sample(local, s0, s1, z0, z1, n, n, rand);
    }
  }
  return local;
}

export interface Local {
  view: WindowView;
  ps: number;
  pd: number;
  pz: number;
  ns: number;
  nd: number;
  nz: number;
  px: number;
  py: number;
  ctx: ReceiverContext;
  e0: number;
  e1: number;
  e2: number;
  /** The parts of e1 and e2 whose rays left the window upwards: light from surfaces above the horizon. */
  e1up: number;
  e2up: number;
  hit: ExteriorHit;
  rad: Float64Array;
}

/** What a ray from the receiver through a point of the glass sees outside (locateSample's answer). */
export const SEES_NOTHING = 0;
/** The sky, in world direction (dx, dy, dz). */
export const SEES_SKY = 1;
/** What the window's view tabulates at `idx` (not sky). */
export const SEES_VIEW = 2;
/** Something close: the ray from (wx, wy, wz) in direction (dx, dy, dz) must be traced. */
export const SEES_TRACED = 3;
/** An outer reveal: face `face`, table entry `idx`. */
export const SEES_REVEAL = 4;

/** Where one glass sample's ray goes, and its weight T(θ) cos θ_r cos θ_g / r² (per unit glass area). */
export interface SampleRef {
  g: number;
  idx: number;
  face: number;
  dx: number;
  dy: number;
  dz: number;
  wx: number;
  wy: number;
  wz: number;
}

export const newSampleRef = (): SampleRef => ({
  g: 0,
  idx: 0,
  face: 0,
  dx: 0,
  dy: 0,
  dz: 0,
  wx: 0,
  wy: 0,
  wz: 0,
});

const ref = newSampleRef();

/**
 * Follows the ray from the receiver through glass point (gs, gz) out of the opening and says what it sees
 * (SEES_*), filling `r`; -1 when the receiver does not see that point (behind it, or hidden by the plan or
 * another opening). The geometry of sampling, shared by the daylight factor (sampleRect) and the daylight
 * coefficients (engine/dc), which differ only in what they add up.
 */
export function locateSample(L: Local, gs: number, gz: number, r: SampleRef): number {
  const { view, ps, pd, pz, ns, nd, nz, ctx } = L;
  const w = view.w;
  const T = view.T;
  const gd = T / 2;
  const half = T - gd;
  const vs = gs - ps,
    vd = gd - pd,
    vz = gz - pz;
  const r2 = vs * vs + vd * vd + vz * vz;
  const inv = 1 / Math.sqrt(r2);
  const os = vs * inv,
    od = vd * inv,
    oz = vz * inv;
  const cosR = ns * os + nd * od + nz * oz;
  if (cosR <= 0) return -1;
  if (!ctx.ownTunnel && (ctx.plan !== null || ctx.otherTunnel !== null)) {
    const t = -pd / vd;
    const cs = ps + t * vs;
    if (
      ctx.plan !== null &&
      !ctx.plan.visible(L.px, L.py, w.ox + cs * w.ux - INSET * w.nx, w.oy + cs * w.uy - INSET * w.ny)
    )
      return -1;
    if (
      ctx.otherTunnel !== null &&
      !leavesOpening(
        ctx.otherTunnel,
        L.px,
        L.py,
        pz,
        w.ox + gs * w.ux + gd * w.nx,
        w.oy + gs * w.uy + gd * w.ny,
        gz,
      )
    )
      return -1;
  }
  r.g = (w.glazing.transmittanceAt(od) * cosR * od) / r2;
  // Continue through the glass to the outer face (d = T).
  const dist = half / od;
  const xs = gs + os * dist;
  const xz = gz + oz * dist;
  const S0 = w.s0,
    S1 = w.s1,
    Z0 = w.z0,
    Z1 = w.z1;
  if (xs >= S0 && xs <= S1 && xz >= Z0 && xz <= Z1) {
    const { K, sky, depth, near, ms, mz, cellS, cellZ } = view;
    const halfK = K / 2;
    let ci = ((xs - S0) / cellS) | 0;
    if (ci >= ms) ci = ms - 1;
    let cj = ((xz - Z0) / cellZ) | 0;
    if (cj >= mz) cj = mz - 1;
    let fx = (os + 1) * halfK;
    let fy = (oz + 1) * halfK;
    let bi = fx | 0;
    if (bi >= K) bi = K - 1;
    let bj = fy | 0;
    if (bj >= K) bj = K - 1;
    const cell = (cj * ms + ci) * K * K;
    let idx = cell + bj * K + bi;
    const D = depth[idx]!;
    r.dx = os * w.ux + od * w.nx;
    r.dy = os * w.uy + od * w.ny;
    r.dz = oz;
    if (near[idx] === 1) {
      // Something close blocks part of this view: trace the actual ray.
      r.wx = w.ox + xs * w.ux + (T + 1e-4) * w.nx;
      r.wy = w.oy + xs * w.uy + (T + 1e-4) * w.ny;
      r.wz = xz;
      return SEES_TRACED;
    }
    if (D > 0) {
      // Skyline cell: re-aim from the patch centre at the blocking point's distance (parallax).
      const qs = xs + os * D - (S0 + (ci + 0.5) * cellS);
      const qd = od * D;
      const qz = xz + oz * D - (Z0 + (cj + 0.5) * cellZ);
      const qi = 1 / Math.sqrt(qs * qs + qd * qd + qz * qz);
      fx = (qs * qi + 1) * halfK;
      fy = (qz * qi + 1) * halfK;
      bi = Math.min(K - 1, Math.max(0, fx | 0));
      bj = Math.min(K - 1, Math.max(0, fy | 0));
      idx = cell + bj * K + bi;
    }
    const m = sky[idx]!;
    let seen = m === SKY_ALL;
    if (!seen && m !== 0) {
      const si = Math.min(3, Math.max(0, ((fx - bi) * 4) | 0));
      const sj = Math.min(3, Math.max(0, ((fy - bj) * 4) | 0));
      seen = ((m >> (sj * 4 + si)) & 1) === 1;
    }
    if (seen) return SEES_SKY;
    r.idx = idx;
    return SEES_VIEW;
  }
  if (view.reveal === null) return SEES_NOTHING;
  // The ray meets an outer reveal: find which, and where. Faces 0–3: bottom, top, start side, end side;
  // a ray meets at most one side and one of top or bottom, the nearer of the two (a side on a tie).
  let tMin = Infinity;
  let face = -1;
  if (os !== 0) {
    const t = ((os < 0 ? S0 : S1) - gs) / os;
    if (t < tMin) {
      tMin = t;
      face = os < 0 ? 2 : 3;
    }
  }
  if (oz !== 0) {
    const t = ((oz < 0 ? Z0 : Z1) - gz) / oz;
    if (t < tMin) {
      tMin = t;
      face = oz < 0 ? 0 : 1;
    }
  }
  if (face < 0) return SEES_NOTHING;
  const rv = view.reveal;
  const n = rv.na[face]!;
  const along = face < 2 ? gs + os * tMin - S0 : gz + oz * tMin - Z0;
  const len = face < 2 ? S1 - S0 : Z1 - Z0;
  let ia = ((along / len) * n) | 0;
  if (ia < 0) ia = 0;
  if (ia >= n) ia = n - 1;
  let id = (((od * tMin) / half) * rv.nd) | 0;
  if (id < 0) id = 0;
  if (id >= rv.nd) id = rv.nd - 1;
  r.face = face;
  r.idx = ia * rv.nd + id;
  r.dz = oz;
  return SEES_REVEAL;
}

/** Adds the light through glass rectangle [s0, s1] × [z0, z1] (stratified, na × nb jittered samples). */
function sampleRect(
  L: Local,
  s0: number,
  s1: number,
  z0: number,
  z1: number,
  na: number,
  nb: number,
  rand: () => number,
): void {
  const view = L.view;
  const ws = s1 - s0,
    wz = z1 - z0;
  const dA = (ws * wz) / (na * nb);
  const lum = view.lum;
  let e0 = 0,
    e1 = 0,
    e2 = 0,
    e1up = 0,
    e2up = 0;
  for (let a = 0; a < na; a++) {
    for (let c = 0; c < nb; c++) {
      const gs = s0 + ((a + rand()) / na) * ws;
      const gz = z0 + ((c + rand()) / nb) * wz;
      const kind = locateSample(L, gs, gz, ref);
      if (kind < 0) continue;
      const g = ref.g;
      if (kind === SEES_SKY) e0 += view.ext.sky.luminance(ref.dx, ref.dy, ref.dz) * g;
      else {
        let l1 = 0,
          l2 = 0;
        if (kind === SEES_VIEW) {
          l1 = lum[ref.idx * 2]!;
          l2 = lum[ref.idx * 2 + 1]!;
        } else if (kind === SEES_TRACED) {
          const rad = L.rad;
          if (
            outsideRadiance(view.ext, view.sector, ref.wx, ref.wy, ref.wz, ref.dx, ref.dy, ref.dz, L.hit, rad)
          ) {
            e0 += rad[0]! * g;
            continue;
          }
          l1 = rad[1]!;
          l2 = rad[2]!;
        } else if (kind === SEES_REVEAL) {
          const tab = view.reveal!.lum[ref.face]!;
          l1 = tab[ref.idx * 2]!;
          l2 = tab[ref.idx * 2 + 1]!;
        }
        e1 += l1 * g;
        e2 += l2 * g;
        if (ref.dz > 0) {
          e1up += l1 * g;
          e2up += l2 * g;
        }
      }
    }
  }
  L.e0 += e0 * dA;
  L.e1 += e1 * dA;
  L.e2 += e2 * dA;
  L.e1up += e1up * dA;
  L.e2up += e2up * dA;
}

/**
 * Whether the segment from a point inside window k's opening to a point in the room passes out through
 * k's inner opening (the plane d = 0 of k, within its rectangle).
 */
export function leavesOpening(
  k: WindowModel,
  px: number,
  py: number,
  pz: number,
  qx: number,
  qy: number,
  qz: number,
): boolean {
  const [ps, pd] = toLocalPoint(k, px, py);
  const [qs, qd] = toLocalPoint(k, qx, qy);
  if (qd >= 0) return qd <= 1e-9 && pd <= 1e-9;
  if (pd <= 0) return true;
  const t = pd / (pd - qd);
  const s = ps + t * (qs - ps);
  const z = pz + t * (qz - pz);
  return s >= k.s0 - 1e-9 && s <= k.s1 + 1e-9 && z >= k.z0 - 1e-9 && z <= k.z1 + 1e-9;
}
