import { describe, expect, it } from 'vitest';
import { partOf, roundedDown, udiWhole, wholeParts } from '../../src/core/stats/shareText';
import { shareParts, shareWithArea } from '../../src/core/stats/analysedPlane';
import { summarise, DEFAULT_COMPLIANCE } from '../../src/core/stats/verdicts';

describe('floor shares as shown', () => {
  it('are rounded down: a share just short of a rule never reads as meeting it', () => {
    expect(roundedDown(49.96)).toBe('49.9');
    expect(roundedDown(66.58)).toBe('66.5');
    expect(roundedDown(50)).toBe('50.0');
    expect(roundedDown(94.999, 0)).toBe('94');
    expect(roundedDown(15.9799, 2)).toBe('15.97');
    expect(roundedDown(0)).toBe('0.0');
    // An area from a share: 1 of 9 cells of a 0.09 m² room is 0.01 m², though it computes to 0.00999…
    expect(roundedDown(((100 / 9) * 0.09) / 100, 2)).toBe('0.01');
    expect(roundedDown(((600 / 9) * 0.09) / 100, 2)).toBe('0.06');
    expect(roundedDown(0.0099, 2)).toBe('0.00');
  });

  it('write a part beside its whole, all of the whole reading as the whole’s figure', () => {
    // A whole lit 9.765 m²: not "9.76 of 9.77 m²".
    expect(partOf(9.765, 9.765)).toBe('9.77');
    expect(partOf((100 / 100) * 9.765 * (1 - 1e-16), 9.765)).toBe('9.77');
    // Short of the whole: rounded down, whatever the whole rounds to.
    expect(partOf(9.764, 9.765)).toBe('9.76');
    expect(partOf(4.999, 10)).toBe('4.99');
  });

  it('read the same in the verdict as in the statistics beside it', () => {
    // Two of three cells at DF ≥ 1 %: 66.67 % of the floor, which rounding to nearest would show as 66.7.
    const m = {
      rows: 1,
      cols: 3,
      df: Float32Array.from([2, 1.5, 0.5]),
      mask: Uint8Array.from([1, 1, 1]),
      origin: { x: 0, y: 0 },
      resolution: 0.5,
    };
    const s = summarise(m, DEFAULT_COMPLIANCE);
    expect(s.stats.area_above['1']).toBeCloseTo(66.667, 3);
    expect(s.verdicts[0]!.detail).toBe('DF ≥ 1 % on 66.6 % of the floor (needs 50 %)');
    expect(roundedDown(s.stats.area_above['1']!)).toBe('66.6');
    expect(roundedDown((s.stats.area_above['1']! / 100) * s.floor, 2)).toBe('0.50');
  });
});

describe('a share with its area, whole or in parts (shareWithArea, shareParts)', () => {
  it('writes the Results panel’s two parts as the report page writes the whole', () => {
    // Before 2026-12-07 the Results panel built "33.9 % · 9.36 of 27.60 m²" by hand beside shareWithArea.
    const attic = { floor: 30, analysed: 27.6 };
    expect(shareParts(936 / 27.6, attic)).toEqual({ percent: '33.9 %', area: ' · 9.36 of 27.60 m²' });
    expect(shareWithArea(936 / 27.6, attic)).toBe('33.9 % · 9.36 of 27.60 m²');
    const lit = { floor: 9.765 };
    const { percent, area } = shareParts(100, lit);
    expect(percent + area).toBe(shareWithArea(100, lit));
    expect(area).toBe(' · 9.77 of 9.77 m²');
  });
});

describe('parts of a whole in whole percents (wholeParts)', () => {
  it('adds up to 100 as the parts do, where rounding each gave 101 or 99', () => {
    // A Chicago year's UDI bands that read "85 % (below 10 %, above 6 %)" rounded one by one.
    expect(wholeParts([84.6, 9.6, 5.8])).toEqual([85, 9, 6]);
    expect([84.6, 9.6, 5.8].map(Math.round).reduce((a, b) => a + b)).toBe(101);
    expect(wholeParts([33.4, 33.3, 33.3])).toEqual([34, 33, 33]);
    expect(wholeParts([70.2, 20.2, 9.6])).toEqual([70, 20, 10]);
  });

  it('keeps whole parts as they are and gives ties to the first', () => {
    expect(wholeParts([100, 0, 0])).toEqual([100, 0, 0]);
    expect(wholeParts([50, 25, 25])).toEqual([50, 25, 25]);
    expect(wholeParts([49.5, 49.5, 1])).toEqual([50, 49, 1]);
  });

  it('gives UDI’s bands by name, as the panel and the reports write them', () => {
    expect(udiWhole({ useful: 84.5, low: 9.7, high: 5.8 })).toEqual({ useful: 84, low: 10, high: 6 });
  });
});
