import type { RoomGridAnswer } from '../api/roomAnswer';
import { containsPoint, nearestBoundaryPoint } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import { partOf, roundedDown } from './shareText';

/**
 * A room's analysed plane against its floor. Under a sloped ceiling lower than the work plane (an attic's
 * eaves) the engine analyses no cell (engine/workplane.ts, underCeiling): the answer's mask leaves those
 * cells of the outline out, and its shares are of the cells it kept. Its m² must be of those cells too:
 * before 2026-12-07 a share of the analysed plane was multiplied by the whole floor (a 6 × 5 m attic with
 * 27.6 m² analysed and 9.36 m² at DF ≥ 1 % read "33.9 % · 10.17 of 30.00 m²").
 */

/**
 * The cells of the room's outline the answer left out of its analysed plane: inside the outline on the
 * answer's own grid, not in its mask. Read from the outline and the answer alone, so a map from any machine
 * (a thread, a server's job, the model) counts the same. A cell whose centre lies within 1 mm of the outline
 * is not counted: a grid and an outline a rounding apart could disagree on it.
 */
export function leftOutCells(
  m: Pick<RoomGridAnswer, 'rows' | 'cols' | 'mask' | 'origin' | 'resolution'>,
  outline: readonly Vec2[],
): number {
  if (outline.length < 3) return 0;
  let n = 0;
  for (let r = 0; r < m.rows; r++)
    for (let c = 0; c < m.cols; c++) {
      if (m.mask[r * m.cols + c]) continue;
      const p: Vec2 = [m.origin.x + (c + 0.5) * m.resolution, m.origin.y - (r + 0.5) * m.resolution];
      if (containsPoint(outline, p) && nearestBoundaryPoint(outline, p).distance > 1e-3) n++;
    }
  return n;
}

/** The analysed plane's area (m²): the floor's share that the `count` analysed cells are of all its cells. */
export const analysedArea = (floor: number, count: number, leftOut: number): number =>
  leftOut > 0 ? (floor * count) / (count + leftOut) : floor;

/** A summary's areas (verdicts.ts MapSummary): the floor, and the analysed plane where it is less. */
interface PlaneAreas {
  floor: number;
  analysed?: number;
}

/**
 * What a BFS 2024:8 verdict's share is of, as its line says it: "of the floor", or, where the ceiling leaves
 * part of it below the work plane, "of the analysed 52.80 m²", the figure the results above it give (before
 * 2026-12-07 the line read "88.3 % of the floor" beside shares "… of 52.80 m²"). Whether BFS 2024:8's floor
 * includes the floor under a low slope is the signer's question (docs/app.md): the line states the basis.
 */
export const shareOfText = (s: PlaneAreas): string =>
  partlyAnalysed(s) ? `of the analysed ${analysedOf(s).toFixed(2)} m²` : 'of the floor';

/** Whether the statistics are of less than the whole floor (to the hundredth of a m² every face shows). */
export const partlyAnalysed = (s: PlaneAreas): boolean => s.floor - analysedOf(s) >= 0.005;

/** The analysed plane's area of a summary (m²): the floor's where it does not say. */
export const analysedOf = (s: PlaneAreas): number => s.analysed ?? s.floor;

/**
 * A share of the analysed plane with its area, as every face writes it: "33.9 % · 9.36 of 27.60 m²"; the
 * plane is the floor but under a ceiling too low for the work plane (then the floor is stated beside it).
 */
export function shareWithArea(share: number, s: PlaneAreas): string {
  const { percent, area } = shareParts(share, s);
  return percent + area;
}

/**
 * shareWithArea's two parts, for a face that sets them apart (the Results panel's statistics): "33.9 %" and
 * " · 9.36 of 27.60 m²".
 */
export function shareParts(share: number, s: PlaneAreas): { percent: string; area: string } {
  const a = analysedOf(s);
  return {
    percent: `${roundedDown(share)} %`,
    area: ` · ${partOf((share / 100) * a, a)} of ${a.toFixed(2)} m²`,
  };
}
