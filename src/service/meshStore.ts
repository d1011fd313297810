import { sharedSceneBytes, type SharedScene } from '../core/obstruction/sharedScene';
import { sharedSurfacesBytes, type SharedSurfaces } from '../core/engine/surfaces';
import { MOVES_KEPT } from '../core/validation/mesh';

/**
 * A stored context as every thread reads it: the obstruction tree (three-mesh-bvh, over the positions)
 * and the engine's exterior tree and normals (/run's window flux, /simulate), all in shared memory.
 */
export interface StoredContext {
  scene: SharedScene;
  surfaces: SharedSurfaces;
  /**
   * A moved copy's (about a room far from the plan's origin, aboutRoom.ts): the distance between the
   * float32 points it was moved from, which the answer names where it is coarse (TriangleSoup.singleStep).
   */
  singleStep?: number;
}

/**
 * A stored context moved about a room's computation origin (`at`: "x,y" in metres), as a compute thread
 * made it for a request: the server keeps it with its context, counted in the store's bytes.
 */
export interface MovedContext {
  id: string;
  at: string;
  context: StoredContext;
}

/** The registry's key of a moved copy: never a stored id (those are 64 hex digits). */
export const movedKey = (id: string, at: string): string => `${id}@${at}`;

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

/**
 * The store as the compute threads receive it with every task: id → shared scene (shared, not copied), and
 * each moved copy the server keeps under movedKey.
 */
export type MeshRegistry = ReadonlyMap<string, StoredContext>;

/**
 * The stored contexts of one process, as the executor uses them. Each context belongs to an owner — the
 * token that uploaded it (hosted mode, issue 36), '' on a server without tokens — and an owner sees only its
 * own: another token's `mesh_id` is unknown to it (404), so it can neither use nor delete it. The threads
 * read an owner's contexts in place through `registry(owner)` (shared memory); the rest is bookkeeping on
 * the server's thread.
 */
export interface ContextStore {
  readonly limitBytes: number;
  /** Keeps a context (or refreshes one already held); false when it alone is larger than the store. */
  put(id: string, context: StoredContext, owner?: string): boolean;
  /**
   * Keeps a moved copy of a held context with it (the latest MOVES_KEPT origins); false when the context is
   * no longer held, or it and the copy together are larger than the store.
   */
  putMoved(moved: MovedContext, owner?: string): boolean;
  /** Marks a context (or one of its moved copies, by movedKey) as just used; false when it is not held. */
  touch(id: string, owner?: string): boolean;
  info(id: string, owner?: string): StoredMeshInfo | null;
  delete(id: string, owner?: string): boolean;
  /** What the compute threads receive with every task: the owner's id → shared scene, not copied. */
  registry(owner?: string): MeshRegistry;
  stats(): MeshStoreStats;
}

const keyOf = (owner: string, id: string): string => (owner ? `${owner}\u0000${id}` : id);

/**
 * Contexts uploaded once (POST /v2/meshes) and used by id (`mesh_id`): the triangles and their BVH in
 * shared memory, held by the server process and read in place by every compute thread. Bounded by bytes
 * (LUX_MESH_STORE_BYTES), shared fairly: past the limit, the owner holding the most bytes loses its least
 * recently used context first, so one token uploading much evicts its own contexts, not every other
 * token's. A Map keeps insertion order, so re-inserting an entry on use makes its first key the least
 * recently used.
 */
export class MeshStore implements ContextStore {
  private readonly entries = new Map<string, Entry>();
  private readonly held = new Map<string, number>();
  private total = 0;

  constructor(readonly limitBytes: number) {}

  put(id: string, context: StoredContext, owner = ''): boolean {
    const bytes = storedContextBytes(context);
    if (bytes > this.limitBytes) return false;
    if (this.touch(id, owner)) return true;
    this.entries.set(keyOf(owner, id), { owner, id, context, bytes, moves: new Map() });
    this.add(owner, bytes);
    this.evictFor(keyOf(owner, id));
    return true;
  }

  putMoved({ id, at, context }: MovedContext, owner = ''): boolean {
    const k = keyOf(owner, id);
    const e = this.entries.get(k);
    if (!e) return false;
    if (e.moves.has(at)) return this.touch(movedKey(id, at), owner);
    const bytes = storedContextBytes(context);
    if (e.bytes + bytes > this.limitBytes) return false;
    e.moves.set(at, { context, bytes });
    e.bytes += bytes;
    this.add(owner, bytes);
    // The rooms of a building lie about one origin or, across a kilometre line, a few: the oldest goes.
    for (const [old, m] of e.moves) {
      if (e.moves.size <= MOVES_KEPT) break;
      e.moves.delete(old);
      e.bytes -= m.bytes;
      this.add(owner, -m.bytes);
    }
    this.touch(id, owner);
    this.evictFor(k);
    return true;
  }

  touch(id: string, owner = ''): boolean {
    const [parent, at] = id.split('@') as [string, string | undefined];
    const k = keyOf(owner, parent);
    const e = this.entries.get(k);
    if (!e) return false;
    this.entries.delete(k);
    this.entries.set(k, e);
    if (at === undefined) return true;
    const m = e.moves.get(at);
    if (!m) return false;
    e.moves.delete(at);
    e.moves.set(at, m);
    return true;
  }

  info(id: string, owner = ''): StoredMeshInfo | null {
    const e = this.entries.get(keyOf(owner, id));
    return e ? { mesh_id: id, triangles: e.context.scene.positions.length / 9, bytes: e.bytes } : null;
  }

  delete(id: string, owner = ''): boolean {
    return this.remove(keyOf(owner, id));
  }

  registry(owner = ''): MeshRegistry {
    const mine = new Map<string, StoredContext>();
    for (const e of this.entries.values())
      if (e.owner === owner) {
        mine.set(e.id, e.context);
        for (const [at, m] of e.moves) mine.set(movedKey(e.id, at), m.context);
      }
    return mine;
  }

  stats(): MeshStoreStats {
    return { count: this.entries.size, bytes: this.total, limit_bytes: this.limitBytes };
  }

  /**
   * Past the limit, the owner holding the most bytes loses its least recently used context (with its moved
   * copies), never the one at `keep`: it fits alone, so something else can always go.
   */
  private evictFor(keep: string): void {
    while (this.total > this.limitBytes) {
      const held = new Map<string, number>();
      for (const [k, e] of this.entries)
        if (k !== keep) held.set(e.owner, (held.get(e.owner) ?? 0) + e.bytes);
      let heaviest: string | null = null;
      for (const [o, b] of held) if (heaviest === null || b > held.get(heaviest)!) heaviest = o;
      for (const [k, e] of this.entries)
        if (k !== keep && e.owner === heaviest) {
          this.remove(k);
          break;
        }
    }
  }

  private add(owner: string, bytes: number): void {
    this.total += bytes;
    const b = (this.held.get(owner) ?? 0) + bytes;
    if (b > 0) this.held.set(owner, b);
    else this.held.delete(owner);
  }

  private remove(k: string): boolean {
    const e = this.entries.get(k);
    if (!e) return false;
    this.entries.delete(k);
    this.add(e.owner, -e.bytes);
    return true;
  }
}

/** A stored context, its bytes counting its moved copies'. */
interface Entry {
  owner: string;
  id: string;
  context: StoredContext;
  bytes: number;
  moves: Map<string, { context: StoredContext; bytes: number }>;
}
