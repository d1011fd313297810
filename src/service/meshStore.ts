import { sharedSceneBytes, type SharedScene } from '../core/obstruction/sharedScene';
import { sharedSurfacesBytes, type SharedSurfaces } from '../core/engine/surfaces';

/**
 * A stored context as every thread reads it: the obstruction tree (three-mesh-bvh, over the positions)
 * and the engine's exterior tree and normals (/run's window flux, /simulate), all in shared memory.
 */
export interface StoredContext {
  scene: SharedScene;
  surfaces: SharedSurfaces;
}

export const storedContextBytes = (c: StoredContext): number =>
  sharedSceneBytes(c.scene) + sharedSurfacesBytes(c.surfaces);

/** What the store says about one context: answered by POST /v2/meshes and GET /v2/meshes/{id}. */
export interface StoredMeshInfo {
  mesh_id: string;
  triangles: number;
  bytes: number;
}

export interface MeshStoreStats {
  count: number;
  bytes: number;
  limit_bytes: number;
}

/** The store as the compute threads receive it with every task: id → shared scene (shared, not copied). */
export type MeshRegistry = ReadonlyMap<string, StoredContext>;

/**
 * The stored contexts of one process, as the executor uses them: the seam that ownership per token
 * (hosted mode) and a shared database of who owns what will fill. The threads read the contexts in place
 * through `registry()` (shared memory); the rest is bookkeeping on the server's thread.
 */
export interface ContextStore {
  readonly limitBytes: number;
  /** Keeps a context (or refreshes one already held); false when it alone is larger than the store. */
  put(id: string, context: StoredContext): boolean;
  /** Marks a context as just used; false when it is not held. */
  touch(id: string): boolean;
  info(id: string): StoredMeshInfo | null;
  delete(id: string): boolean;
  /** What the compute threads receive with every task: id → shared scene, not copied. */
  registry(): MeshRegistry;
  stats(): MeshStoreStats;
}

/**
 * Contexts uploaded once (POST /v2/meshes) and used by id (`mesh_id`): the triangles and their BVH in
 * shared memory, held by the server process and read in place by every compute thread. Bounded by bytes
 * (LUX_MESH_STORE_BYTES); the least recently used context goes first. A Map keeps insertion order, so
 * re-inserting an entry on use makes its first key the least recently used.
 */
export class MeshStore implements ContextStore {
  private readonly entries = new Map<string, StoredContext>();
  private total = 0;

  constructor(readonly limitBytes: number) {}

  /** Stores a context (or refreshes one already held); false when it alone is larger than the store. */
  put(id: string, context: StoredContext): boolean {
    const bytes = storedContextBytes(context);
    if (bytes > this.limitBytes) return false;
    if (this.touch(id)) return true;
    this.entries.set(id, context);
    this.total += bytes;
    for (const [old, s] of this.entries) {
      if (this.total <= this.limitBytes) break;
      this.entries.delete(old);
      this.total -= storedContextBytes(s);
    }
    return true;
  }

  /** Marks a context as just used; false when it is not held. */
  touch(id: string): boolean {
    const s = this.entries.get(id);
    if (!s) return false;
    this.entries.delete(id);
    this.entries.set(id, s);
    return true;
  }

  info(id: string): StoredMeshInfo | null {
    const s = this.entries.get(id);
    return s ? { mesh_id: id, triangles: s.scene.positions.length / 9, bytes: storedContextBytes(s) } : null;
  }

  delete(id: string): boolean {
    const s = this.entries.get(id);
    if (!s) return false;
    this.entries.delete(id);
    this.total -= storedContextBytes(s);
    return true;
  }

  registry(): MeshRegistry {
    return this.entries;
  }

  stats(): MeshStoreStats {
    return { count: this.entries.size, bytes: this.total, limit_bytes: this.limitBytes };
  }
}
