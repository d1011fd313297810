import type { RoomMap } from '../compute/roomMap';
import type { Pt } from '../scene/snapping';

/**
 * The plan's keyboard probe: a cell of the analysis grid that the arrow keys move, and what is said of it.
 * Pure, so the stepping, the clamping and the words are tested without a page (test/app/mapProbe.test.ts).
 */

/** A cell of a map's grid: row 0 is the top (max y), column 0 the left (min x), as RoomMap lays them. */
export interface Cell {
  col: number;
  row: number;
}

/** How the plan names a map's values: the daylight factor, or a climate metric's caption, unit and digits. */
export interface MapMetric {
  /** Null: the daylight factor ("DF 2.31 %"). */
  caption: string | null;
  unit: '%' | 'h';
  digits: number;
}

export const DF_METRIC: MapMetric = { caption: null, unit: '%', digits: 2 };

/** A value as the pointer's readout under the plan words it: "DF 2.31 %", or "<caption>: 45 %". */
export const valueText = (v: number, m: MapMetric): string =>
  m.caption === null
    ? `DF ${v.toFixed(m.digits)} ${m.unit}`
    : `${m.caption}: ${v.toFixed(m.digits)} ${m.unit}`;

/** A place as the pointer's readout words it: "x 1.25 m, y 3.45 m". */
export const placeText = ([x, y]: Pt): string => `x ${x.toFixed(2)} m, y ${y.toFixed(2)} m`;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** The cell holding a world point, or the grid's nearest cell to a point beyond it. */
export function cellAt(m: RoomMap, [x, y]: Pt): Cell {
  return {
    col: clamp(Math.floor((x - m.origin.x) / m.resolution), 0, m.cols - 1),
    row: clamp(Math.floor((m.origin.y - y) / m.resolution), 0, m.rows - 1),
  };
}

/** A cell's centre in world metres (where valueAt reads that cell). */
export const cellCentre = (m: RoomMap, c: Cell): Pt => [
  m.origin.x + (c.col + 0.5) * m.resolution,
  m.origin.y - (c.row + 0.5) * m.resolution,
];

/** A cell's value, or null where it is outside the analysed plane (the room's mask). */
export function cellValue(m: RoomMap, c: Cell): number | null {
  const i = c.row * m.cols + c.col;
  return m.mask[i] ? m.df[i]! : null;
}

/** Where the probe starts: the analysed cell nearest the grid's middle (its middle when none is). */
export function startCell(m: RoomMap): Cell {
  const mid = { col: Math.floor(m.cols / 2), row: Math.floor(m.rows / 2) };
  let best = mid,
    bestD = Infinity;
  for (let row = 0; row < m.rows; row++)
    for (let col = 0; col < m.cols; col++) {
      if (!m.mask[row * m.cols + col]) continue;
      const d = (col - mid.col) ** 2 + (row - mid.row) ** 2;
      if (d < bestD) [best, bestD] = [{ col, row }, d];
    }
  return best;
}

/** The first and last analysed index along a row or column (the grid's ends when none is analysed). */
function analysedEnds(n: number, analysed: (k: number) => boolean): [number, number] {
  let first = -1,
    last = -1;
  for (let k = 0; k < n; k++)
    if (analysed(k)) {
      if (first < 0) first = k;
      last = k;
    }
  return first < 0 ? [0, n - 1] : [first, last];
}

/**
 * The cell a key takes the probe to, and whether it moved (a key against the grid's edge does not): the
 * arrows one cell (↑ is the plan's up), with Shift 1 m; Home/End the first and last analysed cell of its
 * row, Page Up/Down of its column. Null for any other key, which the probe leaves to the page.
 */
export function stepCell(
  m: RoomMap,
  c: Cell,
  key: string,
  shift: boolean,
): { cell: Cell; moved: boolean } | null {
  const n = shift ? Math.max(1, Math.round(1 / m.resolution)) : 1;
  const row = (): [number, number] => analysedEnds(m.cols, (k) => m.mask[c.row * m.cols + k] === 1);
  const column = (): [number, number] => analysedEnds(m.rows, (k) => m.mask[k * m.cols + c.col] === 1);
  let to: Cell;
  switch (key) {
    case 'ArrowLeft':
      to = { ...c, col: c.col - n };
      break;
    case 'ArrowRight':
      to = { ...c, col: c.col + n };
      break;
    case 'ArrowUp':
      to = { ...c, row: c.row - n };
      break;
    case 'ArrowDown':
      to = { ...c, row: c.row + n };
      break;
    case 'Home':
      to = { ...c, col: row()[0] };
      break;
    case 'End':
      to = { ...c, col: row()[1] };
      break;
    case 'PageUp':
      to = { ...c, row: column()[0] };
      break;
    case 'PageDown':
      to = { ...c, row: column()[1] };
      break;
    default:
      return null;
  }
  const cell = { col: clamp(to.col, 0, m.cols - 1), row: clamp(to.row, 0, m.rows - 1) };
  return { cell, moved: cell.col !== c.col || cell.row !== c.row };
}

/**
 * What the live region says of the probe's cell: "DF 2.31 % at x 1.25 m, y 3.45 m", the place of a cell
 * outside the analysed plane, and that the key went no further when it did not move the probe.
 */
export function probeText(m: RoomMap, c: Cell, metric: MapMetric, moved = true): string {
  const v = cellValue(m, c);
  const at = placeText(cellCentre(m, c));
  const said = v === null ? `Outside the analysed plane at ${at}` : `${valueText(v, metric)} at ${at}`;
  return moved ? said : `${said} (no further that way)`;
}
