/**
 * The obstruction bar (encoder.md §1.3 step 4, §2.4): columns 124–127, rows 32–95. Row 32 + i carries
 * sample i of zenith (channel 0) and horizon (channel 2); context and balcony reflectance (channels 1, 3)
 * are constants. Lists of any length are resampled to the 64 rows exactly as the original does; the
 * linear encoders clamp out-of-range values (horizon 100 → 255), which is also what the original's scalar
 * clipping to [0, 90] / [0, 70] amounts to.
 */
import { channelPixel, type PixelContext } from './channels';
import { setPixel } from './image';
import { encodeParameter } from './linearEncoder';
import { trunc } from './pythonRound';

/** One value for every direction, or a list (Lux sends 64; the original accepted any length). */
export type ObstructionValues = number | readonly number[];

export const BAR = { firstRow: 32, rows: 64, firstCol: 124, cols: 4 } as const;

/** A scalar repeated, a list used as is, stretched by index division, or thinned like `np.linspace`. */
export function resample(values: ObstructionValues, h: number): number[] {
  if (typeof values === 'number') return new Array<number>(h).fill(values);
  const n = values.length;
  const at = (i: number): number => values[i] ?? Number.NaN;
  if (n === h) return [...values];
  if (n < h) {
    const perValue = h / n;
    return Array.from({ length: h }, (_, i) => at(trunc(i / perValue)));
  }
  if (h === 1) return [at(0)];
  const step = (n - 1) / (h - 1);
  return Array.from({ length: h }, (_, i) => at(i === h - 1 ? n - 1 : trunc(i * step)));
}

export function drawObstructionBar(
  image: Uint8Array,
  horizon: ObstructionValues,
  zenith: ObstructionValues,
  ctx: PixelContext,
): void {
  const zen = resample(zenith, BAR.rows).map((v) => encodeParameter('zenith', v));
  const hor = resample(horizon, BAR.rows).map((v) => encodeParameter('horizon', v));
  const context = channelPixel('obstruction', 1, ctx);
  const balcony = channelPixel('obstruction', 3, ctx);
  for (let i = 0; i < BAR.rows; i++) {
    const rgba = [zen[i] ?? 0, context, hor[i] ?? 0, balcony] as const;
    for (let c = BAR.firstCol; c < BAR.firstCol + BAR.cols; c++) setPixel(image, BAR.firstRow + i, c, rgba);
  }
}
