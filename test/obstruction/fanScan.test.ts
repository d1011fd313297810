import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deg } from '../../src/core/units';
import {
  buildObstructionScene,
  obstructionFan,
  obstructionFans,
  obstructionFansByScan,
  SCAN_MAX_VIEWPOINTS,
} from '../../src/core/obstruction/index';
import { adoptedScene } from '../../src/core/obstruction/obstructionScene';
import { cityMesh } from '../../bench/scenes';
import { gridScene, randomScene } from './randomScenes';
import { syntheticCity } from './syntheticCity';

/**
 * The scan (fanScan.ts) must give the tree's angles to the bit: it only skips triangles whose cut is
 * empty. Checked on jumbles with overhangs over P, grids of boxes, a city, and adversarial soups where
 * triangles touch, surround or pass through P in plan, at any facade direction (the fan wraps past 0°).
 */
const byTree = (positions: Float32Array, viewpoint: { x: number; y: number; z: number }, d: number) =>
  obstructionFan(buildObstructionScene({ positions }), viewpoint, deg(d));
const byScan = (positions: Float32Array, viewpoint: { x: number; y: number; z: number }, d: number) =>
  obstructionFansByScan(positions, [{ viewpoint, direction: deg(d) }])[0]!;

describe('obstruction fans by scan', () => {
  it('equal the tree on seeded jumbles and grids, every direction', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const scene = seed % 2 ? randomScene(seed, 400) : gridScene(seed, 40);
      for (const d of [0, 37.5, 90, 179.99, 270, 352.5]) {
        expect(byScan(scene.positions, scene.viewpoint, d), `seed ${seed}, ${d}°`).toEqual(
          byTree(scene.positions, scene.viewpoint, d),
        );
      }
    }
  });

  it('equal the tree on a city of 20 000 triangles around a window', () => {
    const positions = Float32Array.from(cityMesh(20_000, 5).flat());
    for (const d of [12, 200, 300]) {
      const p = { x: 0.7, y: -0.3, z: 4.6 };
      expect(byScan(positions, p, d)).toEqual(byTree(positions, p, d));
    }
  });

  it('equal the tree where near walls hide most of a city (the scan skips what they hide)', () => {
    // Streets on lots and a pile of overlapping blocks: many directions close early, many triangles are
    // lower than every open direction's walls, and at 40 m the skipping has little to skip.
    const lots = syntheticCity(60_000, 11).mesh.positions;
    const pile = Float32Array.from(cityMesh(60_000, 9).flat());
    for (const positions of [lots, pile]) {
      for (const z of [0.5, 7.3, 18, 40]) {
        for (const d of [0, 135, 251.3]) {
          const p = { x: 10, y: 0.25, z };
          expect(byScan(positions, p, d), `z ${z}, ${d}°`).toEqual(byTree(positions, p, d));
        }
      }
    }
  });

  it('equal the tree on triangles that touch, surround or pass through P in plan (fast-check)', () => {
    const P = { x: 0, y: 0, z: 2 };
    // Coordinates on a coarse lattice make exact hits of P, its axes and its diagonals common.
    const coord = fc.integer({ min: -8, max: 8 }).map((v) => v / 2);
    const vertex = fc.tuple(
      coord,
      coord,
      fc.integer({ min: -2, max: 12 }).map((v) => v / 2),
    );
    const soup = fc.array(fc.tuple(vertex, vertex, vertex), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(soup, fc.integer({ min: 0, max: 359 }), (ts, d) => {
        const positions = new Float32Array(ts.flat(2));
        expect(byScan(positions, P, d)).toEqual(byTree(positions, P, d));
      }),
      { seed: 20261125, numRuns: 400 },
    );
  });

  it('obstructionFans uses a stored tree, the scan or a built tree, always with the same answer', () => {
    const scene = randomScene(3, 500);
    // One view more than the scan takes: the last call builds a tree.
    const views = Array.from({ length: SCAN_MAX_VIEWPOINTS + 1 }, (_, i) => ({
      viewpoint: scene.viewpoint,
      direction: deg(i * 27.5),
    }));
    const tree = views.map((v) => byTree(scene.positions, v.viewpoint, v.direction));
    expect(obstructionFans({ positions: scene.positions }, views.slice(0, 2))).toEqual(tree.slice(0, 2));
    expect(obstructionFans({ positions: scene.positions }, views)).toEqual(tree);
    // Neither kept a tree for the array: a request's mesh is not met again.
    expect(adoptedScene(scene.positions)).toBeUndefined();
    // A stored context's copy moved about a far room is (TriangleSoup.reused): it builds its tree on first
    // use, even for two views, and keeps it for the next request.
    const moved = Float32Array.from(scene.positions);
    expect(obstructionFans({ positions: moved, reused: true }, views.slice(0, 2))).toEqual(tree.slice(0, 2));
    const kept = adoptedScene(moved);
    expect(kept?.bvh).not.toBeNull();
    expect(obstructionFans({ positions: moved, reused: true }, views.slice(2, 4))).toEqual(tree.slice(2, 4));
    expect(adoptedScene(moved)).toBe(kept);
  });
});
