import { LuxError } from '../core/errors';
import { adoptSurfaces, buildSharedSurfaces } from '../core/engine/surfaces';
import { buildSharedScene, sceneFromShared } from '../core/obstruction';
import type { TriangleSoup } from '../core/types';
import { AT_ORIGIN, isAtOrigin, movedPositions, type PlanOrigin } from '../core/validation/aboutRoom';
import { movedSoup } from '../core/validation/mesh';
import type { StoredMeshResolver } from '../core/validation/requests';
import { movedKey, type MeshRegistry, type MovedContext, type StoredContext } from './meshStore';

export const unknownMeshId = (id: string) =>
  new LuxError(
    'not_found',
    `Unknown mesh_id '${id}': this server does not hold that context (never stored, or evicted to make room); upload it again with POST /v2/meshes`,
  );

/** A shared context as this thread's soup: its trees adopted, so nothing is built again for its positions. */
function adopt(c: StoredContext, moved: boolean): TriangleSoup {
  const { positions } = sceneFromShared(c.scene);
  adoptSurfaces(positions, c.surfaces);
  return moved
    ? { positions, reused: true, ...(c.singleStep !== undefined ? { singleStep: c.singleStep } : {}) }
    : { positions };
}

/**
 * The stored contexts as one compute thread sees them. Each task brings the server's registry (a clone
 * whose buffers are the same shared memory); the thread keeps one soup per id across tasks, so the BVH
 * object and the obstruction code's cache (adoptScene) survive between requests, and drops the ids the
 * server no longer holds.
 *
 * A room far from the plan's origin is computed about it (aboutRoom.ts), among a moved copy of the
 * context. A server's copy is made here once, its trees in shared memory, and handed back (`made`) for the
 * server to keep with the context, counted in LUX_MESH_STORE_BYTES, and to give every thread with later
 * tasks; one it did not keep (the store full) is made again when needed, so no thread holds memory the
 * store does not count. Without `made` (the command line's own store, unbounded) the thread keeps its
 * copies itself (movedSoup).
 */
export class ThreadContexts {
  private readonly held = new Map<string, TriangleSoup>();

  /** A resolver for validation (Limits.storedMesh) that records the ids (and moved copies) it used. */
  resolver(registry: MeshRegistry, used: Set<string>, made?: MovedContext[]): StoredMeshResolver {
    for (const id of this.held.keys()) if (!registry.has(id)) this.held.delete(id);
    const context = (id: string): TriangleSoup => {
      let soup = this.held.get(id);
      if (!soup) {
        const shared = registry.get(id);
        if (!shared) throw unknownMeshId(id);
        soup = adopt(shared, false);
        this.held.set(id, soup);
      }
      used.add(id);
      return soup;
    };
    return (id: string, origin: PlanOrigin = AT_ORIGIN) => {
      const soup = context(id);
      if (isAtOrigin(origin)) return soup;
      if (!made) return movedSoup(soup, origin, true);
      const at = `${origin.x},${origin.y}`;
      const key = movedKey(id, at);
      let moved = this.held.get(key);
      if (!moved) {
        let shared = registry.get(key);
        if (!shared) {
          const { positions, step } = movedPositions(soup.positions, origin);
          shared = {
            scene: buildSharedScene(positions),
            surfaces: buildSharedSurfaces(positions),
            singleStep: step,
          };
          made.push({ id, at, context: shared });
        }
        moved = adopt(shared, true);
        this.held.set(key, moved);
      }
      used.add(key);
      return moved;
    };
  }
}
