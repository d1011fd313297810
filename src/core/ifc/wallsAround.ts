import type { IfcElementData } from './source';

/** A wall's triangles and their bounding box (m). */
export interface WallBox {
  positions: Float32Array;
  min: [number, number, number];
  max: [number, number, number];
}

/** IfcWall and its subtypes (IfcWallStandardCase, IFC4's IfcWallElementedCase…) as the reader names them. */
const isWall = (type: string): boolean => type.startsWith('IFCWALL');

/** The bounding box of triangles' coordinates (9 floats a triangle). */
function bounds(p: Float32Array): { min: [number, number, number]; max: [number, number, number] } {
  const min: [number, number, number] = [Infinity, Infinity, Infinity],
    max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    const k = i % 3;
    min[k] = Math.min(min[k]!, p[i]!);
    max[k] = Math.max(max[k]!, p[i]!);
  }
  return { min, max };
}

/** The file's walls with their boxes, measured once for every window that wallsAround is asked about. */
export function wallBoxes(elements: readonly IfcElementData[]): WallBox[] {
  return elements.flatMap((e) =>
    isWall(e.type) && e.positions.length >= 9 ? [{ positions: e.positions, ...bounds(e.positions) }] : [],
  );
}

/** Tolerance on the boxes (m): a window flush with a wall's face. */
const TOUCH = 0.05;

/**
 * The walls a window stands in by geometry alone, for a window no relation hosts (no IfcRelFillsElement →
 * IfcRelVoidsElement): the walls whose box holds its plan centre and overlaps its height. The caller then
 * measures the wall's faces beside the window (its thickness as the file's geometry states it), as for a
 * host wall.
 */
export function wallsAround(p: Float32Array, walls: readonly WallBox[]): Float32Array[] {
  if (p.length < 9) return [];
  const { min: lo, max: hi } = bounds(p);
  const cx = (lo[0] + hi[0]) / 2,
    cy = (lo[1] + hi[1]) / 2;
  return walls
    .filter(
      (w) =>
        cx >= w.min[0] - TOUCH &&
        cx <= w.max[0] + TOUCH &&
        cy >= w.min[1] - TOUCH &&
        cy <= w.max[1] + TOUCH &&
        Math.min(hi[2], w.max[2]) - Math.max(lo[2], w.min[2]) > 0,
    )
    .map((w) => w.positions);
}
