import { describe, expect, it } from 'vitest';
import { noiseSummary, truthSpread, type NoisyRoom } from '../../src/evaluation/truthNoise';

const room = (truth: number, engine: number[], model: number[]): NoisyRoom => ({
  cls: 'deep',
  k: 1,
  truth,
  engine,
  model,
});

describe('how sure the dark rooms’ truths are (npm run truth-noise)', () => {
  // A lit room the model meets; a dark one it misses by 40 % where the engine's own runs spread as much;
  // a miss no noise excuses (the engine gives the same every time); an unlit room.
  const lit = room(1, [1.02, 0.98, 1, 1], [1.03, 1.03, 1.03]);
  const dark = room(0.02, [0.03, 0.01, 0.025, 0.015], [0.012]);
  const firm = room(0.5, [0.5, 0.5, 0.5, 0.5], [0.6]);
  const unlit = room(0, [0.001, -0.001, 0, 0], [0.0005]);

  it('takes the spread over the stored truth and the further runs together', () => {
    expect(truthSpread(lit)).toBeCloseTo(Math.sqrt(2e-4), 12);
    expect(truthSpread(dark)).toBeCloseTo(Math.sqrt(6.25e-5), 12);
    expect(truthSpread(firm)).toBe(0);
  });

  it('counts against the stored truth, within twice its spread, against the engine’s mean, and the engine itself', () => {
    const s = noiseSummary([lit, dark, firm, unlit]);
    expect(s).toMatchObject({ rooms: 4, within: 1, withinNoise: 3, withinMean: 1, engineWithin: 2 });
    // σ / truth of the three lit truths, sorted 0, 1.4 %, 39.5 %.
    expect(s.medianSpread).toBeCloseTo(Math.sqrt(2e-4), 12);
    expect(s.maxSpread).toBeCloseTo(Math.sqrt(6.25e-5) / 0.02, 12);
  });

  it('averages the model over its solve seeds before it counts a room', () => {
    // 0.94 and 1.04 average to 0.99: within 5 %, though one seed alone is not.
    expect(noiseSummary([room(1, [1, 1], [0.94, 1.04])]).within).toBe(1);
    expect(noiseSummary([room(1, [1, 1], [0.94])]).within).toBe(0);
  });
});
