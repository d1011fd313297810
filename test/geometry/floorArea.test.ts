import { describe, expect, it } from 'vitest';
import { floorArea, signedArea } from '../../src/core/geometry/polygon';

describe('a room’s floor area as every face states it (floorArea)', () => {
  // FZK-Haus's kitchen, 3.5 × 3.71 m: its shoelace sum depends on the corner it starts from.
  const kitchen: [number, number][] = [
    [3.8, 0.3],
    [3.8, 4.01],
    [0.3, 4.01],
    [0.3, 0.3],
  ];
  const fromAnother = [...kitchen.slice(1), kitchen[0]!];

  it('is the same number from any corner and either winding, and prints the same', () => {
    expect(signedArea(kitchen)).not.toBe(signedArea(fromAnother)); // 12.984999999999998 and 12.985
    expect(floorArea(kitchen)).toBe(floorArea(fromAnother));
    expect(floorArea([...kitchen].reverse())).toBe(floorArea(kitchen));
    expect(floorArea(kitchen).toFixed(2)).toBe(floorArea(fromAnother).toFixed(2));
    expect(floorArea(kitchen)).toBeCloseTo(12.985, 9);
  });
});
