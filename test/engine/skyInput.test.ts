import { describe, expect, it } from 'vitest';
import { simulateRoom } from '../../src/core/engine/simulate';
import { CIE_OVERCAST, type Sky } from '../../src/core/engine/sky';
import { loadFixture } from './radianceFixtures';

/**
 * The sky is an input of the engine (issue 31): the CIE overcast sky is only its default value, and every
 * path by which sky light reaches the room goes through the sky given.
 */
const scaled = (k: number): Sky => ({
  luminance: (dx, dy, dz) => k * CIE_OVERCAST.luminance(dx, dy, dz),
  onPlane: (nx, ny, nz) => k * CIE_OVERCAST.onPlane(nx, ny, nz),
});

/** The CIE overcast sky brighter towards the south (−y) by a factor 1 + 0.8·(−dy), its illuminances integrated. */
function southBright(): Sky {
  const luminance = (dx: number, dy: number, dz: number) =>
    CIE_OVERCAST.luminance(dx, dy, dz) * (1 - 0.8 * dy);
  return {
    luminance,
    onPlane(nx, ny, nz) {
      // Midpoint rule over the upper hemisphere (altitude × azimuth), the cosine on the plane clipped at 0.
      const na = 90,
        nb = 180;
      let e = 0;
      for (let i = 0; i < na; i++) {
        const alt = ((i + 0.5) / na) * (Math.PI / 2);
        for (let j = 0; j < nb; j++) {
          const az = ((j + 0.5) / nb) * 2 * Math.PI;
          const dx = Math.cos(alt) * Math.cos(az),
            dy = Math.cos(alt) * Math.sin(az),
            dz = Math.sin(alt);
          const c = dx * nx + dy * ny + dz * nz;
          if (c > 0) e += luminance(dx, dy, dz) * c * Math.cos(alt);
        }
      }
      return e * (Math.PI / 2 / na) * ((2 * Math.PI) / nb);
    },
  };
}

describe('the sky as an input of the engine', () => {
  // R02: a window facing south (−y) across a street from a block; its angles-free mesh form.
  const fx = loadFixture('R02_rect_south_building.json');

  it('defaults to the CIE overcast sky', () => {
    const byDefault = simulateRoom(fx.room, { quality: 'draft' }).df.data;
    expect(simulateRoom(fx.room, { quality: 'draft', sky: CIE_OVERCAST }).df.data).toEqual(byDefault);
  });

  it('takes all its light from the sky given: twice the sky, exactly twice the light in every cell', () => {
    const one = simulateRoom(fx.room, { quality: 'draft' }).df.data;
    const two = simulateRoom(fx.room, { quality: 'draft', sky: scaled(2) }).df.data;
    expect(Array.from(two)).toEqual(Array.from(one, (v) => 2 * v));
  });

  it('sees the direction of the light: a sky bright in the south lights a south window more than the overcast', () => {
    const sky = southBright();
    // Both relative to their own horizontal illuminance: the south-bright sky's E_h is above 1.
    const eh = sky.onPlane(0, 0, 1);
    expect(eh).toBeGreaterThan(1);
    const mean = (d: Float32Array, m: Uint8Array) => {
      let s = 0,
        n = 0;
      for (let i = 0; i < d.length; i++)
        if (m[i]) {
          s += d[i]!;
          n++;
        }
      return s / n;
    };
    const cie = simulateRoom(fx.room, { quality: 'draft' });
    const south = simulateRoom(fx.room, { quality: 'draft', sky });
    const ratio = mean(south.df.data, south.mask.data) / eh / mean(cie.df.data, cie.mask.data);
    expect(ratio).toBeGreaterThan(1.15);
  });
});
