import { describe, expect, it } from 'vitest';
import { glassTransmittance } from '../../src/core/engine/glazing';
import { sectorAngles, skyComponent, type Aperture } from '../../src/core/model/skyComponent';

/**
 * The sky component against a brute-force integral over the sphere in azimuth/elevation (a different
 * parametrisation from the code's slope space): CIE overcast luminance × cos on the work plane × glass,
 * directions inside the aperture rectangle, obstructions per sector.
 */
function bruteForce(a: Aperture, horizon: number[], zenith: number[]): { sky: number; obstructed: number } {
  const N = 900,
    M = 450;
  let sky = 0,
    obstructed = 0;
  const dphi = Math.PI / N,
    dgam = Math.PI / 2 / M;
  for (let i = 0; i < N; i++) {
    const phi = -Math.PI / 2 + (i + 0.5) * dphi;
    const s = Math.tan(phi);
    if (s < a.s0 || s > a.s1) continue;
    const rel = (phi * 180) / Math.PI;
    const k = Math.abs(rel) > 72.5 ? -1 : Math.round((rel + 72.5) / (145 / 63));
    for (let j = 0; j < M; j++) {
      const g = (j + 0.5) * dgam;
      const v = Math.tan(g) / Math.cos(phi);
      if (v < a.v0 || v > a.v1) continue;
      const lum = (1 + 2 * Math.sin(g)) / 3;
      const f =
        lum * Math.sin(g) * glassTransmittance(Math.cos(g) * Math.cos(phi)) * Math.cos(g) * dphi * dgam;
      const deg = (g * 180) / Math.PI;
      const hidden = k >= 0 && (deg < horizon[k]! || deg > 90 - zenith[k]!);
      if (hidden) obstructed += f;
      else sky += f;
    }
  }
  const eh = (7 * Math.PI) / 9;
  return { sky: (100 * sky) / eh, obstructed: (100 * obstructed) / eh };
}

const out = { sky: 0, obstructed: 0 };
const zeros = new Array<number>(64).fill(0);

describe('sky component', () => {
  it('matches the brute-force integral for an open window', () => {
    const a = { s0: -1, s1: 1.5, v0: 0.2, v1: 2 };
    skyComponent(a, null, out);
    const ref = bruteForce(a, zeros, zeros);
    expect(Math.abs(out.sky / ref.sky - 1)).toBeLessThan(0.005);
    expect(out.obstructed).toBe(0);
  });

  it('stays exact next to the wall, where the aperture spans almost ±90° of azimuth and v up to 30', () => {
    // Integrated in elevation (lux-frame-2); the slope form of lux-frame-1 read ~35 % low here.
    const a = { s0: -40, s1: 60, v0: 0, v1: 30 };
    skyComponent(a, null, out);
    const ref = bruteForce(a, zeros, zeros);
    expect(Math.abs(out.sky / ref.sky - 1)).toBeLessThan(0.005);
  });

  it('splits sky and obstruction per sector as the brute force does, and the parts add up', () => {
    const horizon = Array.from({ length: 64 }, (_, i) => 10 + 30 * Math.abs(Math.sin(i / 9)));
    const zenith = Array.from({ length: 64 }, (_, i) => (i > 40 ? 35 : 0));
    const a = { s0: -2, s1: 2, v0: 0.05, v1: 1.5 };
    skyComponent(a, sectorAngles(horizon, zenith), out);
    const { sky, obstructed } = out;
    const ref = bruteForce(a, horizon, zenith);
    expect(Math.abs(sky / ref.sky - 1)).toBeLessThan(0.03);
    expect(Math.abs(obstructed / ref.obstructed - 1)).toBeLessThan(0.03);
    skyComponent(a, null, out);
    expect(Math.abs((sky + obstructed) / out.sky - 1)).toBeLessThan(0.005);
    expect(obstructed).toBeGreaterThan(0);
  });

  it('is 0 for an aperture below the work plane or empty', () => {
    skyComponent({ s0: -1, s1: 1, v0: -2, v1: -0.1 }, null, out);
    expect(out.sky).toBe(0);
    skyComponent({ s0: 1, s1: 1, v0: 0, v1: 1 }, null, out);
    expect(out.sky).toBe(0);
  });
});

describe('sky component table', () => {
  it('agrees with a fine midpoint integration of each band over a sweep of strips and limits', () => {
    // The reference: a 4 000-point midpoint rule in elevation with the exact glass transmittance.
    const fine = (q: number, a: number, b: number): number => {
      const ga = Math.atan(a / q),
        gb = Math.atan(b / q);
      const n = 4000,
        h = (gb - ga) / n;
      let sum = 0;
      for (let k = 0; k < n; k++) {
        const g = ga + (k + 0.5) * h;
        sum += ((1 + 2 * Math.sin(g)) / 3) * Math.sin(g) * Math.cos(g) * glassTransmittance(Math.cos(g) / q);
      }
      return sum * h;
    };
    let worst = 0;
    for (const phiDeg of [0, 12.3, 45, 70.1, 85, 89]) {
      const q = 1 / Math.cos((phiDeg * Math.PI) / 180);
      for (const [a, b] of [
        [0, 0.1],
        [0, 30],
        [0.2, 0.25],
        [0.5, 3],
        [1.7, 400],
      ] as const) {
        // A one-strip aperture centred on φ: the strip's band is the whole answer.
        const s = Math.tan((phiDeg * Math.PI) / 180);
        const w = 1e-4;
        skyComponent(
          { s0: Math.tan(Math.atan(s) - w), s1: Math.tan(Math.atan(s) + w), v0: a, v1: b },
          null,
          out,
        );
        const ref = (100 * fine(q, a, b) * 2 * w) / ((7 * Math.PI) / 9);
        // At grazing azimuths (89°) the glass passes ~1e-5 of the normal light and the table's φ steps
        // are coarse against its fall-off there: a looser bound on a negligible amount.
        const err = Math.abs(out.sky - ref) / ref;
        if (phiDeg < 86) worst = Math.max(worst, err);
        else expect(err).toBeLessThan(0.02);
      }
    }
    expect(worst).toBeLessThan(2e-3);
  });
});
