import { describe, expect, it } from 'vitest';
import { merge, slab, wallX } from './meshBuilders';
import { addBox } from './randomScenes';
import { deg } from '../../src/core/units';
import { buildObstructionScene, obstructionAt, obstructionFan } from '../../src/core/obstruction/index';

const P = { x: 0, y: 0, z: 1.5 };
const atanDeg = (v: number): number => (Math.atan(v) * 180) / Math.PI;
/** Offset of fan direction i from the normal, radians. */
const theta = (i: number): number => ((-72.5 + (i * 145) / 63) * Math.PI) / 180;

describe('typical readings (conventions.md)', () => {
  it('a facing building 10 m higher than P at 10 m gives horizon 45° straight ahead', () => {
    const scene = buildObstructionScene(merge(wallX(10, -50, 50, 0, 11.5)));
    const { horizon, zenith } = obstructionAt(scene, P, deg(0));
    expect(horizon.obstruction_angle_degrees).toBeCloseTo(45, 12);
    expect(horizon.obstruction_angle_radians).toBeCloseTo(Math.PI / 4, 12);
    expect(horizon.highest_point).toEqual({ x: 10, y: 0, z: 11.5 });
    expect(zenith.obstruction_angle_degrees).toBe(0);
    expect(zenith.highest_point).toBeNull();
    // Two triangles meet the plane; each contributes one clipped segment of two cut points.
    expect(horizon.projected_point_count).toBe(4);
    expect(zenith.projected_point_count).toBe(4);
  });

  it('the same wall across the fan gives atan(cos θ), zenith 0', () => {
    const fan = obstructionFan(buildObstructionScene(merge(wallX(10, -50, 50, 0, 11.5))), P, deg(0));
    for (let i = 0; i < 64; i++) {
      expect(fan.horizon[i]).toBeCloseTo(atanDeg(Math.cos(theta(i))), 10);
      expect(fan.zenith[i]).toBe(0);
    }
    expect(fan.horizon[0]).toBeCloseTo(16.73633732852692, 10);
  });

  it('a balcony slab 1.5 m above P reaching 1.5 m out gives zenith 45° straight ahead', () => {
    const scene = buildObstructionScene(merge(slab(3, -1, 1.5, -5, 5)));
    const { horizon, zenith } = obstructionAt(scene, P, deg(0));
    expect(horizon.obstruction_angle_degrees).toBe(0);
    expect(horizon.highest_point).toBeNull();
    expect(zenith.obstruction_angle_degrees).toBeCloseTo(45, 12);
    expect(zenith.highest_point).toEqual({ x: 1.5, y: 0, z: 3 });
    const fan = obstructionFan(scene, P, deg(0));
    for (let i = 0; i < 64; i++) expect(fan.zenith[i]).toBeCloseTo(90 - atanDeg(Math.cos(theta(i))), 10);
  });

  it('a lower wall and the balcony: horizon from the wall top, zenith from the slab edge', () => {
    const scene = buildObstructionScene(merge(wallX(10, -50, 50, 0, 6.5), slab(3, -1, 1.5, -5, 5)));
    const { horizon, zenith } = obstructionAt(scene, P, deg(0));
    expect(horizon.obstruction_angle_degrees).toBeCloseTo(atanDeg(0.5), 12);
    expect(horizon.highest_point).toEqual({ x: 10, y: 0, z: 6.5 });
    expect(zenith.obstruction_angle_degrees).toBeCloseTo(45, 12);
    expect(zenith.highest_point).toEqual({ x: 1.5, y: 0, z: 3 });
  });

  it('an empty mesh gives 0/0 with no points', () => {
    const scene = buildObstructionScene({ positions: new Float32Array(0) });
    const fan = obstructionFan(scene, P, deg(123));
    expect(fan.horizon).toEqual(new Array(64).fill(0));
    expect(fan.zenith).toEqual(new Array(64).fill(0));
    expect(obstructionAt(scene, P, deg(0))).toEqual({
      horizon: {
        obstruction_angle_degrees: 0,
        obstruction_angle_radians: 0,
        highest_point: null,
        projected_point_count: 0,
      },
      zenith: {
        obstruction_angle_degrees: 0,
        obstruction_angle_radians: 0,
        highest_point: null,
        projected_point_count: 0,
      },
    });
  });

  it('geometry only behind the facade or below P obstructs nothing: 0/0', () => {
    const scene = buildObstructionScene(merge(wallX(-10, -50, 50, 0, 30), slab(1.4, -5, 30, -30, 30)));
    const fan = obstructionFan(scene, P, deg(0));
    expect(fan.horizon).toEqual(new Array(64).fill(0));
    expect(fan.zenith).toEqual(new Array(64).fill(0));
  });

  it('an enclosed box gives 45/45 everywhere, with no defining point', () => {
    const out: number[] = [];
    addBox(out, 0, 0, 40, 40, 30, 0, -5);
    const scene = buildObstructionScene({ positions: new Float32Array(out) });
    const fan = obstructionFan(scene, P, deg(0));
    expect(fan.horizon).toEqual(new Array(64).fill(45));
    expect(fan.zenith).toEqual(new Array(64).fill(45));
    const at = obstructionAt(scene, P, deg(0));
    expect(at.horizon.highest_point).toBeNull();
    expect(at.zenith.highest_point).toBeNull();
    expect(at.horizon.obstruction_angle_radians).toBe(Math.PI / 4);
  });

  describe('the 4° band rule', () => {
    // A wall whose top is at 40° elevation, and an overhang from behind P whose edge is at e2.
    const scene = (e2: number) => {
      const h2 = 10; // overhang height above P
      const edge = h2 / Math.tan((e2 * Math.PI) / 180);
      return buildObstructionScene(
        merge(
          wallX(20, -50, 50, 0, P.z + 20 * Math.tan((40 * Math.PI) / 180)),
          slab(P.z + h2, -5, edge, -50, 50),
        ),
      );
    };
    it('a 3.9° band is ignored: no usable band, 45/45', () => {
      expect(obstructionFan(scene(43.9), P, deg(0)).horizon[31]).toBe(45);
      const at = obstructionAt(scene(43.9), P, deg(0));
      expect(at.horizon.obstruction_angle_degrees).toBe(45);
      expect(at.zenith.obstruction_angle_degrees).toBe(45);
    });
    it('a 4.1° band is used', () => {
      const at = obstructionAt(scene(44.1), P, deg(0));
      expect(at.horizon.obstruction_angle_degrees).toBeCloseTo(40, 5);
      expect(at.zenith.obstruction_angle_degrees).toBeCloseTo(90 - 44.1, 5);
    });
  });

  it('the widest band wins over a lower one; on a tie the lowest', () => {
    // A floating screen (vertical, 10 m ahead) hiding 20°…50°: bands [0, 20] and [50, 90] → the upper.
    const screen = (lo: number, hi: number) =>
      buildObstructionScene(
        merge(
          wallX(
            10,
            -50,
            50,
            P.z + 10 * Math.tan((lo * Math.PI) / 180),
            P.z + 10 * Math.tan((hi * Math.PI) / 180),
          ),
        ),
      );
    const wide = obstructionAt(screen(20, 50), P, deg(0));
    expect(wide.horizon.obstruction_angle_degrees).toBeCloseTo(50, 5);
    expect(wide.zenith.obstruction_angle_degrees).toBe(0);
    // Hiding 30°…60°: bands [0, 30] and [60, 90] tie → the lower one.
    const tie = obstructionAt(screen(30, 60), P, deg(0));
    expect(tie.horizon.obstruction_angle_degrees).toBe(0);
    expect(tie.zenith.obstruction_angle_degrees).toBeCloseTo(60, 5);
    expect(tie.zenith.highest_point!.z).toBeCloseTo(P.z + 10 * Math.tan(Math.PI / 6), 5);
  });

  it('orders the fan from the right-hand end (index 0) to the left-hand end (index 63)', () => {
    // Looking out east, a wall only on the north side (y ≥ 0) is on the left: indices 32–63.
    const scene = buildObstructionScene(merge(wallX(10, 0, 50, 0, 11.5)));
    const fan = obstructionFan(scene, P, deg(0));
    for (let i = 0; i < 32; i++) expect(fan.horizon[i]).toBe(0);
    for (let i = 32; i < 64; i++) expect(fan.horizon[i]).toBeCloseTo(atanDeg(Math.cos(theta(i))), 10);
    expect(fan.directions[0]).toBe(287.5);
    expect(fan.directions[63]).toBe(72.5);
  });

  it('reuses one scene for several viewpoints and windows', () => {
    const scene = buildObstructionScene(
      merge(wallX(10, -50, 50, 0, 11.5), [
        [
          [20, 20, 0],
          [20, 30, 0],
          [20, 25, 40],
        ],
      ]),
    );
    const a = obstructionAt(scene, P, deg(0));
    const b = obstructionAt(scene, { x: 5, y: 0, z: 1.5 }, deg(0));
    expect(a.horizon.obstruction_angle_degrees).toBeCloseTo(45, 12);
    expect(b.horizon.obstruction_angle_degrees).toBeCloseTo(atanDeg(2), 12);
    expect(obstructionAt(scene, P, deg(0))).toEqual(a);
  });
});
