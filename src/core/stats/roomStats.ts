import { validationError } from '../errors';
import type { Grid } from './grid';

export const DEFAULT_THRESHOLDS = [1, 2, 3] as const;

export interface RoomStats {
  mean: number;
  median: number;
  min: number;
  max: number;
  /** Population standard deviation. */
  std: number;
  count: number;
  /** Threshold (as printed by JS) → % of counted cells with DF ≥ threshold. */
  area_above: Record<string, number>;
}

/** The median of values sorted ascending (NaN for none). */
export function medianOfSorted(values: readonly number[]): number {
  const mid = values.length >> 1;
  return values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
}

/**
 * Statistics over the cells where the mask is set, zeros included (api.md §/stats).
 * Two-pass mean/variance keeps the std exact enough for uniform maps (no catastrophic cancellation).
 */
export function roomStats(
  df: Grid<Float32Array | Float64Array>,
  mask: Grid<Uint8Array>,
  thresholds: readonly number[] = DEFAULT_THRESHOLDS,
): RoomStats {
  const values: number[] = [];
  for (let i = 0; i < df.data.length; i++) if (mask.data[i]) values.push(df.data[i]!);
  const count = values.length;
  if (count === 0) throw validationError(`Parameter 'room_mask' selects no cells: the mask is empty`);
  values.sort((a, b) => a - b);
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / count;
  let sq = 0;
  for (const v of values) sq += (v - mean) * (v - mean);
  const median = medianOfSorted(values);
  const area_above: Record<string, number> = {};
  for (const t of thresholds) area_above[String(t)] = (100 * (count - lowerBound(values, t))) / count;
  return {
    mean,
    median,
    min: values[0]!,
    max: values[count - 1]!,
    std: Math.sqrt(sq / count),
    count,
    area_above,
  };
}

/** Index of the first value ≥ t in a sorted array. */
function lowerBound(sorted: readonly number[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (sorted[m]! < t) lo = m + 1;
    else hi = m;
  }
  return lo;
}
