import { textWidth } from '../../core/report/textFit';

/** What a room's label on the building's plan shows: its number and its verdict and mean DF, its number, or nothing. */
export type LabelFit = 'full' | 'number' | 'none';

/**
 * How much of its label a room's shape on the building's plan has room for (widths estimated as the report's,
 * textFit.ts). The labels keep their size on screen (13 and 12 px, times the plan's units a pixel `k`), so on
 * a plan shrunk to a short box (the duplex at 1024 × 768: ~2.9 units a pixel) a 1.4 × 2.1 m bathroom's
 * "B104 –" ran over its neighbours' labels and none of them could be read (an audit, 2026-12-07). A label
 * left out still reads from the shape: its title under the pointer, its name said on focus, the readout
 * under the plan.
 */
export function roomLabelFit(
  polygon: readonly (readonly [number, number])[],
  unitsPerMetre: number,
  k: number,
  number: string,
  second: string,
): LabelFit {
  const xs = polygon.map((p) => p[0]),
    ys = polygon.map((p) => p[1]);
  // The room's extent on the plan, less a pixel of air each side.
  const w = (Math.max(...xs) - Math.min(...xs)) * unitsPerMetre - 2 * k;
  const h = (Math.max(...ys) - Math.min(...ys)) * unitsPerMetre - 2 * k;
  const numberWidth = textWidth(number, 13 * k, true);
  if (numberWidth > w || 13 * k > h) return 'none';
  return Math.max(numberWidth, textWidth(second, 12 * k)) <= w && 28 * k <= h ? 'full' : 'number';
}
