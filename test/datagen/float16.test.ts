import { describe, expect, it } from 'vitest';
import { toHalf } from '../../src/datagen/float16';

/** IEEE half precision, round to nearest even (the values numpy's float16 gives). */
describe('toHalf', () => {
  it.each([
    [0, 0x0000],
    [-0, 0x8000],
    [1, 0x3c00],
    [-2, 0xc000],
    [0.1, 0x2e66],
    [65504, 0x7bff],
    [65520, 0x7c00], // rounds up past the largest half: infinity
    [1e6, 0x7c00],
    [5.960464477539063e-8, 0x0001], // smallest subnormal
    [2e-8, 0x0000],
    [6.097555160522461e-5, 0x03ff], // largest subnormal
    [1.0009765625, 0x3c01],
    [1.00048828125, 0x3c00], // halfway: to even
    [1.00146484375, 0x3c02], // halfway: to even (up)
    [Infinity, 0x7c00],
  ])('%f → %s', (v, h) => expect(toHalf(v)).toBe(h));

  it('keeps NaN a NaN', () => {
    const h = toHalf(NaN);
    expect(h & 0x7c00).toBe(0x7c00);
    expect(h & 0x3ff).not.toBe(0);
  });
});
