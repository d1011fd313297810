import type { WindowModel } from '../engine/model';
import type { WindowGeometry } from '../geometry/window';
import { FAN_HALF_SPAN_DEG, FAN_SIZE, obstructionFans } from '../obstruction';
import type { TriangleSoup } from '../types';
import { deg, type Degrees } from '../units';
import type { Point3 } from '../geometry/vec';
import { OUTER_SECTORS, type OuterAngles, type SkyBand } from './skyTerm';

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
  { outer = false }: { outer?: boolean } = {},
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
      return [{ viewpoint: g.externalReferencePoint, direction: g.directionAngle, single: true }];
    return at.slice(1).map((top, b) => ({
      viewpoint: { ...g.externalReferencePoint, z: (at[b]! + top) / 2 },
      direction: g.directionAngle,
      single: false,
    }));
  });
  const own = views.filter((v) => !v.single);
  const all = [...own, ...(outer ? turned(views) : [])];
  const fans = all.length ? obstructionFans(mesh!, all) : [];
  const beside = outer ? outerOf(fans.slice(own.length)) : [];
  let next = 0,
    view = 0;
  // The outermost bands reach past the glass: the opening clips them as it clips the window's one fan.
  return cuts.map((at, i) => {
    if (!at) return undefined;
    const w = windows[i]!.w!;
    if (at.length === 0)
      return [{ z0: -Infinity, z1: Infinity, horizon: w.horizon, zenith: w.zenith, outer: beside[view++]! }];
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
      view++;
      return band;
    });
  });
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
