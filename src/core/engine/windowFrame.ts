import type { WindowModel } from './model';

/**
 * Window-local coordinates: s along the host edge from its start, d along the outward normal from the
 * inner wall face, z absolute height. These helpers convert points and directions between the world and
 * that frame; the window-facing code works in it because every plane of the opening is a coordinate plane.
 */
export function toLocalPoint(w: WindowModel, x: number, y: number): [number, number] {
  const rx = x - w.ox;
  const ry = y - w.oy;
  return [rx * w.ux + ry * w.uy, rx * w.nx + ry * w.ny];
}

export function toWorldPoint(w: WindowModel, s: number, d: number): [number, number] {
  return [w.ox + s * w.ux + d * w.nx, w.oy + s * w.uy + d * w.ny];
}

/** A horizontal direction component pair (s, d) in world x, y. */
export function toWorldDir(w: WindowModel, ds: number, dd: number): [number, number] {
  return [ds * w.ux + dd * w.nx, ds * w.uy + dd * w.ny];
}
