import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deg } from '../../src/core/units';
import { CutBuffer, HI, LO, PIECE_STRIDE } from '../../src/core/obstruction/cutBuffer';
import { halfPlane } from '../../src/core/obstruction/halfPlane';
import { buildObstructionScene, obstructionFan } from '../../src/core/obstruction/index';
import { collectCuts } from '../../src/core/obstruction/obstructionScene';
import { ANGLE_EPS_DEG, MIN_BAND_DEG } from '../../src/core/obstruction/skyBands';

/**
 * Properties that hold under the widest-band rule. Not "more geometry never lowers the horizon": a new
 * overhang can make a lower band the widest. What does hold is that hidden sets only grow, so the chosen
 * band of a larger scene lies inside a sky band of the smaller one and is no wider than its widest.
 * Runs are seeded so that a failure reproduces.
 */
const P = { x: 0, y: 0, z: 2 };
const coord = fc.double({ min: -30, max: 30, noNaN: true });
const height = fc.double({ min: -5, max: 25, noNaN: true });
const vertex = fc.tuple(coord, coord, height);
const triangle = fc.tuple(vertex, vertex, vertex);
const triangles = fc.array(triangle, { minLength: 0, maxLength: 40 });
const direction = fc.double({ min: 0, max: 359.999, noNaN: true });
const flat = (ts: [number, number, number][][]): Float32Array => new Float32Array(ts.flat(2));
const RUNS = { seed: 20240611, numRuns: 150 };

const isFallback = (h: number, z: number): boolean => h === 45 && z === 45;

describe('obstruction properties (fast-check)', () => {
  it('every answer is the 45/45 fallback or a band wider than 4°: h ≥ 0, z ≥ 0, h + z < 86', () => {
    fc.assert(
      fc.property(triangles, direction, (ts, d) => {
        const fan = obstructionFan(buildObstructionScene({ positions: flat(ts) }), P, deg(d));
        fan.horizon.forEach((h, i) => {
          const z = fan.zenith[i]!;
          if (isFallback(h, z)) return;
          expect(h).toBeGreaterThanOrEqual(0);
          expect(z).toBeGreaterThanOrEqual(0);
          expect(90 - z - h).toBeGreaterThan(MIN_BAND_DEG);
        });
      }),
      RUNS,
    );
  });

  it('adding geometry: the new band lies in a sky band of the old scene and is no wider than its widest', () => {
    fc.assert(
      fc.property(triangles, triangles, direction, (base, extra, d) => {
        const small = buildObstructionScene({ positions: flat(base) });
        const a = obstructionFan(small, P, deg(d));
        const b = obstructionFan(buildObstructionScene({ positions: flat([...base, ...extra]) }), P, deg(d));
        const buf = new CutBuffer();
        b.directions.forEach((azimuth, i) => {
          const [ha, za, hb, zb] = [a.horizon[i]!, a.zenith[i]!, b.horizon[i]!, b.zenith[i]!];
          if (isFallback(ha, za)) {
            expect(isFallback(hb, zb)).toBe(true);
            return;
          }
          if (isFallback(hb, zb)) return;
          expect(90 - zb - hb).toBeLessThanOrEqual(90 - za - ha + ANGLE_EPS_DEG);
          // Nothing of the old scene hides any part of the new band.
          buf.reset();
          collectCuts(small, halfPlane(P, azimuth), buf);
          for (let k = 0; k < buf.count; k++) {
            const lo = buf.data[k * PIECE_STRIDE + LO]!;
            const hi = buf.data[k * PIECE_STRIDE + HI]!;
            if (hi - lo <= ANGLE_EPS_DEG) continue;
            expect(Math.min(hi, 90 - zb) - Math.max(lo, hb)).toBeLessThanOrEqual(ANGLE_EPS_DEG);
          }
        });
      }),
      RUNS,
    );
  });

  it('geometry wholly behind the facade plane or wholly below P changes nothing', () => {
    const behindOrBelow = fc.oneof(
      fc
        .tuple(vertex, vertex, vertex)
        .map((t) => t.map(([x, y, z]) => [-Math.abs(x) - 1e-3, y, z] as [number, number, number])),
      fc
        .tuple(vertex, vertex, vertex)
        .map((t) => t.map(([x, y, z]) => [x, y, P.z - 1e-3 - Math.abs(z)] as [number, number, number])),
    );
    fc.assert(
      fc.property(triangles, fc.array(behindOrBelow, { maxLength: 20 }), (base, hidden) => {
        // Facing +x (d = 0): every fan direction points into x > 0.
        const a = obstructionFan(buildObstructionScene({ positions: flat(base) }), P, deg(0));
        const b = obstructionFan(buildObstructionScene({ positions: flat([...base, ...hidden]) }), P, deg(0));
        expect(b).toEqual(a);
      }),
      RUNS,
    );
  });

  it('mirroring the scene across the normal reverses the fan (right-hand end ↔ left-hand end)', () => {
    fc.assert(
      fc.property(triangles, (ts) => {
        const mirrored = ts.map((t) => t.map(([x, y, z]) => [x, -y, z] as [number, number, number]));
        const a = obstructionFan(buildObstructionScene({ positions: flat(ts) }), P, deg(0));
        const b = obstructionFan(buildObstructionScene({ positions: flat(mirrored) }), P, deg(0));
        for (let i = 0; i < 64; i++) {
          expect(b.horizon[63 - i]).toBeCloseTo(a.horizon[i]!, 7);
          expect(b.zenith[63 - i]).toBeCloseTo(a.zenith[i]!, 7);
        }
      }),
      RUNS,
    );
  });
});
