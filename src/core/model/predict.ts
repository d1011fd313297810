import type { WindowAngles } from '../api/windowAngles';
import type { EncoderRoom, EncoderWindow } from '../encoding';
import { v2Frame, type V2Frame } from '../engine/v2Frame';
import { cellCentre, RESOLUTION, workPlaneGrid } from '../engine/workplane';
import type { Grid } from '../stats/grid';
import type { ModelType, ResolvedRoom, TriangleSoup } from '../types';
import type { ModelCard } from './card';
import { DEFAULT_GLASS_TRANSMITTANCE, DEFAULT_GLAZING, glazingFor } from '../engine/glazing';
import { windowFluxes, type WindowFlux } from '../engine/windowFlux';
import {
  channelCount,
  FRAME_CELLS,
  frameInputs,
  hasExactSky,
  scalarCount,
  type ExactSkyFrame,
} from './features';
import { frame4Inputs, setExteriorFlux, type Frame4Room } from './frame4';
import { exactSkyLevel, exactSkyNearWall } from './skyGain';
import { FrameSampler } from './placement';
import type { BeyondLattice } from './beyondFrame';
import type { SampledFrame } from './frameExtent';
import { cellSkyCorrection, type CellCorrection } from './cellSky';
import {
  calibratedMap,
  coarseRoomTerms,
  meanOfSolves,
  termScales,
  type RoomTermsLattice,
  type RoomTermsMethod,
  type SolveOptions,
} from './roomTerms';
import type { EngineRoom } from '../engine/model';
import type { FramePart } from '../encoding/roomMask';
import { TERMS } from '../engine/simulate';
import { hash32 } from '../engine/random';
import { counterClockwise } from './counterClockwise';
import type { ModelRunner } from './runner';
import { SIZE, v2Rgb384Input, v2Rgb384Output } from './v2rgb384';

/** A model ready to run: its card and a runtime bound to its ONNX file. */
export interface LoadedModel {
  card: ModelCard;
  run: ModelRunner;
  /**
   * Solves a room's coarse room terms (roomTerms.ts) on another thread, so that the solve runs while the
   * network does: the browser's model worker passes one (workers/roomTermsSolver.ts). Without it the solve
   * runs on this thread after the network (onnxruntime-node, like onnxruntime-web's WASM, computes an
   * inference on the calling thread: measured, a run and 10 ms of other work take 5 + 10 ms).
   */
  solveRoomTerms?: (
    room: EngineRoom,
    method: RoomTermsMethod,
    /** The frames' part, the solve's sky (a card's skyGuard), the room beyond the frames (its beyondFrame). */
    options: SolveOptions,
  ) => Promise<RoomTermsLattice[]>;
  /** The coarse solve's seed (roomTerms.ts SolveOptions.seed): 1 where not given, as `/run` answers. */
  solveSeed?: number;
  /**
   * Traces the exterior flux of an exact-sky card's inputs (frame4.ts exteriorFlux) on another thread, while
   * this one makes the frames: the browser's model worker passes one (the same second worker).
   */
  traceExteriorFlux?: (room: Frame4Room, version: ExactSkyFrame) => Promise<WindowFlux[]>;
}

export interface PredictRoom extends ResolvedRoom {
  modelType: ModelType;
  /**
   * The surroundings when the request sent them: lux-frame-3's window flux is traced against them (else
   * against the angles' sectors, as the engine does).
   */
  mesh?: TriangleSoup | null;
}

export interface WindowPrediction {
  frame: SampledFrame;
  /** DF (%) of this window in its v2 frame, 0 outside the mask. */
  df: Float32Array;
  /** With a card's beyondFrame: its light over the room beyond the frame (beyondFrame.ts). */
  beyond?: BeyondLattice;
  /** With a card's skyTerm 'exact-at-cells': what `/run`'s grid cells beside its wall add (cellSky.ts). */
  cells?: CellCorrection;
}

/**
 * The model's map for each window (model.md: one window per inference, in its v2 frame), all windows of
 * the room in one batch. The network knows the reference glazing (τ = 0.70) only: it sees every window with
 * it, and each window's map is scaled by the ratio of its own pane's diffuse transmittance to the
 * reference pane's (glazing.ts): daylight through a pane is to first order proportional to it, and τ / 0.70
 * would miss the extra absorption at oblique incidence (6 % at τ = 0.45). docs/model.md §Glass
 * transmittance measures the rest against the engine, which models the pane exactly.
 */
export async function predictWindows(
  room: PredictRoom,
  angles: readonly WindowAngles[],
  model: LoadedModel,
): Promise<WindowPrediction[]> {
  const glass = room.parameters.windows.map((w) => glassScale(w.glass_transmittance));
  const reference = {
    ...room,
    parameters: {
      ...room.parameters,
      windows: room.parameters.windows.map(({ glass_transmittance: _, ...w }) => w),
    },
  };
  const maps = await predictAtReferenceGlass(reference, angles, model);
  return maps.map((m, i) => {
    const scale = glass[i]!;
    if (scale === 1) return m;
    const times = (a: Float32Array): Float32Array => a.map((v) => v * scale);
    return {
      ...m,
      df: times(m.df),
      ...(m.beyond ? { beyond: { ...m.beyond, df: times(m.beyond.df) } } : {}),
      ...(m.cells ? { cells: { ...m.cells, delta: times(m.cells.delta) } } : {}),
    };
  });
}

/** How much a window's daylight changes from the reference glass to its own (1 for the reference). */
export const glassScale = (transmittance = DEFAULT_GLASS_TRANSMITTANCE): number =>
  glazingFor(transmittance).diffuseTransmittance / DEFAULT_GLAZING.diffuseTransmittance;

/**
 * Where the frame's box cuts a room in pieces, Lux's networks see the window's own piece (roomMask.ts):
 * their training frames kept the largest, as the original's encoder does, which differs in one window of
 * ~5 000 stress windows (a U-shaped room lit near the tip of one arm, read 98 % dark).
 */
const FRAME_PART: FramePart = 'window';

/** The network's maps at the reference glazing (the inputs it was trained on). */
async function predictAtReferenceGlass(
  drawn: PredictRoom,
  angles: readonly WindowAngles[],
  model: LoadedModel,
): Promise<WindowPrediction[]> {
  const n = drawn.parameters.windows.length;
  const { card } = model;
  const out = card.outputs[0]!.name;
  if (card.preprocessing !== 'v2-rgb-384') {
    // Lux's networks know rooms drawn counter-clockwise (counterClockwise.ts); the original's format below
    // sees the room as the original did.
    const room = counterClockwise(drawn);
    const C = channelCount(card.preprocessing);
    const S = scalarCount(card.preprocessing);
    const inputs = new Float32Array(n * C * FRAME_CELLS);
    const scalars = new Float32Array(n * S);
    const engineRoom: EngineRoom = { ...room, mesh: room.mesh ?? null };
    // Work on another thread starts first: it needs the room only. The flux is asked for before the solve,
    // which the same thread then does while the frames and the network run here. With a mesh too: in a
    // 10⁴-triangle street city (bench/scenes.ts streetCity) the flux is ~70 ms and the solve ~20 (Node),
    // the frames ~70 ms (the exact sky among the near triangles, the glass bands' fans), so the two threads
    // are about even; with the flux here this one had ~145 ms to the other's ~20.
    const tracing =
      hasExactSky(card.preprocessing) && model.traceExteriorFlux
        ? model.traceExteriorFlux(room, card.preprocessing)
        : null;
    // The solve's own light through the glass at its lattice only where the card reads it (skyGuard,
    // exteriorTerm, exteriorGuard).
    const solve: SolveOptions = {
      part: FRAME_PART,
      withSky:
        card.skyGuard !== undefined || card.exteriorTerm !== undefined || card.exteriorGuard !== undefined,
      beyond: card.beyondFrame === 'coarse-solve',
      ...(card.latticeOwnWall
        ? { ownWallOff: card.latticeOwnWall === 'off-under-lintel' ? 'under-lintel' : 'near-head' }
        : {}),
      ...(model.solveSeed !== undefined ? { seed: model.solveSeed } : {}),
    };
    const solving =
      card.roomTerms && model.solveRoomTerms ? model.solveRoomTerms(engineRoom, card.roomTerms, solve) : null;
    // Observed below; this keeps an early throw from leaving them unhandled.
    solving?.catch(() => undefined);
    tracing?.catch(() => undefined);
    const flux = card.preprocessing === 'lux-frame-3' ? windowFluxes(engineRoom) : null;
    const v4 = hasExactSky(card.preprocessing)
      ? frame4Inputs(room, angles, card.preprocessing, {
          nearWallExact: card.skyTerm === 'exact-near-wall',
          part: FRAME_PART,
          atCells: card.skyTerm === 'exact-at-cells',
          ...(tracing ? { exteriorFlux: 'later' as const } : {}),
        })
      : null;
    if (v4 && tracing) setExteriorFlux(v4, await tracing);
    const frames = room.parameters.windows.map((_, i) => {
      const f = v4?.[i] ?? frameInputs(room, i, angles[i]!, room.modelType, flux?.[i], FRAME_PART);
      inputs.set(f.channels, i * C * FRAME_CELLS);
      scalars.set(f.scalars.subarray(0, S), i * S);
      return f.frame;
    });
    const running = model.run({
      [card.inputs[0]!.name]: { data: inputs, dims: [n, C, 128, 128] },
      [card.inputs[1]!.name]: { data: scalars, dims: [n, S] },
    });
    // A card with a room-terms method: the network's per-term maps, room terms scaled to a coarse solve
    // (solved on another thread when the model has one, else here). With a sky-term method, the sky term
    // made exact beside the wall (skyGain.ts) before the terms are summed.
    if (card.roomTerms || card.skyTerm) {
      let lattice: RoomTermsLattice[] | Promise<RoomTermsLattice[]> | null;
      try {
        lattice = card.roomTerms
          ? (solving ?? coarseRoomTerms(engineRoom, card.roomTerms, solve, frames))
          : null;
      } catch (e) {
        running.catch(() => undefined); // the solve's error is the one reported
        throw e;
      }
      const [res, first] = await Promise.all([running, lattice]);
      const terms = outputOf(res, 'terms', n * TERMS.length * FRAME_CELLS);
      const size = TERMS.length * FRAME_CELLS;
      const windowTerms = frames.map((frame, i) => {
        const t = terms.subarray(i * size, (i + 1) * size);
        const near = v4?.[i]?.nearWall;
        const guard = card.exactSkyGuard;
        if (!near && guard === undefined) return t;
        const own = t.slice();
        const sky = own.subarray(0, FRAME_CELLS);
        const given = inputs.subarray((i * C + C - 1) * FRAME_CELLS, (i * C + C) * FRAME_CELLS);
        if (guard !== undefined) exactSkyLevel(sky, given, frame.mask, guard);
        if (near) exactSkyNearWall(sky, given, near);
        return own;
      });
      const answer = (solved: RoomTermsLattice[] | null): WindowPrediction[] =>
        frames.map((frame, i) => {
          const t = windowTerms[i]!;
          const beyondMap = solved?.[i]?.beyond;
          const cellSky = v4?.[i]?.cellSky;
          let cells: CellCorrection | undefined;
          if (cellSky) {
            const scale = solved ? termScales(t, solved[i]!, card)[0]! : 1;
            const sky = t.subarray(0, FRAME_CELLS).map((v) => scale * v);
            const given = inputs.subarray((i * C + C - 1) * FRAME_CELLS, (i * C + C) * FRAME_CELLS);
            cells = cellSkyCorrection(frame, sky, given, cellSky);
          }
          return {
            frame,
            df: clean(solved ? calibratedMap(t, solved[i]!, card) : sumTerms(t), frame.mask),
            ...(beyondMap ? { beyond: beyondMap } : {}),
            ...(cells ? { cells } : {}),
          };
        });
      const answered = answer(first);
      // The card's secondSolve: in a dark room the solve's own noise is as wide as a verdict's 5 %, so it
      // is solved again on other streams and the two levels averaged (docs/model.md).
      if (!first || !card.roomTerms || !card.secondSolve || roomLevel(answered) >= card.secondSolve.belowDf)
        return answered;
      const again: SolveOptions = { ...solve, seed: secondSeed(solve.seed ?? 1) };
      const second = await (model.solveRoomTerms
        ? model.solveRoomTerms(engineRoom, card.roomTerms, again)
        : coarseRoomTerms(engineRoom, card.roomTerms, again, frames));
      return answer(meanOfSolves(first, second));
    }
    const res = await running;
    const df = outputOf(res, out, n * FRAME_CELLS);
    return frames.map((frame, i) => ({
      frame,
      df: clean(df.subarray(i * FRAME_CELLS, (i + 1) * FRAME_CELLS), frame.mask),
    }));
  }
  // v2-rgb-384: the original's image of each window.
  const room = drawn;
  const { windows: _, ...rest } = room.parameters;
  const encoderRoom = rest as EncoderRoom;
  const frames: V2Frame[] = [];
  const masks: Uint8Array[] = [];
  const input = new Float32Array(n * 3 * SIZE * SIZE);
  room.parameters.windows.forEach((w, i) => {
    const ew: EncoderWindow = { ...w, window_frame_ratio: w.window_frame_ratio ?? 0, ...angles[i]! };
    const { input: x, mask } = v2Rgb384Input(encoderRoom, ew, room.modelType, n > 1);
    input.set(x, i * 3 * SIZE * SIZE);
    masks.push(mask);
    frames.push(v2Frame({ ...room, mesh: null }, i));
  });
  const res = await model.run({ [card.inputs[0]!.name]: { data: input, dims: [n, 3, SIZE, SIZE] } });
  const df = outputOf(res, out, n * SIZE * SIZE);
  return frames.map((frame, i) => ({
    frame,
    df: v2Rgb384Output(df.subarray(i * SIZE * SIZE, (i + 1) * SIZE * SIZE), masks[i]!),
  }));
}

/** The second solve's streams: drawn from the first's seed, apart from every first solve's (1, 2, 3, …). */
export const secondSeed = (seed: number): number => hash32(seed, 0x5ec0d);

/**
 * How bright a room's answer is, for a card's secondSolve: the sum over its windows of each window's mean
 * over its frame (the windows' light adds; a room larger than a frame reads brighter than its mean, its
 * part by the window being the lit one), at the reference pane: the solve's noise as a share of the room's
 * light is the same behind any pane.
 */
function roomLevel(windows: readonly WindowPrediction[]): number {
  let level = 0;
  for (const w of windows) {
    let sum = 0,
      cells = 0;
    for (let i = 0; i < FRAME_CELLS; i++)
      if (w.frame.mask[i] === 1) {
        sum += w.df[i]!;
        cells++;
      }
    if (cells > 0) level += sum / cells;
  }
  return level;
}

function outputOf(res: Record<string, { data: Float32Array }>, name: string, size: number): Float32Array {
  const t = res[name];
  if (!t) throw new Error(`the model gave no output '${name}'`);
  if (t.data.length !== size)
    throw new Error(`the model's output '${name}' has ${t.data.length} values, expected ${size}`);
  return t.data;
}

/** A window's map as the sum of its per-term maps (TERMS order, each FRAME_CELLS). */
function sumTerms(terms: Float32Array): Float32Array {
  const out = new Float32Array(FRAME_CELLS);
  for (let t = 0; t < TERMS.length; t++)
    for (let k = 0; k < FRAME_CELLS; k++) out[k]! += terms[t * FRAME_CELLS + k]!;
  return out;
}

/** Non-negative inside the mask, 0 outside (a custom model may leak light into walls). */
export function clean(df: Float32Array, mask: Uint8Array): Float32Array {
  const out = new Float32Array(FRAME_CELLS);
  for (let i = 0; i < FRAME_CELLS; i++) out[i] = mask[i] === 1 ? Math.max(0, df[i]!) : 0;
  return out;
}

/** The room's DF at plan points: the sum over windows (light from separate apertures adds). */
export function sumAtPoints(
  windows: readonly WindowPrediction[],
  points: readonly (readonly [number, number])[],
): Float64Array {
  const out = new Float64Array(points.length);
  for (const w of windows) {
    const s = new FrameSampler(w.frame, w.df, w.beyond);
    points.forEach(([x, y], k) => (out[k]! += s.at(x, y)));
  }
  return out;
}

export interface RoomGrid {
  df: Grid<Float32Array>;
  mask: Grid<Uint8Array>;
  origin: { x: number; y: number };
  resolution: number;
}

/**
 * api.md's room-frame grid (0.1 m cells, north-up), each window's map placed and summed; a window's sky
 * term beside its wall computed at the cells themselves where the card asks for it.
 */
export function roomGrid(room: ResolvedRoom, windows: readonly WindowPrediction[]): RoomGrid {
  const g = workPlaneGrid(room.parameters.room_polygon);
  const points = Array.from(g.cells, (idx) =>
    cellCentre(g.originX, g.originY, Math.floor(idx / g.cols), idx % g.cols),
  );
  const values = sumAtPoints(windows, points);
  const df = new Float32Array(g.rows * g.cols);
  g.cells.forEach((idx, k) => (df[idx] = values[k]!));
  // A card's skyTerm 'exact-at-cells': the sky term at the cells beside each window's wall (cellSky.ts).
  for (const w of windows)
    if (w.cells) w.cells.index.forEach((idx, k) => (df[idx] = Math.max(0, df[idx]! + w.cells!.delta[k]!)));
  return {
    df: { rows: g.rows, cols: g.cols, data: df },
    mask: { rows: g.rows, cols: g.cols, data: g.mask },
    origin: { x: g.originX, y: g.originY },
    resolution: RESOLUTION,
  };
}
