/**
 * The window stripe (encoder.md §4.10): a rectangle ending at column 116, as wide as the wall is thick
 * and as tall as the window is wide, centred on row 64. The original computes it from the UNROTATED
 * corners and angle, so a zero-thickness window on a south wall measures ≈ 2e-16 m thick and the stripe
 * is 0 px wide (not drawn), while the same window facing east gets the default 3 px. Byte compatibility
 * means reproducing this.
 */
import { IMAGE_SIZE } from './image';
import { ANCHOR_ROW, BORDER, STRIPE_END_COL } from './layout';
import { floorDiv, px } from './pythonRound';
import { thickness, thicknessPx, width3d, type PlanCorners } from './windowFrame';

/** Rows [r0, r1) × columns [c0, c1); possibly empty. */
export interface PixelRect {
  r0: number;
  r1: number;
  c0: number;
  c1: number;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(Math.max(v, lo), hi);

export function windowStripe(corners: PlanCorners, a: number): PixelRect {
  const wide = thicknessPx(thickness(corners, a));
  const tall = px(width3d(corners, a));
  const top = ANCHOR_ROW - floorDiv(tall, 2);
  return {
    r0: Math.max(clamp(top, 0, IMAGE_SIZE), BORDER),
    r1: Math.min(clamp(top + tall, 0, IMAGE_SIZE), IMAGE_SIZE - BORDER),
    c0: Math.max(clamp(STRIPE_END_COL - wide, 0, IMAGE_SIZE), BORDER),
    c1: Math.min(clamp(STRIPE_END_COL, 0, IMAGE_SIZE), IMAGE_SIZE - BORDER),
  };
}
