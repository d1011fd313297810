import type { RoomModel, WindowModel } from '../engine/model';
import { skyLuminance } from '../engine/sky';
import { INSET, planVisibility } from '../engine/visibility';
import type { Glazing } from '../engine/glazing';
import { bodyRise, bodyView } from './bodyView';
import { FAN_HALF_SPAN_DEG, FAN_SIZE } from '../obstruction';

/**
 * The sky seen through a window, in closed form (issue 35 §3): the daylight factor at work-plane points from
 * the CIE overcast sky straight through the clear glass, with the window's 64 horizon/zenith angles as its
 * surroundings (conventions.md: within the ±72.5° fan, sector i shows sky between elevation horizon[i] and
 * 90° − zenith[i]; outside it the sky is open, as the engine's sector sky has it, unless a band carries the
 * sectors beside the fan measured from the mesh, `outer`) — the engine's `sky` term (simulate.ts TERMS)
 * without its noise.
 *
 * The integral over the glass is split the way the geometry is: along the wall (s) the glass a point sees
 * through both the inner and the outer opening (the rays that meet no reveal; aperture.ts's V rectangle) is
 * cut at the sectors' edges (every 2.3° of azimuth from the point, outside the fan too), each piece on 2
 * Gauss points; at each s the sector's sky band is an interval of the glass's height, found exactly
 * (z = p_z + h · tan e for a ray of elevation e at horizontal distance h), and integrated in elevation from
 * a table of the glazing (bandTable). E = ∫ L(e) τ(θ_g) cos θ_r cos θ_g / r² dA, L the CIE overcast sky
 * (E_h = 1), DF = 100 · E. In a room that is not convex the glass a point sees around the
 * walls is what the engine's plan visibility lets through: the pieces are also cut where the line from the
 * point past a corner of the outline meets the glass, and each piece is seen or not as a whole; and the
 * building's own body (the outline offset by the walls, to the roof: body.ts), which such a room's other
 * wing raises in front of a window, hides the sky below the steepest line from the point over its roof
 * (sampled along the wing, as a sloped roof's ridge may lie inside it) — a lower bound on the band like a
 * horizon.
 * Written here because no library integrates a luminance over a window's aperture.
 */
/** The fan's half-span and sector step in degrees (the obstruction module's convention). */
export const FAN = FAN_HALF_SPAN_DEG;
export const STEP = (2 * FAN_HALF_SPAN_DEG) / (FAN_SIZE - 1);
const RAD = Math.PI / 180;
const G2 = [-1 / Math.sqrt(3), 1 / Math.sqrt(3)];
const G4 = [
  [-0.8611363115940526, 0.3478548451374538],
  [-0.3399810435848563, 0.6521451548625461],
  [0.3399810435848563, 0.6521451548625461],
  [0.8611363115940526, 0.3478548451374538],
] as const;

/** The tangents of the sectors' edges, and as many again outside the fan (the pieces' cuts along the glass). */
const EDGE_TANS: readonly number[] = Array.from({ length: 81 }, (_, k) => {
  const i = k - 8;
  return i === 0 ? -FAN : i === 64 ? FAN : -FAN + (i - 0.5) * STEP;
})
  .filter((edge) => edge > -89.9 && edge < 89.9)
  .map((edge) => Math.tan(edge * RAD));

/**
 * The sky seen through one band of the glass's height (lux-frame-6, skyBands.ts): the angles from the
 * external reference point raised to the band's middle, for the glass between heights z0 and z1.
 */
export interface SkyBand {
  z0: number;
  z1: number;
  horizon: readonly number[] | null;
  zenith: readonly number[] | null;
  /** The sectors beside the fan (glassBands.ts outerAngles), where the convention's open sky may be a block. */
  outer?: OuterAngles;
}

/** Sectors of the fan's step on each side beyond ±72.5°: the eighth reaches 90°. */
export const OUTER_SECTORS = 8;

/**
 * The sectors beside the fan, to ±90°: index j − 1 for the j-th sector outward on the −u side,
 * OUTER_SECTORS + j − 1 on the +u side (glassBands.ts measures them from the mesh).
 */
export interface OuterAngles {
  horizon: readonly number[];
  zenith: readonly number[];
}

/** The outer sector (0 .. 2·OUTER_SECTORS − 1 in OuterAngles) of an azimuth beyond the fan, in degrees from the normal. */
export function outerSector(rel: number): number {
  const j = Math.min(OUTER_SECTORS, Math.max(1, Math.round((Math.abs(rel) - FAN) / STEP)));
  return (rel < 0 ? 0 : OUTER_SECTORS) + j - 1;
}

/**
 * The sky term at work-plane points (DF %). With `bands`, each band of the glass's height shows the sky
 * through its own angles (a tall window's top sees over what hides the sky from its bottom); the opening,
 * its reveals and the building's body stay the window's as a whole. Without, the window's one fan.
 */
export function skyTermAt(
  model: RoomModel,
  w: WindowModel,
  points: readonly (readonly [number, number])[],
  z: number,
  bands?: readonly SkyBand[],
): Float32Array {
  const out = new Float32Array(points.length);
  const T = model.thickness;
  const gd = T / 2;
  const b = w.frame;
  const table = bandTable(w.glazing);
  const fans = (bands ?? [{ z0: -Infinity, z1: Infinity, horizon: w.horizon, zenith: w.zenith }]).map(
    ({ z0, z1, horizon, zenith, outer }) => ({
      z0,
      z1,
      angles: horizon !== null && zenith !== null,
      ...sectorTans(horizon, zenith),
      outer: outer ? sectorTans(outer.horizon, outer.zenith) : null,
    }),
  );
  const plan = planVisibility(model);
  const body = bodyView(model);
  for (let k = 0; k < points.length; k++) {
    const [x, y] = points[k]!;
    const ps = (x - w.ox) * w.ux + (y - w.oy) * w.uy;
    // A point on the wall line (a pixel on the outline) stands a hair inside, as the engine takes it.
    const pd = Math.min(-1e-12, (x - w.ox) * w.nx + (y - w.oy) * w.ny);
    if ((x - w.ox) * w.nx + (y - w.oy) * w.ny > 1e-9) continue;
    // The clear glass seen through the inner opening (A), and of it what also leaves the outer one (V).
    const ki = (gd - pd) / -pd,
      ko = (gd - pd) / (T - pd);
    const s0 = Math.max(w.s0 + b, ps + (w.s0 - ps) * ki, ps + (w.s0 - ps) * ko);
    const s1 = Math.min(w.s1 - b, ps + (w.s1 - ps) * ki, ps + (w.s1 - ps) * ko);
    const z0 = Math.max(w.z0 + b, z + (w.z0 - z) * ki, z + (w.z0 - z) * ko);
    const z1 = Math.min(w.z1 - b, z + (w.z1 - z) * ki, z + (w.z1 - z) * ko);
    if (s1 - s0 <= 1e-9 || z1 - z0 <= 1e-9) continue;
    const dd = gd - pd;
    // The sectors' edges along the glass (s where the azimuth from p crosses one), and as many again outside
    // the fan: no piece spans more than a sector's 2.3° as seen from the point.
    const cuts = [s0, s1];
    for (const t of EDGE_TANS) {
      const s = ps + dd * t;
      if (s > s0 && s < s1) cuts.push(s);
    }
    if (plan !== null)
      for (const [vx, vy] of model.polygon) {
        // The line from the point past a corner, continued to the glass plane.
        const vs = (vx - w.ox) * w.ux + (vy - w.oy) * w.uy,
          vd = (vx - w.ox) * w.nx + (vy - w.oy) * w.ny;
        if (vd - pd <= 1e-9) continue;
        const s = ps + ((vs - ps) * dd) / (vd - pd);
        if (s > s0 && s < s1) cuts.push(s);
      }
    cuts.sort((a, c) => a - c);
    let e = 0;
    for (let c = 0; c + 1 < cuts.length; c++) {
      const a = cuts[c]!,
        c1 = cuts[c + 1]!;
      if (c1 - a <= 1e-12) continue;
      const half = (c1 - a) / 2,
        mid = (a + c1) / 2;
      if (plan !== null) {
        // Seen around the walls: where the line to the piece's middle crosses the inner opening.
        const cs = ps + ((mid - ps) * -pd) / dd;
        if (!plan.visible(x, y, w.ox + cs * w.ux - INSET * w.nx, w.oy + cs * w.uy - INSET * w.ny)) continue;
      }
      for (const g of G2) {
        const s = mid + g * half;
        const ds = s - ps;
        const hg = Math.sqrt(ds * ds + dd * dd);
        // The glass's height, and what the building's other wing leaves of it: its roof edge, seen from the
        // point, bounds the sky from below; only rays going up reach the work plane's upward face.
        let floor = z;
        if (body !== null) {
          const dx = (ds * w.ux + dd * w.nx) / hg,
            dy = (ds * w.uy + dd * w.ny) / hg;
          floor = Math.max(floor, z + hg * bodyRise(body, x, y, z, dx, dy));
        }
        const rel = Math.atan2(ds, dd) / RAD;
        const inFan = rel >= -FAN && rel <= FAN;
        const i = Math.min(63, Math.max(0, Math.round((rel + FAN) / STEP)));
        for (const f of fans) {
          // The sector's band, as heights on the glass.
          let lo = Math.max(z0, f.z0),
            hi = Math.min(z1, f.z1);
          if (f.angles && inFan) {
            if (!f.open[i]) continue;
            lo = Math.max(lo, z + hg * f.tanLow[i]!);
            hi = Math.min(hi, z + hg * f.tanTop[i]!);
          } else if (f.outer && !inFan) {
            const o = outerSector(rel);
            if (!f.outer.open[o]) continue;
            lo = Math.max(lo, z + hg * f.outer.tanLow[o]!);
            hi = Math.min(hi, z + hg * f.outer.tanTop[o]!);
          }
          lo = Math.max(lo, floor);
          if (hi - lo <= 1e-12) continue;
          // The band's integral over the glass's height, from the glazing's table (bandTable).
          const inner =
            (dd / (hg * hg)) *
            (band(table, dd / hg, Math.atan2(hi - z, hg)) - band(table, dd / hg, Math.atan2(lo - z, hg)));
          e += inner * half;
        }
      }
    }
    out[k] = 100 * e;
  }
  return out;
}

/** Each sector's band as the tangents of its elevations (a sector whose horizon meets its zenith shows none). */
function sectorTans(horizon: readonly number[] | null, zenith: readonly number[] | null) {
  return {
    open: horizon && zenith ? horizon.map((h, i) => h < 90 - zenith[i]!) : [],
    tanLow: horizon ? horizon.map((h) => Math.tan(h * RAD)) : [],
    tanTop: zenith ? zenith.map((zn) => (zn > 0 ? Math.tan((90 - zn) * RAD) : Infinity)) : [],
  };
}

/** Columns of the band table: c = cos of the ray's azimuth from the wall's normal, 0..1. */
const BAND_C = 128;
/** Rows: elevation 0..90°. */
const BAND_E = 256;
const tables = new WeakMap<Glazing, Float64Array>();

/**
 * The elevation integral of a sky band on the glass, once per glazing. On the vertical line of the glass at
 * horizontal distance h from the point, with c = d/h (d the point's depth behind the glass), the height z =
 * p_z + h · tan e turns ∫ L τ(cos θ_g) cos θ_r cos θ_g / r² dz into (d / h²) · ∫ L(sin e) τ(c · cos e) ·
 * sin e · cos e de: a function of c and the band's two elevations alone. The table holds its running
 * integral G(c, e) from the horizon (4 Gauss points a row), read bilinearly; a band is G(c, e_hi) −
 * G(c, e_lo): within 2e-5 of the defining integral (test/model/skyTerm.test.ts) at half the time of
 * integrating each band on Gauss points, which cost most of lux-frame-4's preprocessing.
 */
function bandTable(glazing: Glazing): Float64Array {
  let t = tables.get(glazing);
  if (t) return t;
  t = new Float64Array((BAND_C + 1) * (BAND_E + 1));
  const de = Math.PI / 2 / BAND_E;
  for (let i = 0; i <= BAND_C; i++) {
    const c = i / BAND_C;
    let g = 0;
    for (let j = 0; j < BAND_E; j++) {
      for (const [x, wt] of G4) {
        const e = (j + 0.5 + x / 2) * de;
        const sin = Math.sin(e),
          cos = Math.cos(e);
        g += (de / 2) * wt * skyLuminance(sin) * glazing.transmittanceAt(c * cos) * sin * cos;
      }
      t[i * (BAND_E + 1) + j + 1] = g;
    }
  }
  tables.set(glazing, t);
  return t;
}

/** G(c, e) of a band table, bilinear. */
function band(t: Float64Array, c: number, e: number): number {
  const x = Math.min(1, Math.max(0, c)) * BAND_C,
    y = (Math.max(0, e) / (Math.PI / 2)) * BAND_E;
  const i = Math.min(BAND_C - 1, x | 0),
    j = Math.min(BAND_E - 1, y | 0);
  const fx = x - i,
    fy = y - j;
  const k = i * (BAND_E + 1) + j;
  const a = t[k]! + (t[k + 1]! - t[k]!) * fy;
  const b = t[k + BAND_E + 1]! + (t[k + BAND_E + 2]! - t[k + BAND_E + 1]!) * fy;
  return a + (b - a) * fx;
}
