import { v2Frame } from '../engine/v2Frame';
import { validationError } from '../errors';
import { clean, roomGrid, type WindowPrediction } from '../model/predict';
import { v2Rgb384Output } from '../model/v2rgb384';
import { gridToRows } from '../stats/grid';
import { isPlainObject } from '../validation/format';
import { checkRoomSize, DEFAULT_LIMITS, parseWindowsRequest, type Limits } from '../validation/requests';
import { mergeResponse } from '../validation/responses';
import { answer, type OpResult } from './result';

const FRAME = 128;

/**
 * The original's merge of per-window model frames (model_merger_stats.md §B, gateway.md §7.8), a documented
 * alias of /merge: each window's map in its own model frame (128 × 128, or the original model's 384 × 384)
 * is placed in the room by the v2 frame of that window, as /run places the model's maps, and summed.
 *
 * Two request shapes are read:
 * - the merger service's: `room_polygon`, `windows` (x1…z2 and `direction_angle` in radians) and
 *   `simulation: {<id>: {df_values, mask}}`; answered with its `result` and `mask` too;
 * - the original gateway's /v1/merge: `parameters: {room_polygon, windows}`, `simulations: {<id>: 2-D}`,
 *   `direction_angle: {<id>: radians}` (and `mask`, not needed); answered with its `df_matrix` and
 *   `room_mask` too.
 * The frame masks are Lux's own (the window's v2 frame), so a client's `mask` is not read; the grid is
 * api.md's (0.1 m cells, north up). Null when the body is neither shape (the Lux /merge then answers).
 */
export function mergeFrames(body: unknown, limits: Limits = DEFAULT_LIMITS): OpResult | null {
  if (!isPlainObject(body) || 'window_results' in body) return null;
  const merger = isPlainObject(body.simulation);
  const gateway = isPlainObject(body.simulations);
  if (!merger && !gateway) return null;
  const place = merger ? body : isPlainObject(body.parameters) ? body.parameters : {};
  // An absurd room is refused before its frames (16 384 numbers a window) are read.
  checkRoomSize(place, limits);
  const frames = merger
    ? framesOf(body.simulation, 'simulation', 'df_values')
    : framesOf(body.simulations, 'simulations');
  const radians = gateway && isPlainObject(body.direction_angle) ? body.direction_angle : {};
  const windows = isPlainObject(place.windows) ? place.windows : {};
  // Directions in radians (the original's), given per window (merger) or beside them (gateway).
  const withDegrees = Object.fromEntries(
    Object.entries(windows).map(([id, w]) => {
      if (!isPlainObject(w)) return [id, w];
      const { direction_angle: own, ...rest } = w;
      const rad = merger ? own : radians[id];
      if (rad === undefined) return [id, rest];
      if (typeof rad !== 'number' || !Number.isFinite(rad))
        throw validationError(`Parameter 'windows.${id}.direction_angle' must be a finite number (radians)`);
      return [id, { ...rest, direction_angle: ((((rad * 180) / Math.PI) % 360) + 360) % 360 }];
    }),
  );
  const room = parseWindowsRequest({ room_polygon: place.room_polygon, windows: withDegrees }, true, limits);
  const ids = room.parameters.windows.map((w) => w.id);
  const missing = ids.filter((id) => !frames.has(id));
  if (missing.length)
    throw validationError(`Windows defined but missing simulation data: ${missing.join(', ')}`);
  const extra = [...frames.keys()].filter((id) => !ids.includes(id));
  if (extra.length)
    throw validationError(`Simulation data provided but window not defined: ${extra.join(', ')}`);
  const predictions: WindowPrediction[] = ids.map((id, i) => {
    const frame = v2Frame({ ...room, mesh: null, modelType: 'df_default' }, i);
    const values = frames.get(id)!;
    const df =
      values.length === FRAME * FRAME ? clean(values, frame.mask) : v2Rgb384Output(values, frame.mask);
    return { frame, df };
  });
  const g = roomGrid(room, predictions);
  const df = gridToRows(g.df);
  const mask = gridToRows(g.mask, (v) => v === 1);
  const own = merger ? { result: df, mask } : { df_matrix: df, room_mask: mask };
  return answer(mergeResponse, {
    status: 'success',
    merged_result: { df_matrix: df, room_mask: mask },
    ...own,
  });
}

/** Each window's frame, flattened row-major: square, 128 or 384 on a side, finite numbers. */
function framesOf(value: unknown, name: string, field?: string): Map<string, Float32Array> {
  const out = new Map<string, Float32Array>();
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    const where = field ? `${name}.${id}.${field}` : `${name}.${id}`;
    const rows = field ? (isPlainObject(entry) ? entry[field] : undefined) : entry;
    if (!Array.isArray(rows) || !rows.every(Array.isArray))
      throw validationError(`Parameter '${where}' must be a 2-D array of numbers`);
    const n = rows.length;
    if ((n !== FRAME && n !== 3 * FRAME) || rows.some((r) => (r as unknown[]).length !== n))
      throw validationError(`Parameter '${where}' must be a square frame of 128 × 128 or 384 × 384 values`);
    const flat = new Float32Array(n * n);
    rows.forEach((r, i) =>
      (r as unknown[]).forEach((v, j) => {
        if (typeof v !== 'number' || !Number.isFinite(v))
          throw validationError(`Parameter '${where}[${i}][${j}]' must be a finite number`);
        flat[i * n + j] = v;
      }),
    );
    out.set(id, flat);
  }
  if (out.size === 0) throw validationError(`Parameter '${name}' must contain at least one window`);
  return out;
}
