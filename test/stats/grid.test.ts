import { describe, expect, it } from 'vitest';
import { fillFromSamples } from '../../src/core/stats/grid';

describe('fillFromSamples', () => {
  it('gives every masked cell its nearest sample, and leaves the rest 0', () => {
    // A 3 × 4 grid, its last column outside the room; samples at (0, 0) = 1 and (2, 2) = 5.
    const mask = Uint8Array.from([1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0]);
    const out = fillFromSamples(3, 4, mask, [0, 10], [1, 5]);
    expect(Array.from(out)).toEqual([1, 1, 1, 0, 1, 1, 5, 0, 1, 5, 5, 0]);
    // Every cell sampled: the values themselves.
    const all = fillFromSamples(1, 3, Uint8Array.from([1, 1, 1]), [0, 1, 2], [3, 4, 5]);
    expect(Array.from(all)).toEqual([3, 4, 5]);
  });
});
