import { describe, expect, it } from 'vitest';
import { floorDiv, px, rint2, roundHalfEven } from '../../src/core/encoding/pythonRound';

describe('Python / numpy rounding (encoder.md §Conventions)', () => {
  it('px() rounds v / 0.1 half to even, with the division done in floating point', () => {
    const cases: [number, number][] = [
      [0.05, 0],
      [0.25, 2],
      [0.45, 4],
      [0.55, 6],
      [1.25, 12],
      [1.35, 14],
      [-0.25, -2],
      [0.15, 1], // 0.15 / 0.1 = 1.4999999999999998
      [0.3, 3],
      [-4.25, -42], // the banker's rounding vector: room cols 70..112
    ];
    for (const [v, expected] of cases) expect(px(v), `px(${v})`).toBe(expected);
  });

  it('roundHalfEven differs from Math.round on ties', () => {
    expect([0.5, 1.5, 2.5, -0.5, -1.5, -2.5].map(roundHalfEven)).toEqual([0, 2, 2, 0, -2, -2]);
    expect(Math.round(2.5)).toBe(3);
  });

  it('rint2 is numpy np.round(v, 2), not Python round(v, 2)', () => {
    expect(rint2(2.675)).toBe(2.68); // Python: 2.67
    expect(rint2(1.115)).toBe(1.12); // Python: 1.11
    expect(rint2(0.125)).toBe(0.12);
    expect(rint2(0.285)).toBe(0.28); // 0.285 * 100 = 28.499999999999996
  });

  it('floorDiv is Python //', () => {
    expect([floorDiv(12, 2), floorDiv(15, 2), floorDiv(0, 2), floorDiv(-3, 2)]).toEqual([6, 7, 0, -2]);
  });
});
