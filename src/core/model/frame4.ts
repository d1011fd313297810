import type { FramePart } from '../encoding/roomMask';
import { buildRoomModel, type EngineRoom, type RoomModel, type WindowModel } from '../engine/model';
import { FLUX_ACCURATE, FLUX_ACCURATE_FINE, windowFluxes, type WindowFlux } from '../engine/windowFlux';
import type { ModelType, ResolvedRoom, TriangleSoup } from '../types';
import {
  CHANNELS,
  EXACT_SKY_FRAMES,
  FLUX_SCALARS,
  FRAME_CELLS,
  frameInputs,
  SCALAR_COUNT_V2,
  WORK_PLANE,
  type ExactSkyFrame,
  type FrameInputs,
  type WindowAnglesIn,
} from './features';
import { skyFlux } from './skyFlux';
import { BAND_HEIGHT, roomGlassBands } from './glassBands';
import { skyTermAt, type SkyBand, type SkyTermOptions } from './skyTerm';
import { nearField } from './nearField';
import { cellsBesideWall, type CellSky } from './cellSky';

/**
 * Preprocessing `lux-frame-4` (issue 35 §3): lux-frame-3's inputs with the light outside made exact where
 * it can be and accurate where it cannot, for a network linear in it (training/linnet.py).
 *
 * - A seventh channel, `sky_exact`: the engine's own sky term in closed form (skyTerm.ts: no noise, the
 *   reveals, the frame, the glass's angular transmittance, plan visibility and the building's body), where
 *   lux-frame-3's `sky` channel is an approximation that reads 7 % off the exact one at the median window
 *   and 57 % at p90 (multi-window and non-convex rooms). It is computed on the 0.2 m lattice (even rows and
 *   columns, a quarter of the cells: ~2.5 ms a window in Node) and filled between by its lattice
 *   neighbours; the full-resolution `sky` channel keeps the sharp edges near the window.
 * - The flux scalars: `skyDown` and `skySteep` in closed form from the angles (skyFlux.ts), `surfaceDown`
 *   and `up` traced at FLUX_ACCURATE (2.9 / 3.0 % p90 against a fine reference, where lux-frame-3's coarse
 *   flux is 11 / 6 % off).
 *
 * Same scalar layout as lux-frame-3 (147), so a lux-frame-3 network's scalars mean the same things.
 */
export const FRAME4_CHANNELS = [...CHANNELS, 'sky_exact'] as const;

export interface Frame4Room extends ResolvedRoom {
  modelType: ModelType;
  mesh?: TriangleSoup | null;
}

/**
 * Every window's lux-frame-4, 5 or 6 inputs (one room model and one flux tracing for the room).
 * lux-frame-5 is lux-frame-4 with the sky's flux scalars seeing the building's own body (skyFlux.ts): the
 * same for a convex room, lower for a window that looks at the room's own other wing. lux-frame-6 is
 * lux-frame-5 with a window taller than a metre, when the request has a mesh, seeing the sky band by band
 * of its height (glassBands.ts) in its exact sky channel and its sky's flux: the same without a mesh.
 * lux-frame-7 is lux-frame-6 with every window of a request with a mesh, storey-high ones too, seeing the
 * sky beside its ±72.5° fan as the mesh has it (outerAngles) instead of the convention's open sky.
 * lux-frame-8 is lux-frame-7 with the exact sky computed at every cell within NEAR_WALL_CELLS of the window's
 * wall rather than filled from the 0.2 m lattice (fillExactSky). lux-frame-9 is lux-frame-8 with each band's
 * fan sectors' edges placed (glassBands.ts sectorEdges), which the exact sky channel sees from each room
 * point; the sky's flux scalars keep the angles. lux-frame-10 is lux-frame-9 with each window's outer
 * opening clipped to its wall's outer face (skyTerm.ts `clipOuter`), where glass reaches into a concave corner.
 * lux-frame-11 is lux-frame-10 with the mesh near each window cut by the exact sky channel's own columns
 * (nearField.ts) and its bands' fans taken from the rest of the mesh; the flux scalars keep lux-frame-10's.
 * lux-frame-12 is lux-frame-11 with the exterior flux traced at the engine's second-order floor (exteriorFlux).
 */
export function frame4Inputs(
  room: Frame4Room,
  angles: readonly WindowAnglesIn[],
  version: ExactSkyFrame = 'lux-frame-4',
  options: {
    nearWallExact?: boolean;
    /**
     * 'later': the exterior surfaces' flux is traced elsewhere (another thread) and set by
     * setExteriorFlux before the inputs are used; its two scalars stay 0 until then.
     */
    exteriorFlux?: 'later';
    /** The part of a room the frame cuts in pieces that it keeps (roomMask.ts): `window` at inference. */
    part?: FramePart;
    /** The closed-form sky at `/run`'s grid cells beside each window's wall too (cellSky.ts). */
    atCells?: boolean;
  } = {},
): Frame4Inputs[] {
  const p = room.parameters;
  const model = anglesModel(room, angles);
  const z = p.floor_height_above_terrain + WORK_PLANE;
  // Each version is the one before it and one step more (features.ts EXACT_SKY_FRAMES is in that order).
  const since = (first: ExactSkyFrame): boolean =>
    EXACT_SKY_FRAMES.indexOf(version) >= EXACT_SKY_FRAMES.indexOf(first);
  // lux-frame-6: a tall window's sky band by band of its height, from the mesh (glassBands.ts); lux-frame-7
  // also every band's sky beside the ±72.5° fan; lux-frame-9 each band's sector edges placed.
  const outer = since('lux-frame-7');
  const edges = since('lux-frame-9');
  // lux-frame-10: the outer opening clipped to the wall's outer face in a concave corner (skyTerm.ts).
  const clipOuter = since('lux-frame-10');
  const windows = p.windows.map((w, i) => ({
    g: room.geometry[i]!,
    w: model.windows.find((m) => m.id === w.id),
  }));
  const allBands = since('lux-frame-6')
    ? roomGlassBands(room.mesh, windows, BAND_HEIGHT, { outer, edges })
    : null;
  // lux-frame-11: the mesh near each window cut by the channel's own columns (nearField.ts), its bands' fans
  // from the rest; the sky's flux scalars keep the whole mesh's bands.
  const nearMesh = since('lux-frame-11') ? room.mesh : null;
  const near = windows.map(({ w }) => (nearMesh && w ? nearField(nearMesh, w, model.thickness, z) : null));
  const skyBands = windows.map((win, i) => {
    const skip = near[i]?.skip;
    return skip ? roomGlassBands(nearMesh, [win], BAND_HEIGHT, { outer, edges, skip })[0] : allBands?.[i];
  });
  const nearWall = since('lux-frame-8') ? NEAR_WALL_CELLS : 0;
  const inputs = p.windows.map((w, i): Frame4Inputs => {
    const f = frameInputs(room, i, angles[i]!, room.modelType, undefined, options.part);
    const C = CHANNELS.length;
    const channels = new Float32Array((C + 1) * FRAME_CELLS);
    channels.set(f.channels);
    const mw = windows[i]!.w;
    const bands = allBands?.[i];
    const sky = { clipOuter, near: near[i] ?? null };
    // A window the room's outline clips away lets no light in: its channel stays 0.
    if (mw)
      fillExactSky(channels.subarray(C * FRAME_CELLS), model, mw, f.frame, z, skyBands[i], nearWall, sky);
    const wallSky = options.nearWallExact
      ? mw
        ? nearWallSky(model, mw, f.frame, z, skyBands[i], sky)
        : { pixels: new Int32Array(0), exact: new Float32Array(0) }
      : undefined;
    const flux = !mw
      ? { skyDown: 0, skySteep: 0 }
      : !since('lux-frame-5')
        ? skyFlux(mw)
        : skyFlux(mw, model, bands);
    for (const k of ['skyDown', 'skySteep'] as const)
      f.scalars[SCALAR_COUNT_V2 + FLUX_SCALARS.indexOf(k)] = flux[k] * 2;
    const fluxWindow = mw ? model.windows.indexOf(mw) : -1;
    const cells = options.atCells && mw ? cellsBesideWall(p.room_polygon, mw) : null;
    const cellSky = cells && { ...cells, exact: skyTermAt(model, mw!, cells.points, z, skyBands[i], sky) };
    return {
      ...f,
      channels,
      fluxWindow,
      ...(wallSky ? { nearWall: wallSky } : {}),
      ...(cellSky ? { cellSky } : {}),
    };
  });
  if (options.exteriorFlux !== 'later') setExteriorFlux(inputs, exteriorFlux(room, version));
  return inputs;
}

/**
 * The room's engine model with the windows' angles the model is given (they may come from a mesh the
 * request's windows lack) and no mesh: the sky channel's room.
 */
export function anglesModel(room: Frame4Room, angles: readonly WindowAnglesIn[]): RoomModel {
  const p = room.parameters;
  return buildRoomModel({
    ...room,
    mesh: null,
    parameters: {
      ...p,
      windows: p.windows.map((w, i) => ({
        ...w,
        horizon: [...angles[i]!.horizon],
        zenith: [...angles[i]!.zenith],
      })),
    },
  } satisfies EngineRoom);
}

/** A window's lux-frame-4…11 inputs. */
export interface Frame4Inputs extends FrameInputs {
  /** The exact sky term beside the wall (with `nearWallExact`). */
  nearWall?: NearWallSky;
  /** The exact sky term at `/run`'s grid cells beside the wall (with `atCells`). */
  cellSky?: CellSky;
  /** Its index in exteriorFlux's answer (the room model's windows); −1 for a window the outline clips away. */
  fluxWindow: number;
}

/**
 * The light reaching each window from exterior surfaces, above and below the horizon (windowFlux.ts at
 * FLUX_ACCURATE): against the mesh when the request sent one, else the angles' sectors. The one part of
 * the inputs that needs no frame, so the browser traces it on another thread while the frames are made.
 * From lux-frame-12 at the engine's second-order floor (FLUX_ACCURATE_FINE), before it at 1 m.
 */
export const exteriorFlux = (room: Frame4Room, version: ExactSkyFrame = 'lux-frame-4'): WindowFlux[] =>
  windowFluxes(
    { ...room, mesh: room.mesh ?? null },
    1,
    EXACT_SKY_FRAMES.indexOf(version) >= EXACT_SKY_FRAMES.indexOf('lux-frame-12')
      ? FLUX_ACCURATE_FINE
      : FLUX_ACCURATE,
  );

/** Sets the inputs' `surfaceDown` and `up` scalars from exteriorFlux's answer for the same room. */
export function setExteriorFlux(inputs: readonly Frame4Inputs[], flux: readonly WindowFlux[]): void {
  for (const f of inputs) {
    const ext = f.fluxWindow >= 0 ? flux[f.fluxWindow] : undefined;
    for (const k of ['surfaceDown', 'up'] as const)
      f.scalars[SCALAR_COUNT_V2 + FLUX_SCALARS.indexOf(k)] = (ext?.[k] ?? 0) * 2;
  }
}

/** The exact sky term at a window's frame cells within NEAR_WALL_CELLS of its wall that the lattice misses. */
export interface NearWallSky {
  /** Row-major frame pixels. */
  pixels: Int32Array;
  /** The sky term there (DF %), computed at each cell, where lux-frame-4…7 fill from the lattice. */
  exact: Float32Array;
}

/** Whether a frame pixel is on the exact sky channel's 0.2 m lattice (even rows and columns). */
const onLattice = (px: number): boolean => ((px >> 7) & 1) === 0 && (px & 1) === 0;

/** Whether a frame pixel lies within `cells` of the window's wall column (its own column and one beyond). */
const nearWallCol = (px: number, wallCol: number, cells: number): boolean =>
  (px & 127) >= wallCol - cells && (px & 127) <= wallCol + 1;

/** The exact sky term at the cells lux-frame-8 computes and lux-frame-4…7 fill (card skyTerm 'exact-near-wall'). */
export function nearWallSky(
  model: ReturnType<typeof buildRoomModel>,
  w: WindowModel,
  frame: FrameInputs['frame'],
  z: number,
  bands: readonly SkyBand[] | undefined,
  options: SkyTermOptions = {},
): NearWallSky {
  const pixels: number[] = [];
  const points: (readonly [number, number])[] = [];
  frame.pixels.forEach((px, k) => {
    if (!onLattice(px) && nearWallCol(px, frame.wallCol, NEAR_WALL_CELLS)) {
      pixels.push(px);
      points.push(frame.points[k]!);
    }
  });
  return { pixels: Int32Array.from(pixels), exact: skyTermAt(model, w, points, z, bands, options) };
}

/**
 * lux-frame-8's band of cells beside the window's wall whose exact sky is computed, not filled: 0.5 m.
 * Within a wall's thickness of the opening the sky term rises from nothing (the wall's own line, where the
 * sill hides the glass) to its peak in a cell or two, and a cell filled from its lattice neighbours there
 * is their mean across that rise: in a 10 m street under 20 m blocks the cell 0.1 m from the wall got 2.9
 * where the engine has 7.4 % DF, and lux-df-4 4.1.0 read the first 0.2 m of such a room 30–50 % low, most
 * of its own-side probe's shortfall (docs/model.md). Chosen on fresh rooms of the training and broad
 * profiles (seeds 770000+): a window's channel sum against every cell computed, p90 4.5 % filled, 1.0 % with
 * 0.3 m computed, 0.5 % with 0.5 m, at ~1 ms a room.
 */
export const NEAR_WALL_CELLS = 5;

/**
 * The exact sky term on the frame's cells: computed at the cells on even rows and columns (and, with
 * `nearWall`, at every cell within that many columns of the window's wall), the others the mean of their
 * lattice neighbours inside the room (computed themselves where they have none).
 */
function fillExactSky(
  out: Float32Array,
  model: ReturnType<typeof buildRoomModel>,
  w: WindowModel,
  frame: FrameInputs['frame'],
  z: number,
  bands: readonly SkyBand[] | undefined,
  nearWall: number,
  options: SkyTermOptions,
): void {
  const inside = new Uint8Array(FRAME_CELLS);
  for (const px of frame.pixels) inside[px] = 1;
  // The window's wall column (not the room's last column: in a notch the room may reach past it).
  const { wallCol } = frame;
  const on = (px: number): boolean => onLattice(px) || (nearWall > 0 && nearWallCol(px, wallCol, nearWall));
  const lattice: number[] = [];
  const points: (readonly [number, number])[] = [];
  frame.pixels.forEach((px, k) => {
    if (on(px)) {
      lattice.push(px);
      points.push(frame.points[k]!);
    }
  });
  skyTermAt(model, w, points, z, bands, options).forEach((v, k) => (out[lattice[k]!] = v));
  const lonely: number[] = [];
  const lonelyPoints: (readonly [number, number])[] = [];
  frame.pixels.forEach((px, k) => {
    if (on(px)) return;
    const r = px >> 7,
      c = px & 127;
    let sum = 0,
      n = 0;
    for (const dr of r & 1 ? [-1, 1] : [0])
      for (const dc of c & 1 ? [-1, 1] : [0]) {
        const rr = r + dr,
          cc = c + dc;
        if (rr < 0 || rr > 127 || cc < 0 || cc > 127) continue;
        const q = rr * 128 + cc;
        if (inside[q]) {
          sum += out[q]!;
          n++;
        }
      }
    if (n > 0) out[px] = sum / n;
    else {
      lonely.push(px);
      lonelyPoints.push(frame.points[k]!);
    }
  });
  if (lonely.length)
    skyTermAt(model, w, lonelyPoints, z, bands, options).forEach((v, k) => (out[lonely[k]!] = v));
}
