import { describe, expect, it } from 'vitest';
import { simulateRoom } from '../../src/core/engine/simulate';
import { agreement, fixtureFiles, loadFixture, sampleAt } from './radianceFixtures';

/**
 * physics.md's acceptance, per shared Radiance scene: the engine's grid sampled bilinearly at the
 * reference sensors has MAE ≤ 0.10 DF points, ≥ 90 % of sensors (DF ≥ 0.5) within ±10 %, and the room
 * mean within ±5 %. Each reference is compared at its own -ab (7; 8 for the high-sampling run).
 */
describe('agreement with Radiance (shared reference scenes)', () => {
  for (const file of fixtureFiles(true)) {
    it(file.replace('.json', ''), () => {
      const fx = loadFixture(file);
      const res = simulateRoom(fx.room, { ambientBounces: fx.ambientBounces });
      const a = agreement(
        fx.sensors.map(([x, y]) => sampleAt(res, x, y)),
        fx.df,
      );
      expect(a.mae).toBeLessThanOrEqual(0.1);
      expect(a.within10).toBeGreaterThanOrEqual(0.9);
      expect(Math.abs(a.meanError)).toBeLessThanOrEqual(0.05);
    });
  }
});
