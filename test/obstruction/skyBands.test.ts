import { describe, expect, it } from 'vitest';
import { CutBuffer } from '../../src/core/obstruction/cutBuffer';
import { chooseSkyBand } from '../../src/core/obstruction/skyBands';

/** A buffer holding hidden elevation intervals; the points are placed on the unit circle. */
function hidden(...intervals: [number, number][]): CutBuffer {
  const buf = new CutBuffer();
  for (const [lo, hi] of intervals) {
    const r = (e: number): [number, number] => [Math.cos((e * Math.PI) / 180), Math.sin((e * Math.PI) / 180)];
    buf.push(lo, hi, ...r(lo), ...r(hi));
  }
  return buf;
}

describe('chooseSkyBand', () => {
  it('gives 0/0 when nothing hides anything', () => {
    expect(chooseSkyBand(hidden())).toMatchObject({
      horizon: 0,
      zenith: 0,
      fullyObstructed: false,
      lowerPiece: -1,
      upperPiece: -1,
    });
  });

  it('takes the lower edge as horizon and 90° − the upper edge as zenith', () => {
    expect(chooseSkyBand(hidden([0, 20], [70, 90]))).toMatchObject({
      horizon: 20,
      zenith: 20,
      lowerPiece: 0,
      upperPiece: 1,
    });
  });

  it('ignores bands of 4° or less and falls back to 45/45 when none is left', () => {
    expect(chooseSkyBand(hidden([0, 40], [44, 90]))).toMatchObject({
      horizon: 45,
      zenith: 45,
      fullyObstructed: true,
    });
    expect(chooseSkyBand(hidden([0, 40], [44.000001, 90]))).toMatchObject({ horizon: 40, zenith: 45.999999 });
    // A 4° band loses to a wider one even when it is lower.
    expect(chooseSkyBand(hidden([3, 10], [20, 90]))).toMatchObject({ horizon: 10, zenith: 70 });
  });

  it('chooses the widest band, not the lowest', () => {
    expect(chooseSkyBand(hidden([0, 10], [20, 50]))).toMatchObject({ horizon: 50, zenith: 0 });
  });

  it('breaks a tie by the lowest band, also when rounding makes the widths differ by ~1e-14', () => {
    expect(chooseSkyBand(hidden([30, 60]))).toMatchObject({ horizon: 0, zenith: 60 });
    expect(chooseSkyBand(hidden([30, 60.00000000000001]))).toMatchObject({ horizon: 0, zenith: 60 });
    expect(chooseSkyBand(hidden([29.99999999999999, 60]))).toMatchObject({ horizon: 0 });
  });

  it('merges overlapping and touching intervals, in any order', () => {
    const a = chooseSkyBand(hidden([50, 60], [0, 10], [5, 20], [20, 30], [55, 58]));
    expect(a).toMatchObject({ horizon: 60, zenith: 0 });
    const b = chooseSkyBand(hidden([20, 30], [55, 58], [0, 10], [50, 60], [5, 20]));
    expect(b).toMatchObject({ horizon: 60, zenith: 0 });
  });

  it('does not let an interval of zero width (a segment seen end-on) split a band', () => {
    // [10, 90] would split at 50 into two 40° bands, and the tie would pick [10, 50].
    expect(chooseSkyBand(hidden([0, 10], [50, 50], [50, 50 + 1e-12]))).toMatchObject({
      horizon: 10,
      zenith: 0,
    });
    // A real 1e-6° sliver does split.
    expect(chooseSkyBand(hidden([0, 10], [50, 50 + 1e-6]))).toMatchObject({ horizon: 10, zenith: 40 });
  });

  it('handles pieces that start above 0° but reach into the interval hidden from 0°', () => {
    expect(chooseSkyBand(hidden([0, 30], [25, 40], [80, 90]))).toMatchObject({ horizon: 40, zenith: 10 });
  });
});
