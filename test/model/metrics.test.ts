import { describe, expect, it } from 'vitest';
import { roomMeans, roomTotals, sampleMetrics, summarise, verdict } from '../../src/evaluation/metrics';

/** model.md's measures on worked examples. */
describe('evaluation metrics', () => {
  it('measures one sample: area-weighted MAE, δ1 over cells with truth ≥ 0.5, mean error, verdicts', () => {
    // Cells: truth 1, 2, 0.2, 4 with weights 1, 1, 1, 2; predictions 1.2 (within 25 %), 1.4 (not),
    // 0.9 (truth < 0.5: outside δ1's base), 4.5 (within).
    const m = sampleMetrics({ pred: [1.2, 1.4, 0.9, 4.5], truth: [1, 2, 0.2, 4], weight: [1, 1, 1, 2] });
    expect(m.mae).toBeCloseTo((0.2 + 0.6 + 0.7 + 2 * 0.5) / 5, 12);
    expect(m.delta1Base).toBe(4);
    expect(m.delta1).toBeCloseTo(3 / 4, 12);
    expect(m.meanTruth).toBeCloseTo(11.2 / 5, 12);
    expect(m.meanPred).toBeCloseTo(12.5 / 5, 12);
    expect(m.meanError).toBeCloseTo(12.5 / 11.2 - 1, 12);
    // Truth: 4 of 5 area units at ≥ 1 %, mean 2.24 ≥ 2: compliant; so is the prediction.
    expect([m.verdictTruth, m.verdictPred]).toEqual([true, true]);
    expect(verdict([3.5, 3.5, 0.5, 0.5])).toBe(true); // half the area at ≥ 1 %, mean 2
    expect(verdict([7, 0.9, 0.5, 0.5])).toBe(false); // mean 2.2, but a quarter of the area at ≥ 1 %
    expect(verdict([1.5, 1.5, 1.5, 1.5])).toBe(false); // mean below 2
  });

  it('summarises samples: worst and typical mean errors, bias over all cells, verdict agreement', () => {
    const a = sampleMetrics({ pred: [2.09], truth: [2] }); // +4.5 %
    const b = sampleMetrics({ pred: [0.8, 0.8], truth: [1, 1] }); // −20 %; both non-compliant (mean < 2)
    const s = summarise([a, b]);
    expect(s.count).toBe(2);
    expect(s.meanErrorAbsMax).toBeCloseTo(0.2, 12);
    expect(s.meanErrorAbsMean).toBeCloseTo(0.1225, 12);
    expect(s.meanWithin5).toBe(0.5);
    expect(s.bias).toBeCloseTo((2.09 + 1.6) / (2 + 2) - 1, 12);
    expect(s.mae).toBeCloseTo((0.09 + 0.4) / 3, 12);
  });

  it('judges a room by the sum of its windows: errors of opposite sign cancel within a room', () => {
    const w = (pred: number, truth: number) => sampleMetrics({ pred: [pred], truth: [truth] });
    const rooms = roomTotals([
      { room: 1, m: w(1.1, 1) }, // +10 %
      { room: 2, m: w(3.3, 3) }, // room 2: +10 %
      { room: 1, m: w(0.9, 1) }, // −10 %: room 1 is exact
      { room: 3, m: w(0.97, 1) }, // room 3: −3 %
    ]);
    expect(rooms.map((r) => [r.room, r.windows])).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
    expect(rooms[0]!.pred).toBeCloseTo(2, 12);
    expect(rooms[0]!.truth).toBeCloseTo(2, 12);
    const r = roomMeans(rooms);
    expect(r.count).toBe(3);
    expect(r.meanErrorAbsMax).toBeCloseTo(0.1, 12);
    expect(r.meanErrorAbsMedian).toBeCloseTo(0.03, 12);
    expect(r.meanErrorAbsMean).toBeCloseTo(0.13 / 3, 12);
    expect(r.meanWithin5).toBeCloseTo(2 / 3, 12);
  });
});
