import * as Comlink from 'comlink';
import { meshReaches } from '../../../core/api/highFloor';
import type { IfcRoom } from '../../../core/ifc/building';
import { engineLanes, meshWorker } from '../workers';
import { useBuilding } from './store';

/**
 * The building's engine runs see the building itself, as the command line's do (src/cli/ifc.ts): its own
 * walls, its trees as set and its context files, the mesh its windows' angles were measured among, named by
 * `mesh_id`. With each window's angles alone the engine read a room beside a wing, a balcony or a tree
 * brighter than among the real surfaces (LargeBuilding's room 4, a tree's card 0.4 m beside its window: 49 %
 * of its floor at DF ≥ 1 % against the command line's 35 %, docs/ifc.md). The model's preview stays on
 * the angles, as the command line's model pass does.
 */

/** The note the building's panel shows while the lanes could not take the mesh (kept to clear only it). */
let note: string | null = null;

/**
 * The open building's surroundings on every engine lane (workers.ts engineLanes: each lane is a worker of its
 * own, with its own copy, as each of the command line's threads reads the building it shares), handed only
 * to the lanes that lack the current one: once a building read, a context file added or taken away, or its
 * trees stood up or left out (each makes the mesh worker's surroundings, and their id, anew), not a room or
 * a run. Their id, or null without a building. Should a lane fail to take them the rooms are computed from
 * their windows' angles, and the panel says so and why (as heldMesh.ts takeMesh does for an import).
 */
export async function meshOnLanes(): Promise<string | null> {
  try {
    const current = await meshWorker().buildingMesh(0);
    if (!current) return null;
    const lanes = engineLanes().workers;
    const held = await Promise.all(lanes.map((lane) => lane.holdsBuildingMesh(current.id)));
    const lacking = lanes.filter((_, k) => !held[k]);
    if (lacking.length > 0) {
      const m = await meshWorker().buildingMesh(lacking.length);
      if (!m) return null;
      await Promise.all(
        lacking.map((lane, k) =>
          lane.holdBuildingMesh(m.id, Comlink.transfer(m.copies[k]!, [m.copies[k]!.buffer])),
        ),
      );
      // Made anew meanwhile (a context file's answer came in between): the other lanes hold the old one.
      if (m.id !== current.id) return meshOnLanes();
    }
    taken();
    return current.id;
  } catch (e) {
    return notTaken(e);
  }
}

/** Whether the building's panel says now that the lanes could not take the mesh (the editor says so too). */
export const lanesRefused = (message: string | null): boolean => note !== null && message === note;

/** The hand-over worked: a note of one that had failed goes. */
function taken(): void {
  if (note !== null && useBuilding.getState().message === note) useBuilding.setState({ message: null });
  note = null;
}

/** The hand-over failed: the rooms go on from their angles, and the building's panel says so and why. */
function notTaken(e: unknown): null {
  const why = e instanceof Error ? e.message : String(e);
  note =
    `The engine could not take the building's surroundings (${why}): ` +
    "its rooms are computed from each window's angles, which read a room beside a wing, a balcony or a " +
    'tree brighter than the building itself does.';
  useBuilding.setState({ message: note });
  return null;
}

/** `body` naming the building's mesh `id` (the engine's body; the model's stays on the angles). */
export const namingMesh = <B extends object>(body: B, id: string | null): B =>
  id === null ? body : { ...body, mesh_id: id };

/** A room's engine body, naming the building's mesh `id` where it reaches the room (meshReaches). */
export const onMesh = <B extends object>(body: B, room: IfcRoom | undefined, id: string | null): B =>
  namingMesh(body, meshReaches(room) ? id : null);

/**
 * The building's surroundings for a job on a Lux server (analyseOnServer's `context`, as the command line's
 * `--server` sends them): the server stores them once and its replicas' engines see the building. Null
 * without a building.
 */
export async function buildingContext(): Promise<Float32Array | null> {
  try {
    const m = await meshWorker().buildingMesh(1);
    taken();
    return m?.copies[0] ?? null;
  } catch (e) {
    return notTaken(e);
  }
}
