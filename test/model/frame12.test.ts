import { describe, expect, it } from 'vitest';
import { windowAngles } from '../../src/core/api/windowAngles';
import {
  FLUX_ACCURATE,
  FLUX_ACCURATE_FINE,
  FLUX_REFERENCE,
  windowFluxes,
} from '../../src/core/engine/windowFlux';
import { FLUX_SCALARS, SCALAR_COUNT_V2 } from '../../src/core/model/features';
import { frame4Inputs } from '../../src/core/model/frame4';
import { sampledRequest } from '../../src/datagen/sampleRoom';
import { engineRoom } from '../../src/datagen/shard';
import { stressRoom } from '../../src/evaluation/stressSuite';

/**
 * lux-frame-12 (card.ts): lux-frame-11 with the exterior flux traced at the engine's second-order floor. The
 * room: a U-shaped room lit through a notch 1.3 m wide of its own building (non-rect #38021), whose second
 * window sees mostly the notch walls' light.
 */
describe('lux-frame-12', () => {
  const s = stressRoom('non-rect', 38021);
  const req = sampledRequest(s);
  const angles = windowAngles(req, req.mesh);
  const at = (k: (typeof FLUX_SCALARS)[number]) => SCALAR_COUNT_V2 + FLUX_SCALARS.indexOf(k);

  it('changes only the exterior flux scalars, to the flux at the finer floor', () => {
    const eleven = frame4Inputs(req, angles, 'lux-frame-11');
    const twelve = frame4Inputs(req, angles, 'lux-frame-12');
    const fine = windowFluxes(engineRoom(s), 1, FLUX_ACCURATE_FINE);
    twelve.forEach((f, i) => {
      const e = eleven[i]!;
      expect(Array.from(f.channels)).toEqual(Array.from(e.channels));
      const others = (x: Float32Array) =>
        Array.from(x).filter((_, j) => j !== at('surfaceDown') && j !== at('up'));
      expect(others(f.scalars)).toEqual(others(e.scalars));
      expect(f.scalars[at('surfaceDown')]).toBeCloseTo(2 * fine[f.fluxWindow]!.surfaceDown, 6);
      expect(f.scalars[at('up')]).toBeCloseTo(2 * fine[f.fluxWindow]!.up, 6);
    });
  });

  it('reads the notch window’s light from the walls with a fraction of lux-frame-11’s seed-to-seed spread', () => {
    const room = engineRoom(s);
    const spread = (q: typeof FLUX_ACCURATE) => {
      const v = [1, 2, 3, 4].map((seed) => windowFluxes(room, seed, q)[1]!.surfaceDown);
      const mean = v.reduce((a, b) => a + b, 0) / v.length;
      return { mean, worst: Math.max(...v.map((x) => Math.abs(x / mean - 1))) };
    };
    const before = spread(FLUX_ACCURATE);
    const now = spread(FLUX_ACCURATE_FINE);
    expect(now.worst).toBeLessThan(0.06);
    expect(before.worst).toBeGreaterThan(2 * now.worst);
    // The engine's high exterior (its fine reference) within 10 %.
    const ref = windowFluxes(room, 7, FLUX_REFERENCE)[1]!.surfaceDown;
    expect(Math.abs(now.mean / ref - 1)).toBeLessThan(0.1);
  }, 30_000);
});
