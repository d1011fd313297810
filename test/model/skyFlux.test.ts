import { describe, expect, it } from 'vitest';
import { skyFlux } from '../../src/core/model/skyFlux';
import { skyLuminance } from '../../src/core/engine/sky';
import { FLUX_REFERENCE, windowFluxes } from '../../src/core/engine/windowFlux';
import { buildRoomModel } from '../../src/core/engine/model';
import { angleRoom, notchRoom } from '../engine/scenes';

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

  // lux-frame-5: an L-shaped outline whose notch's two walls have windows, each looking past the room's own
  // other wing (3 m high, 0.3 m of roof over it), which the angles — from the surroundings alone — never
  // hold. Measured against the engine's finest traced flux: +0.8 / +2.0 % (skyDown), +1.1 / +2.1 %
  // (skySteep); the angles alone read the open window's 0.396, 28 / 37 % high.
  it('sees the building’s own other wing from a window on a notch, as the engine’s traced flux does', () => {
    const room = notchRoom();
    const model = buildRoomModel(room);
    const traced = windowFluxes(room, 3, FLUX_REFERENCE);
    model.windows.forEach((w, i) => {
      const withBody = skyFlux(w, model),
        anglesOnly = skyFlux(w);
      expect(Math.abs(withBody.skyDown / traced[i]!.skyDown - 1)).toBeLessThan(0.03);
      expect(Math.abs(withBody.skySteep / traced[i]!.skySteep - 1)).toBeLessThan(0.03);
      if (w.id === 's') {
        // The south window faces away from the wing: the body changes nothing.
        expect(withBody.skyDown).toBeCloseTo(anglesOnly.skyDown, 3);
      } else expect(anglesOnly.skyDown / withBody.skyDown).toBeGreaterThan(1.2);
    });
    // A convex room's body is behind all its windows: the closed form from the angles, exactly.
    const box = buildRoomModel(angleRoom());
    expect(skyFlux(box.windows[0]!, box)).toEqual(skyFlux(box.windows[0]!));
  }, 30_000);
});
