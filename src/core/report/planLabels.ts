import { textWidth } from './textFit';

/**
 * A room's label on a storey plan printed at a fixed page size (the building report's): its number over
 * its mark and mean DF, at the room's label point. The page's scale follows the building, the letters do
 * not: on a 120 m storey a 3 m room is 20 px wide on the page, and labels set at one size ran into their
 * neighbours' until none could be read. So each label takes the largest size up to the usual one that
 * fits inside its own room, down to a floor still legible on A4 (~6 pt); below it, the mark joins the
 * number on one line, and a room that cannot hold even that is left unlabelled and named under the plan.
 */

/** Font sizes in the plan's px (1000 px across A4 landscape's 277 mm: 1 px ≈ 0.78 pt). */
export const LABEL_SIZE = 11;
export const LABEL_MIN_SIZE = 7.5;
const PAD = 2;

/** A label's lines, each with its baseline's offset below the label point (px); centred on it. */
export type RoomLabel = { text: string; dy: number; size: number; bold: boolean }[];

/**
 * How far the outline lies from `p` (page px, y down) leftwards, rightwards, upwards and downwards: where
 * the lines through `p` first cross an edge. Enough for a label centred on `p` in any outline, L-shaped
 * rooms included, as `p` is the point farthest from the walls.
 */
export function freeAround(
  outline: readonly (readonly [number, number])[],
  p: readonly [number, number],
): { left: number; right: number; up: number; down: number } {
  let left = Infinity,
    right = Infinity,
    up = Infinity,
    down = Infinity;
  const [px, py] = p;
  for (let i = 0; i < outline.length; i++) {
    const [ax, ay] = outline[i]!;
    const [bx, by] = outline[(i + 1) % outline.length]!;
    if (ay !== by && (ay - py) * (by - py) <= 0) {
      const x = ax + ((py - ay) / (by - ay)) * (bx - ax);
      if (x <= px) left = Math.min(left, px - x);
      if (x >= px) right = Math.min(right, x - px);
    }
    if (ax !== bx && (ax - px) * (bx - px) <= 0) {
      const y = ay + ((px - ax) / (bx - ax)) * (by - ay);
      if (y <= py) up = Math.min(up, py - y);
      if (y >= py) down = Math.min(down, y - py);
    }
  }
  return { left, right, up, down };
}

/**
 * The label that fits in a room whose outline is `outline` (page px) around its label point `p`: number
 * over figure, or "number mark" on one line; null when not even that fits at the smallest size.
 */
export function fitRoomLabel(
  number: string,
  mark: string,
  figure: string,
  outline: readonly (readonly [number, number])[],
  p: readonly [number, number],
): RoomLabel | null {
  const f = freeAround(outline, p);
  const halfW = Math.min(f.left, f.right) - PAD;
  const halfH = Math.min(f.up, f.down) - PAD;
  // Caps rise ~0.75 em above the baseline and descenders drop 0.25 em; a second line sits 1.2 em lower.
  // Two lines stand 2.2 em high, one 1 em, each centred on the label point.
  for (let s = LABEL_SIZE; s >= LABEL_MIN_SIZE; s -= 0.5)
    if (Math.max(textWidth(number, s, true), textWidth(figure, s - 1)) / 2 <= halfW && 1.1 * s <= halfH)
      return [
        { text: number, dy: -0.35 * s, size: s, bold: true },
        { text: figure, dy: 0.85 * s, size: s - 1, bold: false },
      ];
  const one = `${number} ${mark}`;
  for (let s = LABEL_SIZE; s >= LABEL_MIN_SIZE; s -= 0.5)
    if (textWidth(one, s, true) / 2 <= halfW && 0.5 * s <= halfH)
      return [{ text: one, dy: 0.25 * s, size: s, bold: true }];
  return null;
}
