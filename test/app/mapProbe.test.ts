import { describe, expect, it } from 'vitest';
import { valueAt, type RoomMap } from '../../src/app/compute/roomMap';
import {
  cellAt,
  cellCentre,
  cellValue,
  DF_METRIC,
  probeText,
  startCell,
  stepCell,
  valueText,
  type Cell,
} from '../../src/app/ui/mapProbe';

/**
 * An L-shaped room's map on a 0.1 m grid, 2.4 × 1.2 m (24 × 12 cells) from (1, 5) down to (3.4, 3.8): the
 * top-right quarter (columns 12–23, rows 0–5) is outside it. A cell's value is 0.1 per column plus 0.01 per
 * row, so a value names its cell.
 */
const cols = 24,
  rows = 12;
const inside = (col: number, row: number): boolean => !(col >= 12 && row < 6);
const map: RoomMap = {
  rows,
  cols,
  df: Float32Array.from({ length: rows * cols }, (_, i) =>
    inside(i % cols, Math.floor(i / cols)) ? (i % cols) * 0.1 + Math.floor(i / cols) * 0.01 : 0,
  ),
  mask: Uint8Array.from({ length: rows * cols }, (_, i) => (inside(i % cols, Math.floor(i / cols)) ? 1 : 0)),
  origin: { x: 1, y: 5 },
  resolution: 0.1,
};
const step = (c: Cell, key: string, shift = false) => stepCell(map, c, key, shift);

describe("the plan's keyboard probe", () => {
  it('reads each cell as the pointer does at its centre, and finds the cell of any point of it', () => {
    for (let row = 0; row < rows; row++)
      for (let col = 0; col < cols; col++) {
        const [x, y] = cellCentre(map, { col, row });
        expect(cellValue(map, { col, row })).toBe(valueAt(map, x, y));
        expect(cellAt(map, [x + 0.04, y - 0.04])).toEqual({ col, row });
      }
    expect(cellCentre(map, { col: 2, row: 7 })).toEqual([1.25, 4.25]);
    // A point beyond the grid is taken to its nearest cell.
    expect(cellAt(map, [-10, 10])).toEqual({ col: 0, row: 0 });
    expect(cellAt(map, [10, -10])).toEqual({ col: 23, row: 11 });
  });

  it('steps one cell with an arrow (↑ the plan’s up), 1 m with Shift, and stops at the grid’s edge', () => {
    const c = { col: 5, row: 8 };
    expect(step(c, 'ArrowRight')).toEqual({ cell: { col: 6, row: 8 }, moved: true });
    expect(step(c, 'ArrowLeft')).toEqual({ cell: { col: 4, row: 8 }, moved: true });
    expect(step(c, 'ArrowUp')).toEqual({ cell: { col: 5, row: 7 }, moved: true });
    expect(cellCentre(map, step(c, 'ArrowUp')!.cell)[1]).toBeGreaterThan(cellCentre(map, c)[1]);
    expect(step(c, 'ArrowDown')).toEqual({ cell: { col: 5, row: 9 }, moved: true });
    expect(step(c, 'ArrowRight', true)).toEqual({ cell: { col: 15, row: 8 }, moved: true });
    // Shift's metre is cut at the edge; a key against the edge does not move it.
    expect(step(c, 'ArrowLeft', true)).toEqual({ cell: { col: 0, row: 8 }, moved: true });
    expect(step({ col: 0, row: 8 }, 'ArrowLeft')).toEqual({ cell: { col: 0, row: 8 }, moved: false });
    expect(step({ col: 23, row: 11 }, 'ArrowDown', true)).toEqual({
      cell: { col: 23, row: 11 },
      moved: false,
    });
    // Cells outside the room inside the grid are reached (and said to be outside).
    expect(step({ col: 11, row: 3 }, 'ArrowRight')).toEqual({ cell: { col: 12, row: 3 }, moved: true });
    // A grid of 0.25 m cells: Shift's metre is 4 cells.
    expect(stepCell({ ...map, resolution: 0.25 }, c, 'ArrowRight', true)!.cell).toEqual({ col: 9, row: 8 });
  });

  it('takes Home/End to its row’s first and last cell in the room, Page Up/Down to its column’s', () => {
    expect(step({ col: 5, row: 2 }, 'End')!.cell).toEqual({ col: 11, row: 2 }); // the notch ends the row
    expect(step({ col: 5, row: 8 }, 'End')!.cell).toEqual({ col: 23, row: 8 });
    expect(step({ col: 5, row: 8 }, 'Home')!.cell).toEqual({ col: 0, row: 8 });
    expect(step({ col: 0, row: 8 }, 'Home')).toEqual({ cell: { col: 0, row: 8 }, moved: false });
    expect(step({ col: 15, row: 9 }, 'PageUp')!.cell).toEqual({ col: 15, row: 6 });
    expect(step({ col: 5, row: 9 }, 'PageUp')!.cell).toEqual({ col: 5, row: 0 });
    expect(step({ col: 15, row: 9 }, 'PageDown')!.cell).toEqual({ col: 15, row: 11 });
    // From a cell outside the room, its row's ends in the room.
    expect(step({ col: 20, row: 2 }, 'Home')!.cell).toEqual({ col: 0, row: 2 });
    // Any other key is the page's.
    expect(step({ col: 5, row: 8 }, 'Delete')).toBeNull();
    expect(step({ col: 5, row: 8 }, 'a')).toBeNull();
  });

  it('starts in the middle of the grid, or at the room’s cell nearest it', () => {
    expect(startCell(map)).toEqual({ col: 12, row: 6 });
    // The middle outside the room (a notch of rows 0–6): the first of the room’s two cells next to it.
    const notched: RoomMap = {
      ...map,
      mask: Uint8Array.from(map.mask, (v, i) => (i % cols >= 12 && Math.floor(i / cols) <= 6 ? 0 : v)),
    };
    expect(startCell(notched)).toEqual({ col: 11, row: 6 });
  });

  it('says the value and the place as the pointer’s readout words them, and a cell outside the room', () => {
    expect(probeText(map, { col: 2, row: 7 }, DF_METRIC)).toBe('DF 0.27 % at x 1.25 m, y 4.25 m');
    expect(probeText(map, { col: 20, row: 2 }, DF_METRIC)).toBe(
      'Outside the analysed plane at x 3.05 m, y 4.75 m',
    );
    expect(probeText(map, { col: 0, row: 8 }, DF_METRIC, false)).toBe(
      'DF 0.08 % at x 1.05 m, y 4.15 m (no further that way)',
    );
    const da = { caption: 'Daylight autonomy DA300 (% of occupied hours)', unit: '%' as const, digits: 0 };
    expect(probeText(map, { col: 23, row: 11 }, da)).toBe(
      'Daylight autonomy DA300 (% of occupied hours): 2 % at x 3.35 m, y 3.85 m',
    );
    expect(valueText(2.314, DF_METRIC)).toBe('DF 2.31 %');
    expect(
      valueText(123.4, { caption: 'Direct sun above 1000 lx (occupied hours a year)', unit: 'h', digits: 0 }),
    ).toBe('Direct sun above 1000 lx (occupied hours a year): 123 h');
  });
});
