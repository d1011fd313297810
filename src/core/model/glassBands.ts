import type { WindowModel } from '../engine/model';
import type { WindowGeometry } from '../geometry/window';
import { FAN_HALF_SPAN_DEG, FAN_SIZE, obstructionFans } from '../obstruction';
import type { TriangleSoup } from '../types';
import { deg, type Degrees } from '../units';
import type { Point3 } from '../geometry/vec';
import { OUTER_SECTORS, STEP, type OuterAngles, type SectorEdges, type SkyBand } from './skyTerm';

/**
 * A tall window's sky, band by band (lux-frame-6, issue 35 §3). The request's 64 angles are measured at the
 * window's mid-height (conventions.md), which describes what a storey-high window sees; a window several
 * storeys high sees over the street's far side from its top and nothing but the facade opposite from its
 * bottom, so one fan from its middle gets its sky term badly wrong (a 26 m window in a 60 m canyon: 3× the
 * engine's). With the mesh, the glass is cut into bands of at most `BAND_HEIGHT`, each with the fan from the
 * external reference point raised to its middle; skyTermAt and skyFlux take each band's sky through its own
 * fan. Without a mesh, or for a window no taller than one band, there is nothing finer to say: undefined,
 * and the window's own fan serves.
 */
export const BAND_HEIGHT = 1;
/** A 24 m high window's bands cost ~40 ms of fans (a scan of the mesh per band: obstructionFans). */
export const MAX_BANDS = 24;

export function glassBands(
  mesh: TriangleSoup | null | undefined,
  g: WindowGeometry,
  w: WindowModel,
  height = BAND_HEIGHT,
): SkyBand[] | undefined {
  return roomGlassBands(mesh, [{ g, w }], height)[0];
}

/**
 * Every window's bands at once: one call of obstructionFans for the room, so that a mesh with no stored
 * tree is scanned or built into a tree once, not once a window. With `outer` (lux-frame-7) every window of
 * a request with a mesh gets bands — a storey-high one a single band through its own fan — and each band
 * the sectors beside its fan, measured from the band's viewpoint (outerAngles).
 */
export function roomGlassBands(
  mesh: TriangleSoup | null | undefined,
  windows: readonly { g: WindowGeometry; w: WindowModel | undefined }[],
  height = BAND_HEIGHT,
  {
    outer = false,
    edges = false,
    skip,
  }: {
    outer?: boolean;
    /** Each band's fan sectors' edges too (sectorEdges): from a second fan EDGE_PROBE out along the normal. */
    edges?: boolean;
    /** The mesh's triangles the fans leave out (a near field's, nearField.ts). */
    skip?: Uint8Array;
  } = {},
): (SkyBand[] | undefined)[] {
  const cuts = windows.map(({ w }) => {
    if (!mesh || !w) return null;
    const g0 = w.z0 + w.frame,
      g1 = w.z1 - w.frame;
    const k = Math.min(MAX_BANDS, Math.ceil((g1 - g0) / height - 1e-9));
    if (k > 1) return Array.from({ length: k + 1 }, (_, b) => g0 + (b * (g1 - g0)) / k);
    // No cuts: a single band through the window's own fan, only its sides to measure (with `outer`).
    return outer ? [] : null;
  });
  // Each band's viewpoint (a single band's: the window's reference point, where its own fan was taken, so
  // only its sides are measured).
  const views = windows.flatMap(({ g }, i) => {
    const at = cuts[i];
    if (!at) return [];
    if (at.length === 0)
      return [{ viewpoint: g.externalReferencePoint, direction: g.directionAngle, single: true, window: i }];
    return at.slice(1).map((top, b) => ({
      viewpoint: { ...g.externalReferencePoint, z: (at[b]! + top) / 2 },
      direction: g.directionAngle,
      single: false,
      window: i,
    }));
  });
  // A single band keeps the window's own fan, unless the fans leave part of the mesh out: then it is
  // measured again without it.
  const own = views.filter((v) => !v.single || skip);
  // With edges, every view's fan again from EDGE_PROBE out along the window's normal (a view has a window).
  const normal = (view: number) => windows[views[view]!.window]!.w!;
  const probes = edges
    ? views.map(({ viewpoint, direction }, v) => ({
        viewpoint: {
          x: viewpoint.x + EDGE_PROBE * normal(v).nx,
          y: viewpoint.y + EDGE_PROBE * normal(v).ny,
          z: viewpoint.z,
        },
        direction,
      }))
    : [];
  const turnedViews = outer ? turned(views) : [];
  const all = [...own, ...turnedViews, ...probes];
  const fans = all.length ? obstructionFans(mesh!, all, skip) : [];
  const beside = outer ? outerOf(fans.slice(own.length, own.length + turnedViews.length)) : [];
  const probed = fans.slice(own.length + turnedViews.length);
  const probeOf = (view: number, near: { horizon: readonly number[]; zenith: readonly number[] }) => {
    // The viewpoint's depth in the window's frame (d: 0 on the inner wall face, skyTerm.ts SectorEdges).
    const w = normal(view),
      { x, y, z } = views[view]!.viewpoint;
    return sectorEdges(near, probed[view]!, z, (x - w.ox) * w.nx + (y - w.oy) * w.ny);
  };
  let next = 0,
    view = 0;
  // The outermost bands reach past the glass: the opening clips them as it clips the window's one fan.
  return cuts.map((at, i) => {
    if (!at) return undefined;
    const w = windows[i]!.w!;
    if (at.length === 0) {
      const own = skip
        ? fans[next++]!
        : w.horizon && w.zenith
          ? { horizon: w.horizon, zenith: w.zenith }
          : null;
      const band: SkyBand = {
        z0: -Infinity,
        z1: Infinity,
        horizon: own?.horizon ?? null,
        zenith: own?.zenith ?? null,
      };
      if (outer) band.outer = beside[view]!;
      if (edges && own) band.edges = probeOf(view, own);
      view++;
      return [band];
    }
    const k = at.length - 1;
    return Array.from({ length: k }, (_, b) => {
      const f = fans[next++]!;
      const band: SkyBand = {
        z0: b === 0 ? -Infinity : at[b]!,
        z1: b === k - 1 ? Infinity : at[b + 1]!,
        horizon: f.horizon,
        zenith: f.zenith,
      };
      if (outer) band.outer = beside[view]!;
      if (edges) band.edges = probeOf(view, f);
      view++;
      return band;
    });
  });
}

/**
 * How far out along the window's normal the second fan of `edges` is taken (m). Two angles of one edge from
 * two points on a line place it; an edge nearer than this to the window is placed wrong (the probe may stand
 * past it), and one EDGE_FAR or more away is far enough for its angle.
 */
export const EDGE_PROBE = 0.3;
/**
 * Beyond this (m) a sector's edge is taken as far, its angle standing: at 20 m a ray from a point 3 m into
 * the room meets it within 0.3° of the angle from the glass.
 */
export const EDGE_FAR = 20;

/**
 * Where the edges that set a fan's sectors stand (skyTerm.ts SectorEdges), from the fan at a viewpoint on
 * the window's outer face and the same fan EDGE_PROBE out along its normal (lux-frame-9). The band's angles
 * are a room point's only for edges far away: a balcony's slab over the window, or a wall across a notch,
 * is met by the room point's rays through the glass at other elevations (docs/model.md, the sixteenth
 * session: the closed form read balcony windows 8.6 % bright at the median). An edge rises from the nearer
 * viewpoint by tan a₂ / tan a₁ = D / (D − probe), which places it at D along the normal (an edge along the
 * facade; `viewD` is the viewpoint's depth in the window's frame), its height from either angle.
 */
export function sectorEdges(
  near: { horizon: readonly number[]; zenith: readonly number[] },
  probe: { horizon: readonly number[]; zenith: readonly number[] },
  viewZ: number,
  viewD: number,
): SectorEdges {
  const n = near.horizon.length;
  const out: SectorEdges = {
    lowD: new Float64Array(n).fill(NaN),
    lowH: new Float64Array(n).fill(NaN),
    topD: new Float64Array(n).fill(NaN),
    topH: new Float64Array(n).fill(NaN),
  };
  // The edge at elevation tangents t1 (here) and t2 (nearer): its distance along the normal, or NaN.
  const place = (t1: number, t2: number): number => {
    if (!(t1 > 0) || !(t2 > t1)) return NaN;
    const d = (EDGE_PROBE * t2) / (t2 - t1);
    return d < EDGE_FAR ? d : NaN;
  };
  for (let i = 0; i < n; i++) {
    // Along the sector's direction the edge is d / cos θ away.
    const cos = Math.cos(((-FAN_HALF_SPAN_DEG + i * STEP) * Math.PI) / 180);
    const t1 = Math.tan((near.horizon[i]! * Math.PI) / 180);
    const dl = place(t1, Math.tan((probe.horizon[i]! * Math.PI) / 180));
    if (!Number.isNaN(dl)) {
      out.lowD[i] = dl + viewD;
      out.lowH[i] = viewZ + (dl * t1) / cos;
    }
    // A zenith angle z (from the zenith) is an overhang's edge at elevation 90° − z.
    if (near.zenith[i]! > 0 && probe.zenith[i]! > 0) {
      const e1 = Math.tan(((90 - near.zenith[i]!) * Math.PI) / 180);
      const dt = place(e1, Math.tan(((90 - probe.zenith[i]!) * Math.PI) / 180));
      if (!Number.isNaN(dt)) {
        out.topD[i] = dt + viewD;
        out.topH[i] = viewZ + (dt * e1) / cos;
      }
    }
  }
  return out;
}

/** Degrees between the fan's first and last sector: a fan turned by this continues the one it turns from. */
const FAN_TURN = 2 * FAN_HALF_SPAN_DEG;

/**
 * The sectors beside each view's ±72.5° fan, to ±90° (skyTerm.ts's OuterAngles): the fans turned by a
 * whole fan's width to either side, whose first eight sectors (the +u side) and last eight (the −u side)
 * continue the view's own at the same step. Outside the fan the convention has open sky (conventions.md);
 * along a street a long block still stands there, which a window's corner sees past its reveals.
 */
export function outerAngles(
  mesh: TriangleSoup,
  views: readonly { viewpoint: Point3; direction: Degrees }[],
): OuterAngles[] {
  return views.length ? outerOf(obstructionFans(mesh, turned(views))) : [];
}

/** Each view's fan turned by a whole fan's width to either side, in pairs. */
function turned(views: readonly { viewpoint: Point3; direction: Degrees }[]) {
  return views.flatMap((v) => [
    { viewpoint: v.viewpoint, direction: deg(v.direction - FAN_TURN) },
    { viewpoint: v.viewpoint, direction: deg(v.direction + FAN_TURN) },
  ]);
}

/** The sectors beside each fan from its turned pair: the −u side's outward from the first, the +u side's. */
function outerOf(fans: readonly { horizon: readonly number[]; zenith: readonly number[] }[]): OuterAngles[] {
  return Array.from({ length: fans.length / 2 }, (_, k) => {
    const minus = fans[2 * k]!,
      plus = fans[2 * k + 1]!;
    const pick = (a: readonly number[], b: readonly number[]) => [
      ...Array.from({ length: OUTER_SECTORS }, (_, j) => a[FAN_SIZE - 1 - (j + 1)]!),
      ...Array.from({ length: OUTER_SECTORS }, (_, j) => b[j + 1]!),
    ];
    return { horizon: pick(minus.horizon, plus.horizon), zenith: pick(minus.zenith, plus.zenith) };
  });
}
