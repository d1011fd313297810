import { useMemo } from 'react';
import type { RoomMap } from '../compute/roomMap';
import { mapPixels, type PaletteName } from '../../core/report/palette';
import { extendPastEdge } from '../../core/report/edgeFill';

/**
 * The DF map as a canvas (one pixel per 0.1 m cell), for <image> in the plan and the floor texture in 3D.
 * Rasterised once per map and scale: the plan and the 3D view share it. `edges`: carried past the room's
 * cells (core/report/edgeFill.ts), for a view that cuts it along the outline itself.
 */
const cache = new WeakMap<RoomMap, Map<string, HTMLCanvasElement>>();

export function mapCanvas(
  m: RoomMap,
  palette: PaletteName,
  max: number,
  diverging = false,
  edges = false,
): HTMLCanvasElement {
  const key = `${palette}|${max}|${diverging}|${edges}`;
  let byKey = cache.get(m);
  if (!byKey) cache.set(m, (byKey = new Map()));
  let c = byKey.get(key);
  if (!c) {
    c = document.createElement('canvas');
    c.width = m.cols;
    c.height = m.rows;
    const { df, mask } = edges ? extendPastEdge(m.df, m.mask, m.rows, m.cols) : m;
    c.getContext('2d')!.putImageData(
      new ImageData(mapPixels(df, mask, palette, max, diverging), m.cols, m.rows),
      0,
      0,
    );
    byKey.set(key, c);
  }
  return c;
}

export function useMapImage(
  m: RoomMap | null,
  palette: PaletteName,
  max: number,
  diverging = false,
  edges = false,
): string | null {
  return useMemo(
    () => (m ? mapCanvas(m, palette, max, diverging, edges).toDataURL() : null),
    [m, palette, max, diverging, edges],
  );
}
