import { describe, expect, it } from 'vitest';
import { BENCH_ROOM } from '../../bench/scenes';
import { simulateRoom } from '../../src/core/engine/simulate';
import { roomStats } from '../../src/core/stats/roomStats';
import { parseRunRequest } from '../../src/core/validation/requests';
import {
  DEFAULT_GLAZING,
  glazingFor,
  GLASS_HEMISPHERICAL_REFLECTANCE,
  GLASS_TRANSMISSIVITY,
  glassReflectance,
  glassTransmittance,
  glassTransmittanceFast,
  transmissivityFor,
} from '../../src/core/engine/glazing';

const cosOf = (deg: number): number => Math.cos((deg * Math.PI) / 180);

describe("Radiance's glass", () => {
  it('uses the transmissivity Radiance derives from a normal transmittance of 0.70', () => {
    expect(transmissivityFor(0.7)).toBeCloseTo(0.7628, 4);
    expect(GLASS_TRANSMISSIVITY).toBe(0.7627);
  });

  it('transmits 0.70 at normal incidence', () => {
    expect(glassTransmittance(1)).toBeCloseTo(0.7, 3);
  });

  it('follows the Fresnel curve of the two-surface pane (values of glass.c at n = 1.52)', () => {
    // Independent evaluation of glass.c's formulas written out for a few angles.
    const ref = (deg: number): number => {
      const c = cosOf(deg);
      const n = 1.52;
      const c2 = Math.sqrt(1 - 1 / (n * n) + (c * c) / (n * n));
      const d = 0.7627 ** (1 / c2);
      const re = ((c - n * c2) / (c + n * c2)) ** 2;
      const rm = ((1 / c - n / c2) / (1 / c + n / c2)) ** 2;
      return (
        (0.5 * (1 - re) ** 2 * d) / (1 - re * re * d * d) + (0.5 * (1 - rm) ** 2 * d) / (1 - rm * rm * d * d)
      );
    };
    for (const deg of [0, 20, 40, 50, 60, 70, 80, 85, 89])
      expect(glassTransmittance(cosOf(deg))).toBeCloseTo(ref(deg), 10);
    // Shape: nearly flat to ~40°, then falling to 0 at grazing.
    expect(glassTransmittance(cosOf(40)) / glassTransmittance(1)).toBeGreaterThan(0.95);
    expect(glassTransmittance(cosOf(60))).toBeCloseTo(0.6025, 3);
    expect(glassTransmittance(cosOf(80))).toBeCloseTo(0.295, 2);
    expect(glassTransmittance(1e-6)).toBeLessThan(0.001);
    for (let deg = 1; deg < 90; deg++)
      expect(glassTransmittance(cosOf(deg))).toBeLessThanOrEqual(glassTransmittance(cosOf(deg - 1)) + 1e-12);
  });

  it('conserves energy: reflectance + transmittance ≤ 1, the rest absorbed', () => {
    for (let deg = 0; deg < 90; deg += 5) {
      const c = cosOf(deg);
      const sum = glassTransmittance(c) + glassReflectance(c);
      expect(sum).toBeLessThanOrEqual(1);
      expect(sum).toBeGreaterThan(0.7);
    }
    expect(glassReflectance(1)).toBeCloseTo(0.065, 2);
    expect(GLASS_HEMISPHERICAL_REFLECTANCE).toBeGreaterThan(0.1);
    expect(GLASS_HEMISPHERICAL_REFLECTANCE).toBeLessThan(0.15);
  });

  it('has a lookup table that matches the formula', () => {
    for (let c = 0; c <= 1; c += 0.0137)
      expect(Math.abs(glassTransmittanceFast(c) - glassTransmittance(c))).toBeLessThan(2e-4);
  });
});

describe('a window’s own glass (glass_transmittance, issue 19)', () => {
  it('transmits its normal-incidence transmittance τ at normal incidence, over the datasheet range', () => {
    for (const tau of [0.4, 0.55, 0.7, 0.82, 0.9]) {
      const g = glazingFor(tau);
      expect(g.transmittanceAt(1)).toBeCloseTo(tau, 3);
      // Less at grazing incidence, as every pane: the Fresnel curve scaled by the absorption.
      expect(g.transmittanceAt(cosOf(70))).toBeLessThan(g.transmittanceAt(1));
    }
    // Clearer glass absorbs less, so it reflects a little more back into the room (both faces count).
    expect(glazingFor(0.9).hemisphericalReflectance).toBeGreaterThan(
      glazingFor(0.4).hemisphericalReflectance,
    );
  });

  it('is the reference glazing exactly at τ = 0.70, the default', () => {
    expect(glazingFor(0.7)).toBe(DEFAULT_GLAZING);
    expect(DEFAULT_GLAZING.transmissivity).toBe(GLASS_TRANSMISSIVITY);
    expect(DEFAULT_GLAZING.hemisphericalReflectance).toBe(GLASS_HEMISPHERICAL_REFLECTANCE);
  });

  it('darkens the engine’s room by about τ / 0.70, and τ = 0.70 given changes nothing', () => {
    const body = {
      model_type: 'df_default',
      horizon: new Array(64).fill(10),
      zenith: new Array(64).fill(5),
      parameters: BENCH_ROOM,
    };
    const mean = (r: ReturnType<typeof simulateRoom>) => roomStats(r.df, r.mask).mean;
    const at = (glass?: number) =>
      simulateRoom(parseRunRequest(glass === undefined ? body : { ...body, glass_transmittance: glass }), {
        seed: 3,
        quality: 'draft',
      });
    const reference = at();
    expect(at(0.7).df.data).toEqual(reference.df.data);
    // About the ratio of the panes' diffuse transmittances (0.607), below τ's own 0.643: absorption grows
    // at the oblique incidence most sky light comes in at.
    const ratio = mean(at(0.45)) / mean(reference);
    const diffuse = glazingFor(0.45).diffuseTransmittance / DEFAULT_GLAZING.diffuseTransmittance;
    expect(diffuse).toBeCloseTo(0.607, 2);
    expect(Math.abs(ratio / diffuse - 1)).toBeLessThan(0.03);
  });

  it('applies the top-level glass to skylights without their own, as to windows', () => {
    const body = {
      model_type: 'df_default',
      horizon: new Array(64).fill(0),
      zenith: new Array(64).fill(0),
      glass_transmittance: 0.5,
      parameters: {
        ...BENCH_ROOM,
        skylights: {
          s1: {
            polygon: [
              [1, 1],
              [2, 1],
              [2, 2],
              [1, 2],
            ],
          },
          s2: {
            polygon: [
              [3, 1],
              [4, 1],
              [4, 2],
              [3, 2],
            ],
            glass_transmittance: 0.8,
          },
        },
      },
    };
    const req = parseRunRequest(body);
    expect(req.parameters.windows.every((w) => w.glass_transmittance === 0.5)).toBe(true);
    expect(req.parameters.skylights!.map((k) => [k.id, k.glass_transmittance])).toEqual([
      ['s1', 0.5],
      ['s2', 0.8],
    ]);
  });
});
