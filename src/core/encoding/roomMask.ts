/**
 * The room mask (encoder.md §4.5–4.9): the room polygon in the window's frame, placed so that its anchor
 * lands on (FX, 64) with FX = 115 − wall thickness in px, converted to pixels with Python rounding
 * (y flipped: image rows grow downwards), clipped to the box left of the obstruction bar (largest part
 * only), truncated to integers, filled like cv2.fillPoly, and cleared on the 2-px border.
 */
import type { Polygon } from '../geometry/polygon';
import { closestOnSegment, type Vec2 } from '../geometry/vec';
import { roomAnchor } from './anchor';
import { clipRingToBox, ROOM_CLIP_BOX } from './clipToBox';
import { fillPoly } from './fillPoly';
import { IMAGE_SIZE, newMask } from './image';
import { clippedParts, largestOf } from './largestPart';
import { ANCHOR_ROW, BORDER, STRIPE_END_COL } from './layout';
import { px, trunc } from './pythonRound';
import { intoWindowFrame, thickness, thicknessPx, type PlanCorners } from './windowFrame';

/** The room polygon in integer pixel coordinates (before clipping), and the anchor's pixel (FX, 64). */
function roomPixelPolygon(polygon: Polygon, corners: PlanCorners, a: number): { ring: Vec2[]; anchor: Vec2 } {
  const frame = intoWindowFrame(polygon, corners, a);
  const anchor = roomAnchor(frame.polygon, frame.corners, frame.angle);
  const facadeCol = STRIPE_END_COL - thicknessPx(thickness(frame.corners, frame.angle)) - 1;
  const ring = frame.polygon.map(
    ([x, y]) => [facadeCol + px(x - anchor[0]), ANCHOR_ROW - px(y - anchor[1])] as const,
  );
  return { ring, anchor: [facadeCol, ANCHOR_ROW] };
}

function clearBorder(mask: Uint8Array): void {
  for (let r = 0; r < IMAGE_SIZE; r++) {
    const onBorderRow = r < BORDER || r >= IMAGE_SIZE - BORDER;
    if (onBorderRow) mask.fill(0, r * IMAGE_SIZE, (r + 1) * IMAGE_SIZE);
    else mask.fill(0, r * IMAGE_SIZE, r * IMAGE_SIZE + BORDER);
  }
}

/**
 * Which part of a room the frame cuts in several keeps: the original's `largest` (encoder.md §4.7), or the
 * `window`'s own — the part whose outline passes through the anchor, the point of the window's wall at
 * (FX, 64), the largest of them if several do (else the largest). They differ only where the frame's box
 * cuts a non-convex room into pieces and the window's is not the biggest: a window near the tip of one arm
 * of a U-shaped room, whose largest piece is then the other arm, 2 m from the window, which it barely
 * lights; lux-df-4 read such a room 98 % dark (docs/model.md). Lux's own preprocessing answers with the
 * window's part; the original's encoder and the committed labels' frames keep the largest.
 */
export type FramePart = 'largest' | 'window';

/** uint8 128 × 128, 1 on room pixels. */
export function roomMask(
  polygon: Polygon,
  corners: PlanCorners,
  a: number,
  part: FramePart = 'largest',
): Uint8Array {
  return roomMaskParts(polygon, corners, a, part).mask;
}

/**
 * The room mask and, where the frame cuts the room in pieces, `cut`: 1 on the pixels of the pieces it does
 * not keep (null when there is one piece). A map answers nothing there: those cells see the window only
 * by way of the room beyond the frame (placement.ts).
 */
export function roomMaskParts(
  polygon: Polygon,
  corners: PlanCorners,
  a: number,
  part: FramePart = 'largest',
): { mask: Uint8Array; cut: Uint8Array | null } {
  const { ring, anchor } = roomPixelPolygon(polygon, corners, a);
  const parts = clippedParts(clipRingToBox(ring, ROOM_CLIP_BOX), ROOM_CLIP_BOX);
  const kept = part === 'window' ? windowPart(parts, anchor) : largestOf(parts);
  const fill = (ringPx: readonly Vec2[]) => {
    const m = newMask();
    fillPoly(
      m,
      IMAGE_SIZE,
      ringPx.map(([x, y]) => [trunc(x), trunc(y)] as const),
    );
    clearBorder(m);
    return m;
  };
  const mask = fill(kept);
  if (parts.length < 2) return { mask, cut: null };
  const cut = newMask();
  for (const other of parts) {
    if (other === kept) continue;
    fill(other).forEach((v, i) => v === 1 && mask[i] !== 1 && (cut[i] = 1));
  }
  return { mask, cut };
}

/** Pixels: how near a part's outline must pass to the anchor to be the window's (rounding moves it). */
const ON_OUTLINE = 1.5;

function windowPart(parts: readonly Vec2[][], anchor: Vec2): Vec2[] {
  const touching = parts.filter((ring) => distanceToRing(ring, anchor) <= ON_OUTLINE);
  return largestOf(touching.length > 0 ? touching : parts);
}

function distanceToRing(ring: readonly Vec2[], p: Vec2): number {
  let best = Infinity;
  ring.forEach((a, i) => (best = Math.min(best, closestOnSegment(p, a, ring[(i + 1) % ring.length]!).dist2)));
  return Math.sqrt(best);
}
