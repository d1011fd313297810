import { LuxError } from '../errors';
import type { TriangleSoup } from '../types';
import { AT_ORIGIN, type PlanOrigin } from '../validation/aboutRoom';
import { movedSoup } from '../validation/mesh';

/**
 * The surroundings a browser worker holds by id, for bodies that name them by `mesh_id` as a server's
 * stored contexts are named (the SHA-256 of the float32 positions, POST /v2/meshes). The page hands an
 * imported mesh to its model and engine workers once; every answer after names it, so the triangles never
 * travel with a request, and the same array serves every request, which is what keeps its trees (the
 * obstruction BVH, the engine's surfaces: WeakMaps keyed by the array) built once.
 *
 * A few are kept, the last handed over first out: undo back over an import names the mesh before it.
 */
export class HeldMeshes {
  private readonly held = new Map<string, TriangleSoup>();

  constructor(private readonly most = 3) {}

  hold(id: string, positions: Float32Array): void {
    this.held.delete(id);
    // `reused`: the obstruction's fans build a tree over it once and keep it (fans.ts), as for a server's
    // stored context, instead of a scan of every triangle per fan on every answer (a 10⁶-triangle city's
    // glass bands alone were ~0.4 s an answer; the tree gives the same angles to the bit).
    this.held.set(id, { positions, reused: true });
    for (const old of this.held.keys()) {
      if (this.held.size <= this.most) break;
      this.held.delete(old);
    }
  }

  has(id: string): boolean {
    return this.held.has(id);
  }

  /**
   * The resolver a request's validation takes (OpContext.storedMesh): the soup itself, or about a room far
   * from the plan's origin its moved copy, kept beside it (movedSoup).
   */
  readonly resolve = (id: string, origin: PlanOrigin = AT_ORIGIN): TriangleSoup => {
    const soup = this.held.get(id);
    if (!soup)
      throw new LuxError(
        'not_found',
        `The surroundings' mesh (${id.slice(0, 8)}…) is no longer loaded here: import the mesh again`,
      );
    return movedSoup(soup, origin, true);
  };
}
