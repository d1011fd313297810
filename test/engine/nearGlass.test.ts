import { describe, expect, it } from 'vitest';
import { simulateRoom } from '../../src/core/engine/simulate';
import { noDepthRoom } from './scenes';

/**
 * A window given on the wall's line (both corners on it) stands in a wall of no depth: its glass is a hair
 * from the room, and a receiver there sees it at any distance down to nothing. The point rule sampled the
 * glass with weights cos θ_r cos θ_g / r², unbounded as r → 0: a grid cell on that line once read 5 766 %
 * DF (aperture.ts, NEAR_STRATUM). These receivers' light must be finite, steady from seed to seed, and
 * continuous in the distance from the glass.
 */
const room = noDepthRoom();
const at = (y: number, seed: number, quality: 'draft' | 'standard' = 'standard') =>
  simulateRoom(room, { quality, seed, points: [[2.03, y]], pointsOnly: true }).points[0]!;

describe('a receiver beside glass in a wall of no depth', () => {
  it('the window has no depth', () => {
    expect(room.geometry[0]!.wallThickness).toBeLessThan(1e-9);
  });

  it('gets a finite light, the same from seed to seed', () => {
    // 1 mm from the glass, facing up: the sky through the glass over the half of its view towards the window
    // (under the overcast sky about half the unobstructed illuminance, less the glass's loss at grazing).
    const v = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => at(0.001, seed));
    const mid = [...v].sort((a, b) => a - b)[4]!;
    expect(mid).toBeGreaterThan(20);
    expect(mid).toBeLessThan(50);
    for (const x of v) expect(Math.abs(x / mid - 1)).toBeLessThan(0.1);
  });

  it('changes little from a millimetre to a centimetre from the glass, at draft as at standard', () => {
    for (const quality of ['draft', 'standard'] as const) {
      const near = at(0.001, 3, quality);
      for (const y of [0.003, 0.01])
        expect(Math.abs(at(y, 3, quality) / near - 1), `${quality} ${y}`).toBeLessThan(0.15);
    }
  });
});
