import type { RoomGridAnswer } from '../../core/api/roomAnswer';

/**
 * A room's DF map as the app holds it: the typed grid of an answer (core/api/roomAnswer.ts), whichever
 * machine computed it.
 */
export type RoomMap = RoomGridAnswer;

/** DF at a world point (nearest cell), or null outside the room. */
export function valueAt(m: RoomMap, x: number, y: number): number | null {
  const c = Math.floor((x - m.origin.x) / m.resolution);
  const r = Math.floor((m.origin.y - y) / m.resolution);
  if (r < 0 || c < 0 || r >= m.rows || c >= m.cols) return null;
  const i = r * m.cols + c;
  return m.mask[i] ? m.df[i]! : null;
}

/** Cell-wise a − b over the room, and the mean absolute difference (verify: engine vs model). */
export function difference(a: RoomMap, b: RoomMap): { map: RoomMap; mae: number } {
  if (a.rows !== b.rows || a.cols !== b.cols) throw new Error('The maps cover different grids.');
  const df = new Float32Array(a.df.length);
  let s = 0,
    n = 0;
  for (let i = 0; i < df.length; i++)
    if (a.mask[i] && b.mask[i]) {
      df[i] = a.df[i]! - b.df[i]!;
      s += Math.abs(df[i]!);
      n++;
    }
  return { map: { ...a, df, mask: Uint8Array.from(a.mask, (v, i) => v & b.mask[i]!) }, mae: n ? s / n : 0 };
}
