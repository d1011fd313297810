import { describe, expect, it } from 'vitest';
import { upsample } from '../../src/core/report/edgeFill';
import { isoLevels, isoLines } from '../../src/core/report/isoLines';

/** Iso-DF lines and the smooth map of a report page (issue 34), on fields whose answers are known. */
describe('iso-DF lines', () => {
  // DF rising 1 % per cell eastwards: 0.5 % in the first column's centre, 9.5 % in the last's.
  const rows = 6,
    cols = 10;
  const values = Float32Array.from({ length: rows * cols }, (_, i) => (i % cols) + 0.5);
  const field = { values, rows, cols, origin: { x: 2, y: 5 }, resolution: 0.1 };

  it('runs where the field crosses the level, between cell centres, in the plan frame', () => {
    const [l3] = isoLines(field, [3]);
    expect(l3!.level).toBe(3);
    // 3 % lies between the centres of columns 2 (2.5 %) and 3 (3.5 %): x = 2 + 3.0 × 0.1.
    for (const line of l3!.lines) for (const [x] of line) expect(x).toBeCloseTo(2.3, 9);
    const ys = l3!.lines.flat().map(([, y]) => y);
    expect(Math.max(...ys)).toBeLessThanOrEqual(5);
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(5 - rows * 0.1);
  });

  it('leaves out what a level draws along the grid’s own border', () => {
    // The ring around "≥ 3 %" closes along the border on three sides; only the crossing is a line.
    const [l3] = isoLines(field, [3]);
    expect(l3!.lines).toHaveLength(1);
    const xs = l3!.lines[0]!.map(([x]) => x);
    expect(new Set(xs.map((x) => x.toFixed(6)))).toEqual(new Set(['2.300000']));
  });

  it('picks the usual steps inside a map’s range', () => {
    expect(isoLevels(0.3, 4.2)).toEqual([0.5, 1, 1.5, 2, 3, 4]);
    expect(isoLevels(2, 2)).toEqual([]);
  });
});

describe('the smooth map', () => {
  it('interpolates between cell centres and keeps a constant field constant', () => {
    const df = Float32Array.from([0, 4, 0, 4]);
    const mask = new Uint8Array(4).fill(1);
    const up = upsample(df, mask, 2, 2, 4);
    expect([up.rows, up.cols]).toEqual([8, 8]);
    // Along a row: the two cells' centres at fine columns 1.5 and 5.5; halfway between them, 2.
    expect(up.df[2]!).toBeCloseTo(0.5, 6);
    expect(up.df[3]!).toBeCloseTo(1.5, 6);
    expect(up.df[4]!).toBeCloseTo(2.5, 6);
    const flat = upsample(new Float32Array(4).fill(3), mask, 2, 2, 3);
    expect(flat.df.every((v) => Math.abs(v - 3) < 1e-6)).toBe(true);
  });

  it('reads only known cells, and knows nothing far from them', () => {
    const df = Float32Array.from([5, 100]);
    const up = upsample(df, Uint8Array.from([1, 0]), 1, 2, 2);
    expect(Array.from(up.df.subarray(0, 4))).toEqual([5, 5, 5, 0]);
    expect(Array.from(up.mask.subarray(0, 4))).toEqual([1, 1, 1, 0]);
  });
});
