import { LuxError } from '../core/errors';
import { adoptSurfaces } from '../core/engine/surfaces';
import { sceneFromShared } from '../core/obstruction';
import type { TriangleSoup } from '../core/types';
import type { MeshRegistry } from './meshStore';

export const unknownMeshId = (id: string) =>
  new LuxError(
    'not_found',
    `Unknown mesh_id '${id}': this server does not hold that context (never stored, or evicted to make room); upload it again with POST /v2/meshes`,
  );

/**
 * The stored contexts as one compute thread sees them. Each task brings the server's registry (a clone
 * whose buffers are the same shared memory); the thread keeps one scene per id across tasks, so the BVH
 * object and the obstruction code's cache (adoptScene) survive between requests, and drops the ids the
 * server no longer holds.
 */
export class ThreadContexts {
  private readonly held = new Map<string, TriangleSoup>();

  /** A resolver for validation (Limits.storedMesh) that records the ids it handed out in `used`. */
  resolver(registry: MeshRegistry, used: Set<string>): (id: string) => TriangleSoup {
    for (const id of this.held.keys()) if (!registry.has(id)) this.held.delete(id);
    return (id) => {
      let soup = this.held.get(id);
      if (!soup) {
        const shared = registry.get(id);
        if (!shared) throw unknownMeshId(id);
        const { positions } = sceneFromShared(shared.scene);
        adoptSurfaces(positions, shared.surfaces);
        soup = { positions };
        this.held.set(id, soup);
      }
      used.add(id);
      return soup;
    };
  }
}
