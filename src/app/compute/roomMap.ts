import type { RoomGridAnswer } from '../../core/api/roomAnswer';
import { roomStats, type RoomStats } from '../../core/stats/roomStats';
import type { Thresholds } from '../scene/scene';

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

export interface Verdict {
  id: 'bfs' | 'en-target' | 'en-minimum';
  label: string;
  pass: boolean;
  detail: string;
}

export interface MapSummary {
  stats: RoomStats;
  verdicts: Verdict[];
}

/**
 * Statistics (api.md §/stats, thresholds 1, 2, 3 %) and the compliance checks of app.md:
 * BFS 2024:8 (DF ≥ bfsDf over ≥ bfsShare % of the floor) and EN 17037's daylight-factor method
 * (target DF over 50 % of the area, minimum target DF over 95 %), all thresholds editable.
 */
export function summarise(m: RoomMap, t: Thresholds): MapSummary {
  // One pass of the /stats code over every threshold the panel shows or a verdict needs.
  const shown = [1, 2, 3];
  const all = [...new Set([...shown, t.bfsDf, t.enTarget, t.enMinimum])];
  const full = roomStats(
    { rows: m.rows, cols: m.cols, data: m.df },
    { rows: m.rows, cols: m.cols, data: m.mask },
    all,
  );
  const share = (v: number): number => full.area_above[String(v)]!;
  const stats: RoomStats = {
    ...full,
    area_above: Object.fromEntries(shown.map((v) => [String(v), share(v)])),
  };
  const bfs = share(t.bfsDf),
    target = share(t.enTarget),
    minimum = share(t.enMinimum);
  const pct = (v: number): string => `${v.toFixed(0)} %`;
  return {
    stats,
    verdicts: [
      {
        id: 'bfs',
        label: 'BFS 2024:8',
        pass: bfs >= t.bfsShare,
        detail: `DF ≥ ${t.bfsDf} % on ${pct(bfs)} of the floor (needs ${t.bfsShare} %)`,
      },
      {
        id: 'en-target',
        label: 'EN 17037 target',
        pass: target >= 50,
        detail: `DF ≥ ${t.enTarget} % on ${pct(target)} (needs 50 %)`,
      },
      {
        id: 'en-minimum',
        label: 'EN 17037 minimum',
        pass: minimum >= 95,
        detail: `DF ≥ ${t.enMinimum} % on ${pct(minimum)} (needs 95 %)`,
      },
    ],
  };
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
