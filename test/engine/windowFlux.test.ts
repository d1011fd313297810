import { describe, expect, it } from 'vitest';
import type { EngineRoom } from '../../src/core/engine/model';
import { windowFluxes } from '../../src/core/engine/windowFlux';
import { loadFixture } from './radianceFixtures';

/**
 * The window flux (lux-frame-3's scalars) against closed-form illuminances, and the difference a slab
 * makes that obstruction angles alone cannot show.
 */

/** Vertical illuminance from the CIE overcast sky above elevation `from` (fraction of E_h), midpoint rule. */
function verticalSky(from = 0): number {
  const n = 2000;
  let sum = 0;
  for (let a = 0; a < n; a++) {
    const g = from + ((a + 0.5) / n) * (Math.PI / 2 - from);
    // ∫ cos φ dφ over the half-space in front of the window = 2; the solid angle element is cos γ dγ dφ.
    sum += ((1 + 2 * Math.sin(g)) / 3) * Math.cos(g) * Math.cos(g) * 2;
  }
  return (sum * ((Math.PI / 2 - from) / n)) / ((7 * Math.PI) / 9);
}

/** A floating box (12 triangles) from (x0, y0, z0) to (x1, y1, z1). */
function slab(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): number[][] {
  const c = (i: number): number[] => [i & 1 ? x1 : x0, i & 2 ? y1 : y0, i & 4 ? z1 : z0];
  const quads = [
    [0, 1, 3, 2],
    [4, 6, 7, 5],
    [0, 4, 5, 1],
    [2, 3, 7, 6],
    [0, 2, 6, 4],
    [1, 5, 7, 3],
  ];
  return quads.flatMap(([a, b, d, e]) => [c(a!), c(b!), c(d!), c(a!), c(d!), c(e!)]);
}

describe('window flux', () => {
  const open = loadFixture('R01_rect_south_open.json').room;

  it('open sky: the CIE overcast vertical illuminance from above, ground light from below, no surfaces', () => {
    const [f] = windowFluxes(open);
    expect(verticalSky()).toBeCloseTo(0.396, 3); // the textbook vertical/horizontal ratio
    expect(f!.skyDown).toBeGreaterThan(verticalSky() * 0.98);
    expect(f!.skyDown).toBeLessThan(verticalSky() * 1.02);
    expect(f!.surfaceDown).toBe(0);
    // Terrain of reflectance ρ lit by the whole sky gives ρ/2 on a vertical plane; the building's own
    // shadow on the ground in front of it takes some of that.
    const rho = open.parameters.terrain_reflectance ?? 0.2;
    expect(f!.up).toBeGreaterThan(0.3 * rho);
    expect(f!.up).toBeLessThan(0.5 * rho);
  });

  it('uniform horizon angles: the sky above them, and the obstruction light in place of the rest', () => {
    const h = 30;
    const room: EngineRoom = {
      ...open,
      parameters: {
        ...open.parameters,
        windows: open.parameters.windows.map((w) => ({
          ...w,
          horizon: new Array(64).fill(h),
          zenith: new Array(64).fill(0),
        })),
      },
    };
    const [f] = windowFluxes(room);
    // The 64 sectors span ±72.5° about the normal; beyond them the sky stays open down to the horizon.
    expect(f!.skyDown).toBeLessThan(verticalSky() * 0.8);
    expect(f!.skyDown).toBeGreaterThan(verticalSky((h * Math.PI) / 180));
    expect(f!.surfaceDown).toBeGreaterThan(0.01);
  });

  it('a slab over the window takes sky and adds the light of its soffit', () => {
    // R01's window: x 1–3 m in the south wall (outer face y = −0.3), head at z = 2.9.
    const over = slab(-1, -2.3, 3.0, 5, -0.3, 3.2);
    const room: EngineRoom = { ...open, mesh: { positions: Float32Array.from(over.flat()) } };
    const [a] = windowFluxes(open);
    const [b] = windowFluxes(room);
    expect(b!.skyDown).toBeLessThan(0.8 * a!.skyDown);
    // Steep sky goes first: what remains comes in lower, further into the room.
    expect(b!.skySteep / b!.skyDown).toBeLessThan(a!.skySteep / a!.skyDown);
    expect(b!.surfaceDown).toBeGreaterThan(0.005);
    expect(Math.abs(b!.up - a!.up)).toBeLessThan(0.3 * a!.up);
  });

  it('is deterministic', () => {
    expect(windowFluxes(open)).toEqual(windowFluxes(open));
  });
});

describe('the accurate flux settings (issue 35 §3)', () => {
  it('read a street canyon’s surfaces nearer a fine reference than lux-frame-3’s settings', async () => {
    const { canyonRoom } = await import('./scenes');
    const { FLUX_ACCURATE, FLUX_QUALITY, FLUX_REFERENCE } = await import('../../src/core/engine/windowFlux');
    const room = canyonRoom();
    const fine = windowFluxes(room, 7, FLUX_REFERENCE)[0]!;
    const accurate = windowFluxes(room, 1, FLUX_ACCURATE)[0]!;
    const coarse = windowFluxes(room, 1, FLUX_QUALITY)[0]!;
    for (const k of ['surfaceDown', 'up'] as const) {
      const err = Math.abs(accurate[k] / fine[k] - 1);
      expect(err, k).toBeLessThan(0.04);
      expect(err, k).toBeLessThanOrEqual(Math.abs(coarse[k] / fine[k] - 1) + 0.01);
    }
  }, 60_000);
});
