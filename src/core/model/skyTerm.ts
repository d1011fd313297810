import type { RoomModel, WindowModel } from '../engine/model';
import { skyLuminance } from '../engine/sky';
import { INSET, planVisibility } from '../engine/visibility';
import type { Glazing } from '../engine/glazing';
import { bodyRise, bodyView, type BodyView } from './bodyView';
import { FAN_HALF_SPAN_DEG, FAN_SIZE } from '../obstruction';
import { FACE_GAP, hidden, nearHidden, nearSpans, type NearField } from './nearField';

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

/** The sectors' edges in degrees from the normal, and as many again outside the fan (the pieces' cuts along the glass). */
export const EDGES: readonly number[] = Array.from({ length: 81 }, (_, k) => {
  const i = k - 8;
  return i === 0 ? -FAN : i === 64 ? FAN : -FAN + (i - 0.5) * STEP;
}).filter((edge) => edge > -89.9 && edge < 89.9);
const EDGE_TANS = EDGES.map((edge) => Math.tan(edge * RAD));

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
  /** Where the edges that set the fan's angles stand (glassBands.ts sectorEdges): a room point sees them as they are. */
  edges?: SectorEdges;
}

/**
 * Per fan sector, the edge that sets its horizon (`low…`) and its zenith (`top…`): its depth d in the
 * window's frame (m out from the inner wall face, WindowModel) and its height (absolute z); NaN where the
 * edge is far or there is none, and the angle stands.
 */
export interface SectorEdges {
  lowD: Float64Array;
  lowH: Float64Array;
  topD: Float64Array;
  topH: Float64Array;
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

/** Where an azimuth (degrees from the normal) falls: within the fan its sector, beside it its outer sector. */
export interface Sector {
  inFan: boolean;
  /** The fan's sector (0..63), clamped outside the fan. */
  i: number;
  /** The outer sector (outerSector) beside the fan; −1 within it. */
  o: number;
}

export function sectorOf(rel: number): Sector {
  const inFan = rel >= -FAN && rel <= FAN;
  return {
    inFan,
    i: Math.min(63, Math.max(0, Math.round((rel + FAN) / STEP))),
    o: inFan ? -1 : outerSector(rel),
  };
}

/**
 * The sector of the azimuths between edge r − 1 and edge r (r = 0: below the first; EDGES.length: above
 * the last). The edges are where sectorOf's rounding turns (test/model/skyTerm.test.ts), so every point of a
 * piece between two cuts is in its region's sector: a piece's Gauss points need no atan2 to find it, which
 * was a fifth of the sky term's time.
 */
export const REGIONS: readonly Sector[] = Array.from({ length: EDGES.length + 1 }, (_, r) =>
  sectorOf(((r === 0 ? -90 : EDGES[r - 1]!) + (r === EDGES.length ? 90 : EDGES[r]!)) / 2),
);

/**
 * A piece narrower than this (m) takes its Gauss points' sector from their azimuths, as float rounding
 * could put a point a few 1e-13 m from an edge on its other side: wider, a point is ≥ 2e-7 m from the
 * edges, orders of magnitude beyond the rounding, and its region's sector is the one atan2 would give.
 */
const NARROW = 1e-6;

/** Reused buffers of the cuts along the glass (a piece's end, and whether it is a sector's edge). */
let cutS = new Float64Array(128);
let cutEdge = new Uint8Array(128);

export interface SkyTermOptions {
  /**
   * The outer opening clipped to the window wall's outer face (lux-frame-10): in a concave corner the other
   * wall's thickness covers the end of a window that reaches into it, and the engine's body (body.ts) sees
   * out only past it.
   */
  clipOuter?: boolean;
  /**
   * The mesh near the window (lux-frame-11, nearField.ts), cut by each column's own plane; the bands'
   * fans must then be the mesh's without it (their `skip`).
   */
  near?: NearField | null;
}

/**
 * The window's opening along its wall (s) on the outer face: the part of [s0, s1] beside the body ring's
 * edge of the window's wall. A convex corner's edge runs past the wall's end; a concave corner's stops short
 * of it by the other wall's thickness (the offset's mitre).
 */
function outerOpening(body: BodyView, w: WindowModel): [number, number] {
  const r = body.ring;
  const [ax, ay] = r[w.edge]!,
    [bx, by] = r[(w.edge + 1) % r.length]!;
  const sa = (ax - w.ox) * w.ux + (ay - w.oy) * w.uy,
    sb = (bx - w.ox) * w.ux + (by - w.oy) * w.uy;
  return [Math.max(w.s0, Math.min(sa, sb)), Math.min(w.s1, Math.max(sa, sb))];
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
  { clipOuter = false, near = null }: SkyTermOptions = {},
): Float32Array {
  const out = new Float32Array(points.length);
  const T = model.thickness;
  const gd = T / 2;
  const b = w.frame;
  const table = bandTable(w.glazing);
  const fans = (bands ?? [{ z0: -Infinity, z1: Infinity, horizon: w.horizon, zenith: w.zenith }]).map(
    ({ z0, z1, horizon, zenith, outer, edges }: SkyBand) => ({
      z0,
      z1,
      angles: horizon !== null && zenith !== null,
      edges: edges ?? null,
      ...sectorTans(horizon, zenith),
      outer: outer ? sectorTans(outer.horizon, outer.zenith) : null,
    }),
  );
  const plan = planVisibility(model);
  const body = bodyView(model);
  const [os0, os1] = clipOuter && body !== null ? outerOpening(body, w) : [w.s0, w.s1];
  for (let k = 0; k < points.length; k++) {
    const [x, y] = points[k]!;
    const ps = (x - w.ox) * w.ux + (y - w.oy) * w.uy;
    // A point on the wall line (a pixel on the outline) stands a hair inside, as the engine takes it.
    const pd = Math.min(-1e-12, (x - w.ox) * w.nx + (y - w.oy) * w.ny);
    if ((x - w.ox) * w.nx + (y - w.oy) * w.ny > 1e-9) continue;
    // The clear glass seen through the inner opening (A), and of it what also leaves the outer one (V).
    const ki = (gd - pd) / -pd,
      ko = (gd - pd) / (T - pd);
    const s0 = Math.max(w.s0 + b, ps + (w.s0 - ps) * ki, ps + (os0 - ps) * ko);
    const s1 = Math.min(w.s1 - b, ps + (w.s1 - ps) * ki, ps + (os1 - ps) * ko);
    const z0 = Math.max(w.z0 + b, z + (w.z0 - z) * ki, z + (w.z0 - z) * ko);
    const z1 = Math.min(w.z1 - b, z + (w.z1 - z) * ki, z + (w.z1 - z) * ko);
    if (s1 - s0 <= 1e-9 || z1 - z0 <= 1e-9) continue;
    const dd = gd - pd;
    if (near !== null) nearSpans(near, w, ps, pd, z, (s0 - ps) / dd, (s1 - ps) / dd);
    // The sectors' edges along the glass (s where the azimuth from p crosses one), and as many again outside
    // the fan: no piece spans more than a sector's 2.3° as seen from the point. They rise with the edges'
    // tangents, so those inside the glass are a run [kLo, kHi] found by bisection, merged with the corners'
    // cuts in order (the edge first where they meet, as a stable sort of edges-then-corners would have it).
    const kLo = firstEdgeAbove(ps, dd, s0);
    const kHi = firstEdgeAbove(ps, dd, s1, true) - 1;
    const corners: number[] = [];
    if (plan !== null) {
      for (const [vx, vy] of model.polygon) {
        // The line from the point past a corner, continued to the glass plane.
        const vs = (vx - w.ox) * w.ux + (vy - w.oy) * w.uy,
          vd = (vx - w.ox) * w.nx + (vy - w.oy) * w.ny;
        if (vd - pd <= 1e-9) continue;
        const s = ps + ((vs - ps) * dd) / (vd - pd);
        if (s > s0 && s < s1) corners.push(s);
      }
      corners.sort((a, c) => a - c);
    }
    const n = 2 + Math.max(0, kHi - kLo + 1) + corners.length;
    if (n > cutS.length) {
      cutS = new Float64Array(2 * n);
      cutEdge = new Uint8Array(2 * n);
    }
    let m = 0;
    cutS[m] = s0;
    cutEdge[m++] = 0;
    for (let ke = kLo, q = 0; ke <= kHi || q < corners.length;) {
      const se = ke <= kHi ? ps + dd * EDGE_TANS[ke]! : Infinity;
      if (q >= corners.length || se <= corners[q]!) {
        cutS[m] = se;
        cutEdge[m++] = 1;
        ke++;
      } else {
        cutS[m] = corners[q++]!;
        cutEdge[m++] = 0;
      }
    }
    cutS[m] = s1;
    cutEdge[m++] = 0;
    let e = 0;
    let region = kLo;
    for (let c = 0; c + 1 < m; c++) {
      if (c > 0 && cutEdge[c]) region++;
      const a = cutS[c]!,
        c1 = cutS[c + 1]!;
      if (c1 - a <= 1e-12) continue;
      const half = (c1 - a) / 2,
        mid = (a + c1) / 2;
      if (plan !== null) {
        // Seen around the walls: where the line to the piece's middle crosses the inner opening.
        const cs = ps + ((mid - ps) * -pd) / dd;
        if (!plan.visible(x, y, w.ox + cs * w.ux - INSET * w.nx, w.oy + cs * w.uy - INSET * w.ny)) continue;
      }
      const narrow = c1 - a < NARROW;
      const sector = REGIONS[region]!;
      for (let gi = 0; gi < 2; gi++) {
        const s = mid + G2[gi]! * half;
        const ds = s - ps;
        const hg = Math.sqrt(ds * ds + dd * dd);
        // The glass's height, and what the building's other wing leaves of it: its roof edge, seen from the
        // point, bounds the sky from below; only rays going up reach the work plane's upward face.
        let floor = z;
        const dx = (ds * w.ux + dd * w.nx) / hg,
          dy = (ds * w.uy + dd * w.ny) / hg;
        if (body !== null) floor = Math.max(floor, z + hg * bodyRise(body, x, y, z, dx, dy));
        // The near mesh's cuts by this column's plane, beyond the wall's outer face (T − pd behind the point).
        const nh =
          near !== null
            ? nearHidden(near, x, y, z, dx, dy, hg, (hg * (T - pd)) / dd + FACE_GAP, ds / dd, z0, z1)
            : 0;
        const { inFan, i, o } = narrow ? sectorOf(Math.atan2(ds, dd) / RAD) : sector;
        // The band table's column for this ray's azimuth (c = d / h: its left column's offset and the right
        // one's weight, band), and the integrand's factor d / h².
        const cx = Math.min(1, Math.max(0, dd / hg)) * BAND_C;
        const ci = Math.min(BAND_C - 1, cx | 0);
        const k0 = ci * (BAND_E + 1),
          fx = cx - ci;
        const scale = dd / (hg * hg);
        for (const f of fans) {
          // The sector's band, as heights on the glass.
          let lo = Math.max(z0, f.z0),
            hi = Math.min(z1, f.z1);
          if (f.angles && inFan) {
            if (!f.open[i]) continue;
            // An edge near the glass is seen from the point where it stands, not at the viewpoint's angle:
            // the ray through the glass (dd beyond the point) at height g meets it (an edge along the facade,
            // at depth D, D − pd beyond the point) at z + (g − z)(D − pd)/dd.
            const el = f.edges,
              dl = el ? el.lowD[i]! : NaN,
              dt = el ? el.topD[i]! : NaN;
            lo = Math.max(
              lo,
              !Number.isNaN(dl) ? z + ((el!.lowH[i]! - z) * dd) / (dl - pd) : z + hg * f.tanLow[i]!,
            );
            hi = Math.min(
              hi,
              !Number.isNaN(dt) ? z + ((el!.topH[i]! - z) * dd) / (dt - pd) : z + hg * f.tanTop[i]!,
            );
          } else if (f.outer && !inFan) {
            if (!f.outer.open[o]) continue;
            lo = Math.max(lo, z + hg * f.outer.tanLow[o]!);
            hi = Math.min(hi, z + hg * f.outer.tanTop[o]!);
          }
          lo = Math.max(lo, floor);
          if (hi - lo <= 1e-12) continue;
          // The band's integral over the glass's height, from the glazing's table (bandTable), less what the
          // near mesh hides of it.
          let sum = 0,
            from = lo;
          for (let k = 0; k < nh && from < hi; k++) {
            const a = hidden.lo[k]!;
            if (a >= hi) break;
            if (a > from)
              sum +=
                band(table, k0, fx, Math.atan2(a - z, hg)) - band(table, k0, fx, Math.atan2(from - z, hg));
            from = Math.max(from, hidden.hi[k]!);
          }
          if (from < hi)
            sum +=
              band(table, k0, fx, Math.atan2(hi - z, hg)) - band(table, k0, fx, Math.atan2(from - z, hg));
          e += scale * sum * half;
        }
      }
    }
    out[k] = 100 * e;
  }
  return out;
}

/**
 * The first edge k whose cut ps + dd · tan(edge k) lies above `s` (or at it, with `orAt`): the cuts rise
 * with k, computed as the pieces take them.
 */
function firstEdgeAbove(ps: number, dd: number, s: number, orAt = false): number {
  let lo = 0,
    hi = EDGE_TANS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const cut = ps + dd * EDGE_TANS[mid]!;
    if (cut > s || (orAt && cut === s)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
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

/** G(c, e) of a band table, bilinear, at c's column: its left column's offset k0, the right one's weight fx. */
function band(t: Float64Array, k0: number, fx: number, e: number): number {
  const y = (Math.max(0, e) / (Math.PI / 2)) * BAND_E;
  const j = Math.min(BAND_E - 1, y | 0);
  const fy = y - j;
  const k = k0 + j;
  const a = t[k]! + (t[k + 1]! - t[k]!) * fy;
  const b = t[k + BAND_E + 1]! + (t[k + BAND_E + 2]! - t[k + BAND_E + 1]!) * fy;
  return a + (b - a) * fx;
}
