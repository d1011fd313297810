import { freeAround } from '../../core/report/planLabels';
import { textWidth } from '../../core/report/textFit';

/** What a room's label on the building's plan shows: its number and its verdict and mean DF, its number, or nothing. */
export type LabelFit = 'full' | 'number' | 'none';

/** The label's sizes in px on screen (times the plan's units a pixel `k`): the number, the second line, its drop. */
export const LABEL_NUMBER_SIZE = 13;
export const LABEL_SECOND_SIZE = 12;
export const LABEL_SECOND_DY = 15;

// Caps rise ~0.75 em above the baseline and descenders drop 0.25 em (as in the report's planLabels.ts): from
// the number's cap height to the lowest line's descenders, in px at k = 1.
const TOP = 0.75 * LABEL_NUMBER_SIZE;
const BOTTOM: Record<Exclude<LabelFit, 'none'>, number> = {
  full: LABEL_SECOND_DY + 0.25 * LABEL_SECOND_SIZE,
  number: 0.25 * LABEL_NUMBER_SIZE,
};

/**
 * How far below the label point the number's baseline sits (px at k = 1), so that the lines shown stand
 * centred on the point, as `roomLabelFit` measures them.
 */
export function labelBaseline(fit: Exclude<LabelFit, 'none'>): number {
  return (TOP - BOTTOM[fit]) / 2;
}

/**
 * How much of its label a room's shape on the building's plan has room for around its label point `at`
 * (plan metres, as `polygon`), where the label is drawn centred (widths estimated as the report's,
 * textFit.ts). The labels keep their size on screen (13 and 12 px, times the plan's units a pixel `k`), so on
 * a plan shrunk to a short box (the duplex at 1024 × 768: ~2.9 units a pixel) a 1.4 × 2.1 m bathroom's
 * "B104 –" ran over its neighbours' labels and none of them could be read (an audit, 2026-12-07). The room
 * is measured from the point to its walls (the report's freeAround), not by its bounding box: an L-shaped
 * room's box held its label when the arm the label sits in did not, and the label ran out over the notch.
 * A label left out still reads from the shape: its title under the pointer, its name said on focus, the
 * readout under the plan.
 */
export function roomLabelFit(
  polygon: readonly (readonly [number, number])[],
  at: readonly [number, number],
  unitsPerMetre: number,
  k: number,
  number: string,
  second: string,
): LabelFit {
  // Up and down swap between the plan's metres (y up) and the screen (y down): the label is centred, so
  // only the nearer of each pair counts. A pixel of air each side.
  const f = freeAround(polygon, at);
  const halfW = Math.min(f.left, f.right) * unitsPerMetre - k;
  const halfH = Math.min(f.up, f.down) * unitsPerMetre - k;
  const numberWidth = textWidth(number, LABEL_NUMBER_SIZE * k, true);
  const fits = (width: number, fit: Exclude<LabelFit, 'none'>): boolean =>
    width / 2 <= halfW && ((TOP + BOTTOM[fit]) / 2) * k <= halfH;
  if (fits(Math.max(numberWidth, textWidth(second, LABEL_SECOND_SIZE * k)), 'full')) return 'full';
  return fits(numberWidth, 'number') ? 'number' : 'none';
}
