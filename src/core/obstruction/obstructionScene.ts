import type { Box3 } from 'three';
import { CENTER, INTERSECTED, MeshBVH, NOT_INTERSECTED, type SplitStrategy } from 'three-mesh-bvh';
import type { TriangleSoup } from '../types';
import { positionsGeometry } from './bvhGeometry';
import type { CutBuffer } from './cutBuffer';
import type { HalfPlane } from './halfPlane';
import { cutTriangle } from './planeCut';
import { SkyCover } from './skyCover';

const RAD_TO_DEG = 180 / Math.PI;

/**
 * A triangle soup with a BVH over it, built once and queried for any number of viewpoints and windows.
 * `bvh` is null for an empty soup (three-mesh-bvh needs at least one triangle).
 */
export interface ObstructionScene {
  readonly positions: Float32Array;
  readonly triangleCount: number;
  readonly bvh: MeshBVH | null;
  /** BVH position → triangle index (the BVH sorts this, never the positions). */
  readonly triangleOf: Uint32Array | Uint16Array | null;
}

export interface ObstructionSceneOptions {
  /** Split strategy, CENTER by default. */
  strategy?: SplitStrategy;
  targetLeafSize?: number;
}

/** Scenes built elsewhere (a server's stored context, sharedScene.ts), by the positions they index. */
const built = new WeakMap<Float32Array, ObstructionScene>();

/** The scene adopted for these positions, if any: a tree that costs nothing more to query. */
export const adoptedScene = (positions: Float32Array): ObstructionScene | undefined => built.get(positions);

/** From now on buildObstructionScene answers `scene` for its positions instead of building again. */
export function adoptScene(scene: ObstructionScene): void {
  built.set(scene.positions, scene);
}

/**
 * Builds the BVH in indirect mode: the soup's positions are used in place (no copy, no index buffer, so
 * they must not change afterwards); the BVH keeps its own triangle order in a Uint32Array of one entry
 * per triangle (4 MB per 10⁶ triangles, where a generated index would take 12 MB). CENTER splits build
 * ~4× faster than SAH, and the queries gain little from the better tree (bench/obstruction.ts).
 */
export function buildObstructionScene(
  mesh: TriangleSoup,
  options: ObstructionSceneOptions = {},
): ObstructionScene {
  const positions = mesh.positions;
  const tuned = options.strategy !== undefined || options.targetLeafSize !== undefined;
  const adopted = tuned ? undefined : built.get(positions);
  if (adopted) return adopted;
  if (positions.length % 9 !== 0) {
    throw new RangeError(`TriangleSoup positions length must be a multiple of 9, got ${positions.length}`);
  }
  const triangleCount = positions.length / 9;
  if (triangleCount === 0) return { positions, triangleCount, bvh: null, triangleOf: null };
  const bvh = newBvh(positions, options);
  // serialize without cloning hands back the live indirect buffer: the public way to read it.
  const triangleOf = MeshBVH.serialize(bvh, { cloneBuffers: false }).indirectBuffer;
  return { positions, triangleCount, bvh, triangleOf };
}

/** The tree over `positions` (indirect: the positions stay in place); `shared` puts it in SharedArrayBuffers. */
export function newBvh(
  positions: Float32Array,
  options: ObstructionSceneOptions = {},
  shared = false,
): MeshBVH {
  return new MeshBVH(positionsGeometry(positions), {
    strategy: options.strategy ?? CENTER,
    targetLeafSize: options.targetLeafSize ?? 10,
    indirect: true,
    verbose: false,
    useSharedArrayBuffer: shared,
  });
}

/**
 * Adds the cut of every triangle that can meet the half-plane's front-above quadrant. A node is visited
 * only if its box straddles the vertical plane, reaches in front of P and reaches P's height, so a query
 * touches the leaves along one line in plan instead of the whole soup. Boxes are widened by a relative
 * slack so that rounding in the box test never skips a triangle the exact per-triangle test would keep.
 *
 * With `occlusion`, nodes are visited nearest first and a node is skipped when the elevations it could
 * reach are already hidden (SkyCover); the query stops once the direction is fully obstructed. The union
 * of hidden intervals, hence horizon and zenith, is unchanged; only pieces that could not matter are not
 * collected, so the fan uses it and the single-direction answer, which counts cut points, does not.
 * Triangles whose index is set in `skip` are not there (a window's near field, skyTerm.ts, sees them itself).
 */
export function collectCuts(
  scene: ObstructionScene,
  hp: HalfPlane,
  out: CutBuffer,
  occlusion = false,
  skip?: Uint8Array,
): void {
  const { bvh, triangleOf, positions } = scene;
  if (bvh === null || triangleOf === null) return;
  const { px, py, pz, ux, uy, wx, wy } = hp;
  const awx = Math.abs(wx);
  const awy = Math.abs(wy);
  const aux = Math.abs(ux);
  const auy = Math.abs(uy);
  const cover = occlusion ? new SkyCover(out) : null;
  // Front-to-back order: the nearest distance ahead any point of the box can have.
  const front = (box: Box3): number => {
    const { min, max } = box;
    const cx = (min.x + max.x) / 2 - px;
    const cy = (min.y + max.y) / 2 - py;
    const ex = (max.x - min.x) / 2;
    const ey = (max.y - min.y) / 2;
    return cx * ux + cy * uy - (ex * aux + ey * auy);
  };
  bvh.shapecast({
    intersectsBounds: (box: Box3) => {
      const { min, max } = box;
      if (max.z < pz - slack(pz, max.z)) return NOT_INTERSECTED;
      const cx = (min.x + max.x) / 2 - px;
      const cy = (min.y + max.y) / 2 - py;
      const ex = (max.x - min.x) / 2;
      const ey = (max.y - min.y) / 2;
      const tol = 1e-9 + 1e-7 * (Math.abs(cx) + Math.abs(cy) + ex + ey + Math.abs(px) + Math.abs(py));
      if (Math.abs(cx * wx + cy * wy) > ex * awx + ey * awy + tol) return NOT_INTERSECTED;
      const fc = cx * ux + cy * uy;
      const rf = ex * aux + ey * auy;
      if (fc + rf < -tol) return NOT_INTERSECTED;
      if (cover !== null) {
        const nearF = fc - rf - tol;
        const hiBound = nearF <= 0 ? 90 : Math.atan2(max.z - pz, nearF) * RAD_TO_DEG;
        const loBound = min.z <= pz ? 0 : Math.atan2(min.z - pz, fc + rf + tol) * RAD_TO_DEG;
        if (cover.covers(loBound, hiBound)) return NOT_INTERSECTED;
      }
      return INTERSECTED;
    },
    ...(cover !== null ? { boundsTraverseOrder: front } : {}),
    intersectsRange: (offset: number, count: number) => {
      for (let i = offset, end = offset + count; i < end; i++) {
        const t = triangleOf[i]!;
        if (!skip?.[t]) cutTriangle(positions, t, hp, out);
      }
      if (cover === null) return false;
      cover.update();
      return cover.closed;
    },
  });
}

const slack = (a: number, b: number): number => 1e-9 + 1e-7 * (Math.abs(a) + Math.abs(b));
