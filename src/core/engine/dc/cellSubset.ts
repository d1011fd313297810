import type { DaylightCoefficients, WindowCoefficients } from './coefficients';
import type { SunLight } from './sunlight';
import { strideCells } from '../workplane';

/**
 * Coefficients of every n-th cell along rows and columns, taken from a room's full set: the cells a
 * first estimate computes (strideCells), at the full set's quality, for the cost of copying them. A new
 * weather file on a computed room answers first from these (a tenth of a second), then from all.
 */
export function everyNthCell(dc: DaylightCoefficients, stride: number): DaylightCoefficients {
  const cells = strideCells(dc.cells, dc.cols, stride);
  if (cells === dc.cells) return dc;
  // Where each kept grid cell sits among the full set's rows, and the full set's rows kept (−1: dropped).
  const rowOf = new Map<number, number>();
  dc.cells.forEach((idx, i) => rowOf.set(idx, i));
  const from = Int32Array.from(cells, (idx) => rowOf.get(idx)!);
  const to = new Int32Array(dc.cells.length).fill(-1);
  from.forEach((i, j) => (to[i] = j));
  const P = dc.P;
  const rows = (m: Float32Array): Float32Array => {
    const out = new Float32Array(from.length * P);
    from.forEach((i, j) => out.set(m.subarray(i * P, (i + 1) * P), j * P));
    return out;
  };
  const windows = dc.windows.map((w): WindowCoefficients => ({
    ...w,
    total: rows(w.total),
    direct: rows(w.direct),
    sun: sunOf(w.sun, to),
  }));
  return { ...dc, cells, windows };
}

/** The sun's sparse entries of the kept cells, renumbered. */
function sunOf(s: SunLight, to: Int32Array): SunLight {
  const D = s.offsets.length - 1;
  const offsets = new Int32Array(D + 1);
  const cells: number[] = [];
  const factors: number[] = [];
  for (let d = 0; d < D; d++) {
    for (let e = s.offsets[d]!; e < s.offsets[d + 1]!; e++) {
      const j = to[s.cells[e]!]!;
      if (j < 0) continue;
      cells.push(j);
      factors.push(s.factors[e]!);
    }
    offsets[d + 1] = cells.length;
  }
  return { offsets, cells: Int32Array.from(cells), factors: Float32Array.from(factors) };
}
