import { describe, expect, it } from 'vitest';
import { patchBasis } from '../../src/core/climate/patchBasis';
import { reinhartPatches } from '../../src/core/climate/patches';
import { daylightCoefficients } from '../../src/core/engine/dc/coefficients';
import { DEFAULT_GLAZING } from '../../src/core/engine/glazing';
import { frameWidth } from '../../src/core/engine/model';
import { roofWindowAttic, skylitOffice, thinWallRoom } from './scenes';

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

describe('the direct sun through a skylight', () => {
  it('brings onto the work plane what passes the glass and the well; a low sun none', () => {
    // skylitOffice's skylight alone: 1.2 × 1 m, frame 15 %, in a 0.3 m roof slab, 2.2 m above the work
    // plane. A sun at 70° due south passes the well almost whole (its beam shifts 0.11 m in the slab); at
    // 10° its beam crosses the slab 1.7 m sideways, more than the opening is wide.
    const sun = new Float64Array([...sunAt(70, 180), ...sunAt(10, 180), ...sunAt(90, 0)]);
    const dc = daylightCoefficients(skylitOffice(false), basis, { quality: 'draft', sun });
    expect(dc.windows.map((w) => w.id)).toEqual(['s1']);
    const s = dc.windows[0]!.sun;
    const sinA = Math.sin((70 * Math.PI) / 180);
    const cell = dc.resolution * dc.resolution;
    // Every lit cell gets T(θ) · sin(altitude), θ the incidence on the level glass (cos θ = sin altitude).
    for (let e = s.offsets[0]!; e < s.offsets[1]!; e++)
      expect(s.factors[e]).toBeCloseTo(DEFAULT_GLAZING.transmittanceAt(sinA) * sinA, 5);
    // Lumens per lux of direct-normal illuminance: the glass's projection on the beam less what the well's
    // sides cut (the beam's 0.11 m shift across the opening's 1.2 m side, the frame's band aside).
    const glass = 0.85 * 1.2 * 1;
    const through = glass * sinA * DEFAULT_GLAZING.transmittanceAt(sinA);
    const onPlane = lit(s, 0).sum * cell;
    expect(onPlane / through).toBeGreaterThan(0.82);
    expect(onPlane / through).toBeLessThan(1.0);
    expect(lit(s, 1).cells).toBe(0);
    // The sun overhead: exactly the cells whose centres lie under the glass (the opening less the frame's
    // band, b = 0.043 m: 12 × 10 of them), none lost in the well.
    const b = frameWidth(1.2, 1, 0.15);
    const under = [...dc.cells].filter((idx) => {
      const x = dc.origin.x + ((idx % dc.cols) + 0.5) * dc.resolution,
        y = dc.origin.y - (Math.floor(idx / dc.cols) + 0.5) * dc.resolution;
      return x > 2 + b && x < 3.2 - b && y > 1.5 + b && y < 2.5 - b;
    });
    expect(lit(s, 2).cells).toBe(under.length);
    expect(under).toHaveLength(120);
  }, 30_000);
});

describe('the direct sun through a roof window in a slope', () => {
  it('lets in the sun through the tilted pane, less the band its beam shifts in the slab; none from behind', () => {
    // roofWindowAttic's roof window: 1.2 × 1.2 m in plan, frame 15 %, in the south slope (rising k = 1.24
    // northward: the pane faces south, tilted 51°), 1.4–2.9 m above the work plane. A sun due south at 60°
    // meets the pane at cos θ = (k cos 60° + sin 60°) / √(1 + k²) and lands on the work plane 0.8–1.7 m
    // further north, inside the room; one due north at 30° is behind the pane's plane.
    const k = 3.1 / 2.5;
    const sun = new Float64Array([...sunAt(60, 180), ...sunAt(30, 0)]);
    const dc = daylightCoefficients(roofWindowAttic(), basis, { quality: 'draft', sun });
    const s = dc.windows.find((w) => w.id === 's1')!.sun;
    const alt = Math.PI / 3;
    const cosI = (k * Math.cos(alt) + Math.sin(alt)) / Math.hypot(k, 1);
    for (let e = s.offsets[0]!; e < s.offsets[1]!; e++)
      expect(s.factors[e]).toBeCloseTo(DEFAULT_GLAZING.transmittanceAt(cosI) * Math.sin(alt), 5);
    // Through the pane: the glass in plan times √(1 + k²) (its true area), times cos θ. In the slab the beam
    // crosses the slab's 0.3 m (vertical) in t = 0.3 / (sin alt + k cos alt), shifting north by t·cos alt
    // in plan; the inner opening cuts what passes beyond it, less the frame's band.
    const b = frameWidth(1.2, 1.2, 0.15);
    const through = (1.2 - 2 * b) ** 2 * Math.hypot(k, 1) * cosI * DEFAULT_GLAZING.transmittanceAt(cosI);
    const shift = (0.3 / (Math.sin(alt) + k * Math.cos(alt))) * Math.cos(alt);
    const kept = 1 - Math.max(0, shift - b) / (1.2 - 2 * b);
    // On 0.1 m cells the lit patch's edges fall a cell either way: its light within 10 % of the beam's.
    const onPlane = lit(s, 0).sum * dc.resolution * dc.resolution;
    expect(onPlane / (through * kept)).toBeGreaterThan(0.9);
    expect(onPlane / (through * kept)).toBeLessThan(1.1);
    // Exactly: the cells whose centres' beams (from the work plane at z = 6.8) pass the glass (z = 7.5 + k·y,
    // inside the frame) and the opening in the ceiling (z = 7.2 + k·y).
    const beam = (x: number, y: number, lift: number): [number, number] => {
      const t = (7.2 + lift + k * y - 6.8) / (Math.sin(alt) + k * Math.cos(alt));
      return [x, y - t * Math.cos(alt)];
    };
    const inside = ([x, y]: [number, number], m: number) =>
      x > 2.2 + m && x < 3.4 - m && y > 0.8 + m && y < 2 - m;
    const expected = [...dc.cells].filter((idx) => {
      const x = dc.origin.x + ((idx % dc.cols) + 0.5) * dc.resolution,
        y = dc.origin.y - (Math.floor(idx / dc.cols) + 0.5) * dc.resolution;
      return inside(beam(x, y, 0.3), b) && inside(beam(x, y, 0), 0);
    });
    expect(lit(s, 0).cells).toBe(expected.length);
    expect(lit(s, 1).cells).toBe(0);
  }, 30_000);
});
