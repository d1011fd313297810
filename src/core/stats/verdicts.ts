import { roundedDown } from './shareText';
import type { RoomGridAnswer } from '../api/roomAnswer';
import { roomStats, type RoomStats } from './roomStats';
import { analysedArea, shareOfText } from './analysedPlane';

/**
 * The compliance checks a room's DF map is judged by (app.md §4, and the building report of issue 20),
 * below both faces: the app's badges and the command line's table read the same verdicts.
 */
export interface Thresholds {
  /** BFS 2024:8: DF ≥ bfsDf over at least bfsShare % of the floor. */
  bfsDf: number;
  bfsShare: number;
  /** EN 17037 (DF method): target DF over 50 % of the area, minimum target DF over 95 %. */
  enTarget: number;
  enMinimum: number;
  /**
   * Where EN 17037's targets come from, in words, when they were set for the site ("Chicago Ohare Intl Ap:
   * median diffuse illuminance 15 900 lx"); absent: as entered.
   */
  enBasis?: string | undefined;
}

export const DEFAULT_COMPLIANCE: Thresholds = { bfsDf: 1, bfsShare: 50, enTarget: 2.0, enMinimum: 0.7 };

/** Thresholds as a long analysis takes them: fixed, or read as each room is judged (a user may change them). */
export type ThresholdsNow = Thresholds | (() => Thresholds);

export const thresholdsNow = (t: ThresholdsNow | undefined): Thresholds =>
  typeof t === 'function' ? t() : (t ?? DEFAULT_COMPLIANCE);

/**
 * A building's thresholds with EN 17037's daylight factors for its site (the command line's --en-target and
 * --en-minimum, a building job's en_target and en_minimum): the factors that stand for 300 lx and 100 lx at
 * the location's median diffuse illuminance (EN 17037 Table A.3), so they vary by country. BFS 2024:8 is one
 * regulation with fixed figures (DF ≥ 1 % over half the floor), so it is not offered here. Throws a sentence
 * naming the bad value.
 */
export function siteThresholds(
  en: { target?: unknown; minimum?: unknown },
  names = ['target', 'minimum'],
): Thresholds {
  const factor = (v: unknown, name: string, fallback: number): number => {
    if (v === undefined) return fallback;
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    if (typeof n !== 'number' || !(n > 0 && n <= 20))
      throw new Error(
        `${name} is a daylight factor above 0 and at most 20 (%), not '${String(v).slice(0, 40)}'`,
      );
    return n;
  };
  const enTarget = factor(en.target, names[0]!, DEFAULT_COMPLIANCE.enTarget);
  const enMinimum = factor(en.minimum, names[1]!, DEFAULT_COMPLIANCE.enMinimum);
  if (enMinimum > enTarget)
    throw new Error(`${names[1]} (${enMinimum} %) cannot be above ${names[0]} (${enTarget} %)`);
  return { ...DEFAULT_COMPLIANCE, enTarget, enMinimum };
}

export interface Verdict {
  id: 'bfs' | 'en-target' | 'en-minimum';
  label: string;
  pass: boolean;
  detail: string;
}

export interface MapSummary {
  stats: RoomStats;
  /**
   * The room's floor area (m²): its outline's, the one figure every face shows (issue 34); the map's room
   * cells at its resolution only where no outline was given. Areas above a threshold are its shares of it.
   */
  floor: number;
  /**
   * The analysed plane's area (m²), which the shares in `stats` are of: the floor's, less its cells left out
   * under a ceiling too low for the work plane (an attic's eaves; analysedPlane.ts); the floor where none are.
   * Absent (a summary made elsewhere, before 2026-12-07): the floor.
   */
  analysed?: number;
  verdicts: Verdict[];
}

/** What a map alone does not say of its room. */
export interface SummaryOptions {
  /** The floor's area (m²), its outline's; absent: the map's analysed cells'. */
  floorArea?: number | undefined;
  /** Lit through horizontal openings only (litFromAboveOnly): EN 17037 asks its target over 95 %. */
  topLit?: boolean;
  /** The cells of the room's outline the map left out (analysedPlane.ts leftOutCells). */
  leftOut?: number;
}

/**
 * Statistics (api.md §/stats, thresholds 1, 2, 3 %) and the compliance checks of app.md:
 * BFS 2024:8 (DF ≥ bfsDf over ≥ bfsShare % of the floor) and EN 17037's daylight-factor method
 * (target DF over 50 % of the area, minimum target DF over 95 %), all thresholds editable.
 */
export function summarise(m: RoomGridAnswer, t: Thresholds, o: SummaryOptions = {}): MapSummary {
  const { floorArea, topLit = false, leftOut = 0 } = o;
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
  const pct = (v: number): string => `${roundedDown(v)} %`;
  const floor = floorArea ?? (full.count + leftOut) * m.resolution * m.resolution;
  const analysed = analysedArea(floor, full.count, leftOut);
  return {
    stats,
    floor,
    analysed,
    verdicts: [
      {
        id: 'bfs',
        label: 'BFS 2024:8',
        pass: bfs >= t.bfsShare,
        // Of the analysed plane, which is the floor but under a ceiling too low for the work plane.
        detail: `DF ≥ ${t.bfsDf} % on ${pct(bfs)} ${shareOfText({ floor, analysed })} (needs ${t.bfsShare} %)`,
      },
      {
        id: 'en-target',
        label: 'EN 17037 target DF',
        pass: target >= (topLit ? 95 : 50),
        detail: `DF ≥ ${t.enTarget} % on ${pct(target)} (needs ${topLit ? '95 %: lit from above only' : '50 %'})`,
      },
      {
        id: 'en-minimum',
        label: 'EN 17037 minimum target DF',
        pass: minimum >= 95,
        detail: `DF ≥ ${t.enMinimum} % on ${pct(minimum)} (needs 95 %)`,
      },
    ],
  };
}
