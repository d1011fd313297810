import { useMemo } from 'react';
import type { RoomMap } from '../compute/roomMap';
import { mapPixels, type PaletteName } from '../compute/palette';

/**
 * The DF map as a canvas (one pixel per 0.1 m cell), for <image> in the plan, the floor texture in 3D and
 * the PNG export. Rasterised once per map and scale: the plan and the 3D view share it.
 */
const cache = new WeakMap<RoomMap, Map<string, HTMLCanvasElement>>();

export function mapCanvas(m: RoomMap, palette: PaletteName, max: number, diverging = false): HTMLCanvasElement {
  const key = `${palette}|${max}|${diverging}`;
  let byKey = cache.get(m);
  if (!byKey) cache.set(m, (byKey = new Map()));
  let c = byKey.get(key);
  if (!c) {
    c = document.createElement('canvas');
    c.width = m.cols;
    c.height = m.rows;
    c.getContext('2d')!.putImageData(new ImageData(mapPixels(m.df, m.mask, palette, max, diverging), m.cols, m.rows), 0, 0);
    byKey.set(key, c);
  }
  return c;
}

export function useMapImage(m: RoomMap | null, palette: PaletteName, max: number, diverging = false): string | null {
  return useMemo(() => (m ? mapCanvas(m, palette, max, diverging).toDataURL() : null), [m, palette, max, diverging]);
}
