/**
 * The room mask (encoder.md §4.5–4.9): the room polygon in the window's frame, placed so that its anchor
 * lands on (FX, 64) with FX = 115 − wall thickness in px, converted to pixels with Python rounding
 * (y flipped: image rows grow downwards), clipped to the box left of the obstruction bar (largest part
 * only), truncated to integers, filled like cv2.fillPoly, and cleared on the 2-px border.
 */
import type { Polygon } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import { roomAnchor } from './anchor';
import { clipRingToBox, ROOM_CLIP_BOX } from './clipToBox';
import { fillPoly } from './fillPoly';
import { IMAGE_SIZE, newMask } from './image';
import { largestPart } from './largestPart';
import { ANCHOR_ROW, BORDER, STRIPE_END_COL } from './layout';
import { px, trunc } from './pythonRound';
import { intoWindowFrame, thickness, thicknessPx, type PlanCorners } from './windowFrame';

/** The room polygon in integer pixel coordinates (before clipping). */
export function roomPixelPolygon(polygon: Polygon, corners: PlanCorners, a: number): Vec2[] {
  const frame = intoWindowFrame(polygon, corners, a);
  const anchor = roomAnchor(frame.polygon, frame.corners, frame.angle);
  const facadeCol = STRIPE_END_COL - thicknessPx(thickness(frame.corners, frame.angle)) - 1;
  return frame.polygon.map(
    ([x, y]) => [facadeCol + px(x - anchor[0]), ANCHOR_ROW - px(y - anchor[1])] as const,
  );
}

function clearBorder(mask: Uint8Array): void {
  for (let r = 0; r < IMAGE_SIZE; r++) {
    const onBorderRow = r < BORDER || r >= IMAGE_SIZE - BORDER;
    if (onBorderRow) mask.fill(0, r * IMAGE_SIZE, (r + 1) * IMAGE_SIZE);
    else mask.fill(0, r * IMAGE_SIZE, r * IMAGE_SIZE + BORDER);
  }
}

/** uint8 128 × 128, 1 on room pixels. */
export function roomMask(polygon: Polygon, corners: PlanCorners, a: number): Uint8Array {
  const pixels = roomPixelPolygon(polygon, corners, a);
  const part = largestPart(clipRingToBox(pixels, ROOM_CLIP_BOX), ROOM_CLIP_BOX);
  const mask = newMask();
  fillPoly(
    mask,
    IMAGE_SIZE,
    part.map(([x, y]) => [trunc(x), trunc(y)] as const),
  );
  clearBorder(mask);
  return mask;
}
