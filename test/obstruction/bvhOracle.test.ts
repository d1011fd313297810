import { describe, expect, it } from 'vitest';
import { bruteForceAt, type BruteForceResult } from './bruteForce';
import { gridScene, randomScene } from './randomScenes';
import { seededRandom } from './seededRandom';
import { syntheticCity } from './syntheticCity';
import type { Point3 } from '../../src/core/geometry/vec';
import { deg } from '../../src/core/units';
import { CutBuffer } from '../../src/core/obstruction/cutBuffer';
import { fanDirections } from '../../src/core/obstruction/fanDirections';
import { halfPlane } from '../../src/core/obstruction/halfPlane';
import {
  buildObstructionScene,
  obstructionAt,
  obstructionFan,
  type ObstructionScene,
} from '../../src/core/obstruction/index';
import { cutTriangle } from '../../src/core/obstruction/planeCut';
import { chooseSkyBand } from '../../src/core/obstruction/skyBands';

const TOL = 1e-9;

function expectPointClose(actual: Point3 | null, expected: Point3 | null): void {
  if (expected === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual).not.toBeNull();
  expect(Math.abs(actual!.x - expected.x)).toBeLessThan(TOL);
  expect(Math.abs(actual!.y - expected.y)).toBeLessThan(TOL);
  expect(Math.abs(actual!.z - expected.z)).toBeLessThan(TOL);
}

/** BVH answer for one azimuth against the oracle: angles, defining points, point count. */
function expectMatchesOracle(scene: ObstructionScene, vp: Point3, azimuth: number): BruteForceResult {
  const oracle = bruteForceAt(scene.positions, vp, azimuth);
  const ours = obstructionAt(scene, vp, deg(azimuth));
  expect(Math.abs(ours.horizon.obstruction_angle_degrees - oracle.horizon)).toBeLessThan(TOL);
  expect(Math.abs(ours.zenith.obstruction_angle_degrees - oracle.zenith)).toBeLessThan(TOL);
  expectPointClose(ours.horizon.highest_point, oracle.horizonPoint);
  expectPointClose(ours.zenith.highest_point, oracle.zenithPoint);
  expect(ours.horizon.projected_point_count).toBe(oracle.pointCount);
  return oracle;
}

function outcome(r: BruteForceResult): string {
  if (r.horizon === 45 && r.zenith === 45) return '45/45';
  if (r.horizon > 0 && r.zenith > 0) return 'horizon and zenith';
  if (r.horizon > 0) return 'horizon only';
  return r.zenith > 0 ? 'zenith only' : 'clear';
}

/** The same cut and band code run over every triangle: the BVH may only skip triangles that add nothing. */
function fullScan(scene: ObstructionScene, vp: Point3, azimuth: number) {
  const buf = new CutBuffer();
  const hp = halfPlane(vp, azimuth);
  for (let t = 0; t < scene.triangleCount; t++) cutTriangle(scene.positions, t, hp, buf);
  return { band: chooseSkyBand(buf), points: buf.pointCount };
}

describe('BVH against the brute-force oracle', () => {
  const RANDOM_SEEDS = [1, 2, 3, 7, 42, 1234, 99991];

  it.each(RANDOM_SEEDS)('random scene, seed %i: fan and single directions agree to 1e-9', (seed) => {
    const { positions, viewpoint } = randomScene(seed, 400);
    const scene = buildObstructionScene({ positions });
    const rand = seededRandom(seed * 31 + 7);
    for (let k = 0; k < 3; k++) {
      const d = rand() * 360;
      const fan = obstructionFan(scene, viewpoint, deg(d));
      fanDirections(deg(d)).forEach((azimuth, i) => {
        const oracle = bruteForceAt(positions, viewpoint, azimuth);
        expect(Math.abs(fan.horizon[i]! - oracle.horizon)).toBeLessThan(TOL);
        expect(Math.abs(fan.zenith[i]! - oracle.zenith)).toBeLessThan(TOL);
      });
    }
    for (let k = 0; k < 20; k++) expectMatchesOracle(scene, viewpoint, rand() * 360);
  });

  it('the random scenes exercise every kind of answer, not just one', () => {
    const outcomes = new Set<string>();
    for (const seed of RANDOM_SEEDS) {
      const { positions, viewpoint } = randomScene(seed, 400);
      for (let a = 0; a < 360; a += 10) outcomes.add(outcome(bruteForceAt(positions, viewpoint, a)));
    }
    expect([...outcomes].sort()).toEqual([
      '45/45',
      'clear',
      'horizon and zenith',
      'horizon only',
      'zenith only',
    ]);
  });

  it.each([5, 6, 8, 13, 21])('axis-aligned integer scene, seed %i: exact degeneracies agree', (seed) => {
    const { positions, viewpoint } = gridScene(seed);
    const scene = buildObstructionScene({ positions });
    for (const azimuth of [0, 45, 90, 135, 180, 225, 270, 315, 30])
      expectMatchesOracle(scene, viewpoint, azimuth);
    // d = 72.5 and 162.5 put fan direction 0 exactly on 0° and 90°.
    for (const d of [72.5, 162.5, 17.5]) {
      const fan = obstructionFan(scene, viewpoint, deg(d));
      fan.directions.forEach((azimuth, i) => {
        const oracle = bruteForceAt(positions, viewpoint, azimuth);
        expect(Math.abs(fan.horizon[i]! - oracle.horizon)).toBeLessThan(TOL);
        expect(Math.abs(fan.zenith[i]! - oracle.zenith)).toBeLessThan(TOL);
      });
    }
  });

  it.each([11, 12])('synthetic city of 3·10³ triangles, seed %i: agrees with the oracle', (seed) => {
    const city = syntheticCity(3000, seed);
    const scene = buildObstructionScene(city.mesh);
    for (const azimuth of fanDirections(city.direction).filter((_, i) => i % 5 === 0)) {
      expectMatchesOracle(scene, city.viewpoint, azimuth);
    }
  });

  it.each([3, 4])(
    'synthetic city of 5·10⁴ triangles, seed %i: BVH and full scan give identical bands',
    (seed) => {
      const city = syntheticCity(50_000, seed);
      const scene = buildObstructionScene(city.mesh);
      const rand = seededRandom(seed);
      const viewpoints = [city.viewpoint, { x: rand() * 200 - 100, y: rand() * 200 - 100, z: rand() * 30 }];
      for (const vp of viewpoints) {
        for (const azimuth of fanDirections(deg(rand() * 360)).filter((_, i) => i % 4 === 0)) {
          const scan = fullScan(scene, vp, azimuth);
          const ours = obstructionAt(scene, vp, deg(azimuth));
          expect(ours.horizon.obstruction_angle_degrees).toBe(scan.band.horizon);
          expect(ours.zenith.obstruction_angle_degrees).toBe(scan.band.zenith);
          expect(ours.horizon.projected_point_count).toBe(scan.points);
        }
      }
    },
  );

  it.each([8, 9])(
    'synthetic city of 5·10⁴ triangles, seed %i: the fan (occlusion-culled) equals the full single-direction answers',
    (seed) => {
      const city = syntheticCity(50_000, seed);
      const scene = buildObstructionScene(city.mesh);
      const rand = seededRandom(seed);
      for (const z of [1.5, 7.3, 30, 60]) {
        const vp = { x: city.viewpoint.x, y: rand() * 10 - 5, z };
        const d = deg(rand() * 360);
        const fan = obstructionFan(scene, vp, d);
        fan.directions.forEach((azimuth, i) => {
          const at = obstructionAt(scene, vp, deg(azimuth));
          expect(fan.horizon[i]).toBe(at.horizon.obstruction_angle_degrees);
          expect(fan.zenith[i]).toBe(at.zenith.obstruction_angle_degrees);
        });
      }
    },
  );

  it.each([17, 18])('dense random scene of 3·10³ triangles, seed %i: the fan equals the oracle', (seed) => {
    const { positions, viewpoint } = randomScene(seed, 3000);
    const scene = buildObstructionScene({ positions });
    const fan = obstructionFan(scene, viewpoint, deg(seed * 17));
    fan.directions.forEach((azimuth, i) => {
      const oracle = bruteForceAt(positions, viewpoint, azimuth);
      expect(Math.abs(fan.horizon[i]! - oracle.horizon)).toBeLessThan(TOL);
      expect(Math.abs(fan.zenith[i]! - oracle.zenith)).toBeLessThan(TOL);
    });
  });
});
