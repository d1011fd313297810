/**
 * Colour scales for DF maps (app.md: colour-blind safe by default). Viridis is perceptually uniform and
 * readable with the common colour-vision deficiencies; the classic DF palette (blue → green → yellow → red)
 * is offered for users who know it. Stops are the published scale sampled at 9 points, interpolated in RGB.
 */
export type PaletteName = 'viridis' | 'classic';

const STOPS: Record<PaletteName, [number, number, number][]> = {
  viridis: [
    [68, 1, 84],
    [71, 44, 122],
    [59, 81, 139],
    [44, 113, 142],
    [33, 144, 141],
    [39, 173, 129],
    [92, 200, 99],
    [170, 220, 50],
    [253, 231, 37],
  ],
  classic: [
    [0, 0, 130],
    [0, 60, 220],
    [0, 150, 230],
    [0, 200, 150],
    [60, 210, 60],
    [190, 230, 30],
    [255, 210, 0],
    [255, 120, 0],
    [220, 20, 20],
  ],
};

export const PALETTES = Object.keys(STOPS) as PaletteName[];

/** RGB of value v on a scale from 0 to max (clamped). */
export function colour(name: PaletteName, v: number, max: number): [number, number, number] {
  const stops = STOPS[name];
  const t = Math.min(1, Math.max(0, v / max)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(t));
  const f = t - i;
  const a = stops[i]!,
    b = stops[i + 1]!;
  return [0, 1, 2].map((k) => Math.round(a[k]! + f * (b[k]! - a[k]!))) as [number, number, number];
}

/** RGBA pixels of a grid (row 0 at the top), transparent outside the mask. */
export function mapPixels(
  df: Float32Array,
  mask: Uint8Array,
  name: PaletteName,
  max: number,
  diverging = false,
): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(df.length * 4);
  for (let i = 0; i < df.length; i++) {
    if (!mask[i]) continue;
    const [r, g, b] = diverging ? divergingColour(df[i]!, max) : colour(name, df[i]!, max);
    out[4 * i] = r;
    out[4 * i + 1] = g;
    out[4 * i + 2] = b;
    out[4 * i + 3] = 255;
  }
  return out;
}

/** Blue (negative) – white – orange (positive): a colour-blind-safe diverging scale for differences. */
export function divergingColour(v: number, max: number): [number, number, number] {
  const t = Math.max(-1, Math.min(1, v / max));
  const end = t < 0 ? [33, 102, 172] : [230, 97, 1];
  const a = Math.abs(t);
  return [0, 1, 2].map((k) => Math.round(247 + a * (end[k]! - 247))) as [number, number, number];
}
