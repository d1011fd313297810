import { bounds, containsPoint } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import { ceilingAt } from '../geometry/ceiling';

/** The output grid of api.md's /run: 0.1 m cells, row 0 = max y, column 0 = min x. */
export const RESOLUTION = 0.1;

export interface WorkPlaneGrid {
  rows: number;
  cols: number;
  /** World x of the left edge and y of the top edge (api.md `origin`). */
  originX: number;
  originY: number;
  mask: Uint8Array;
  /** Row-major indices of the cells inside the room. */
  cells: Int32Array;
}

export function workPlaneGrid(polygon: readonly Vec2[]): WorkPlaneGrid {
  const { minX, minY, maxX, maxY } = bounds(polygon);
  // A tiny tolerance so that 5.0 m / 0.1 m is 50 cells, not 51 from 50.000000000000004.
  const rows = Math.max(1, Math.ceil((maxY - minY) / RESOLUTION - 1e-9));
  const cols = Math.max(1, Math.ceil((maxX - minX) / RESOLUTION - 1e-9));
  const mask = new Uint8Array(rows * cols);
  const cells: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (containsPoint(polygon, cellCentre(minX, maxY, r, c))) {
        mask[r * cols + c] = 1;
        cells.push(r * cols + c);
      }
    }
  }
  return { rows, cols, originX: minX, originY: maxY, mask, cells: Int32Array.from(cells) };
}

/**
 * The grid of a room under a sloped ceiling: the cells where the ceiling stands at least 5 cm above the
 * work plane (under an attic's low eaves there is no work plane). The grid itself when the ceiling is flat.
 */
export function underCeiling(
  grid: WorkPlaneGrid,
  planes: readonly (readonly number[])[],
  top: number,
  workPlane: number,
): WorkPlaneGrid {
  if (planes.length === 0) return grid;
  const mask = new Uint8Array(grid.mask);
  const cells = grid.cells.filter((idx) => {
    const [x, y] = cellCentre(grid.originX, grid.originY, Math.floor(idx / grid.cols), idx % grid.cols);
    if (ceilingAt(planes, top, x, y) >= workPlane + HEADROOM_OVER_WORK_PLANE) return true;
    mask[idx] = 0;
    return false;
  });
  return { ...grid, mask, cells };
}

/** How far above the work plane a sloped ceiling must be for a cell to be analysed (m). */
export const HEADROOM_OVER_WORK_PLANE = 0.05;

export function cellCentre(originX: number, originY: number, r: number, c: number): [number, number] {
  return [originX + (c + 0.5) * RESOLUTION, originY - (r + 0.5) * RESOLUTION];
}

/**
 * The cells of an n × n block's centre (row and column ≡ ⌊n/2⌋ mod n): a first estimate's sensors. A room
 * narrower than a block keeps every cell.
 */
export function strideCells(cells: Int32Array, cols: number, stride: number): Int32Array {
  if (stride <= 1) return cells;
  const mid = stride >> 1;
  const kept = cells.filter(
    (idx) => Math.floor(idx / cols) % stride === mid && (idx % cols) % stride === mid,
  );
  return kept.length > 0 ? kept : cells;
}
