import { describe, expect, it } from 'vitest';
import { patchBasis } from '../../src/core/climate/patchBasis';
import { reinhartPatches } from '../../src/core/climate/patches';
import { daylightCoefficients } from '../../src/core/engine/dc/coefficients';
import { DEFAULT_GLAZING } from '../../src/core/engine/glazing';
import { thinWallRoom } from './scenes';

/** The direct sun through the glass (issue 32): its beam's light conserved, and shaded where it should be. */
const basis = patchBasis(reinhartPatches(1));

/** Unit vector towards a sun at `altitude` above the horizon, `bearing` clockwise from north. */
function sunAt(altitude: number, bearing: number): number[] {
  const a = (altitude * Math.PI) / 180,
    b = (bearing * Math.PI) / 180;
  return [Math.cos(a) * Math.sin(b), Math.cos(a) * Math.cos(b), Math.sin(a)];
}

const lit = (s: { offsets: Int32Array; factors: Float32Array }, k: number) => {
  let sum = 0;
  for (let e = s.offsets[k]!; e < s.offsets[k + 1]!; e++) sum += s.factors[e]!;
  return { cells: s.offsets[k + 1]! - s.offsets[k]!, sum };
};

describe('the direct sun through a window', () => {
  it('brings onto the work plane what passes the clear glass (a south window, no surroundings)', () => {
    // R01's room: a 2 × 1.5 m opening, frame ratio 0.2, in a south wall (y = 0) of zero thickness, sill
    // 0.9 m above the floor; the work plane is 0.8 m up, so a sun due south at 30° or 45° lands wholly
    // on it, inside the room.
    const sun = new Float64Array([...sunAt(30, 180), ...sunAt(45, 180), ...sunAt(30, 0)]);
    const dc = daylightCoefficients(thinWallRoom(false), basis, { quality: 'draft', sun });
    const s = dc.windows[0]!.sun;
    const glass = 0.8 * 2 * 1.5;
    for (const [k, altitude] of [
      [0, 30],
      [1, 45],
    ] as const) {
      const cosI = Math.cos((altitude * Math.PI) / 180); // incidence on the vertical glass, sun normal to it
      // Lumens per lux of direct-normal illuminance: through the glass, and on the work plane (0.1 m cells).
      const through = glass * cosI * DEFAULT_GLAZING.transmittanceAt(cosI);
      const onPlane = lit(s, k).sum * dc.resolution * dc.resolution;
      expect(onPlane / through).toBeGreaterThan(0.97);
      expect(onPlane / through).toBeLessThan(1.03);
    }
    // A sun behind the facade (due north) brings nothing.
    expect(lit(s, 2).cells).toBe(0);
  }, 30_000);

  it('is shaded by a block across the street, and not above its top', () => {
    // A block 12–22 m south of the facade, 10.5 m tall: from the window (~2 m up) its top stands ~35° high.
    const sun = new Float64Array([...sunAt(20, 180), ...sunAt(55, 180)]);
    const dc = daylightCoefficients(thinWallRoom(true), basis, { quality: 'draft', sun });
    const s = dc.windows[0]!.sun;
    expect(lit(s, 0).cells).toBe(0);
    expect(lit(s, 1).cells).toBeGreaterThan(100);
  }, 30_000);
});
