import { MeshBVH } from 'three-mesh-bvh';
import { positionsGeometry } from './bvhGeometry';
import { adoptScene, newBvh, type ObstructionScene } from './obstructionScene';

/**
 * An obstruction scene whose memory is shared between threads: the positions, the BVH's node buffers and
 * its triangle order all live in SharedArrayBuffers, so a server keeps one copy of a stored context and
 * every compute thread reads it in place (structured clone shares, never copies, a SharedArrayBuffer).
 */
export interface SharedScene {
  /** Positions, 9 floats per triangle, on a SharedArrayBuffer. */
  readonly positions: Float32Array;
  /** three-mesh-bvh's serialised roots and indirect buffer (MeshBVH.serialize), on SharedArrayBuffers. */
  readonly roots: ArrayBuffer[];
  readonly triangleOf: Uint32Array | Uint16Array;
}

/** Bytes a shared scene holds (positions, nodes and triangle order). */
export function sharedSceneBytes(s: SharedScene): number {
  return s.positions.byteLength + s.roots.reduce((n, r) => n + r.byteLength, 0) + s.triangleOf.byteLength;
}

/**
 * Builds the scene of `positions` (copied once into shared memory) the way buildObstructionScene does,
 * the same split strategy and leaves, so the angles are identical to those of a mesh sent inline.
 */
export function buildSharedScene(positions: Float32Array): SharedScene {
  if (positions.length === 0 || positions.length % 9 !== 0)
    throw new RangeError(`a stored scene needs whole triangles, got ${positions.length} floats`);
  const shared = new Float32Array(new SharedArrayBuffer(positions.byteLength));
  shared.set(positions);
  const bvh = newBvh(shared, {}, true);
  const { roots, indirectBuffer } = MeshBVH.serialize(bvh, { cloneBuffers: false });
  return { positions: shared, roots, triangleOf: indirectBuffer! };
}

/**
 * The scene over a shared one, without building or copying anything; buildObstructionScene hands it back
 * for these positions from now on (adoptScene), so every operation that meets this mesh skips the build.
 */
export function sceneFromShared(s: SharedScene): ObstructionScene {
  const bvh = MeshBVH.deserialize(
    { version: 1, roots: s.roots, index: null, indirectBuffer: s.triangleOf } as never,
    positionsGeometry(s.positions),
    { setIndex: false, indirect: true } as never,
  );
  const scene: ObstructionScene = {
    positions: s.positions,
    triangleCount: s.positions.length / 9,
    bvh,
    triangleOf: s.triangleOf,
  };
  adoptScene(scene);
  return scene;
}
