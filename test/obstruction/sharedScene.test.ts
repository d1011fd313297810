import { describe, expect, it } from 'vitest';
import {
  buildObstructionScene,
  buildSharedScene,
  obstructionFan,
  sceneFromShared,
  sharedSceneBytes,
} from '../../src/core/obstruction';
import { cityMesh } from '../../bench/scenes';

/** A context stored by the server (POST /v2/meshes) lives in shared memory and is read in place. */
describe('shared scenes', () => {
  const positions = Float32Array.from(cityMesh(5_000, 3).flat());
  const shared = buildSharedScene(positions);

  it('keeps positions, tree and triangle order in SharedArrayBuffers, and counts their bytes', () => {
    expect(shared.positions.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.triangleOf.buffer).toBeInstanceOf(SharedArrayBuffer);
    for (const r of shared.roots) expect(r).toBeInstanceOf(SharedArrayBuffer);
    expect(shared.positions).toEqual(positions);
    // Fewer than 2^16 triangles: three-mesh-bvh orders them in a Uint16Array.
    expect(sharedSceneBytes(shared)).toBe(
      positions.byteLength + shared.roots.reduce((n, r) => n + r.byteLength, 0) + 5_000 * 2,
    );
  });

  it('gives the same fans as a scene built from the mesh, without building again', () => {
    // A structured clone is what a compute thread receives: new views on the same memory.
    const scene = sceneFromShared(structuredClone(shared));
    expect(buildObstructionScene({ positions: scene.positions })).toBe(scene);
    const own = buildObstructionScene({ positions });
    for (const azimuth of [0, 90, 200, 315]) {
      const p = { x: 0, y: 0, z: 4 + azimuth / 100 };
      expect(obstructionFan(scene, p, azimuth as never)).toEqual(obstructionFan(own, p, azimuth as never));
    }
  });

  it('refuses an empty or ragged soup', () => {
    expect(() => buildSharedScene(new Float32Array(0))).toThrow(RangeError);
    expect(() => buildSharedScene(new Float32Array(10))).toThrow(RangeError);
  });
});
