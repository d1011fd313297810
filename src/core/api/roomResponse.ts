import type { z } from 'zod';
import type { WindowGeometry } from '../geometry/window';
import { base64 } from '../encoding/base64';
import { roundPoint } from '../geometry/window';
import { inPlan } from '../validation/aboutRoom';
import { REFLECTANCE_FIELDS } from '../validation/ranges';
import type { RunRequest } from '../validation/requests';
import type {
  gridBase64,
  gridJson,
  roomCommon,
  runResponse,
  simulateResponse,
} from '../validation/responses';
import { gridToRows, type Grid } from '../stats/grid';
import { roundAngle } from './geometryOps';
import { windowsIntoClosedGaps } from '../engine/bodyOutline';
import { buildRoomModel, type RoomModel } from '../engine/model';
import { coveredWindows } from '../engine/coveredWindows';
import type { AnswerMethod, RoomAnswer, WindowSummary } from './roomAnswer';
import type { WindowAngles } from './windowAngles';

/**
 * The response of /run and /simulate (api.md §/run): the room-frame DF grid, shape A (nested JSON) or
 * shape B (base64 of little-endian float32 / uint8), plus per-window geometry and angles.
 */
export interface RoomResult {
  df: Grid<Float32Array>;
  mask: Grid<Uint8Array>;
  origin: { x: number; y: number };
  resolution: number;
  /** The angles each window was computed with (given, or from the mesh). */
  angles: WindowAngles[];
}

/** DF printed to 1e-4 % in JSON: far below any model's or the engine's error, a third of the bytes. */
const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

function littleEndianFloat32(a: Float32Array): Uint8Array {
  const out = new Uint8Array(a.length * 4);
  const view = new DataView(out.buffer);
  a.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return out;
}

/** df_default ignores the request's reflectances: say so instead of silently dropping them. */
export function reflectanceWarnings(req: RunRequest): string[] {
  const given = REFLECTANCE_FIELDS.filter((f) => req.parameters[f] !== undefined);
  if (req.modelType !== 'df_default' || given.length === 0) return [];
  return [
    `model_type 'df_default' uses the default reflectances; ignored: ${given.join(', ')} (use 'df_custom' to apply them)`,
  ];
}

/** Steps (m) of a single-precision mesh that the answer names: finer ones cannot change its light. */
const COARSE_STEP = 0.01;

/**
 * A room far from the plan's origin is computed about itself (validation/aboutRoom.ts), exactly when its
 * mesh came as JSON. A mesh that came in single precision (an NPY upload, a stored mesh) was rounded where
 * it was sent, before Lux could move it: at a national grid's coordinates to 0.25–0.5 m. The answer says so.
 */
export function coarseMeshWarnings(req: RunRequest): string[] {
  const step = req.mesh?.singleStep;
  if (step === undefined || step < COARSE_STEP) return [];
  return [
    `the mesh came in single precision (an NPY file or a stored mesh) far from the plan's origin, where its points lie ${step < 1 ? `${Math.round(step * 100)} cm` : `${step} m`} apart: its surroundings are that coarse; send the mesh as JSON, or move the model near the origin`,
  ];
}

/**
 * A window that opens into a gap between two of the room's own walls that their thickness closes (a notch
 * narrower than twice the walls) is bricked up by them: the engine lets no light through it, and a user
 * who drew it more likely meant something else (a wider notch, thinner walls), so the answer says so.
 */
export function closedGapWarnings(model: RoomModel): string[] {
  return windowsIntoClosedGaps(model).map(
    (w) =>
      `window '${w.id}' opens into a gap between the room's own walls that their thickness (${+model.thickness.toFixed(3)} m) closes: no daylight reaches it`,
  );
}

/**
 * A window the mesh seals from outside (engine/coveredWindows.ts): a client's own facade sent without
 * openings, or drawn proud of the wall. The room reads dark as if that were the answer; the answer says why.
 */
export function coveredWindowWarnings(req: RunRequest, model: RoomModel): string[] {
  if (!req.mesh) return [];
  return coveredWindows(model, req.mesh.positions).map(
    (w) =>
      `window '${w.id}' is covered by the mesh right in front of it (within 0.5 m of the wall's outer face, every way out): no daylight reaches it; if the mesh holds the building's own facade, give it openings at the windows`,
  );
}

/**
 * Everything an answer says of its request (api.md `warnings`), in one pass over the room's body: a request
 * answered in several parts (/run/detailed's windows) says it once and hands it to each.
 */
export function requestWarnings(req: RunRequest): string[] {
  const model = buildRoomModel({ ...req, mesh: null });
  return [
    ...reflectanceWarnings(req),
    ...closedGapWarnings(model),
    ...coveredWindowWarnings(req, model),
    ...directionWarnings(req),
    ...coarseMeshWarnings(req),
  ];
}

/** A given direction this far (degrees) from the wall's outward normal is not that wall's. */
const DIRECTION_TOLERANCE = 5;

/**
 * A window whose `direction_angle` (optional in api.md) is not its wall's outward normal: the model's frame
 * follows the given angle (as the original's encoder did), the engine the wall, so the two answers part and
 * neither says why. A plug-in sending radians (4.71 for 270°) or a compass bearing sends such an angle.
 */
export function directionWarnings(req: RunRequest): string[] {
  return req.parameters.windows.flatMap((w, i) => {
    if (w.direction_angle === undefined) return [];
    const wall = req.geometry[i]!.directionAngle;
    const off = Math.abs(((((w.direction_angle - wall) % 360) + 540) % 360) - 180);
    if (off <= DIRECTION_TOLERANCE) return [];
    return [
      `window '${w.id}' gives direction_angle ${+w.direction_angle.toFixed(2)}°, but its wall faces ${roundAngle(wall)}° (degrees, 0 = east, counter-clockwise): the model's frame follows the given angle, the engine the wall; leave it out to use the wall's`,
    ];
  });
}

/** Each window's direction, reference point and the angles it was computed with, by id. */
function windowSummaries(req: RunRequest, angles: readonly WindowAngles[]): Record<string, WindowSummary> {
  const windows: Record<string, WindowSummary> = {};
  req.parameters.windows.forEach((w, i) => {
    const g: WindowGeometry = req.geometry[i]!;
    windows[w.id] = {
      direction_angle: roundAngle(g.directionAngle),
      reference_point: roundPoint(inPlan(g.referencePoint, req.planOrigin)),
      horizon: angles[i]!.horizon,
      zenith: angles[i]!.zenith,
    };
  });
  return windows;
}

/** The typed answer (roomAnswer.ts): what the browser's workers hand over, the wire form's source. */
export function roomAnswer(
  req: RunRequest,
  result: RoomResult,
  method: AnswerMethod,
  warnings: string[] = requestWarnings(req),
): RoomAnswer {
  return {
    rows: result.df.rows,
    cols: result.df.cols,
    // At the wire's 1e-4 % here, not only in JSON: a room's shares and verdicts are then the same bit for
    // bit whether its answer stayed in a thread (the command line, the app) or crossed the wire as JSON
    // (a server's job), even for a cell a hair under a threshold.
    // A cell the engine's unbiased estimate puts a hair below 0 (deep in the dark, its sky's control
    // variate over-subtracted: 28 of 480 000 cells of 96 stress runs, at least −0.02 %) reads 0: a
    // daylight factor is never negative, and a map or a CSV that says −0.02 % looks broken.
    df: result.df.data.map((v) => round4(Math.max(0, v))),
    mask: result.mask.data,
    origin: inPlan(result.origin, req.planOrigin),
    resolution: result.resolution,
    modelType: req.modelType,
    windows: windowSummaries(req, result.angles),
    warnings,
    method,
  };
}

export type RunBody = z.output<typeof runResponse>;
export type SimulateBody = z.output<typeof simulateResponse>;
/** The wire form of /run's and /simulate's answers, as documented (validation/responses.ts). */
export type RoomBody = RunBody | SimulateBody;

type ModelMethod = Extract<AnswerMethod, { kind: 'model' }>;
type EngineMethod = Extract<AnswerMethod, { kind: 'engine' }>;

/** The fields every room body has, and its grid in the requested shape (A: nested JSON, B: base64). */
export function bodyParts(a: RoomAnswer, format: 'json' | 'base64') {
  const common = {
    status: 'success',
    model_type: a.modelType,
    units: '%',
    shape: [a.rows, a.cols],
    resolution: a.resolution,
    origin: a.origin,
    windows: a.windows,
    warnings: a.warnings,
  } satisfies z.output<typeof roomCommon>;
  const grid =
    format === 'base64'
      ? ({
          result: base64(littleEndianFloat32(a.df)),
          mask: base64(a.mask),
          dtype: { result: 'float32', mask: 'uint8' },
        } satisfies z.output<typeof gridBase64>)
      : ({
          result: gridToRows({ rows: a.rows, cols: a.cols, data: a.df }, round4),
          mask: gridToRows({ rows: a.rows, cols: a.cols, data: a.mask }, (v) => v === 1),
        } satisfies z.output<typeof gridJson>);
  return { ...common, ...grid };
}

/** /run's body: the model's answer, with the model's name and version. */
function modelBody(a: RoomAnswer, m: ModelMethod, format: 'json' | 'base64'): RunBody {
  return {
    ...bodyParts(a, format),
    model: { name: m.name, version: m.version },
    ...(m.errorBand ? { model_error: m.errorBand } : {}),
  };
}

/** /simulate's body: the engine's answer, with its seed and quality. */
function engineBody(a: RoomAnswer, m: EngineMethod, format: 'json' | 'base64'): SimulateBody {
  return {
    ...bodyParts(a, format),
    method: 'simulation',
    seed: m.seed,
    quality: m.quality,
    ambient_bounces: m.ambientBounces,
  };
}

/** The wire form of an answer (api.md §/run), by whichever computation gave it. */
export function answerResponse(a: RoomAnswer, format: 'json' | 'base64'): RoomBody {
  const m = a.method;
  return m.kind === 'model' ? modelBody(a, m, format) : engineBody(a, m, format);
}

/** /run's answer to a request: the model's maps in the room frame. */
export function modelResponse(
  req: RunRequest,
  result: RoomResult,
  method: ModelMethod,
  warnings: string[] = requestWarnings(req),
): RunBody {
  return modelBody(roomAnswer(req, result, method, warnings), method, req.responseFormat);
}

/** /simulate's answer to a request: the engine's map. */
export function engineResponse(req: RunRequest, result: RoomResult, method: EngineMethod): SimulateBody {
  return engineBody(roomAnswer(req, result, method), method, req.responseFormat);
}
