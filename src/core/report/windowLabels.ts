import { textWidth } from './textFit';

/**
 * Where a room sheet writes its windows' names: outside each facade, along its outward direction. A strip
 * of forty 0.2 m windows had forty names printed over one another at one distance; each name now takes the
 * nearest of a few staggered distances where it overlaps no name (and no mark) already placed, as
 * dimension strings are staggered, and a window with no free place keeps its blue line unnamed.
 */

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface WindowMark {
  id: string;
  /** The window's midpoint on the page (px, y down). */
  mid: readonly [number, number];
  /** The facade's outward direction (degrees from +x, counter-clockwise, as on the plan). */
  direction: number;
}

/** Label size (px, semibold) and the distances from the facade tried, nearest first. */
export const WINDOW_LABEL_SIZE = 12;
const DISTANCES = [18, 32, 46, 60];

const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Each window's label position (its text's anchor point: centred, baseline), in the windows' order, or
 * none for a window whose name finds no free place inside `bounds` clear of `taken`.
 */
export function placeWindowLabels(
  windows: readonly WindowMark[],
  taken: readonly Box[],
  bounds: Box,
): { id: string; x: number; y: number }[] {
  const placed: Box[] = [...taken];
  const out: { id: string; x: number; y: number }[] = [];
  for (const w of windows) {
    const r = (w.direction * Math.PI) / 180;
    const half = textWidth(w.id, WINDOW_LABEL_SIZE, true) / 2 + 1;
    for (const d of DISTANCES) {
      const cx = w.mid[0] + Math.cos(r) * d,
        cy = w.mid[1] - Math.sin(r) * d;
      const box = { x0: cx - half, x1: cx + half, y0: cy - 7, y1: cy + 7 };
      if (box.x0 < bounds.x0 || box.x1 > bounds.x1 || box.y0 < bounds.y0 || box.y1 > bounds.y1) continue;
      if (placed.some((b) => overlaps(b, box))) continue;
      placed.push(box);
      // The baseline sits a third of the size below the box's centre.
      out.push({ id: w.id, x: cx, y: cy + 4 });
      break;
    }
  }
  return out;
}
