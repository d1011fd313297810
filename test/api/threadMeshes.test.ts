import { describe, expect, it } from 'vitest';
import { cityMesh } from '../../bench/scenes';
import { surfacesOf } from '../../src/core/engine/surfaces';
import { movedSoup } from '../../src/core/validation/mesh';
import { MeshStore, movedKey, type MovedContext } from '../../src/service/meshStore';
import { storeContext } from '../../src/service/storeMeshTask';
import { ThreadContexts } from '../../src/service/threadMeshes';

/**
 * A compute thread's stored contexts (service/threadMeshes.ts) about a room far from the plan's origin: the
 * moved copy is made once, handed to the server's store, and read from it after, equal to the copy a
 * browser worker or the command line moves for itself (movedSoup).
 */
describe('ThreadContexts', () => {
  const SWISS = { x: 2_600_000, y: 1_200_000 };
  const positions = Float32Array.from(
    cityMesh(500, 2)
      .map(([x, y, z]) => [x! + SWISS.x, y! + SWISS.y, z!])
      .flat(),
  );
  const stored = storeContext(positions);
  const id = stored.info.mesh_id;

  it('makes a moved copy once, hands it to the store, and adopts the store’s after', () => {
    const store = new MeshStore(1e9);
    store.put(id, stored.context!);
    const thread = new ThreadContexts();
    const made: MovedContext[] = [];
    const used = new Set<string>();
    const soup = thread.resolver(store.registry(), used, made)(id, SWISS);
    // The same points as a copy moved by movedSoup, the same step named, kept for its trees.
    const own = movedSoup({ positions }, SWISS, true);
    expect(soup.positions).toEqual(own.positions);
    expect(soup.singleStep).toBe(own.singleStep);
    expect(soup.singleStep).toBe(0.25);
    expect(soup.reused).toBe(true);
    expect(made.map((m) => [m.id, m.at])).toEqual([[id, '2600000,1200000']]);
    expect([...used]).toEqual([id, movedKey(id, '2600000,1200000')]);
    // Its engine tree is the shared one made with it (nothing built again on this thread).
    expect(surfacesOf(soup.positions).bvh.parts.tris.buffer).toBe(made[0]!.context.surfaces.tree.tris.buffer);

    // Kept by the server: another thread reads it from the registry, makes nothing.
    expect(store.putMoved(made[0]!)).toBe(true);
    const other = new ThreadContexts();
    const none: MovedContext[] = [];
    const there = other.resolver(store.registry(), new Set(), none)(id, SWISS);
    expect(none).toHaveLength(0);
    expect(there.positions.buffer).toBe(made[0]!.context.scene.positions.buffer);
    expect(there.singleStep).toBe(0.25);
  });

  it('drops a copy the store did not keep at the next task, and makes it again when needed', () => {
    const store = new MeshStore(1e9);
    store.put(id, stored.context!);
    const thread = new ThreadContexts();
    const made: MovedContext[] = [];
    thread.resolver(store.registry(), new Set(), made)(id, SWISS);
    const again: MovedContext[] = [];
    thread.resolver(store.registry(), new Set(), again)(id, SWISS);
    expect(again).toHaveLength(1);
  });

  it('without a store to hand copies to (the command line), moves as movedSoup and keeps its copy', () => {
    const store = new MeshStore(1e9);
    store.put(id, stored.context!);
    const thread = new ThreadContexts();
    const at = thread.resolver(store.registry(), new Set());
    const a = at(id, SWISS);
    expect(at(id, SWISS)).toBe(a);
    expect(a.positions).toEqual(movedSoup({ positions }, SWISS, true).positions);
  });
});

describe('MeshStore’s moved copies', () => {
  const ctx = (seed: number) => storeContext(Float32Array.from(cityMesh(200, seed).flat()));
  /** A context's copy: the same triangles (as a moved copy's are), the same bytes. */
  const a = ctx(1);
  const bytes = a.info.bytes;
  const copy = (at: string): MovedContext => ({ id: a.info.mesh_id, at, context: ctx(1).context! });

  it('count in its bytes, go with their context, and keep to MOVES_KEPT a context', () => {
    const store = new MeshStore(100 * bytes);
    store.put(a.info.mesh_id, a.context!);
    for (const at of ['1000,0', '2000,0', '3000,0', '4000,0', '5000,0'])
      expect(store.putMoved(copy(at))).toBe(true);
    expect(store.stats().bytes).toBe(5 * bytes);
    expect(store.info(a.info.mesh_id)!.bytes).toBe(5 * bytes);
    expect([...store.registry().keys()]).toEqual([
      a.info.mesh_id,
      ...['2000,0', '3000,0', '4000,0', '5000,0'].map((at) => movedKey(a.info.mesh_id, at)),
    ]);
    // Used, a copy is the last its context drops.
    expect(store.touch(movedKey(a.info.mesh_id, '2000,0'))).toBe(true);
    store.putMoved(copy('6000,0'));
    expect(store.registry().has(movedKey(a.info.mesh_id, '2000,0'))).toBe(true);
    expect(store.registry().has(movedKey(a.info.mesh_id, '3000,0'))).toBe(false);
    // A copy of a context the store no longer holds is not kept.
    expect(store.delete(a.info.mesh_id)).toBe(true);
    expect(store.stats().bytes).toBe(0);
    expect(store.putMoved(copy('1000,0'))).toBe(false);
    expect(store.stats()).toMatchObject({ count: 0, bytes: 0 });
  });

  it('evicts another context for a copy, never the copy’s own, and refuses one that cannot fit beside it', () => {
    const b = ctx(3);
    // Room for both contexts, or for one with one copy: not for one with two.
    const store = new MeshStore(Math.max(bytes + b.info.bytes, 2 * bytes));
    store.put(a.info.mesh_id, a.context!);
    store.put(b.info.mesh_id, b.context!);
    expect(store.putMoved(copy('1000,0'))).toBe(true);
    expect(store.info(b.info.mesh_id)).toBeNull();
    expect(store.stats().bytes).toBe(2 * bytes);
    expect(store.putMoved(copy('2000,0'))).toBe(false);
    expect(store.stats().bytes).toBe(2 * bytes);
  });
});
