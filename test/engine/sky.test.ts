import { describe, expect, it } from 'vitest';
import { exteriorGeometry } from '../../src/core/engine/body';
import { Exterior, newHit, TERRAIN } from '../../src/core/engine/exterior';
import { skyLuminance, skyOnTilt, ZENITH_LUMINANCE } from '../../src/core/engine/sky';
import { PathTracer } from './oracle/pathTracer';
import { loadFixture } from './radianceFixtures';
import { buildRoomModel } from '../../src/core/engine/model';

/** ∫ L cos θ dω over the upper hemisphere by a plain midpoint rule in (altitude, azimuth). */
function horizontalByQuadrature(steps: number): number {
  let s = 0;
  const dg = Math.PI / 2 / steps;
  for (let i = 0; i < steps; i++) {
    const g = (i + 0.5) * dg;
    s += skyLuminance(Math.sin(g)) * Math.sin(g) * Math.cos(g) * dg * 2 * Math.PI;
  }
  return s;
}

describe('CIE overcast sky', () => {
  it('has L(γ) ∝ (1 + 2 sin γ)/3: the zenith is three times the horizon', () => {
    expect(skyLuminance(1) / skyLuminance(1e-12)).toBeCloseTo(3, 9);
    expect(skyLuminance(1)).toBeCloseTo(ZENITH_LUMINANCE, 12);
    expect(skyLuminance(-0.2)).toBe(0);
  });

  it('is normalised so that the unobstructed horizontal illuminance is exactly 1 (DF 100)', () => {
    expect(horizontalByQuadrature(20000)).toBeCloseTo(1, 7);
    expect(skyOnTilt(1)).toBeCloseTo(1, 6);
  });

  it('gives the known vertical-plane ratio E_v/E_h = 0.396 and nothing on a downward plane', () => {
    expect(skyOnTilt(0)).toBeCloseTo(0.3962, 3);
    expect(skyOnTilt(-1)).toBe(0);
    // Tilted planes: monotone in the tilt.
    for (let nz = -0.9; nz < 1; nz += 0.1) expect(skyOnTilt(nz + 0.1)).toBeGreaterThan(skyOnTilt(nz));
  });

  it('an unobstructed horizontal point of the exterior sees DF 100', () => {
    // A terrain point far from the building: the cached irradiance is the control variate alone.
    const fx = loadFixture('R01_rect_south_open.json');
    const model = buildRoomModel(fx.room);
    const ext = new Exterior(exteriorGeometry(model), 0.2, 1);
    const hit = { ...newHit(), kind: TERRAIN, x: 500, y: 500, z: 0, nx: 0, ny: 0, nz: 1, rho: 1, t: 1 };
    const out = new Float64Array(3);
    ext.surfaceLuminance(hit, 1, out);
    expect(100 * Math.PI * out[1]!).toBeCloseTo(100, 6);
  });

  it('the independent path tracer sees DF 100 on an open roof (within its noise)', () => {
    const fx = loadFixture('R01_rect_south_open.json');
    const pt = new PathTracer(fx.room);
    // A point just above the roof slab (z = ceiling + 0.3) in the middle: only sky above it.
    expect(pt.daylightFactor(2, 2.5, 3.5 + 1e-3, 40000, 3)).toBeCloseTo(100, 0);
  });
});
