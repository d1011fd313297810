import { useMemo } from 'react';
import type { RoomMap } from '../compute/roomMap';
import { mapPixels, type PaletteName } from '../compute/palette';

/** A data URL of a DF map's pixels (one per 0.1 m cell), for <image> in the plan and textures in 3D. */
export function mapCanvas(m: RoomMap, palette: PaletteName, max: number, diverging = false): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = m.cols;
  c.height = m.rows;
  const ctx = c.getContext('2d')!;
  ctx.putImageData(new ImageData(mapPixels(m.df, m.mask, palette, max, diverging), m.cols, m.rows), 0, 0);
  return c;
}

export function useMapImage(m: RoomMap | null, palette: PaletteName, max: number, diverging = false): string | null {
  return useMemo(() => (m ? mapCanvas(m, palette, max, diverging).toDataURL() : null), [m, palette, max, diverging]);
}
