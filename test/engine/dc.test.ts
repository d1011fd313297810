import { describe, expect, it } from 'vitest';
import { patchBasis } from '../../src/core/climate/patchBasis';
import { reinhartPatches } from '../../src/core/climate/patches';
import { perezSky } from '../../src/core/climate/perez';
import { skyVector } from '../../src/core/climate/skyVector';
import { Coupling } from '../../src/core/engine/coupling';
import { daylightCoefficients, type DaylightCoefficients } from '../../src/core/engine/dc/coefficients';
import { solveRadiosityBasis } from '../../src/core/engine/dc/radiosityBasis';
import { buildRoomModel, type EngineRoom } from '../../src/core/engine/model';
import { buildPatches } from '../../src/core/engine/patches';
import { solveRadiosity } from '../../src/core/engine/radiosity';
import { simulateRoom } from '../../src/core/engine/simulate';
import type { Sky } from '../../src/core/engine/sky';
import { planVisibility } from '../../src/core/engine/visibility';
import { rad } from '../../src/core/units';
import {
  angleRoom,
  attic,
  canyonRoom,
  noDepthRoom,
  roofWindowAttic,
  skylitOffice,
  thinWallRoom,
} from './scenes';

/**
 * Daylight coefficients (issue 32): the room's light per sky patch, so that any sky is a matrix product.
 * Checked against the engine itself run under the same sky (constant over each patch, as the coefficients
 * assume), on scenes of this file's own: a deep street canyon, a block across the street, a context given
 * by angles only, and a room with no context.
 */
const patches = reinhartPatches(1);
const basis = patchBasis(patches);

const toward = (altitude: number, bearing: number) => {
  const a = (altitude * Math.PI) / 180,
    b = (bearing * Math.PI) / 180;
  return { x: Math.cos(a) * Math.sin(b), y: Math.cos(a) * Math.cos(b), z: Math.sin(a) };
};

/** Two hours' skies as patch vectors: clear with the sun in the south-west at 40°, and overcast. */
const HOURS = {
  clear: skyVector(
    perezSky({
      sunZenith: rad((50 * Math.PI) / 180),
      sun: toward(40, 210),
      dayOfYear: 130,
      directNormalIrradiance: 750,
      diffuseHorizontalIrradiance: 110,
    }),
    patches,
  ).luminance,
  overcast: skyVector(
    perezSky({
      sunZenith: rad((60 * Math.PI) / 180),
      sun: toward(30, 120),
      dayOfYear: 330,
      directNormalIrradiance: 0,
      diffuseHorizontalIrradiance: 220,
    }),
    patches,
  ).luminance,
};

/** The patch vector as the engine's Sky: the patch's luminance everywhere in it. */
function patchSky(v: Float64Array): Sky {
  const plane = new Float64Array(patches.count);
  return {
    luminance: (dx, dy, dz) => (dz > 0 ? v[patches.patchOf(dx, dy, dz)]! : 0),
    onPlane(nx, ny, nz) {
      basis.onPlane(nx, ny, nz, plane);
      let e = 0;
      for (let c = 1; c < patches.count; c++) e += plane[c]! * v[c]!;
      return e;
    },
  };
}

/** Each cell's illuminance (lux) under the sky vector: the coefficients of every window times it. */
function cellsUnder(dc: DaylightCoefficients, v: Float64Array): Float64Array {
  const out = new Float64Array(dc.cells.length);
  for (const w of dc.windows)
    for (let i = 0; i < out.length; i++) {
      let e = 0;
      for (let c = 0; c < dc.P; c++) e += w.total[i * dc.P + c]! * v[c]!;
      out[i] = out[i]! + e;
    }
  return out;
}

const SCENES: [string, () => EngineRoom, number][] = [
  // Measured (draft quality, the clear and the overcast hour): −2.2 and −0.9 %, −0.3 and −0.1 %, under
  // 0.1 % for the last two.
  ['a deep street canyon', canyonRoom, 0.03],
  ['a block across the street', () => thinWallRoom(true), 0.01],
  ['a context given by angles', angleRoom, 0.01],
  ['a window in a wall of no depth, its glass a hair from the room', noDepthRoom, 0.01],
  ['no context', () => thinWallRoom(false), 0.01],
  ['an attic under a gable roof', () => attic(), 0.01],
  ['a skylight and a window', () => skylitOffice(), 0.01],
  ['a skylight alone', () => skylitOffice(false), 0.01],
  ['roof windows in an attic’s slopes', () => roofWindowAttic(false), 0.01],
];

describe('daylight coefficients', () => {
  for (const [name, scene, tolerance] of SCENES) {
    it(`equal the engine under the same sky: ${name}`, () => {
      const room = scene();
      const dc = daylightCoefficients(room, basis, { quality: 'draft' });
      expect(dc.P).toBe(146);
      for (const v of Object.values(HOURS)) {
        const byDc = cellsUnder(dc, v);
        const engine = simulateRoom(room, { quality: 'draft', sky: patchSky(v) }).df.data;
        // The engine's map is 100 × the illuminance (its DF is relative to a sky whose E_h is 1).
        let a = 0,
          b = 0,
          dev = 0;
        dc.cells.forEach((cell, i) => {
          const e = engine[cell]! / 100;
          a += byDc[i]!;
          b += e;
          dev += Math.abs(byDc[i]! - e);
        });
        // Room means within the tolerance: the coefficients find the outside's sky light by a shadow ray per
        // patch, the engine by its control variate, which it clamps at 0 where a point sees little sky (a
        // canyon); cells within a point more than that, of the mean, on average.
        expect(Math.abs(a / b - 1), `${name}: room mean`).toBeLessThan(tolerance);
        expect(dev / b, `${name}: cell by cell`).toBeLessThan(tolerance + 0.01);
      }
    }, 30_000);
  }

  it('keep the sky seen straight through the glass apart, a part of the whole', () => {
    const dc = daylightCoefficients(thinWallRoom(true), basis, { quality: 'draft' });
    const w = dc.windows[0]!;
    let direct = 0,
      total = 0;
    for (let i = 0; i < dc.cells.length; i++) {
      // Per cell over all channels (a single channel's exterior part may be slightly negative: see
      // exteriorBasis.ts), the sky seen directly is part of all the light.
      let d = 0,
        t = 0;
      for (let c = 0; c < dc.P; c++) {
        d += w.direct[i * dc.P + c]!;
        t += w.total[i * dc.P + c]!;
      }
      expect(d).toBeLessThan(t);
      direct += d;
      total += t;
    }
    expect(direct / total).toBeGreaterThan(0.2);
    expect(direct / total).toBeLessThan(0.9);
    // The ground patch (channel 0) lights nothing: the engine's terrain reflects the sky patches.
    for (let i = 0; i < dc.cells.length; i++) expect(w.total[i * dc.P]).toBe(0);
  }, 30_000);

  it('solve the interreflection for every channel at once as the engine does for one', () => {
    const room = thinWallRoom(false);
    const model = buildRoomModel(room);
    const p = buildPatches(model, 0.6);
    const F = new Float32Array(p.count * p.count);
    new Coupling(p, model, planVisibility(model)).fillRows(F, 0, p.count);
    // Three channels of arbitrary window light on the patches.
    const P = 3;
    const W = new Float64Array(p.count * P);
    for (let i = 0; i < p.count; i++) for (let c = 0; c < P; c++) W[i * P + c] = ((i * 7 + c * 13) % 17) / 17;
    const [B] = solveRadiosityBasis(p, F, [W], P);
    for (let c = 0; c < P; c++) {
      const one = Float64Array.from({ length: p.count }, (_, i) => W[i * P + c]!);
      const ref = solveRadiosity(p, F, [one], Infinity);
      let worst = 0,
        peak = 0;
      for (let i = 0; i < p.count; i++) {
        worst = Math.max(worst, Math.abs(B![i * P + c]! - ref[i]!));
        peak = Math.max(peak, ref[i]!);
      }
      // The engine's series stops at 1e-4 of its peak order and adds a geometric tail.
      expect(worst / peak).toBeLessThan(2e-3);
    }
  });
});
