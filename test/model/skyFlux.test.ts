import { describe, expect, it } from 'vitest';
import { skyFlux } from '../../src/core/model/skyFlux';
import { skyLuminance } from '../../src/core/engine/sky';
import { windowFluxes } from '../../src/core/engine/windowFlux';
import { buildRoomModel } from '../../src/core/engine/model';
import { angleRoom } from '../engine/scenes';

/** The sky's light on a window's plane in closed form (issue 35 §3), against a brute-force integral. */
function numeric(horizon: number[], zenith: number[]): [number, number] {
  // Midpoint rule over azimuth (−90…90° from the normal) and elevation, the sectors as conventions.md has them.
  const n = 1800,
    m = 900;
  let down = 0,
    steep = 0;
  for (let a = 0; a < n; a++) {
    const phi = -90 + ((a + 0.5) * 180) / n;
    const i = Math.round((phi + 72.5) / (145 / 63));
    const inFan = phi >= -72.5 && phi <= 72.5;
    const lo = inFan ? horizon[Math.min(63, Math.max(0, i))]! : 0,
      hi = inFan ? 90 - zenith[Math.min(63, Math.max(0, i))]! : 90;
    for (let b = 0; b < m; b++) {
      const e = ((b + 0.5) * 90) / m;
      if (e < lo || e > hi) continue;
      const r = Math.PI / 180;
      const w =
        skyLuminance(Math.sin(e * r)) *
        Math.cos(e * r) ** 2 *
        Math.cos(phi * r) *
        (Math.PI / n) *
        (Math.PI / 2 / m);
      down += w;
      steep += w * Math.sin(e * r);
    }
  }
  return [down, steep];
}

describe('the sky on a window in closed form', () => {
  it('gives an unobstructed vertical window the CIE overcast sky’s 39.6 % of E_h, half of it steep', () => {
    const f = skyFlux({ horizon: null, zenith: null });
    expect(f.skyDown).toBeCloseTo(0.3962, 4);
    const [d, s] = numeric(new Array(64).fill(0), new Array(64).fill(0));
    expect(f.skyDown).toBeCloseTo(d, 4);
    expect(f.skySteep).toBeCloseTo(s, 4);
  });

  it('equals the brute-force integral for any angles, a closed fan leaving only the sky beside it', () => {
    const horizon = Array.from({ length: 64 }, (_, i) => 40 * Math.abs(Math.sin(i / 7))),
      zenith = Array.from({ length: 64 }, (_, i) => (i > 20 && i < 40 ? 35 : 0));
    const f = skyFlux({ horizon, zenith });
    const [d, s] = numeric(horizon, zenith);
    expect(f.skyDown).toBeCloseTo(d, 4);
    expect(f.skySteep).toBeCloseTo(s, 4);
    const shut = skyFlux({ horizon: new Array(64).fill(45), zenith: new Array(64).fill(45) });
    expect(shut.skyDown).toBeCloseTo(numeric(new Array(64).fill(45), new Array(64).fill(45))[0], 5);
    expect(shut.skyDown).toBeLessThan(0.03);
  });

  it('is what the engine’s window view samples, without its direction cells’ bias', () => {
    // The coarse flux (16 × 16 direction cells) reads a street and a balcony ~2 % high.
    const room = angleRoom();
    const c = skyFlux(buildRoomModel(room).windows[0]!);
    const e = windowFluxes(room)[0]!;
    expect(e.skyDown / c.skyDown - 1).toBeGreaterThan(0);
    expect(e.skyDown / c.skyDown - 1).toBeLessThan(0.04);
  });
});
