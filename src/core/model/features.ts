import type { FramePart } from '../encoding/roomMask';
import { v2Frame, type V2Frame } from '../engine/v2Frame';
import type { WindowFlux } from '../engine/windowFlux';
import { signedArea } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import { floorOnTerrainAt } from '../engine/model';
import { DEFAULT_REFLECTANCES, type ModelType, type Reflectances, type ResolvedRoom } from '../types';
import type { Preprocessing } from './card';
import { sectorAngles, skyComponent, type Aperture } from './skyComponent';

/**
 * Preprocessing `lux-frame-3`: the inputs of the project's own model for one window, in the window's
 * v2 frame (128 × 128 cells of 0.1 m, window on the right facing +x: upstream encoder.md §4).
 *
 * The v2 image clips heights and can lose the window stripe (model.md), so the model gets exact values
 * instead: per-cell float channels (below) and a vector of scalars. Heights, the window's size and the
 * angles are all there as numbers; the sky component carries the sharp structure near the window; the
 * window's flux (engine/windowFlux.ts) says what the angles cannot: how bright what hides the sky is.
 *
 * `lux-frame-2` is the same without the flux scalars (models trained before them still run).
 */
/** The preprocessing id (card.ts) of these inputs; bumped whenever their values change. */
export const INPUTS_ID = 'lux-frame-3' satisfies Preprocessing;

export const FRAME_SIZE = 128;
export const FRAME_CELLS = FRAME_SIZE * FRAME_SIZE;

export const CHANNELS = [
  'mask', // 1 inside the room
  'sky', // sky component through the glazed opening, obstructions cut out (DF %)
  'obstructed', // the same integral over directions the obstructions hide (DF % of equal luminance)
  'depth', // distance from the window wall's inner face (m / 10)
  'lateral', // offset along the wall from the window's centre, positive to the left looking out (m / 10)
  'seen', // share of the window's width visible in plan (non-convex rooms hide it behind corners)
] as const;

export const SCALARS = [
  'room_height', // m / 10
  'sill', // above the floor, m / 5
  'head', // above the floor, m / 10
  'width', // m / 10
  'wall_thickness', // m × 2
  'frame_ratio',
  'floor_above_terrain', // m / 10
  'ceiling_reflectance',
  'floor_reflectance',
  'wall_reflectance',
  'facade_reflectance',
  'terrain_reflectance',
  'room_area', // m² / 100
  'window_count', // / 3
  'glazing_to_floor', // glazed area / floor area × 5
  // then horizon[64] / 90 and zenith[64] / 90, then FLUX_SCALARS (lux-frame-3 only)
] as const;

/** WindowFlux's fields, each × 2 (fractions of E_h: ~0–0.4 → ~0–0.8). */
export const FLUX_SCALARS = [
  'skyDown',
  'skySteep',
  'surfaceDown',
  'up',
] as const satisfies readonly (keyof WindowFlux)[];

/** Scalars per window: lux-frame-2's 143, and lux-frame-3's with the flux. */
export const SCALAR_COUNT_V2 = SCALARS.length + 128;
export const SCALAR_COUNT = SCALAR_COUNT_V2 + FLUX_SCALARS.length;

/**
 * The preprocessings with the exact sky channel (frame4.ts): they differ in values only. In order: each is
 * the one before it and one step more, which frame4.ts reads from this order.
 */
export const EXACT_SKY_FRAMES = [
  'lux-frame-4',
  'lux-frame-5',
  'lux-frame-6',
  'lux-frame-7',
  'lux-frame-8',
  'lux-frame-9',
  'lux-frame-10',
  'lux-frame-11',
  'lux-frame-12',
] as const;
export type ExactSkyFrame = (typeof EXACT_SKY_FRAMES)[number];
export const hasExactSky = (pre: string): pre is ExactSkyFrame =>
  (EXACT_SKY_FRAMES as readonly string[]).includes(pre);

/** The frame preprocessings (card.ts). */
export type FramePreprocessing = 'lux-frame-2' | 'lux-frame-3' | ExactSkyFrame;

export function scalarCount(pre: FramePreprocessing): number {
  return pre === 'lux-frame-2' ? SCALAR_COUNT_V2 : SCALAR_COUNT;
}

/** Channels per cell: lux-frame-4 and its successors add the exact sky term (frame4.ts). */
export function channelCount(pre: FramePreprocessing): number {
  return hasExactSky(pre) ? CHANNELS.length + 1 : CHANNELS.length;
}
export const WORK_PLANE = 0.8;

export interface FrameInputs {
  /** [CHANNELS.length, 128, 128] float32, C order. */
  channels: Float32Array;
  /** [SCALAR_COUNT] float32 (lux-frame-2 reads the first SCALAR_COUNT_V2). */
  scalars: Float32Array;
  frame: V2Frame;
}

export interface WindowAnglesIn {
  horizon: readonly number[];
  zenith: readonly number[];
}

/**
 * The reflectances the room's light meets: the request's (defaults for df_default or absent ones), with a
 * floor on the terrain reflecting as the terrain, as the engine models it (engine/model.ts floorOnTerrainAt).
 */
export function reflectancesFor(room: ResolvedRoom, modelType: ModelType): Reflectances {
  const p = room.parameters;
  const r =
    modelType === 'df_default'
      ? { ...DEFAULT_REFLECTANCES }
      : {
          ceiling_reflectance: p.ceiling_reflectance ?? DEFAULT_REFLECTANCES.ceiling_reflectance,
          horizontal_reflectance: p.horizontal_reflectance ?? DEFAULT_REFLECTANCES.horizontal_reflectance,
          vertical_reflectance: p.vertical_reflectance ?? DEFAULT_REFLECTANCES.vertical_reflectance,
          facade_reflectance: p.facade_reflectance ?? DEFAULT_REFLECTANCES.facade_reflectance,
          terrain_reflectance: p.terrain_reflectance ?? DEFAULT_REFLECTANCES.terrain_reflectance,
        };
  if (floorOnTerrainAt(p.floor_height_above_terrain)) r.horizontal_reflectance = r.terrain_reflectance;
  return r;
}

/** Border width b of a frame covering `ratio` of a w × h opening: (w − 2b)(h − 2b) = (1 − ratio)·w·h. */
export function frameBorder(w: number, h: number, ratio: number): number {
  const p = w + h;
  return (p - Math.sqrt(Math.max(0, p * p - 4 * ratio * w * h))) / 4;
}

/**
 * Proper intersection of segments ab and cd in plan: the signs of the four orientations, each (q − p) ×
 * (r − p). It runs per frame cell, face sample and wall of a non-convex room, so the cell comes as numbers
 * and the pairs are read by index (no pair or closure made per test, no destructuring's iterator): a
 * non-convex window's lux-frame-3 frame 6.9 → 5.1 ms built, 35 → 6 ms from source (tsx).
 */
function crosses(ax: number, ay: number, b: Vec2, c: Vec2, d: Vec2): boolean {
  const bx = b[0],
    by = b[1],
    cx = c[0],
    cy = c[1],
    dx = d[0],
    dy = d[1];
  const d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx),
    d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx),
    d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax),
    d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

function isConvex(poly: readonly Vec2[]): boolean {
  const n = poly.length;
  const sign = Math.sign(signedArea(poly));
  for (let i = 0; i < n; i++) {
    const a = poly[i]!,
      b = poly[(i + 1) % n]!,
      c = poly[(i + 2) % n]!;
    const cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (cross * sign < -1e-9) return false;
  }
  return true;
}

const SEEN_SAMPLES = 5;

export function frameInputs(
  room: ResolvedRoom,
  windowIndex: number,
  angles: WindowAnglesIn,
  modelType: ModelType,
  /** windowFluxes()' entry for this window; zeros when absent (lux-frame-2 does not read them). */
  flux?: WindowFlux,
  /** The part of a room the frame cuts in pieces that it keeps (roomMask.ts): `window` at inference. */
  part: FramePart = 'largest',
): FrameInputs {
  const p = room.parameters;
  const w = p.windows[windowIndex]!;
  const g = room.geometry[windowIndex]!;
  const frame = v2Frame({ parameters: p, geometry: room.geometry, mesh: null, modelType }, windowIndex, part);
  const floor = p.floor_height_above_terrain;
  const ceiling = floor + p.height_roof_over_floor;
  const a = (g.directionAngle * Math.PI) / 180;
  const nx = Math.cos(a),
    ny = Math.sin(a);
  // Left when looking out: n turned 90° counter-clockwise.
  const lx = -ny,
    ly = nx;
  const u1 = w.x1 * lx + w.y1 * ly,
    u2 = w.x2 * lx + w.y2 * ly;
  const A0 = Math.min(u1, u2),
    A1 = Math.max(u1, u2);
  const inner = g.referencePoint.x * nx + g.referencePoint.y * ny;
  const t = g.wallThickness;
  const z0 = Math.max(floor, g.bottom),
    z1 = Math.min(ceiling, g.top);
  const b = frameBorder(A1 - A0, Math.max(0, z1 - z0), w.window_frame_ratio ?? 0);
  const zp = floor + WORK_PLANE;
  const centre = (A0 + A1) / 2;

  const sectors = sectorAngles(angles.horizon, angles.zenith);
  const open = angles.horizon.every((v) => v === 0) && angles.zenith.every((v) => v === 0);
  const poly = p.room_polygon;
  const convex = isConvex(poly);
  const host = g.hostEdge;
  // Sample points on the inner face of the opening, for the plan visibility test.
  const face: Vec2[] = Array.from({ length: SEEN_SAMPLES }, (_, k) => {
    const u = A0 + ((k + 0.5) / SEEN_SAMPLES) * (A1 - A0);
    // Slightly inside the room so the host edge itself never counts as a blocker.
    return [inner * nx + u * lx - 0.01 * nx, inner * ny + u * ly - 0.01 * ny];
  });

  const channels = new Float32Array(CHANNELS.length * FRAME_CELLS);
  const ap: Aperture = { s0: 0, s1: 0, v0: 0, v1: 0 };
  const out = { sky: 0, obstructed: 0 };
  frame.pixels.forEach((px, k) => {
    const [x, y] = frame.points[k]!;
    const d = Math.max(0.02, inner - (x * nx + y * ny));
    const u = x * lx + y * ly;
    const D1 = d,
      D2 = d + t,
      Dg = d + t / 2;
    ap.s0 = Math.max((A0 - u) / D1, (A0 - u) / D2, (A0 + b - u) / Dg);
    ap.s1 = Math.min((A1 - u) / D1, (A1 - u) / D2, (A1 - b - u) / Dg);
    ap.v0 = Math.max((z0 - zp) / D1, (z0 - zp) / D2, (z0 + b - zp) / Dg);
    ap.v1 = Math.min((z1 - zp) / D1, (z1 - zp) / D2, (z1 - b - zp) / Dg);
    skyComponent(ap, open ? null : sectors, out);
    let seen = 1;
    if (!convex) {
      let n = 0;
      for (const q of face) {
        let blocked = false;
        for (let e = 0; e < poly.length && !blocked; e++) {
          if (e === host) continue;
          blocked = crosses(x, y, q, poly[e]!, poly[(e + 1) % poly.length]!);
        }
        if (!blocked) n++;
      }
      seen = n / SEEN_SAMPLES;
    }
    channels[px] = 1;
    channels[FRAME_CELLS + px] = out.sky * seen;
    channels[2 * FRAME_CELLS + px] = out.obstructed * seen;
    channels[3 * FRAME_CELLS + px] = d / 10;
    channels[4 * FRAME_CELLS + px] = (u - centre) / 10;
    channels[5 * FRAME_CELLS + px] = seen;
  });

  const refl = reflectancesFor(room, modelType);
  const area = Math.abs(signedArea(poly));
  const glazed = (A1 - A0 - 2 * b) * Math.max(0, z1 - z0 - 2 * b);
  const scalars = new Float32Array(SCALAR_COUNT);
  scalars.set([
    p.height_roof_over_floor / 10,
    (z0 - floor) / 5,
    (z1 - floor) / 10,
    (A1 - A0) / 10,
    t * 2,
    w.window_frame_ratio ?? 0,
    floor / 10,
    refl.ceiling_reflectance,
    refl.horizontal_reflectance,
    refl.vertical_reflectance,
    refl.facade_reflectance,
    refl.terrain_reflectance,
    area / 100,
    p.windows.length / 3,
    (Math.max(0, glazed) / area) * 5,
  ]);
  angles.horizon.forEach((v, i) => (scalars[SCALARS.length + i] = v / 90));
  angles.zenith.forEach((v, i) => (scalars[SCALARS.length + 64 + i] = v / 90));
  if (flux) FLUX_SCALARS.forEach((k, i) => (scalars[SCALAR_COUNT_V2 + i] = flux[k] * 2));
  return { channels, scalars, frame };
}
