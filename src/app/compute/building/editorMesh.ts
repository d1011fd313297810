import { meshReaches } from '../../../core/api/highFloor';
import type { Scene } from '../../scene/scene';
import { editedRoom } from './editedRoom';
import { meshOnLanes } from './lanesMesh';
import { readingFile } from './run';
import { useBuilding, type BuildingState } from './store';

/**
 * The building's surroundings for the editor's engine runs of `scene` (its map, its year, its proposals'
 * confirmations), by the id the engine lanes hold them under (lanesMesh.ts): while the scene is a room of
 * the open building as the building has it, among its surroundings, the editor computes it as its row was
 * computed, among the building's own surfaces, and shows the row's figure (LargeBuilding's room 4 read
 * 1.57 % here on its windows' angles against its row's 1.40 %), its windows, glass and surfaces as they are
 * here. Null once the room's outline, height or skylights are changed in the editor (the building's mesh
 * keeps the file's walls and roofs where the editor moved them: the angles then, as the Room panel says),
 * once other surroundings are chosen for it (the open sky, typed angles, an imported
 * mesh), for a room above the API's 10 m (on angles in the row too), with no building open, or while
 * another file is read (the surroundings the lanes would be handed are that file's).
 */
export async function buildingMeshFor(scene: Scene): Promise<string | null> {
  const s = useBuilding.getState();
  if (!amongBuilding(scene, s)) return null;
  const id = await meshOnLanes();
  // Another file opened meanwhile: the id may be of its surroundings.
  return useBuilding.getState().building === s.building && !readingFile() ? id : null;
}

/** Whether the editor computes `scene` among the open building's own surfaces (buildingMeshFor). */
export function amongBuilding(scene: Scene, s: BuildingState): boolean {
  const at = editedRoom(scene, s);
  return (
    !!at && !at.reshaped && at.buildingAround && !readingFile() && meshReaches(s.building!.rooms[at.index])
  );
}
