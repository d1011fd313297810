import { validationError } from '../errors';
import type { Grid } from '../stats/grid';

export interface WindowResult {
  df: Grid<Float32Array | Float64Array>;
  mask: Grid<Uint8Array>;
}

/**
 * Light from separate apertures adds: the room's DF is the cell-wise sum over windows, its mask the
 * cell-wise OR (api.md §/merge).
 */
export function mergeWindows(results: readonly WindowResult[]): {
  df: Grid<Float64Array>;
  mask: Grid<Uint8Array>;
} {
  const first = results[0];
  if (!first) throw validationError(`Parameter 'window_results' must contain at least one window`);
  const { rows, cols } = first.df;
  const df = new Float64Array(rows * cols);
  const mask = new Uint8Array(rows * cols);
  for (const r of results) {
    for (const g of [r.df, r.mask]) {
      if (g.rows !== rows || g.cols !== cols) {
        throw validationError(
          `Parameter 'window_results': all windows must have the same shape, got [${g.rows}, ${g.cols}] and [${rows}, ${cols}]`,
        );
      }
    }
    for (let i = 0; i < df.length; i++) {
      df[i]! += r.df.data[i]!;
      mask[i]! |= r.mask.data[i]!;
    }
  }
  return { df: { rows, cols, data: df }, mask: { rows, cols, data: mask } };
}
