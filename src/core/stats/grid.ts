import { validationError } from '../errors';

/** A row-major 2-D grid, the flat form that crosses worker boundaries. */
export interface Grid<T extends Float32Array | Float64Array | Uint8Array> {
  rows: number;
  cols: number;
  data: T;
}

/** Checks that a nested array is rectangular and returns its shape. */
export function shapeOf(name: string, m: readonly (readonly unknown[])[]): [number, number] {
  if (m.length === 0) throw validationError(`Parameter '${name}' must not be empty`);
  const cols = m[0]!.length;
  if (cols === 0) throw validationError(`Parameter '${name}' must not have empty rows`);
  for (let r = 1; r < m.length; r++) {
    if (m[r]!.length !== cols) {
      throw validationError(
        `Parameter '${name}' must be a rectangular 2-D array: row ${r} has ${m[r]!.length} values, row 0 has ${cols}`,
      );
    }
  }
  return [m.length, cols];
}

export function sameShape(a: [number, number], b: [number, number], what: string): void {
  if (a[0] !== b[0] || a[1] !== b[1]) {
    throw validationError(`${what}: shapes differ, [${a.join(', ')}] vs [${b.join(', ')}]`);
  }
}

export function toFloatGrid(m: readonly (readonly number[])[]): Grid<Float64Array> {
  const [rows, cols] = [m.length, m[0]?.length ?? 0];
  const data = new Float64Array(rows * cols);
  m.forEach((row, r) => data.set(row, r * cols));
  return { rows, cols, data };
}

export function toMaskGrid(m: readonly (readonly (boolean | number)[])[]): Grid<Uint8Array> {
  const [rows, cols] = [m.length, m[0]?.length ?? 0];
  const data = new Uint8Array(rows * cols);
  m.forEach((row, r) => row.forEach((v, c) => (data[r * cols + c] = v === true || v === 1 ? 1 : 0)));
  return { rows, cols, data };
}

/** A grid as nested rows (row 0 first); `map` turns each cell into a number (default: as is) or a boolean. */
export function gridToRows<T extends Float32Array | Float64Array | Uint8Array>(g: Grid<T>): number[][];
export function gridToRows<T extends Float32Array | Float64Array | Uint8Array, R extends number | boolean>(
  g: Grid<T>,
  map: (v: number) => R,
): R[][];
export function gridToRows<T extends Float32Array | Float64Array | Uint8Array>(
  g: Grid<T>,
  map: (v: number) => number | boolean = (v) => v,
): (number | boolean)[][] {
  const out: (number | boolean)[][] = [];
  for (let r = 0; r < g.rows; r++) {
    const row: (number | boolean)[] = new Array(g.cols);
    for (let c = 0; c < g.cols; c++) row[c] = map(g.data[r * g.cols + c]!);
    out.push(row);
  }
  return out;
}

/**
 * Every cell of `mask` given the value of its nearest sampled cell (`cells`: grid indices, `values` in the
 * same order), by a breadth-first flood from the samples over the mask (4-neighbours): a first estimate
 * computed on every third cell drawn as a whole map. Cells the flood cannot reach stay 0.
 */
export function fillFromSamples(
  rows: number,
  cols: number,
  mask: Uint8Array,
  cells: ArrayLike<number>,
  values: ArrayLike<number>,
): Float32Array {
  const out = new Float32Array(rows * cols);
  const seen = new Uint8Array(rows * cols);
  const queue = new Int32Array(rows * cols);
  let head = 0,
    tail = 0;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i]!;
    out[c] = values[i]!;
    seen[c] = 1;
    queue[tail++] = c;
  }
  while (head < tail) {
    const c = queue[head++]!;
    const r = Math.floor(c / cols),
      k = c % cols;
    const visit = (n: number): void => {
      if (seen[n] || !mask[n]) return;
      seen[n] = 1;
      out[n] = out[c]!;
      queue[tail++] = n;
    };
    if (r > 0) visit(c - cols);
    if (r < rows - 1) visit(c + cols);
    if (k > 0) visit(c - 1);
    if (k < cols - 1) visit(c + 1);
  }
  return out;
}

/** The mean of a grid's values over its mask's cells (NaN for an empty mask): a room's mean DF. */
export function maskedMean(values: ArrayLike<number>, mask: ArrayLike<number>): number {
  let sum = 0,
    cells = 0;
  for (let i = 0; i < mask.length; i++)
    if (mask[i] === 1) {
      sum += values[i]!;
      cells++;
    }
  return sum / cells;
}
