import { meshReaches } from '../../../core/api/highFloor';
import type { Scene } from '../../scene/scene';
import { useAnswer } from '../answerStore';
import { editedRoom } from './editedRoom';
import { meshOnLanes } from './lanesMesh';
import { useBuilding } from './store';

/**
 * The building's surroundings for the editor's engine runs of `scene` (its map, its year, its proposals'
 * confirmations), by the id the engine lanes hold them under (lanesMesh.ts): while the scene is a room of
 * the open building as the building has it, the editor computes it as its row was computed, among the
 * building's own surfaces, and shows the row's figure (LargeBuilding's room 4 read 1.57 % here on its
 * windows' angles against its row's 1.41 %). Null once the room is changed in the editor (the building's
 * mesh keeps the file's walls where the editor may have moved them: the angles then, as the Room panel
 * says), for a room above the API's 10 m (on angles in the row too), with no building open, or with the
 * answers coming from a Lux server (which holds no copy of this building for the editor's calls).
 */
export async function buildingMeshFor(scene: Scene): Promise<string | null> {
  if (useAnswer.getState().remote) return null;
  const s = useBuilding.getState();
  const at = editedRoom(scene, s);
  if (!at || at.changed || !meshReaches(s.building!.rooms[at.index])) return null;
  return meshOnLanes();
}

/** `body` naming the building's mesh `id` (the engine's body; the model's stays on the angles). */
export const namingMesh = <B extends object>(body: B, id: string | null): B =>
  id === null ? body : { ...body, mesh_id: id };
