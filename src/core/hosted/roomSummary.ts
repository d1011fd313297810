/**
 * A room's answer (`/run`, `/simulate`: `result` DF grid, `mask`, `resolution`) in the few numbers a table
 * of many rooms shows: mean, median, minimum and maximum DF over the room's cells, and its area.
 */
export interface RoomSummary {
  mean: number;
  median: number;
  min: number;
  max: number;
  area: number;
}

export function roomSummary(answer: unknown): RoomSummary | null {
  const a = answer as { result?: unknown; mask?: unknown; resolution?: unknown };
  if (!Array.isArray(a.result) || !Array.isArray(a.mask)) return null;
  const values: number[] = [];
  a.result.forEach((row: unknown, r) => {
    const m = (a.mask as unknown[])[r];
    if (!Array.isArray(row) || !Array.isArray(m)) return;
    row.forEach((v: unknown, c) => {
      if (m[c] && typeof v === 'number' && Number.isFinite(v)) values.push(v);
    });
  });
  if (!values.length) return null;
  values.sort((x, y) => x - y);
  const res = typeof a.resolution === 'number' ? a.resolution : 0.1;
  const mid = values.length >> 1;
  return {
    mean: values.reduce((s, v) => s + v, 0) / values.length,
    median: values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2,
    min: values[0]!,
    max: values.at(-1)!,
    area: values.length * res * res,
  };
}
