import { pointToPolygon } from './formFactor';
import type { WindowModel } from './model';
import { toLocalPoint } from './windowFrame';
import { newHit, type ExteriorHit } from './exterior';
import { INSET, type PlanVisibility } from './visibility';
import { outsideRadiance, SKY_ALL, type WindowView } from './windowView';

const scratchHit = newHit();
const scratchRad = new Float64Array(3);
const scratchSum = new Float64Array(5);

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
    sum: scratchSum,
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
  /** The daylight factor's sums by order of one rectangle's samples (sampleRect). */
  sum: Float64Array;
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

/**
 * Where one glass sample's ray goes, and its weight: T(θ) cos θ_r cos θ_g / r² per unit glass area from
 * locateSample, the piece of glass it stands for in a sampler's visit.
 */
export interface SampleRef {
  g: number;
  /** The glass's transmittance T(θ) along the ray. */
  t: number;
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
  t: 0,
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
  r.t = w.glazing.transmittanceAt(od);
  r.g = (r.t * cosR * od) / r2;
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

/**
 * A stratum of the glass nearer the receiver than NEAR_STRATUM of its diagonals is not sampled once by the
 * point rule cos θ_r cos θ_g / r²: that is unbiased, but its variance grows without bound as the receiver
 * nears the glass. A window given on the wall's line has no depth, its glass lies a hair from the room, and
 * a work-plane cell whose centre fell on that line read 5 766 % DF from one sample (open-ground stress room
 * #950012; the light there is a few tens of per cent). Such a stratum is cut in four, again and again
 * towards the receiver (refineStratum), until each piece is far enough for the point rule or, at the last
 * level, weighed by its exact form factor. A receiver with no near stratum (most of a room, at standard
 * quality in a wall of ordinary depth) is sampled as before, bit for bit; the coarse qualities' few large
 * strata are near every receiver beside the window.
 */
const NEAR_STRATUM = 1.5;
/** Levels of refinement: a piece 2⁻⁸ of its stratum is within a millimetre of the receiver. */
const MAX_LEVELS = 8;
const stratumVerts = new Float64Array(12);

/** Whether glass stratum [a0, a1] × [b0, b1] (a along the wall, b up) is near the receiver (see above). */
export function isNearStratum(L: Local, a0: number, a1: number, b0: number, b1: number): boolean {
  const vd = L.view.T / 2 - L.pd;
  const ea = Math.max(0, a0 - L.ps, L.ps - a1),
    eb = Math.max(0, b0 - L.pz, L.pz - b1);
  const da = a1 - a0,
    db = b1 - b0;
  return vd * vd + ea * ea + eb * eb < NEAR_STRATUM * NEAR_STRATUM * (da * da + db * db);
}

/** What a sampler does with one sample: what it sees (SEES_*) and, in `r.g`, its weight. */
export type SampleVisit = (L: Local, kind: number, r: SampleRef) => void;

/**
 * Samples a near stratum (isNearStratum) as four quarters, each refined again while near, visiting every
 * sample the receiver sees with its weight (T(θ) times the piece's solid angle projected on the receiver's
 * normal) per `unit` of glass area, the sampler's own (what its far samples' weights are multiplied by).
 */
export function refineStratum(
  L: Local,
  a0: number,
  a1: number,
  b0: number,
  b1: number,
  rand: () => number,
  r: SampleRef,
  visit: SampleVisit,
  unit: number,
  level = 1,
): void {
  const am = (a0 + a1) / 2,
    bm = (b0 + b1) / 2;
  for (let q = 0; q < 4; q++) {
    const p0 = q & 1 ? am : a0,
      p1 = q & 1 ? a1 : am,
      q0 = q & 2 ? bm : b0,
      q1 = q & 2 ? b1 : bm;
    if (!isNearStratum(L, p0, p1, q0, q1)) {
      const kind = locateSample(L, p0 + rand() * (p1 - p0), q0 + rand() * (q1 - q0), r);
      if (kind < 0) continue;
      r.g *= ((p1 - p0) * (q1 - q0)) / unit;
      visit(L, kind, r);
    } else if (level < MAX_LEVELS) refineStratum(L, p0, p1, q0, q1, rand, r, visit, unit, level + 1);
    else exactStratum(L, p0, p1, q0, q1, rand, r, visit, unit);
  }
}

/** A piece too near for the point rule at the last level: its exact form factor, radiance at a sample. */
function exactStratum(
  L: Local,
  a0: number,
  a1: number,
  b0: number,
  b1: number,
  rand: () => number,
  r: SampleRef,
  visit: SampleVisit,
  unit: number,
): void {
  // Local frame (along, out, up): the receiver at (ps, pd, pz), the piece in the glass's plane.
  const gd = L.view.T / 2;
  stratumVerts.set([a0, gd, b0, a1, gd, b0, a1, gd, b1, a0, gd, b1]);
  const F = pointToPolygon(L.ps, L.pd, L.pz, L.ns, L.nd, L.nz, stratumVerts);
  if (F <= 0) return;
  // The sample must be a point the receiver faces: where part of the piece is behind it, the corner it
  // faces most, a hair inside.
  let gs = a0 + rand() * (a1 - a0);
  let gz = b0 + rand() * (b1 - b0);
  if ((gs - L.ps) * L.ns + (gd - L.pd) * L.nd + (gz - L.pz) * L.nz <= 0) {
    gs = L.ns > 0 ? a1 - 1e-3 * (a1 - a0) : a0 + 1e-3 * (a1 - a0);
    gz = L.nz > 0 ? b1 - 1e-3 * (b1 - b0) : b0 + 1e-3 * (b1 - b0);
  }
  const kind = locateSample(L, gs, gz, r);
  if (kind < 0) return;
  r.g = (r.t * Math.PI * F) / unit;
  visit(L, kind, r);
}

/**
 * Samples glass rectangle [s0, s1] × [z0, z1] on an na × nb jittered grid, one sample a stratum and near
 * strata refined (refineStratum), visiting each sample the receiver sees. Its weight `r.g` is per unit of a
 * stratum's area when `perStratum` (the sampler scales its sums once), else whole.
 */
export function sampleStrata(
  L: Local,
  s0: number,
  s1: number,
  z0: number,
  z1: number,
  na: number,
  nb: number,
  rand: () => number,
  r: SampleRef,
  visit: SampleVisit,
  perStratum: boolean,
): void {
  const ws = s1 - s0,
    wz = z1 - z0;
  const dA = (ws * wz) / (na * nb);
  for (let a = 0; a < na; a++) {
    for (let c = 0; c < nb; c++) {
      const a0 = s0 + (a / na) * ws,
        a1 = s0 + ((a + 1) / na) * ws,
        b0 = z0 + (c / nb) * wz,
        b1 = z0 + ((c + 1) / nb) * wz;
      if (isNearStratum(L, a0, a1, b0, b1)) {
        refineStratum(L, a0, a1, b0, b1, rand, r, visit, perStratum ? dA : 1);
        continue;
      }
      const gs = s0 + ((a + rand()) / na) * ws;
      const gz = z0 + ((c + rand()) / nb) * wz;
      const kind = locateSample(L, gs, gz, r);
      if (kind < 0) continue;
      if (!perStratum) r.g *= dA;
      visit(L, kind, r);
    }
  }
}

/** Adds the light through glass rectangle [s0, s1] × [z0, z1] (sampleStrata). */
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
  const dA = ((s1 - s0) * (z1 - z0)) / (na * nb);
  // Summed per unit of a stratum's area and scaled once.
  const sum = L.sum.fill(0);
  sampleStrata(L, s0, s1, z0, z1, na, nb, rand, ref, addLight, true);
  L.e0 += sum[0]! * dA;
  L.e1 += sum[1]! * dA;
  L.e2 += sum[2]! * dA;
  L.e1up += sum[3]! * dA;
  L.e2up += sum[4]! * dA;
}

/** The daylight factor's visit: a sample's luminance by order, added to the receiver's sums (sampleRect). */
function addLight(L: Local, kind: number, r: SampleRef): void {
  const view = L.view;
  const sum = L.sum;
  const g = r.g;
  if (kind === SEES_SKY) {
    sum[0] = sum[0]! + view.ext.sky.luminance(r.dx, r.dy, r.dz) * g;
    return;
  }
  let l1 = 0,
    l2 = 0;
  if (kind === SEES_VIEW) {
    l1 = view.lum[r.idx * 2]!;
    l2 = view.lum[r.idx * 2 + 1]!;
  } else if (kind === SEES_TRACED) {
    const rad = L.rad;
    if (outsideRadiance(view.ext, view.sector, r.wx, r.wy, r.wz, r.dx, r.dy, r.dz, L.hit, rad)) {
      sum[0] = sum[0]! + rad[0]! * g;
      return;
    }
    l1 = rad[1]!;
    l2 = rad[2]!;
  } else if (kind === SEES_REVEAL) {
    const tab = view.reveal!.lum[r.face]!;
    l1 = tab[r.idx * 2]!;
    l2 = tab[r.idx * 2 + 1]!;
  }
  sum[1] = sum[1]! + l1 * g;
  sum[2] = sum[2]! + l2 * g;
  if (r.dz > 0) {
    sum[3] = sum[3]! + l1 * g;
    sum[4] = sum[4]! + l2 * g;
  }
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
