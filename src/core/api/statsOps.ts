import { mergeWindows } from '../merge/mergeWindows';
import { gridToRows, sameShape, shapeOf, toFloatGrid, toMaskGrid } from '../stats/grid';
import { roomStats } from '../stats/roomStats';
import { parseWith } from '../validation/format';
import { mergeRequest, statsRequest } from '../validation/schemas';
import { validationError } from '../errors';
import { mergeFrames } from './mergeFrames';
import { mergeResponse, statsResponse } from '../validation/responses';
import { answer, limitsOf, type OpContext, type OpResult } from './result';

/**
 * The original gateway's /stats body, `{result, mask}` (gateway.md §7.7), read as `{df_matrix, room_mask}`:
 * a documented alias (docs/api-decisions.md), taken only when neither Lux name is present.
 */
function statsAlias(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if ('df_matrix' in b || 'room_mask' in b || !('result' in b) || !('mask' in b)) return body;
  const { result, mask, ...rest } = b;
  return { ...rest, df_matrix: result, room_mask: mask };
}

/**
 * Values so large that their sum or spread overflows a double (1e308 and the like): the answer would hold
 * Infinity, which JSON writes as null where a number is promised. No daylight factor is near them.
 */
const overflow = (name: string) =>
  validationError(`Parameter '${name}' holds values too large to add up (their sum overflows)`);

export function stats(body: unknown): OpResult {
  const r = parseWith(statsRequest, statsAlias(body));
  const dfShape = shapeOf('df_matrix', r.df_matrix);
  const maskShape = shapeOf('room_mask', r.room_mask);
  sameShape(dfShape, maskShape, `Parameters 'df_matrix' and 'room_mask' must have the same shape`);
  const s = roomStats(toFloatGrid(r.df_matrix), toMaskGrid(r.room_mask), r.thresholds);
  if (![s.mean, s.std, s.median].every(Number.isFinite)) throw overflow('df_matrix');
  return answer(statsResponse, { status: 'success', ...s });
}

export function merge(body: unknown, ctx: OpContext): OpResult {
  const frames = mergeFrames(body, limitsOf(ctx));
  if (frames) return frames;
  const r = parseWith(mergeRequest, body);
  const entries = Object.entries(r.window_results);
  if (entries.length === 0)
    throw validationError(`Parameter 'window_results' must contain at least one window`);
  const results = entries.map(([id, w]) => {
    const s = shapeOf(`window_results.${id}.df_matrix`, w.df_matrix);
    sameShape(
      s,
      shapeOf(`window_results.${id}.room_mask`, w.room_mask),
      `Window '${id}': 'df_matrix' and 'room_mask'`,
    );
    return { df: toFloatGrid(w.df_matrix), mask: toMaskGrid(w.room_mask) };
  });
  const m = mergeWindows(results);
  if (!m.df.data.every(Number.isFinite)) throw overflow('window_results');
  return answer(mergeResponse, {
    status: 'success',
    merged_result: { df_matrix: gridToRows(m.df), room_mask: gridToRows(m.mask, (v) => v === 1) },
  });
}
