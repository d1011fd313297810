import type { WindowGeometry } from '../geometry/window';
import { roundPoint } from '../geometry/window';
import { REFLECTANCE_FIELDS } from '../validation/ranges';
import type { RunRequest } from '../validation/requests';
import type { Grid } from '../stats/grid';
import { roundAngle } from './geometryOps';
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

function base64(bytes: Uint8Array): string {
  // btoa exists in browsers and Node ≥ 16; chunks keep String.fromCharCode's argument list small.
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function littleEndianFloat32(a: Float32Array): Uint8Array {
  const out = new Uint8Array(a.length * 4);
  const view = new DataView(out.buffer);
  a.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return out;
}

function rows<T>(g: Grid<Float32Array | Uint8Array>, f: (v: number) => T): T[][] {
  const out: T[][] = [];
  for (let r = 0; r < g.rows; r++) out.push(Array.from(g.data.subarray(r * g.cols, (r + 1) * g.cols), f));
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

export function roomResponse(
  req: RunRequest,
  result: RoomResult,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const windows: Record<string, unknown> = {};
  req.parameters.windows.forEach((w, i) => {
    const g: WindowGeometry = req.geometry[i]!;
    windows[w.id] = {
      direction_angle: roundAngle(g.directionAngle),
      reference_point: roundPoint(g.referencePoint),
      horizon: result.angles[i]!.horizon,
      zenith: result.angles[i]!.zenith,
    };
  });
  const grid =
    req.responseFormat === 'base64'
      ? {
          result: base64(littleEndianFloat32(result.df.data)),
          mask: base64(result.mask.data),
          dtype: { result: 'float32', mask: 'uint8' },
        }
      : { result: rows(result.df, round4), mask: rows(result.mask, (v) => v === 1) };
  return {
    status: 'success',
    model_type: req.modelType,
    units: '%',
    ...grid,
    shape: [result.df.rows, result.df.cols],
    resolution: result.resolution,
    origin: result.origin,
    windows,
    warnings: reflectanceWarnings(req),
    ...extra,
  };
}
