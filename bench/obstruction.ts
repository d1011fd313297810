/**
 * Obstruction benchmarks (quality.md): BVH build and the 64-direction fan, separately, on seeded synthetic
 * cities of 10⁴, 10⁵ and 10⁶ triangles, and the fan by a scan without a tree (a request's few windows);
 * plus the plain BVH plane queries without occlusion culling, the dense worst case of bench/scenes.ts, and
 * SAH against the default CENTER build.
 */
import { SAH } from 'three-mesh-bvh';
import { MeshBVH } from 'three-mesh-bvh';
import {
  buildObstructionScene,
  obstructionAt,
  obstructionFan,
  obstructionFansByScan,
  type ObstructionScene,
} from '../src/core/obstruction/index';
import { fanDirections } from '../src/core/obstruction/fanDirections';
import type { Point3 } from '../src/core/geometry/vec';
import { deg, type Degrees } from '../src/core/units';
import { syntheticCity } from '../test/obstruction/syntheticCity';
import { measure, type BenchResult } from './harness';
import { cityMesh } from './scenes';

const SIZES = [10_000, 100_000, 1_000_000];
/** quality.md / the brief: a 64-direction fan on 10⁶ triangles within 100 ms once the BVH is built. */
const FAN_TARGET_MS = 100;
/** The original service's 64-direction compute, 120k triangles, same kind of machine (upstream/obstruction.md §9). */
const ORIGINAL_120K_MS = 200;

const label = (n: number): string => `10^${Math.round(Math.log10(n))}`;

/** Size of the BVH proper: node buffers plus the indirect triangle order. */
function bvhStats(scene: ObstructionScene): Record<string, number> {
  if (scene.bvh === null) return { bvh_nodes: 0, bvh_mib: 0 };
  const { roots, indirectBuffer } = MeshBVH.serialize(scene.bvh, { cloneBuffers: false });
  const nodeBytes = roots.reduce((s, r) => s + r.byteLength, 0);
  const bytes = nodeBytes + (indirectBuffer?.byteLength ?? 0);
  return { bvh_nodes: nodeBytes / 32, bvh_mib: +(bytes / 2 ** 20).toFixed(1) };
}

/** Mean cut points per fan direction (full collection, no culling): how much each plane query meets. */
function cutPointsPerDirection(scene: ObstructionScene, vp: Point3, d: Degrees): number {
  const dirs = fanDirections(d);
  const total = dirs.reduce((s, a) => s + obstructionAt(scene, vp, a).horizon.projected_point_count, 0);
  return Math.round(total / dirs.length);
}

export async function runObstructionBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  for (const n of SIZES) {
    const city = syntheticCity(n, 2024);
    const scene = buildObstructionScene(city.mesh);
    const stats = {
      triangles: city.triangles,
      buildings: city.buildings,
      extent_m: Math.round(2 * city.extent),
      mesh_mib: +(city.mesh.positions.byteLength / 2 ** 20).toFixed(1),
      ...bvhStats(scene),
      cut_points_per_direction: cutPointsPerDirection(scene, city.viewpoint, city.direction),
    };
    const build = await measure(
      `obstruction BVH build (CENTER), city ${label(n)}`,
      () => buildObstructionScene(city.mesh),
      { runs: n >= 1_000_000 ? 5 : 7, warmup: 1, scene: stats },
    );
    out.push(build);
    const fanPeer =
      n === 1_000_000
        ? { peer: { name: 'target', ms: FAN_TARGET_MS } }
        : n === 100_000
          ? { peer: { name: 'original, 120k triangles', ms: ORIGINAL_120K_MS } }
          : {};
    const fan = await measure(
      `obstruction 64-direction fan, city ${label(n)}`,
      () => obstructionFan(scene, city.viewpoint, city.direction),
      { runs: 15, scene: stats, ...fanPeer },
    );
    out.push(fan);
    // One request's few windows are answered by a scan instead (fans.ts): no tree to build.
    const view = [{ viewpoint: city.viewpoint, direction: city.direction }];
    out.push(
      await measure(
        `obstruction 64-direction fan by scan (no tree), city ${label(n)}`,
        () => obstructionFansByScan(city.mesh.positions, view),
        {
          runs: 15,
          scene: { triangles: city.triangles },
          peer: { name: 'tree build + fan', ms: build.median_ms + fan.median_ms },
        },
      ),
    );
    const dirs = fanDirections(city.direction);
    out.push(
      await measure(
        `obstruction 64 × single direction (no occlusion culling), city ${label(n)}`,
        () => dirs.forEach((a) => obstructionAt(scene, city.viewpoint, a)),
        { runs: 7, scene: { triangles: city.triangles } },
      ),
    );
  }

  // The dense worst case of bench/scenes.ts (also behind the HTTP benchmark): boxes crowded within 300 m.
  const dense = { positions: new Float32Array(cityMesh(1_000_000, 7).flat()) };
  const denseScene = buildObstructionScene(dense);
  const room: Point3 = { x: 2.5, y: -0.3, z: 4.65 };
  out.push(
    await measure(
      'obstruction 64-direction fan, dense blob 10^6',
      () => obstructionFan(denseScene, room, deg(270)),
      {
        runs: 15,
        scene: { triangles: dense.positions.length / 9, radius_m: 300, ...bvhStats(denseScene) },
        peer: { name: 'target', ms: FAN_TARGET_MS },
      },
    ),
  );
  out.push(
    await measure(
      'obstruction 64-direction fan by scan (no tree), dense blob 10^6',
      () => obstructionFansByScan(dense.positions, [{ viewpoint: room, direction: deg(270) }]),
      { runs: 15, scene: { triangles: dense.positions.length / 9, radius_m: 300 } },
    ),
  );

  // SAH: a better tree, a much slower build; the fan barely needs the better tree.
  for (const n of [100_000, 1_000_000]) {
    const city = syntheticCity(n, 2024);
    out.push(
      await measure(
        `obstruction BVH build (SAH), city ${label(n)}`,
        () => buildObstructionScene(city.mesh, { strategy: SAH }),
        {
          runs: n >= 1_000_000 ? 3 : 5,
          warmup: n >= 1_000_000 ? 0 : 1,
          scene: { triangles: city.triangles },
        },
      ),
    );
    const sah = buildObstructionScene(city.mesh, { strategy: SAH });
    const dirs = fanDirections(city.direction);
    out.push(
      await measure(
        `obstruction 64 × single direction (no culling), SAH, city ${label(n)}`,
        () => dirs.forEach((a) => obstructionAt(sah, city.viewpoint, a)),
        { runs: 7, scene: { triangles: city.triangles, ...bvhStats(sah) } },
      ),
    );
  }
  return out;
}
