import { describe, expect, it } from 'vitest';
import { signedArea, straightWalls } from '../../src/core/geometry/polygon';
import type { Vec2 } from '../../src/core/geometry/vec';

describe('straightWalls', () => {
  it('drops the corners on a straight wall, keeping the order given', () => {
    const split: Vec2[] = [
      [0, 0],
      [2, 0],
      [4, 0],
      [4, 3],
      [4, 5],
      [0, 5],
      [0, 2.5],
    ];
    expect(straightWalls(split)).toEqual([
      [0, 0],
      [4, 0],
      [4, 5],
      [0, 5],
    ]);
    // A point a hair off the wall's line (coordinates rounded to the millimetre on a diagonal wall).
    const diagonal: Vec2[] = [
      [0, 0],
      [3.001, 1.0],
      [6, 2],
      [6, 6],
    ];
    expect(straightWalls(diagonal)).toEqual([
      [0, 0],
      [6, 2],
      [6, 6],
    ]);
  });

  it('keeps every real corner, and an outline with none to drop as it is', () => {
    const room: Vec2[] = [
      [0, 0],
      [4, 0],
      [4, 3],
      [2, 3],
      [2, 5],
      [0, 5],
    ];
    expect(straightWalls(room)).toBe(room);
    // A wall that folds back is not straight: its point is not between its neighbours.
    const notch: Vec2[] = [
      [0, 0],
      [4, 0],
      [4, 0.01],
      [4.002, 3],
      [0, 3],
    ];
    expect(straightWalls(notch).length).toBeGreaterThanOrEqual(4);
  });

  it('keeps a curved wall of short pieces curved: each point is held to the wall it would join', () => {
    // A half-round bay of 2 m radius in 1° pieces: each point is 0.3 mm off its neighbours' chord.
    const bay: Vec2[] = Array.from({ length: 181 }, (_, i) => {
      const a = (i * Math.PI) / 180;
      return [2 * Math.cos(a), 2 + 2 * Math.sin(a)] as Vec2;
    });
    const room: Vec2[] = [[-2, 0], [2, 0], ...bay];
    const out = straightWalls(room);
    expect(out.length).toBeGreaterThan(40);
    expect(Math.abs(signedArea(out) / signedArea(room) - 1)).toBeLessThan(1e-3);
  });
});
