import { describe, expect, it } from 'vitest';
import { merge, quad, slab, soup, wallX, type V3 } from './meshBuilders';
import { deg } from '../../src/core/units';
import { CutBuffer, HI, LO, PIECE_STRIDE } from '../../src/core/obstruction/cutBuffer';
import { halfPlane } from '../../src/core/obstruction/halfPlane';
import { buildObstructionScene, obstructionAt, obstructionFan } from '../../src/core/obstruction/index';
import { cutTriangle } from '../../src/core/obstruction/planeCut';

const P = { x: 0, y: 0, z: 1.5 };
const atanDeg = (v: number): number => (Math.atan(v) * 180) / Math.PI;

/** The hidden intervals one triangle yields in the half-plane at `azimuth` from P. */
function cut(
  tri: readonly [V3, V3, V3],
  azimuth = 0,
  viewpoint = P,
): { intervals: [number, number][]; points: number } {
  const buf = new CutBuffer();
  cutTriangle(soup(tri).positions, 0, halfPlane(viewpoint, azimuth), buf);
  const intervals: [number, number][] = [];
  for (let i = 0; i < buf.count; i++)
    intervals.push([buf.data[i * PIECE_STRIDE + LO]!, buf.data[i * PIECE_STRIDE + HI]!]);
  return { intervals, points: buf.pointCount };
}

describe('cutting a triangle with the half-plane: degenerate cases', () => {
  it('a transversal triangle gives one segment; elevations at its clipped ends', () => {
    // Crossings at (10, 0, 0), below P, and (10, 0, 6.5) on the edge to (10, 5, 13).
    const { intervals, points } = cut([
      [10, -5, 0],
      [10, 5, 0],
      [10, 5, 13],
    ]);
    expect(points).toBe(2);
    expect(intervals).toHaveLength(1);
    expect(intervals[0]![0]).toBe(0); // clipped at P's height
    expect(intervals[0]![1]).toBeCloseTo(atanDeg(5 / 10), 12);
  });

  it('a triangle lying in the plane (a wall seen exactly edge-on) hides what its edges span', () => {
    const tri: [V3, V3, V3] = [
      [5, 0, 0],
      [15, 0, 0],
      [5, 0, 11.5],
    ];
    const { intervals, points } = cut(tri);
    expect(points).toBe(4); // three edges, the one at z = 0 wholly below P
    const lo = Math.min(...intervals.map((i) => i[0]));
    const hi = Math.max(...intervals.map((i) => i[1]));
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(atanDeg(10 / 5), 12);
    // One degree off the plane the same wall is not met at all.
    expect(cut(tri, 1).intervals).toEqual([]);
    // In a scene: a free-standing sheet wall exactly in line with the view, from 5 m to 15 m.
    const scene = buildObstructionScene(merge(quad([5, 0, 0], [15, 0, 0], [15, 0, 11.5], [5, 0, 11.5])));
    expect(obstructionAt(scene, P, deg(0)).horizon.obstruction_angle_degrees).toBeCloseTo(atanDeg(2), 12);
    expect(obstructionAt(scene, P, deg(0)).horizon.highest_point).toEqual({ x: 5, y: 0, z: 11.5 });
  });

  it('an edge lying in the plane is the cut; a vertex touching it is a single point that hides nothing', () => {
    const edge = cut([
      [10, 0, 0],
      [10, 0, 11.5],
      [12, 3, 5],
    ]);
    expect(edge.intervals).toEqual([[0, 45]]);
    const vertex = cut([
      [10, 0, 11.5],
      [12, 3, 5],
      [12, 4, 8],
    ]);
    expect(vertex.points).toBe(1);
    expect(vertex.intervals).toEqual([[45, 45]]);
    const scene = buildObstructionScene(
      soup([
        [10, 0, 11.5],
        [12, 3, 5],
        [12, 4, 8],
      ]),
    );
    const at = obstructionAt(scene, P, deg(0));
    expect(at.horizon.obstruction_angle_degrees).toBe(0);
    expect(at.zenith.obstruction_angle_degrees).toBe(0);
    expect(at.horizon.projected_point_count).toBe(1);
  });

  it('a shared edge gives the same cut point in both triangles, whatever their winding', () => {
    const a = cut([
      [10, -3, 0],
      [10, 4, 13],
      [12, 5, 2],
    ]);
    const b = cut([
      [10, 4, 13],
      [10, -3, 0],
      [8, -6, 4],
    ]);
    // Both cut the edge (10,-3,0)–(10,4,13) at z = 39/7: the upper end of a's cut, the lower end of b's.
    expect(a.intervals[0]![1]).toBe(b.intervals[0]![0]);
    expect(a.intervals[0]![1]).toBeCloseTo(atanDeg((39 / 7 - 1.5) / 10), 12);
  });

  it('an edge through P hides nothing (a line through the eye is seen end-on)', () => {
    // The edge runs from below-behind P through P to above-front; the third vertex is off the plane.
    expect(
      cut([
        [-2, 0, -0.5],
        [2, 0, 3.5],
        [0, 3, 1.5],
      ]).intervals,
    ).toEqual([]);
    // A sloped roof plane containing P, cut along a ray from P: zero width, no split of the sky.
    const scene = buildObstructionScene(
      merge(wallX(10, -50, 50, 0, 3.5), [
        [
          [4, 0, 5.5],
          [8, 0, 9.5],
          [6, 2, 1],
        ],
      ]),
    );
    const at = obstructionAt(scene, P, deg(0));
    expect(at.horizon.obstruction_angle_degrees).toBeCloseTo(atanDeg(0.2), 12);
    expect(at.zenith.obstruction_angle_degrees).toBe(0);
  });

  it('geometry straddling P’s height is clipped at it; geometry wholly below hides nothing', () => {
    expect(
      cut([
        [10, -5, -3],
        [10, 5, -3],
        [10, 0, 6.5],
      ]).intervals[0]![0],
    ).toBe(0);
    expect(
      cut([
        [10, -5, -3],
        [10, 5, -3],
        [10, 0, 1.4],
      ]).intervals,
    ).toEqual([]);
    // A slab exactly at P's height, ahead: its cut lies on the horizon line and hides nothing.
    const scene = buildObstructionScene(merge(slab(1.5, 2, 20, -5, 5)));
    expect(obstructionAt(scene, P, deg(0)).horizon.obstruction_angle_degrees).toBe(0);
  });

  it('geometry behind P hides nothing; an overhang reaching over P is clipped at the vertical (90°)', () => {
    expect(
      cut([
        [-10, -5, 0],
        [-10, 5, 0],
        [-10, 0, 30],
      ]).intervals,
    ).toEqual([]);
    const over = cut([
      [-4, -5, 3],
      [2, -5, 3],
      [2, 5, 3],
    ]);
    expect(over.intervals[0]![0]).toBeCloseTo(atanDeg(1.5 / 2), 12);
    expect(over.intervals[0]![1]).toBe(90);
  });

  it('the window’s own facade through P (float32 off by a few ulps) hides nothing', () => {
    // The facade x = 10 with P on it, 3e-5 m behind or in front: without the near-P rule the wall, cut
    // obliquely a hair in front of P, would hide 0°–90° in every direction (45/45 everywhere).
    const facade = wallX(10, -10, 10, 0, 24);
    const street = wallX(30, -60, 60, 0, 21.5);
    const bare = obstructionFan(buildObstructionScene(merge(street)), { x: 10, y: 0, z: 1.5 }, deg(0));
    for (const dx of [0, 3e-5, -3e-5]) {
      const vp = { x: 10 - dx, y: 0, z: 1.5 };
      const fan = obstructionFan(buildObstructionScene(merge(facade, street)), vp, deg(0));
      for (let i = 0; i < 64; i++) {
        expect(fan.horizon[i]).toBeCloseTo(bare.horizon[i]!, 3);
        expect(fan.zenith[i]).toBeLessThan(1e-3);
      }
    }
  });

  it('a wall 2 mm in front of P is not the facade: it hides the sky', () => {
    const fan = obstructionFan(
      buildObstructionScene(merge(wallX(10.002, -10, 10, 0, 24))),
      { x: 10, y: 0, z: 1.5 },
      deg(0),
    );
    expect(fan.horizon[31]).toBe(45); // 0°–~90° hidden: no usable band
  });

  it('treats azimuths modulo 360 and the fan across the 0°/360° wrap', () => {
    const scene = buildObstructionScene(merge(wallX(10, -200, 200, 0, 11.5)));
    expect(obstructionAt(scene, P, deg(360))).toEqual(obstructionAt(scene, P, deg(0)));
    expect(obstructionAt(scene, P, deg(-20))).toEqual(obstructionAt(scene, P, deg(340)));
    // Facing 350°, the east wall is seen from 277.5° to 62.5°: elevation atan(cos(azimuth)).
    const fan = obstructionFan(scene, P, deg(350));
    for (let i = 0; i < 64; i++) {
      const a = (fan.directions[i]! * Math.PI) / 180;
      expect(fan.horizon[i]).toBeCloseTo(Math.cos(a) > 0 ? atanDeg(Math.cos(a)) : 0, 9);
    }
    expect(fan.directions.filter((a) => a > 180)).toHaveLength(36); // 277.5° … 358.06°, then 0.36° … 62.5°
    expect(fan.directions[36]).toBeCloseTo(277.5 + (36 * 145) / 63 - 360, 9);
  });

  it('refuses a non-finite viewpoint or azimuth instead of answering garbage', () => {
    const scene = buildObstructionScene(merge(wallX(10, -50, 50, 0, 11.5)));
    expect(() => obstructionAt(scene, { x: NaN, y: 0, z: 1.5 }, deg(0))).toThrow(RangeError);
    expect(() => obstructionFan(scene, P, deg(Infinity))).toThrow(RangeError);
    expect(() => buildObstructionScene({ positions: new Float32Array(10) })).toThrow(/multiple of 9/);
  });
});
