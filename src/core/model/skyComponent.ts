import { glassTransmittanceFast } from '../engine/glazing';

/**
 * The direct part of the daylight factor at a work-plane point, in closed geometric form: what the
 * model's inputs call the sky component. It gives the network the sharp structure near a window (the
 * steep fall-off, the shadow of reveals and frames, the cut-off of the obstruction line) so that the
 * network itself only has to learn smooth corrections and the interreflected light.
 *
 * Window frame: the point looks out along the window normal n; `s` is the lateral slope (per metre
 * along n, positive to the left when looking out) and `v` the vertical slope. The opening is a tunnel
 * through the wall: the ray must pass its inner face (at depth d), its outer face (d + t) and the glazed
 * part of the pane in the middle (d + t/2). Each of these bounds s and v separately, so the visible
 * aperture is a rectangle in (s, v): [s0, s1] × [v0, v1].
 *
 * In each of 64 sectors the angles give the sky band [horizon, 90° − zenith]; below and above it the
 * ray meets an obstruction (physics.md). The integral of the CIE overcast sky over the visible sky, with
 * the glass's angular transmittance and the cosine on the upward work plane, is the `sky` output (DF %);
 * the same integral over the obstructed directions, with sky luminance, is `obstructed` (the network
 * scales it into the light the obstructions reflect).
 */
export interface Aperture {
  s0: number;
  s1: number;
  v0: number;
  v1: number;
}

export interface SectorAngles {
  /** tan of horizon and of (90° − zenith) per sector, conventions.md order (0 = right-hand end). */
  tanLow: Float64Array;
  tanHigh: Float64Array;
}

const FAN = (72.5 * Math.PI) / 180;
const STEP = ((145 / 63) * Math.PI) / 180;
/** Horizontal illuminance of the unobstructed CIE overcast sky of zenith luminance 1: 7π/9. */
const E_H = (7 * Math.PI) / 9;
const STRIPS = 12;
/** 3-point Gauss–Legendre on [0, 1] (per table cell). */
const GX = [0.5 - Math.sqrt(0.15), 0.5, 0.5 + Math.sqrt(0.15)];
const GW = [5 / 18, 8 / 18, 5 / 18];

export function sectorAngles(horizon: readonly number[], zenith: readonly number[]): SectorAngles {
  const rad = Math.PI / 180;
  return {
    tanLow: Float64Array.from(horizon, (h) => Math.tan(Math.min(89.9, h) * rad)),
    tanHigh: Float64Array.from(zenith, (z) => (z <= 0 ? Infinity : Math.tan(Math.max(0.1, 90 - z) * rad))),
  };
}

/*
 * A strip at lateral slope s (q = √(1 + s²)) sees the sky between vertical slopes a and b. Its light, with
 * the Jacobian 1 + s², is integrated in elevation γ = atan(v / q): there the integrand
 * (1 + 2 sin γ)/3 · sin γ · cos γ · glass(cos γ / q) is smooth and bounded even when the aperture spans
 * v ∈ [0, ∞) next to the wall, where the slope form (`lux-frame-1`) read up to 35 % low.
 *
 * The integral comes from a table: F(φ, u) = ∫₀^γ(u) of the integrand, with φ = atan(s) the strip's
 * azimuth and u = v / (q + v) ∈ [0, 1) (u = 1 is the zenith), so a band is F(φ, u(b)) − F(φ, u(a)): two
 * bilinear look-ups and no trigonometry. F grows as u² above the work plane, so the table holds F / u²,
 * which is smooth down to u = 0 and keeps far, low apertures as accurate as near ones. Three Gauss
 * points per band, evaluated per pixel, spent ~7 ms per window on a 5 × 4 m room, most of a browser
 * prediction's preprocessing; the table is built once per process (~0.5 MB, ~10 ms) from 512 cells in
 * u, 3 Gauss points each, so it is also more accurate than one rule over a whole band.
 */
const NPHI = 256;
const NU = 512;
const PHI_STEP = Math.PI / 2 / NPHI;
let table: Float32Array | null = null;

function buildTable(): Float32Array {
  // γ = atan(v / q) = atan(u / (1 − u)) does not depend on q: the Gauss nodes, their weights and the
  // sky and cosine factors are shared by all rows; only the glass term changes with the strip.
  const nodes = NU * 3;
  const weight = new Float64Array(nodes),
    cosG = new Float64Array(nodes);
  for (let j = 1; j <= NU; j++) {
    const g0 = Math.atan((j - 1) / NU / (1 - (j - 1) / NU)),
      g1 = j === NU ? Math.PI / 2 : Math.atan(j / NU / (1 - j / NU));
    for (let k = 0; k < 3; k++) {
      const g = g0 + GX[k]! * (g1 - g0);
      const sinG = Math.sin(g);
      cosG[(j - 1) * 3 + k] = Math.cos(g);
      weight[(j - 1) * 3 + k] = GW[k]! * (g1 - g0) * ((1 + 2 * sinG) / 3) * sinG * Math.cos(g);
    }
  }
  const t = new Float32Array((NPHI + 1) * (NU + 1));
  for (let i = 0; i <= NPHI; i++) {
    // 1 / q = cos φ; at φ = 90° the strip is grazing and the glass passes nothing.
    const invQ = i === NPHI ? 0 : Math.cos(i * PHI_STEP);
    let acc = 0;
    for (let j = 1; j <= NU; j++) {
      for (let k = (j - 1) * 3; k < j * 3; k++) acc += weight[k]! * glassTransmittanceFast(cosG[k]! * invQ);
      const u = j / NU;
      t[i * (NU + 1) + j] = acc / (u * u);
    }
    const r = i * (NU + 1);
    t[r] = 2 * t[r + 1]! - t[r + 2]!;
  }
  return t;
}

/** F(φ, u(v)) for a strip whose table row (at |φ|) starts at `r` with fraction `fx` towards the next. */
function cumulative(tab: Float32Array, r: number, fx: number, q: number, v: number): number {
  if (v <= 0) return 0;
  const u = v === Infinity ? 1 : v / (q + v);
  const y = Math.min(NU - 1e-9, u * NU);
  const j = y | 0;
  const fy = y - j;
  const r0 = r + j,
    r1 = r0 + NU + 1;
  const lo = tab[r0]! + (tab[r0 + 1]! - tab[r0]!) * fy;
  const hi = tab[r1]! + (tab[r1 + 1]! - tab[r1]!) * fy;
  return (lo + (hi - lo) * fx) * u * u;
}

/** Sky and obstructed-sky DF (%) through aperture `a`; `angles` null = open surroundings. */
export function skyComponent(
  a: Aperture,
  angles: SectorAngles | null,
  out: { sky: number; obstructed: number },
): void {
  out.sky = 0;
  out.obstructed = 0;
  const v0 = Math.max(0, a.v0);
  if (a.s1 <= a.s0 || a.v1 <= v0) return;
  // Strips even in azimuth φ = atan(s), not in s: near the wall s spans ±∞ and even strips in s would
  // put nearly all samples at grazing angles. ds = dφ / cos² φ, which cancels against band's 1/q².
  const p0 = Math.atan(a.s0),
    p1 = Math.atan(a.s1);
  const dp = (p1 - p0) / STRIPS;
  const tab = (table ??= buildTable());
  let sky = 0,
    obstructed = 0;
  // cos φ stepped by the angle-addition rule: two trig calls per point instead of one per strip.
  const cosStep = Math.cos(dp),
    sinStep = Math.sin(dp);
  let cosPhi = Math.cos(p0 + 0.5 * dp),
    sinPhi = Math.sin(p0 + 0.5 * dp);
  for (let k = 0; k < STRIPS; k++) {
    const phi = p0 + (k + 0.5) * dp;
    const phiAbs = Math.abs(phi);
    const q = 1 / cosPhi;
    const c = cosPhi * cosStep - sinPhi * sinStep;
    sinPhi = sinPhi * cosStep + cosPhi * sinStep;
    cosPhi = c;
    // The strip's table row, shared by its (up to four) look-ups.
    const x = Math.min(NPHI - 1e-9, phiAbs / PHI_STEP);
    const row = x | 0;
    const fx = x - row;
    const r = row * (NU + 1);
    const fBottom = cumulative(tab, r, fx, q, v0),
      fTop = cumulative(tab, r, fx, q, a.v1);
    if (angles === null || phi < -FAN || phi > FAN) {
      sky += fTop - fBottom;
      continue;
    }
    const i = Math.min(63, Math.max(0, Math.round((phi + FAN) / STEP)));
    // Elevation tan γ = v / √(1 + s²): the band's limits in v. Below, band and above are integrated
    // separately, so the parts add up exactly and none is negative. A band reaching the aperture's edge
    // (no obstruction in view, the common case) reuses the edge's look-up.
    const lo = Math.min(a.v1, Math.max(v0, angles.tanLow[i]! * q));
    const hi = Math.max(lo, Math.min(a.v1, angles.tanHigh[i]! * q));
    const fLo = lo === v0 ? fBottom : lo === a.v1 ? fTop : cumulative(tab, r, fx, q, lo),
      fHi = hi === a.v1 ? fTop : hi === lo ? fLo : cumulative(tab, r, fx, q, hi);
    sky += fHi - fLo;
    obstructed += fLo - fBottom + (fTop - fHi);
  }
  out.sky = (100 * sky * dp) / E_H;
  out.obstructed = (100 * obstructed * dp) / E_H;
}
